import Foundation
import Testing
import VitrineCore

/// The index's pager in a real browser: a catalogue of `screenCount` scenes in `folderCount`
/// folders of eight groups, eleven pages of 48 cards, whose buttons keep their places and whose
/// page turns move the focus to the new cards; the folder tree, too long to show whole, folded;
/// and the index's sidebar in a window as wide as a desktop's and as narrow as headless Chromium
/// allows (500 px).
@Suite("Catalogue pager in the browser", .enabled(if: Chromium.shouldRun, "chromium is not on PATH; run scripts/setup.sh --test"))
struct CataloguePagerTests {
    static let screenCount = 500
    static let folderCount = 40
    static let groupCount = 8

    /// The probe's steps: `first` (as loaded), `next`, `last`, `disabledNext` (Next on the last page), `previous`;
    /// in a 1200 px window, a 500 px one, and frames 320 px and 390 px wide.
    static let visited = Result { try visit() }

    private static func visit() throws -> (wide: PagerProbe, narrow: PagerProbe, phone: PagerProbe, phone390: PagerProbe) {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-pager-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let site = scratch.appendingPathComponent("site")
        let input = Dictionary(uniqueKeysWithValues: (0..<screenCount).map { number in
            ("group\(number % groupCount)/f\(number % folderCount)/" + String(format: "s%03d.json", number), SceneJSON.scene([SceneJSON.text("t", "Screen \(number)")]))
        })
        try TestSite.build(MemoryInput(input), into: site, inputFolder: scratch.appendingPathComponent("input"))
        let page = try CatalogueSite.load("index.html", in: site, probe: "pager-probe.js")
        func probe(windowWidth: Int) throws -> PagerProbe {
            let visitScratch = scratch.appendingPathComponent("chromium-\(windowWidth)")
            try FileManager.default.createDirectory(at: visitScratch, withIntermediateDirectories: true)
            let dom = try Chromium.dumpDOM(of: page, scratch: visitScratch, virtualTimeBudget: 10_000, windowWidth: windowWidth)
            let probe = try JSONDecoder().decode(PagerProbe.self, from: Data(Chromium.preformatted("v-pager-probe", in: dom).utf8))
            guard probe.errors.isEmpty else { throw BrowserCheckError("script errors on the index: \(probe.errors)") }
            return probe
        }
        // Headless Chromium opens no window under 500 px: the index is framed 320 px wide, and the
        // page around it shows what the probe in the frame posts.
        // A second frame is as wide as most phones (390 px).
        let phone = site.appendingPathComponent("phone.html")
        try (#"<!doctype html><iframe src="index.html" style="width:320px;height:900px;border:0"></iframe>"#
             + #"<iframe src="index.html" style="width:390px;height:900px;border:0"></iframe><pre id="v-pager-probe"></pre><pre id="v-pager-probe-390"></pre>"#
             + #"<script>addEventListener("message", (e) => { document.getElementById(e.source === frames[0] ? "v-pager-probe" : "v-pager-probe-390").textContent = e.data; });</script>"#)
            .write(to: phone, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: scratch.appendingPathComponent("chromium-phone"), withIntermediateDirectories: true)
        let framed = try Chromium.dumpDOM(of: phone, scratch: scratch.appendingPathComponent("chromium-phone"), virtualTimeBudget: 10_000, windowWidth: 800)
        func framedProbe(_ id: String) throws -> PagerProbe {
            let probe = try JSONDecoder().decode(PagerProbe.self, from: Data(Chromium.preformatted(id, in: framed).utf8))
            guard probe.errors.isEmpty else { throw BrowserCheckError("script errors on the framed index (\(id)): \(probe.errors)") }
            return probe
        }
        return (try probe(windowWidth: 1200), try probe(windowWidth: 500), try framedProbe("v-pager-probe"), try framedProbe("v-pager-probe-390"))
    }

    static func step(_ name: String, narrow: Bool = false, phone: Bool = false, phone390: Bool = false) throws -> PagerStep {
        let visit = try visited.get()
        guard let step = (phone390 ? visit.phone390 : phone ? visit.phone : narrow ? visit.narrow : visit.wide).steps[name] else { throw BrowserCheckError("the pager probe recorded no step “\(name)”") }
        return step
    }

    @Test("the pager reads First, Previous, the pages, Next, Last and says which page of how many")
    func order() throws {
        let first = try Self.step("first")
        #expect(first.buttons.map { Array($0.prefix(2)) } == [["First", "disabled"], ["Previous", "disabled"], ["1", "current"]]
                + (2...7).map { [String($0), ""] } + [["Next", ""], ["Last", ""]])
        #expect(first.status == "Page 1 of 11")
        #expect(first.cards.count == 48)
        #expect(first.currentFolder.hasPrefix("All screens"), "the whole catalogue is the folder shown: \(first.currentFolder)")
    }

