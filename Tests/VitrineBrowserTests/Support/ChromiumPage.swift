import Foundation
import VitrineCore

/// A scene payload built into a one-screen site, loaded in headless Chromium and measured.
///
/// The site is built with VitrineCore's public pipeline (in-memory input, `LocalSiteWriter` on a
/// temporary folder, the default theme), `Fixtures/measure.js` is copied next to the page and
/// loaded from its `<head>` (the page's CSP allows scripts from 'self'), and the boxes it writes
/// into `<pre id="v-measure">` are read back from `--dump-dom`.
struct ChromiumPage {
    let measurement: Measurement
    /// Each `componentId` of the payload → the JSON Pointer of its component object.
    let pointers: [String: String]

    /// Builds, loads and measures `scene`, with the standalone page's `fragment` settings
    /// (`#scale=1.5`) and other input files (`fonts/…`). Set `VITRINE_KEEP_BROWSER_PAGES=1` to
    /// keep the site for a look.
    static func load(scene: String, fragment: String = "", files: [String: [UInt8]] = [:]) throws -> ChromiumPage {
        let pointers = try componentPointers(in: scene)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-browser-\(UUID().uuidString)")
        let input = scratch.appendingPathComponent("input")
        let site = scratch.appendingPathComponent("site")
        let keep = ProcessInfo.processInfo.environment["VITRINE_KEEP_BROWSER_PAGES"] == "1"
        defer {
            if keep { print("browser page kept in \(site.path)") } else { try? FileManager.default.removeItem(at: scratch) }
        }
        let page = try buildSite(files.merging(["screen.json": Array(scene.utf8)]) { $1 }, into: site, input: input)
        guard let address = URL(string: page.absoluteString + fragment) else { throw BrowserCheckError("bad fragment \(fragment)") }
        let dom = try Chromium.dumpDOM(of: address, scratch: scratch)
        let json = try measurementJSON(in: dom)
        let measurement = try JSONDecoder().decode(Measurement.self, from: Data(json.utf8))
        return ChromiumPage(measurement: measurement, pointers: pointers)
    }

    /// The measured element of the component whose `componentId` is `id`.
    func node(_ id: String) throws -> MeasuredNode {
        guard let pointer = pointers[id] else { throw BrowserCheckError("the payload has no component “\(id)”") }
        guard let node = measurement.nodes[pointer] else {
            throw BrowserCheckError("no element with data-v-path=\"\(pointer)\" (component “\(id)”) on the page")
        }
        return node
    }

    // MARK: - Building the page

    /// Writes the site and returns the standalone page's URL (the render without the catalogue around it), with `measure.js` beside it and loaded.
    private static func buildSite(_ files: [String: [UInt8]], into site: URL, input: URL) throws -> URL {
        try TestSite.build(MemoryInput(files: files), into: site, inputFolder: input)
        let page = site.appendingPathComponent(SitePath.standalone(for: "screen.json"))
        let html = try String(contentsOf: page, encoding: .utf8)
        guard let head = html.range(of: "</head>") else { throw BrowserCheckError("the page has no </head>") }
        try html.replacingCharacters(in: head, with: "<script src=\"measure.js\"></script>\n</head>")
            .write(to: page, atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(at: TestSite.fixtures.appendingPathComponent("measure.js"),
                                         to: page.deletingLastPathComponent().appendingPathComponent("measure.js"))
        return page
    }

    // MARK: - Reading the results

    /// The text of `<pre id="v-measure">`, its HTML entities decoded.
    private static func measurementJSON(in dom: String) throws -> String {
        try Chromium.preformatted("v-measure", in: dom)
    }

    /// Maps every `componentId` in the payload to its object's JSON Pointer; ids must be unique.
    static func componentPointers(in scene: String) throws -> [String: String] {
        var pointers: [String: String] = [:]
        func walk(_ value: Any, _ pointer: String) throws {
            if let object = value as? [String: Any] {
                if let id = object["componentId"] as? String {
                    guard pointers.updateValue(pointer, forKey: id) == nil else {
                        throw BrowserCheckError("componentId “\(id)” is used twice in the fixture")
                    }
                }
                for (key, child) in object {
                    let token = key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
                    try walk(child, pointer + "/" + token)
                }
            } else if let array = value as? [Any] {
                for (index, child) in array.enumerated() { try walk(child, pointer + "/\(index)") }
            }
        }
        try walk(JSONSerialization.jsonObject(with: Data(scene.utf8)), "")
        return pointers
    }
}
