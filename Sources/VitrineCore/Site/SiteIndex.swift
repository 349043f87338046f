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
        self.screens = summaries.map { Self.screen($0, diagnostics: byFile[$0.payload] ?? []) }
    }

    /// One screen's entry: its summary and its file's diagnostics.
    static func screen(_ summary: ScreenSummary, diagnostics: [Diagnostic]) -> Screen {
        Screen(payload: summary.payload, title: summary.title, kind: summary.dialect, status: summary.status.rawValue, page: summary.page,
               standalone: summary.standalone, subpages: summary.subpages, hidden: summary.hidden, components: summary.components,
               componentTypes: summary.componentTypes, warnings: summary.warnings, errors: summary.errors,
               diagnostics: diagnostics.map {
                   Problem(severity: $0.severity.rawValue, message: $0.message, line: $0.location?.line, column: $0.location?.column,
                           pointer: $0.pointer?.description)
               })
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
        OutputFile(path: "index.json", bytes: Self.json(self) + [0x0A])
    }

    /// The file made from its parts: each screen's entry is encoded once per distinct summary and
    /// diagnostics (the memo keeps them), then indented into place; the same bytes as `file`.
    static func file(title: String, baseURL: String?, summaries: [ScreenSummary], diagnostics: [Diagnostic], memo: BuildMemo) -> OutputFile {
        guard !summaries.isEmpty else {
            return SiteIndex(title: title, baseURL: baseURL, screens: [], diagnostics: diagnostics).file
        }
        let byFile = Dictionary(grouping: diagnostics, by: \.file)
        var skeleton = SiteIndex(title: title, baseURL: baseURL, screens: [], diagnostics: [])
        skeleton.screens = [Screen(payload: placeholder, title: "", status: "", subpages: [], hidden: false, components: 0,
                                   componentTypes: [:], warnings: 0, errors: 0, diagnostics: [])]
        let text = String(decoding: json(skeleton), as: UTF8.self)
        let entry = String(decoding: indented(json(skeleton.screens[0])), as: UTF8.self)
        guard let range = text.range(of: entry) else {
            assertionFailure("the placeholder entry is not where the encoder put it")
            return SiteIndex(title: title, baseURL: baseURL, screens: summaries, diagnostics: diagnostics).file
        }
        var bytes = Array(text[..<range.lowerBound].utf8)
        for (index, summary) in summaries.enumerated() {
            if index > 0 { bytes += Array(",\n".utf8) }
            let problems = byFile[summary.payload] ?? []
            bytes += memo.value("index.json/" + summary.payload, key: ScreenInputs(summary: summary, diagnostics: problems)) {
                indented(json(screen(summary, diagnostics: problems)))
            }
        }
        bytes += Array(text[range.upperBound...].utf8) + [0x0A]
        return OutputFile(path: "index.json", bytes: bytes)
    }

    private struct ScreenInputs: Equatable, Sendable {
        var summary: ScreenSummary
        var diagnostics: [Diagnostic]
    }

    /// A payload path no file can have, marking where the entries go.
    private static let placeholder = "\u{1}screens\u{1}"

    private static func json(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { Array($0) } ?? []
    }

    /// Pretty JSON moved two levels in (an entry of the top-level `screens` array); JSON strings
    /// hold no raw line breaks, so every line break starts a line of the document. Empty lines
    /// (inside `[]` and `{}`) stay empty, as the encoder writes them.
    private static func indented(_ bytes: [UInt8]) -> [UInt8] {
        var result = Array("    ".utf8)
        result.reserveCapacity(bytes.count + bytes.count / 8)
        for (index, byte) in bytes.enumerated() {
            result.append(byte)
            if byte == 0x0A, index + 1 < bytes.count, bytes[index + 1] != 0x0A { result += Array("    ".utf8) }
        }
        return result
    }
}
