import Foundation
import VitrineCore
import VitrineDiff

/// A diff report of one changed scene, written the way `vitrine diff --output` writes it and
/// looked at in headless Chromium.
///
/// The two revisions are held in memory (`MemoryInput`); `RevisionDiff` compares them and
/// `DiffHTMLReport` draws the report with the builder of `BuildPipeline.prepare()` for the new
/// revision, written with the theme's static files through a `LocalSiteWriter` (as
/// `DiffCommand.writeReport` does). `Fixtures/diff-probe.js` is copied beside the file's page,
/// `files/screens/home.html`, and added to its `<head>` after `theme/diff.js`; it writes what
/// the page outlined into `<pre id="v-diff-probe">`, read back from `--dump-dom`. The report is
/// built and visited once per test run; the scratch folder is removed afterwards unless
/// `VITRINE_KEEP_BROWSER_PAGES=1`.
struct DiffReportSite {
    /// The payload's path in both revisions: in a folder, so the page is two folders deep.
    static let path = "screens/home.json"

    /// Eight views under the root: a text, a row holding a thin coloured swatch (a divider, 4 px
    /// tall, 16 pt from the screen's edge) and its label, a text that goes away, a text that moves, a text that becomes a
    /// button (narrower than its badge), and three that stay as they are, the last as wide as
    /// the screen, so the views start at its left edge, and 1,200 pt tall, so what follows it is
    /// below the screen's fold.
    static let old = SceneJSON.scene([
        SceneJSON.text("title", "Hello"),
        SceneJSON.container("palette", "h", alignment: "center", spacing: 8, Field.padding(("leading", 16)), views: [
            SceneJSON.rectangle("swatch", Field.frame(width: 40, height: 4), Field.background("FF0000")),
            SceneJSON.text("swatchLabel", "Accent"),
        ]),
        SceneJSON.text("gone", "Going away"),
        SceneJSON.text("mover", "I move"),
        SceneJSON.text("steady", "Steady"),
        SceneJSON.text("kind", "Kind"),
        SceneJSON.rectangle("bar", Field.frame(width: 120, height: 8), Field.background("888888")),
        SceneJSON.rectangle("tall", Field.frame(height: 1200), Field.background("DDDDDD")),
    ])

