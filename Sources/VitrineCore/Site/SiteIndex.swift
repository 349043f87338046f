import Foundation

/// `index.json`, the machine-readable list of a site's payload files.
///
/// Schema version 1, stable (keys sorted, paths relative to the site root, lists in the
/// payloads' byte-wise order):
/// `{"schemaVersion": 1, "title": String, "baseURL": String|null, "screens": [{"payload": String,
/// "title": String, "kind": "scene"|"feed"|null, "status": "rendered"|"failed"|"unknown",
/// "page": String|null, "standalone": String|null, "subpages": [String], "hidden": Bool,
/// "components": Int, "componentTypes": {String: Int}, "warnings": Int, "errors": Int,
/// "diagnostics": [{"severity": "error"|"warning", "message": String, "line": Int|null,
/// "column": Int|null, "pointer": String|null}]}]}`.
/// A new key may be added in a later version; none is removed or renamed without a new
/// `schemaVersion`.
struct SiteIndex: Encodable {
    struct Screen: Encodable {
        var payload: String
        var title: String
        var kind: String?
        var status: String
        var page: String?
        var standalone: String?
        var subpages: [String]
        var hidden: Bool
        var components: Int
        var componentTypes: [String: Int]
        var warnings: Int
        var errors: Int
        var diagnostics: [Problem]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(payload, forKey: .payload)
            try container.encode(title, forKey: .title)
            try container.encode(kind, forKey: .kind)  // null, not absent, when unknown
            try container.encode(status, forKey: .status)
            try container.encode(page, forKey: .page)
            try container.encode(standalone, forKey: .standalone)
            try container.encode(subpages, forKey: .subpages)
            try container.encode(hidden, forKey: .hidden)
            try container.encode(components, forKey: .components)
            try container.encode(componentTypes, forKey: .componentTypes)
            try container.encode(warnings, forKey: .warnings)
            try container.encode(errors, forKey: .errors)
            try container.encode(diagnostics, forKey: .diagnostics)
        }

        enum CodingKeys: String, CodingKey {
            case payload, title, kind, status, page, standalone, subpages, hidden, components, componentTypes, warnings, errors, diagnostics
        }
    }

    struct Problem: Encodable {
        var severity: String
        var message: String
        var line: Int?
        var column: Int?
        var pointer: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(severity, forKey: .severity)
            try container.encode(message, forKey: .message)
            try container.encode(line, forKey: .line)
            try container.encode(column, forKey: .column)
            try container.encode(pointer, forKey: .pointer)
        }

        enum CodingKeys: String, CodingKey {
            case severity, message, line, column, pointer
        }
    }

    let schemaVersion = 1
    var title: String
    var baseURL: String?
    var screens: [Screen]

    /// - Parameter diagnostics: every diagnostic of the build; each screen lists its file's.
    init(title: String, baseURL: String?, screens summaries: [ScreenSummary], diagnostics: [Diagnostic]) {
        self.title = title
        self.baseURL = baseURL
        let byFile = Dictionary(grouping: diagnostics, by: \.file)
        self.screens = summaries.map {
            Screen(payload: $0.payload, title: $0.title, kind: $0.dialect, status: $0.status.rawValue, page: $0.page,
                   standalone: $0.standalone, subpages: $0.subpages, hidden: $0.hidden, components: $0.components,
                   componentTypes: $0.componentTypes, warnings: $0.warnings, errors: $0.errors,
                   diagnostics: (byFile[$0.payload] ?? []).map {
                       Problem(severity: $0.severity.rawValue, message: $0.message, line: $0.location?.line, column: $0.location?.column,
                               pointer: $0.pointer?.description)
                   })
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schemaVersion, forKey: .schemaVersion)
        try container.encode(title, forKey: .title)
        try container.encode(baseURL, forKey: .baseURL)
        try container.encode(screens, forKey: .screens)
    }

    enum CodingKeys: String, CodingKey {
        case schemaVersion, title, baseURL, screens
    }

    var file: OutputFile {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let bytes = (try? encoder.encode(self)).map { Array($0) } ?? []
        return OutputFile(path: "index.json", bytes: bytes + [0x0A])
    }
}
