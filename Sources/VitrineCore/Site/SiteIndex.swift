import Foundation

/// `index.json`, the machine-readable list of a site's payload files.
///
/// Schema version 1, stable (keys sorted, paths relative to the site root, lists in the
/// payloads' byte-wise order):
/// `{"schemaVersion": 1, "title": String, "screens": [{"payload": String, "title": String,
/// "kind": "scene"|"feed"|null, "status": "rendered"|"failed"|"unknown", "page": String|null,
/// "subpages": [String], "components": Int, "warnings": Int, "errors": Int}]}`.
/// A new key may be added in a later version; none is removed or renamed without a new
/// `schemaVersion`.
struct SiteIndex: Encodable {
    struct Screen: Encodable {
        var payload: String
        var title: String
        var kind: String?
        var status: String
        var page: String?
        var subpages: [String]
        var components: Int
        var warnings: Int
        var errors: Int

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(payload, forKey: .payload)
            try container.encode(title, forKey: .title)
            try container.encode(kind, forKey: .kind)  // null, not absent, when unknown
            try container.encode(status, forKey: .status)
            try container.encode(page, forKey: .page)
            try container.encode(subpages, forKey: .subpages)
            try container.encode(components, forKey: .components)
            try container.encode(warnings, forKey: .warnings)
            try container.encode(errors, forKey: .errors)
        }

        enum CodingKeys: String, CodingKey {
            case payload, title, kind, status, page, subpages, components, warnings, errors
        }
    }

    let schemaVersion = 1
    var title: String
    var screens: [Screen]

    init(title: String, screens summaries: [ScreenSummary]) {
        self.title = title
        self.screens = summaries.map {
            Screen(payload: $0.payload, title: $0.title, kind: $0.dialect, status: $0.status.rawValue, page: $0.page,
                   subpages: $0.subpages, components: $0.components, warnings: $0.warnings, errors: $0.errors)
        }
    }

    var file: OutputFile {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let bytes = (try? encoder.encode(self)).map { Array($0) } ?? []
        return OutputFile(path: "index.json", bytes: bytes + [0x0A])
    }
}
