import Foundation
import Testing
@testable import VitrineCore
import VitrineDiff

/// The diff report is read in browsers and PR comments too (bad-inputs.md J06, D07): a new revision
/// full of hostile strings — in texts, ids, URLs, and a JSON key that becomes a pointer — must
/// leave no injected element or attribute in the report's parsed DOM.
@Suite("Hostile strings in the diff report", .enabled(if: Chromium.shouldRun, "chromium is not on PATH; run scripts/setup.sh --test"))
struct HostileDiffReportTests {
    static let old = #"{"hasNavigationBar":true,"container":{"componentId":"root","layout":{"type":"v","alignment":"leading"},"views":[]}}"#
    /// The hostile scene with one more key, whose name ends up in JSON Pointers.
    static let new = HostileInputTests.scene.replacingOccurrences(
        of: #""componentId":"root","#, with: #""componentId":"root","</script><img src=x onerror=window.pwned=1>":"</script><script>window.pwned=1</script>","#)

    static let doms = Result { () throws -> (index: String, file: String) in
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-hostile-diff-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let oldInput = MemoryInput(["screen.json": old])
        // The template gives its element the id of the page's outlines data, as a payload value printed into `id` could.
        let newInput = MemoryInput(["screen.json": new, "components/custom.mustache": "<p class=\"t\">{{title}}</p><i id=\"v-diff-outlines\">[]</i>"])
        let diff = RevisionDiff(old: Revision(payloads: ["screen.json"], source: oldInput), new: Revision(payloads: ["screen.json"], source: newInput))
        guard diff.files.first?.changes.isEmpty == false else { throw BrowserCheckError("the fixture has no changes") }
        let inputFolder = scratch.appendingPathComponent("input")
        try FileManager.default.createDirectory(at: inputFolder, withIntermediateDirectories: true)
        let report = scratch.appendingPathComponent("report")
        try DiffReportSite.write(diff, old: Revision(payloads: ["screen.json"], source: oldInput),
                                 new: Revision(payloads: ["screen.json"], source: newInput), newInput: newInput, into: report, inputFolder: inputFolder)
        return (try Chromium.dumpDOM(of: report.appendingPathComponent("index.html"), scratch: scratch),
                try Chromium.dumpDOM(of: report.appendingPathComponent(DiffHTMLReport.page(for: "screen.json")), scratch: scratch))
    }

    @Test("only the report's own scripts and its data block are script elements")
    func noInjectedScript() throws {
        let (index, file) = try Self.doms.get()
        #expect(index.components(separatedBy: "<script").count - 1 == 2, "index: vitrine.js and diff.js")
        #expect(file.components(separatedBy: "<script").count - 1 == 3, "file page: vitrine.js, diff.js and the outlines' data block")
        #expect(file.contains(#"<script type="application/json" id="v-diff-outlines">"#))
    }

    @Test("no event-handler attribute and no payload image in either page")
    func noInjectedAttribute() throws {
        let (index, file) = try Self.doms.get()
        for dom in [index, file] {
            let tags = HostileInputTests.startTags(in: dom)
            let attributes = tags.flatMap { $0.attributes.map(\.name) }
            #expect(!attributes.contains { $0.hasPrefix("on") || $0 == "autofocus" }, "\(attributes.filter { $0.hasPrefix("on") })")
            #expect(!tags.contains { $0.name == "img" && $0.attributes.contains { $0.name == "src" && $0.value == "x" } })
            #expect(!tags.contains { $0.attributes.contains { $0.value.lowercased().hasPrefix("javascript:") } })
        }
        #expect(file.contains("onerror=window.pwned=1"), "the hostile key is shown, as text")
    }

    /// An element of the render with the id of the page's outlines data (`[]`) was read as
    /// that data: no change was outlined, and every Show button stayed hidden.
    @Test("the page's scripts read their own data, not an element of the render with its id")
    func theRenderCannotStandInForThePagesData() throws {
        let (_, file) = try Self.doms.get()
        #expect(file.contains(#"<i id="v-diff-outlines">[]</i>"#), "the fixture's render holds the look-alike")
        #expect(file.contains(#"data-v-diff="added""#), "the added views are outlined")
    }
}