    @Test("Next turns the page, keeps the query in the address and moves the focus to the new cards")
    func next() throws {
        let (first, next) = (try Self.step("first"), try Self.step("next"))
        #expect(next.hash == "#page=2")
        #expect(next.status == "Page 2 of 11")
        #expect(next.count == "\(Self.screenCount) of \(Self.screenCount) screens, page 2 of 11", "the live count announces the turn")
        #expect(next.buttons.map { [$0[0], $0[2]] } == first.buttons.map { [$0[0], $0[2]] }, "every button keeps its place, to the pixel")
        #expect(next.buttons.filter { $0[1] == "disabled" }.isEmpty)
        #expect(next.cards.count == 48 && Set(next.cards).isDisjoint(with: first.cards))
        #expect(next.focus == "cards")
        // 48 frames of one origin loading on the index's thread held it for seconds at 10,000 screens.
        #expect(next.frames > 0 && next.frames < 30, "only the miniatures near the window load: \(next.frames) of 48")
    }

    /// A keyboard review: after Next the list's top was at the window's, its count ("page 2 of
    /// 11") above it; a folder from the address was marked but left below the folders' short box.
    @Test("a page turn shows the count above the new cards; a folder from the address is scrolled into the folders' box")
    func pageTurnsAndTypedFoldersStayInView() throws {
        for narrow in [false, true] {
            #expect(try Self.step("next", narrow: narrow).inView.count, "the count after Next (narrow: \(narrow))")
            #expect(try Self.step("folderTyped", narrow: narrow).inView.currentFolder, "the typed folder (narrow: \(narrow))")
        }
    }