    /// `old` with the title's text changed, the swatch's colour changed, `gone` removed,
    /// `kind` a button (its type changed), `mover` moved after `steady`, `kind`, `bar` and `tall`,
    /// and `fresh` added at the end (below the fold).
    static let new = SceneJSON.scene([
        SceneJSON.text("title", "Hello, world"),
        SceneJSON.container("palette", "h", alignment: "center", spacing: 8, Field.padding(("leading", 16)), views: [
            SceneJSON.rectangle("swatch", Field.frame(width: 40, height: 4), Field.background("0000FF")),
            SceneJSON.text("swatchLabel", "Accent"),
        ]),
        SceneJSON.text("steady", "Steady"),
        SceneJSON.text("kind", "Kind").replacingOccurrences(of: #""type":"text""#, with: #""type":"button""#),
        SceneJSON.rectangle("bar", Field.frame(width: 120, height: 8), Field.background("888888")),
        SceneJSON.rectangle("tall", Field.frame(height: 1200), Field.background("DDDDDD")),
        SceneJSON.text("mover", "I move"),
        SceneJSON.text("fresh", "Just added"),
    ])

    /// What each side should outline: `componentId` → the kind of change.
    static let expectedBefore: [String: String] = ["title": "changed", "swatch": "changed", "gone": "removed", "mover": "moved", "kind": "changed"]
    static let expectedAfter: [String: String] = ["title": "changed", "swatch": "changed", "mover": "moved", "fresh": "added", "kind": "changed"]
    /// Components in both revisions that did not change.
    static let unchanged = ["root", "palette", "swatchLabel", "steady", "bar", "tall"]

    let diff: RevisionDiff
    /// `componentId` → the JSON Pointer of its component object, in the old and the new payload.
    let oldPointers: [String: String]
    let newPointers: [String: String]
    let probe: Result<DiffProbe, Error>
    /// The same page 320 px wide.
    let narrowProbe: Result<DiffProbe, Error>
    /// The same page 820 px wide (a tablet held upright).
    let tabletProbe: Result<DiffProbe, Error>
    /// The file page's HTML, as written.
    let filePage: String
    /// The report's index, its class filters worked by `diff-index-probe.js`.
    let indexProbe: Result<DiffIndexProbe, Error>
    /// The same index in headless Chromium's narrowest window (500 px), where the phone rules apply.
    let narrowIndexProbe: Result<DiffIndexProbe, Error>

    /// The report, built and visited once per test run.
    static let visited = Result { try DiffReportSite.visit() }

    private static func visit() throws -> DiffReportSite {
        let oldInput = MemoryInput([path: old]), newInput = MemoryInput([path: new])
        let oldRevision = Revision(payloads: oldInput.listing.payloads, source: oldInput)
        let newRevision = Revision(payloads: newInput.listing.payloads, source: newInput)
        let diff = RevisionDiff(old: oldRevision, new: newRevision)
        guard diff.diagnostics.isEmpty else { throw BrowserCheckError("the diff fixture has diagnostics: \(diff.diagnostics)") }

        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-diff-report-\(UUID().uuidString)")
        let report = scratch.appendingPathComponent("report")
        let keep = ProcessInfo.processInfo.environment["VITRINE_KEEP_BROWSER_PAGES"] == "1"
        defer {
            if keep { print("diff report kept in \(report.path)") } else { try? FileManager.default.removeItem(at: scratch) }
        }
        let inputFolder = scratch.appendingPathComponent("input")
        try FileManager.default.createDirectory(at: inputFolder, withIntermediateDirectories: true)
        try write(diff, old: oldRevision, new: newRevision, newInput: newInput, into: report, inputFolder: inputFolder)

        let page = Result { try load(DiffHTMLReport.page(for: path), in: report, probe: "diff-probe.js") }
        let index = Result { try load("index.html", in: report, probe: "diff-index-probe.js") }
        func visit(_ query: String, _ name: String, windowWidth: Int = 1200) -> Result<DiffProbe, Error> {
            Result {
                let browserScratch = scratch.appendingPathComponent(name)
                try FileManager.default.createDirectory(at: browserScratch, withIntermediateDirectories: true)
                guard let address = URL(string: try page.get().absoluteString + query) else { throw BrowserCheckError("bad query \(query)") }
                let dom = try Chromium.dumpDOM(of: address, scratch: browserScratch, windowWidth: windowWidth)
                return try JSONDecoder().decode(DiffProbe.self, from: Data(Chromium.preformatted("v-diff-probe", in: dom).utf8))
            }
        }
        return DiffReportSite(diff: diff, oldPointers: try ChromiumPage.componentPointers(in: old),
                              newPointers: try ChromiumPage.componentPointers(in: new), probe: visit("", "chromium"),
                              narrowProbe: visit("?probe-width=320", "chromium-narrow", windowWidth: 500),
                              tabletProbe: visit("?probe-width=820", "chromium-tablet", windowWidth: 900),
                              filePage: try String(contentsOf: report.appendingPathComponent(DiffHTMLReport.page(for: path)), encoding: .utf8),
                              indexProbe: visitIndex("chromium-index"),
                              narrowIndexProbe: visitIndex("chromium-index-narrow", windowWidth: 500))
        func visitIndex(_ name: String, windowWidth: Int = 1200) -> Result<DiffIndexProbe, Error> {
            Result {
                let browserScratch = scratch.appendingPathComponent(name)
                try FileManager.default.createDirectory(at: browserScratch, withIntermediateDirectories: true)
                let dom = try Chromium.dumpDOM(of: try index.get(), scratch: browserScratch, windowWidth: windowWidth)
                return try JSONDecoder().decode(DiffIndexProbe.self, from: Data(Chromium.preformatted("v-diff-index-probe", in: dom).utf8))
            }
        }
    }

    /// Writes the HTML report as `DiffCommand.writeReport` does.
    static func write(_ diff: RevisionDiff, old: Revision, new: Revision, newInput: MemoryInput, into report: URL, inputFolder: URL) throws {
        let writer = try LocalSiteWriter(path: report.path, input: inputFolder.path)
        let theme = try ThemeLoader.theme(TestSite.repository.appendingPathComponent("Themes/default").path)
        let problems = try DiffHTMLReport.write(diff, old: old, new: new, listing: newInput.listing, source: newInput, theme: theme, into: writer)
        guard problems.isEmpty else { throw BrowserCheckError("preparing the report: \(problems)") }
    }

    /// Copies `probe` beside the report's page at `page`, loads it after the page's own scripts, and returns the page's URL.
    private static func load(_ page: String, in report: URL, probe: String) throws -> URL {
        let url = report.appendingPathComponent(page)
        let html = try String(contentsOf: url, encoding: .utf8)
        guard let head = html.range(of: "</head>") else { throw BrowserCheckError("\(page) has no </head>") }
        try html.replacingCharacters(in: head, with: "<script src=\"\(probe)\" defer></script>\n</head>")
            .write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(at: TestSite.fixtures.appendingPathComponent(probe),
                                         to: url.deletingLastPathComponent().appendingPathComponent(probe))
        return url
    }

    /// The pointers of the components `side` ("before" or "after") should outline, with their kind.
    func expectedMarks(_ side: String) -> [String: String] {
        let (ids, pointers) = side == "before" ? (Self.expectedBefore, oldPointers) : (Self.expectedAfter, newPointers)
        return Dictionary(uniqueKeysWithValues: ids.map { (pointers[$0.key] ?? "?\($0.key)", $0.value) })
    }

    /// The pointer of `id`'s component object on `side`.
    func pointer(of id: String, on side: String) -> String? {
        (side == "before" ? oldPointers : newPointers)[id]
    }
}

/// What `Fixtures/diff-probe.js` records.
struct DiffProbe: Decodable {
    /// How much wider than its window the page is, in CSS pixels.
    var overflow: Double
    /// The page's outline list; nil when the page has none.
    var outlines: [DiffOutline]?
    var sides: [DiffSide]
    /// Every element in the document carrying `data-v-diff`.
    var marked: [DiffMark]
    /// Whether the added view was inside its screen's view before and after its change's "Show".
    var shown: DiffShown?
    var errors: [String]

