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
enum SiteIndex {
    static let schemaVersion = 1

    /// The file: each screen's entry is written once per distinct summary and diagnostics (the
    /// memo keeps them), then placed into the document; pretty-printed, keys sorted.
    /// - Parameter diagnostics: every diagnostic of the build; each screen lists its file's.
    static func file(title: String, baseURL: String?, summaries: [ScreenSummary], diagnostics: [Diagnostic], memo: BuildMemo? = nil) -> OutputFile {
        let byFile = Dictionary(grouping: diagnostics, by: \.file)
        var writer = JSONTextWriter(pretty: true)
        writer.object { writer in
            writer.key("baseURL")
            writer.string(baseURL)
            writer.key("schemaVersion")
            writer.int(schemaVersion)
            writer.key("screens")
            writer.array(summaries) { summary, writer in
                let problems = byFile[summary.payload] ?? []
                let write = { screen(summary, diagnostics: problems) }
                writer.append(memo?.value("index.json/" + summary.payload, key: ScreenInputs(summary: summary, diagnostics: problems), make: write) ?? write())
            }
            writer.key("title")
            writer.string(title)
        }
        return OutputFile(path: "index.json", bytes: writer.bytes + [0x0A])
    }

    private struct ScreenInputs: Equatable, Sendable {
        var summary: ScreenSummary
        var diagnostics: [Diagnostic]
    }

    /// One screen's entry, as an element of `screens`: its summary and its file's diagnostics.
    private static func screen(_ summary: ScreenSummary, diagnostics: [Diagnostic]) -> [UInt8] {
        var writer = JSONTextWriter(pretty: true, depth: 2)
        writer.object { writer in
            writer.key("componentTypes")
            writer.object(summary.componentTypes)
            writer.key("components")
            writer.int(summary.components)
            writer.key("diagnostics")
            writer.array(diagnostics, problem)
            writer.key("errors")
            writer.int(summary.errors)
            writer.key("hidden")
            writer.bool(summary.hidden)
            writer.key("kind")
            writer.string(summary.dialect)  // null, not absent, when unknown
            writer.key("page")
            writer.string(summary.page)
            writer.key("payload")
            writer.string(summary.payload)
            writer.key("standalone")
            writer.string(summary.standalone)
            writer.key("status")
            writer.string(summary.status.rawValue)
            writer.key("subpages")
            writer.array(summary.subpages)
            writer.key("title")
            writer.string(summary.title)
            writer.key("warnings")
            writer.int(summary.warnings)
        }
        return writer.bytes
    }

    private static func problem(_ diagnostic: Diagnostic, to writer: inout JSONTextWriter) {
        writer.object { writer in
            writer.key("column")
            writer.int(diagnostic.location?.column)
            writer.key("line")
            writer.int(diagnostic.location?.line)
            writer.key("message")
            writer.string(diagnostic.message)
            writer.key("pointer")
            writer.string(diagnostic.pointer?.description)
            writer.key("severity")
            writer.string(diagnostic.severity.rawValue)
        }
    }
}
