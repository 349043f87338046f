/// `index.json`, the machine-readable list of a site's payload files.
///
/// Schema version 1, stable (keys sorted, paths relative to the site root, lists in the
/// payloads' byte-wise order):
/// `{"schemaVersion": 1, "title": String, "baseURL": String|null, "devices": [{"name": String,
/// "width": Number, "height": Number, "fragment": String}], "screens": [{"payload": String,
/// "title": String, "kind": "scene"|"feed"|null, "status": "rendered"|"failed"|"unknown",
/// "page": String|null, "standalone": String|null, "subpages": [String], "hidden": Bool,
/// "components": Int, "componentTypes": {String: Int}, "warnings": Int, "errors": Int,
/// "diagnostics": [{"severity": "error"|"warning", "message": String, "line": Int|null,
/// "column": Int|null, "pointer": String|null}]}], "diagnostics": [{"file": String, …}]}`: the
/// top-level diagnostics are those of no payload (docs, notes, `vitrine.json`, the walk), with
/// their file ("" for the build as a whole).
/// A new key may be added in a later version; none is removed or renamed without a new
/// `schemaVersion`.
enum SiteIndex {
    static let schemaVersion = 1

    /// The file: each screen's entry is written once per distinct summary and diagnostics (the
    /// memo keeps them), then placed into the document; pretty-printed, keys sorted.
    /// - Parameter diagnostics: every diagnostic of the build; each screen lists its file's,
    ///   the document the others.
    /// - Parameter devices: the presets, each with the fragment that selects it on a page (`#width=375x667`).
    static func file(title: String, baseURL: String?, devices: [DevicePreset] = DevicePreset.standard, summaries: [ScreenSummary],
                     diagnostics: [Diagnostic], memo: BuildMemo? = nil) -> OutputFile {
        // Byte for byte: the walk's error on an NFC name skipped beside its NFD twin is no screen's.
        let byFile = Dictionary(grouping: diagnostics) { PathKey($0.file) }
        let payloads = Set(summaries.map { PathKey($0.payload) })
        var json = JSONText(pretty: true)
        json.object { json in
            json.key("baseURL")
            json.string(baseURL)
            json.key("devices")
            json.array(devices) { device, json in
                json.object { json in
                    json.key("fragment")
                    json.string("#width=" + device.setting)
                    json.key("height")
                    json.append(Array(CSSNumber.format(device.height).utf8))
                    json.key("name")
                    json.string(device.name)
                    json.key("width")
                    json.append(Array(CSSNumber.format(device.width).utf8))
                }
            }
            json.key("diagnostics")
            json.array(BuildPipeline.sorted(diagnostics.filter { !payloads.contains(PathKey($0.file)) })) { diagnostic, json in
                problem(diagnostic, file: true, to: &json)
            }
            json.key("schemaVersion")
            json.int(schemaVersion)
            json.key("screens")
            json.array(summaries) { summary, json in
                let problems = byFile[PathKey(summary.payload)] ?? []
                let write = { screen(summary, diagnostics: problems) }
                json.append(memo?.value("index.json/" + summary.payload, key: ScreenInputs(summary: summary, diagnostics: problems), make: write) ?? write())
            }
            json.key("title")
            json.string(title)
        }
        return OutputFile(path: "index.json", bytes: json.bytes + [0x0A])
    }

    private struct ScreenInputs: Equatable, Sendable {
        var summary: ScreenSummary
        var diagnostics: [Diagnostic]
    }

    /// One screen's entry, as an element of `screens`: its summary and its file's diagnostics.
    private static func screen(_ summary: ScreenSummary, diagnostics: [Diagnostic]) -> [UInt8] {
        var json = JSONText(pretty: true, depth: 2)
        json.object { json in
            json.key("componentTypes")
            json.object(summary.componentTypes)
            json.key("components")
            json.int(summary.components)
            json.key("diagnostics")
            json.array(diagnostics) { diagnostic, json in problem(diagnostic, file: false, to: &json) }
            json.key("errors")
            json.int(summary.errors)
            json.key("hidden")
            json.bool(summary.hidden)
            json.key("kind")
            json.string(summary.dialect)  // null, not absent, when unknown
            json.key("page")
            json.string(summary.page)
            json.key("payload")
            json.string(summary.payload)
            json.key("standalone")
            json.string(summary.standalone)
            json.key("status")
            json.string(summary.status.rawValue)
            json.key("subpages")
            json.array(summary.subpages)
            json.key("title")
            json.string(summary.title)
            json.key("warnings")
            json.int(summary.warnings)
        }
        return json.bytes
    }

    private static func problem(_ diagnostic: Diagnostic, file: Bool, to json: inout JSONText) {
        json.object { json in
            json.key("column")
            json.int(diagnostic.location?.column)
            if file {
                json.key("file")
                json.string(diagnostic.file)
            }
            json.key("line")
            json.int(diagnostic.location?.line)
            json.key("message")
            json.string(diagnostic.message)
            json.key("pointer")
            json.string(diagnostic.pointer?.description)
            json.key("severity")
            json.string(diagnostic.severity.rawValue)
        }
    }
}