    @Test("on the last page Next and Last stay where they were, unavailable, and do nothing")
    func lastPage() throws {
        let (last, again) = (try Self.step("last"), try Self.step("disabledNext"))
        #expect(last.status == "Page 11 of 11")
        #expect(last.cards.count == Self.screenCount - 480)
        #expect(last.buttons.suffix(2).map { Array($0.prefix(2)) } == [["Next", "disabled"], ["Last", "disabled"]])
        let first = try Self.step("first")
        #expect(last.buttons.suffix(2).map(\.[2]) == first.buttons.suffix(2).map(\.[2]),
                "Next and Last stay where they were on page 1, with two-digit pages before them")
        #expect(again.hash == "#page=11" && again.cards == last.cards)
        #expect(again.focus == "Next", "a button that does nothing keeps the focus")
        let previous = try Self.step("previous")
        #expect(previous.status == "Page 10 of 11")
    }

    @Test("a page typed into the address draws the pager again and leaves the focus on the button that had it")
    func typedAddressKeepsTheFocus() throws {
        let typed = try Self.step("typed")
        #expect(typed.status == "Page 3 of 11")
        #expect(typed.focus == "Next", "the focus was lost with the old button: \(typed.focus)")
    }

    @Test("a folder tree too long to show whole opens its top folders; a fold button, or a folder in the address, opens more")
    func foldedFolders() throws {
        let first = try Self.step("first")
        let groups = (0..<Self.groupCount).map { "group\($0)" }
        #expect(first.folders == [""] + groups, "the whole catalogue and the eight groups, their \(Self.folderCount) folders folded")
        #expect(first.folds == groups.map { ["Folders in " + $0, "false"] })
        let unfolded = try Self.step("unfolded")
        let inGroup1 = stride(from: 1, to: Self.folderCount, by: Self.groupCount).map { "group1/f\($0)" }.sorted()
        #expect(unfolded.folders == [""] + groups.prefix(2) + inGroup1 + groups.dropFirst(2))
        #expect(unfolded.folds.prefix(2) == [["Folders in group0", "false"], ["Folders in group1", "true"]])
        let typed = try Self.step("folderTyped")
        #expect(typed.folders.contains("group3/f11") && typed.currentFolder.hasPrefix("f11"), "\(typed.folders), \(typed.currentFolder)")
        #expect(typed.folds.prefix(4).map { $0[1] } == ["false", "true", "false", "true"], "group1 still open, group3 opened: \(typed.folds)")
        #expect(typed.cards.count == 13, "the screens of group3/f11: \(typed.cards.count)")
    }

    @Test("phone-wide, the filters sit side by side and the folders in a short box, so the first cards are in view")
    func narrowSidebar() throws {
        let wide = try #require(try Self.step("first").layout)
        let narrow = try #require(try Self.step("first", narrow: true).layout)
        #expect(wide.filterTops[1] > wide.filterTops[0], "beside the cards, the filters are one above the other")
        #expect(abs(narrow.filterTops[1] - narrow.filterTops[0]) < 1, "narrow: \(narrow.filterTops)")
        #expect(wide.foldersHeight > 180, "\(Self.groupCount + 1) folders shown, in a box as tall as they need: \(wide.foldersHeight)")
        #expect(narrow.foldersHeight < 140, "narrow: \(narrow.foldersHeight)")
        #expect(narrow.firstCardTop < 520, "narrow: the first card starts at \(narrow.firstCardTop) px")
    }

    @Test("in a 320 px window the index, its pager of seven page numbers included, is no wider than the window")
    func noSidewaysScrollOnAPhone() throws {
        let phone = try #require(try Self.step("first", phone: true).layout)
        #expect(phone.windowWidth <= 330, "the window is \(phone.windowWidth) px")
        #expect(phone.pageWidth <= phone.windowWidth, "the page is \(phone.pageWidth) px wide in a \(phone.windowWidth) px window")
    }

    /// One card to a row made a page of 48 cards 16,900 px long on a phone.
    @Test("a phone-wide index shows two cards to a row where they fit, each miniature whole in its card; a 320 px one shows one")
    func twoCardsToARowOnAPhone() throws {
        let (phone, narrowest) = (try #require(try Self.step("first", phone390: true).layout), try #require(try Self.step("first", phone: true).layout))
        #expect(phone.windowWidth == 390 && phone.cardColumns == 2, "\(phone.cardColumns) columns in a \(phone.windowWidth) px window")
        #expect(phone.miniatureGaps.count == 2 && phone.miniatureGaps.allSatisfy { $0 > 4 } && abs(phone.miniatureGaps[0] - phone.miniatureGaps[1]) <= 1,
                "space left and right of a miniature: \(phone.miniatureGaps)")
        #expect(narrowest.cardColumns == 1, "\(narrowest.cardColumns) columns in a \(narrowest.windowWidth) px window")
        #expect(narrowest.miniatureGaps.allSatisfy { $0 > 4 }, "\(narrowest.miniatureGaps)")
        let wide = try #require(try Self.step("first").layout)
        #expect(wide.cardColumns >= 4, "a desktop window: \(wide.cardColumns) columns")
    }
}

/// What `Fixtures/pager-probe.js` records.
struct PagerProbe: Decodable {
    var steps: [String: PagerStep]
    var errors: [String]
}

/// The index after one step of the pager probe.
struct PagerStep: Decodable {
    /// Each button as `[label, state, left]`, state `current`, `disabled` or empty, left its left edge in whole CSS pixels.
    var buttons: [[String]]
    var status: String
    /// The live count above the cards, which a screen reader announces.
    var count: String
    /// Cards whose miniature's frame is in: those near the window.
    var frames: Int
    var cards: [String]
    var hash: String
    var focus: String
    var currentFolder: String
    /// The folder links in view (their folder paths), and each fold button as `[label, aria-expanded]`.
    var folders: [String]
    var folds: [[String]]
    /// Whether the live count is in the window, and the current folder's link in its box's visible part.
    var inView: InView
    /// Recorded as the page loads (the `first` step only).
    var layout: SidebarLayout?
}

/// What a pager step leaves in view.
struct InView: Decodable {
    var count: Bool
    var currentFolder: Bool
}

/// Where the index's sidebar put things, in CSS pixels from the top of the page.
struct SidebarLayout: Decodable {
    /// The kind and component filters' tops.
    var filterTops: [Double]
    var foldersHeight: Double
    var firstCardTop: Double
    var pageWidth: Double
    var windowWidth: Double
    /// How many columns the cards of the page make.
    var cardColumns: Int
    /// The space left and right of the first card's miniature, inside its box.
    var miniatureGaps: [Double]
}