    func side(_ name: String) throws -> DiffSide {
        guard let side = sides.first(where: { $0.side == name }) else {
            throw BrowserCheckError("the page has no [data-v-side=\"\(name)\"]; it has \(sides.map(\.side)); errors: \(errors)")
        }
        return side
    }

    func recordedOutlines() throws -> [DiffOutline] {
        guard let outlines else { throw BrowserCheckError("the page has no #v-diff-outlines; errors: \(errors)") }
        return outlines
    }
}

/// What "Show" did for the added view below the fold.
struct DiffShown: Decodable {
    var button: Bool
    var before: Bool
    var after: Bool
    var flashing: Bool
}

/// One entry of `#v-diff-outlines`.
struct DiffOutline: Decodable, Hashable, CustomStringConvertible {
    var side: String
    var pointer: String
    var kind: String
    var changeClass: String

    /// The `data-v-path` of the element this entry should outline: a view added, removed or
    /// moved at its component object (`pointer` + `/component`), a property change at the
    /// component object holding the property (`pointer` without its last token), a view's
    /// `type` at the view's component object.
    var expectedElement: String {
        if ["added", "removed", "moved"].contains(kind) { return pointer + "/component" }
        let holder = String(pointer[..<(pointer.lastIndex(of: "/") ?? pointer.startIndex)])
        return holder.hasSuffix("/component") ? holder : holder + "/component"
    }

    var description: String { "\(side) \(kind) (\(changeClass)) \(pointer)" }
}

/// One render of the report (`[data-v-side]`).
struct DiffSide: Decodable {
    var side: String
    /// The figure's border box in the window.
    var box: Box
    /// How many `.v-device` it holds.
    var devices: Int
    var elements: [DiffElement]

    /// Elements whose `data-v-path` is `pointer`.
    func elements(at pointer: String) -> [DiffElement] {
        elements.filter { $0.path == pointer }
    }

    /// Elements carrying `data-v-diff`.
    var marked: [DiffElement] { elements.filter { $0.diff != nil } }
}

/// One `[data-v-path]` element of a render.
struct DiffElement: Decodable {
    var path: String
    /// Its `data-v-diff`, nil when it has none.
    var diff: String?
    /// Its classes starting with `v-diff-`.
    var classes: [String]
    var box: Box
    /// Computed `outline-style`, e.g. `dashed` or `none`.
    var outlineStyle: String
    /// Computed `outline-width` and `outline-offset` in px.
    var outlineWidth: Double
    var outlineOffset: Double
    /// Whether it is inside the device's `.v-screen`, and that screen's box.
    var inScreen: Bool
    var screen: Box?
    /// Where a marked element's badge (its `::before`) sits: its computed `bottom` in px, and `white-space`.
    var badge: DiffBadge?
}

/// An element of the document carrying `data-v-diff`.
struct DiffMark: Decodable {
    var path: String?
    var side: String?
}

struct DiffBadge: Decodable {
    var bottom: Double
    var whiteSpace: String
    /// Where the badge starts and how wide it is, in the window.
    var left: Double
    var width: Double
    /// Where its top is, in the window.
    var top: Double
}

/// What `Fixtures/diff-index-probe.js` records: how many class filters the index has, how its
/// table of files fits the window, and after each step (`loaded`, `none` ticked, the `first`
/// ticked again) the filter status and the number of hidden file rows.
struct DiffIndexProbe: Decodable {
    struct Step: Decodable {
        var status: String
        var hiddenRows: Int
    }
    var filters: Int
    var steps: [String: Step]
    /// How far the table of files and the page scroll sideways, in CSS pixels.
    var tableOverflow: Double
    var pageOverflow: Double
    /// The first file's row as the reader sees it (the text of its visible cells).
    var firstRow: String
}
