import Foundation
import Testing
import VitrineCore

/// The catalogue's interactive claims checked in a real browser: search and filters on the index,
/// the component tree linked to the render and the source, the preview toolbar, the standalone
/// page's address settings and the docs' live embeds.
///
/// One small site (`CatalogueSite`: five scenes, a feed, a doc) is built into a nested folder,
/// `<scratch>/deep/nested/site/`, so every test here also shows the site working opened from
/// `file://` in a sub-folder. Four pages are visited once per run (two of them again with an
/// address the site did not write), each by a probe script that acts like a reader and records
/// what the page showed after each step. Three tests guard bugs this suite found in the
/// theme's scripts (source scrolling, malformed percent escapes in the address).
@Suite("Catalogue in the browser", .enabled(if: Chromium.shouldRun, "chromium is not on PATH; run scripts/setup.sh --test"))
struct CatalogueInteractionTests {
    static let screenCount = CatalogueSite.titles.count

    static func index() throws -> CatalogueProbe {
        let probe = try CatalogueSite.visited.get().index.get()
        #expect(probe.errors.isEmpty, "script errors on the index: \(probe.errors)")
        return probe
    }

    static func screen() throws -> ScreenProbe {
        let probe = try CatalogueSite.visited.get().screen.get()
        #expect(probe.errors.isEmpty, "script errors on the screen page: \(probe.errors)")
        return probe
    }

    // MARK: - Index: search and filters

    @Test("a search in the address shows only the screen with that word")
    func searchInTheAddressNarrowsTheList() throws {
        let step = try Self.index().step("fromAddress")
        #expect(step.settled, "the index never redrew its list for #q=kiwi")
        #expect(step.titles == ["Orchard"])
        #expect(step.count == "1 of \(Self.screenCount) screens")
    }

    @Test("each card's miniature is centred in its card, whatever the card's width, and is its screen's live standalone page")
    func miniaturesAreCentred() throws {
        let step = try Self.index().step("cleared")
        #expect(step.miniGaps.count == Self.screenCount, "\(step.miniGaps)")
        #expect(step.miniSrcs == step.hrefs.map { $0.replacingOccurrences(of: ".html", with: ".frame.html") }, "\(step.miniSrcs)")
        for gaps in step.miniGaps {
            #expect(gaps.count == 2 && gaps[0] > 4 && abs(gaps[0] - gaps[1]) <= 1, "space left and right of a miniature: \(gaps)")
        }
    }

    /// The index stays small at any size: the first page is in its HTML, and the search data
    /// comes only when the reader searches.
    @Test("the index draws its first page without the search data, and loads it when the reader types")
    func theSearchDataLoadsOnDemand() throws {
        let probe = try CatalogueSite.visited.get().plainIndex.get()
        #expect(probe.errors.isEmpty, "\(probe.errors)")
        let loaded = try probe.step("fromAddress")
        #expect(!loaded.dataLoaded, "catalogue/screens.js was loaded before any search")
        #expect(loaded.titles.sorted() == CatalogueSite.titles && loaded.hash == "", "\(loaded.titles)")
        let typed = try probe.step("typedUnique")
        #expect(typed.dataLoaded && typed.settled && typed.titles == ["Bakery"])
    }

    /// A screen past the miniature limit (a 20,000-item feed) made the index load megabytes of
    /// render in its card; the cards the page draws itself follow the limit the page gives.
    @Test("cards the page draws for a search give no miniature to a screen past the page's miniature limit")
    func drawnCardsFollowTheMiniatureLimit() throws {
        let probe = try CatalogueSite.visited.get().limitedIndex.get()
        #expect(probe.errors.isEmpty, "\(probe.errors)")
        #expect(try probe.step("fromAddress").miniSrcs.count == CatalogueSite.titles.count, "the build's own cards keep the build's limit")
        let typed = try probe.step("typedUnique")
        #expect(typed.settled && typed.titles == ["Bakery"])
        #expect(typed.miniSrcs.isEmpty, "\(typed.miniSrcs)")
        #expect(typed.miniatureTexts == ["too large for a miniature"], "\(typed.miniatureTexts)")
        #expect(try CatalogueSite.visited.get().plainIndex.get().step("typedUnique").miniSrcs.count == 1)
    }

    @Test("filters in the address (kind, has diagnostics) set the controls and narrow the list")
    func filtersInTheAddressAreRestored() throws {
        let probe = try CatalogueSite.visited.get().filteredIndex.get()
        #expect(probe.errors.isEmpty, "\(probe.errors)")
        let step = try probe.step("fromAddress")
        #expect(step.settled)
        // Of the two feeds only Spaced has a diagnostic (its cell type is unknown to the app).
        #expect(step.titles == ["Spaced"], "\(step.titles)")
        #expect(step.controls == ProbedControls(q: "", kind: "feed", component: "", diagnostics: "any"))
        let typed = try probe.step("typedUnique")
        #expect(typed.titles == [] && typed.hash == "#q=bread&kind=feed&diagnostics", "search combines with them: \(typed.hash)")
    }

    @Test("a search written as a query moves into the address's fragment; a kind or folder the page does not offer is dropped")
    func aQueryAndUnofferedFiltersInTheAddress() throws {
        let probe = try CatalogueSite.visited.get().queriedIndex.get()
        #expect(probe.errors.isEmpty, "\(probe.errors)")
        let step = try probe.step("fromAddress")
        #expect(step.settled && step.titles == ["Bakery"], "\(step.titles)")
        #expect(step.hash == "#q=bread", "the address keeps only what applies: \(step.hash)")
        #expect(step.controls == ProbedControls(q: "bread", kind: "", component: "", diagnostics: ""))
    }

    @Test("typing into the search narrows the list and keeps the query in the address")
    func typingNarrowsTheList() throws {
        let step = try Self.index().step("typedUnique")
        #expect(step.settled)
        #expect(step.titles == ["Bakery"])
        #expect(step.count == "1 of \(Self.screenCount) screens")
        #expect(step.hash == "#q=bread")
    }

    @Test("search ignores case and accents, Turkish dotted and dotless letters too, and says when nothing matches")
    func searchFoldsCaseAndAccents() throws {
        let probe = try Self.index()
        let folded = try probe.step("typedFolded")
        #expect(folded.titles == ["Orchard"], "“KİWİ” finds “kiwi”")
        #expect(try probe.step("typedDotless").titles == ["Bakery"], "“FIRIN” finds “Fırın”: no capital lowers to a dotless ı")
        let nothing = try probe.step("typedNothing")
        #expect(nothing.titles.isEmpty)
        #expect(nothing.count == "0 of \(Self.screenCount) screens: none matches")
    }

    @Test("search finds a screen by a component's id, its folder and a component type, none of them text on the screen")
    func searchFindsIdsFoldersAndTypes() throws {
        let probe = try Self.index()
        #expect(try probe.step("typedId").titles == ["Library"], "“hush” is the id of Library's text")
        #expect(try probe.step("typedFolder").titles == ["Weekly"], "“feeds” is Weekly's folder")
        #expect(try probe.step("typedType").titles == ["Orchard"], "only Orchard has rectangles")
    }

    /// Warnings are common (the generated corpora have thousands): errors can be asked for alone.
    @Test("the diagnostics filter shows screens with errors or warnings, or with errors alone")
    func diagnosticsFilterTellsErrorsFromWarnings() throws {
        let probe = try Self.index()
        let warned = try probe.step("withDiagnostics")
        #expect(warned.titles == ["Spaced"] && warned.hash == "#diagnostics", "\(warned.titles) \(warned.hash)")
        let erred = try probe.step("withErrors")
        #expect(erred.settled && erred.titles == [] && erred.hash == "#diagnostics=errors" && erred.controls.diagnostics == "errors", "\(erred.hash)")
    }

    @Test("the kind filter combines with the search")
    func kindFilterCombinesWithSearch() throws {
        let probe = try Self.index()
        let shared = try probe.step("typedShared")
        #expect(shared.titles.sorted() == ["Market", "Weekly"], "“mango” is in one scene and one feed")
        #expect(shared.count == "2 of \(Self.screenCount) screens")

        // A search that puts Market (its title holds "ma") before Weekly moves its card, which
        // keeps its miniature loaded, as does Weekly's; narrowing again keeps Market's.
        let reordered = try probe.step("reordered")
        #expect(reordered.titles.prefix(2) == ["Market", "Weekly"] && reordered.keptFrames == 2, "\(reordered.titles), \(reordered.keptFrames) kept")
        let narrowed = try probe.step("narrowed")
        #expect(narrowed.titles == ["Market"] && narrowed.keptFrames == 1, "\(narrowed.titles), \(narrowed.keptFrames) kept")

        let scenes = try probe.step("sharedScenes")
        #expect(scenes.titles == ["Market"])
        #expect(scenes.count == "1 of \(Self.screenCount) screens")
        #expect(scenes.hash == "#q=mango&kind=scene")

        let feeds = try probe.step("sharedFeeds")
        #expect(feeds.titles == ["Weekly"])
        #expect(feeds.count == "1 of \(Self.screenCount) screens")
    }

    /// Guards a fixed bug: the skip link's `#v-query` replaced the fragment holding the search,
    /// and the index read it as an empty search.
    @Test("the skip link focuses the search and keeps the search and filter")
    func skipLinkKeepsTheSearch() throws {
        let before = try Self.index().step("sharedScenes")
        let after = try Self.index().step("skipped")
        #expect(after.focused == "v-query")
        #expect(after.hash == before.hash && after.hash.contains("q=mango"), "\(after.hash)")
        #expect(after.titles == before.titles && after.count == before.count)
    }

    @Test("clearing the search and filter shows every screen again; a folder link shows that folder")
    func clearingAndFolders() throws {
        let probe = try Self.index()
        let cleared = try probe.step("cleared")
        #expect(cleared.titles.sorted() == CatalogueSite.titles)
        #expect(cleared.count == "\(Self.screenCount) of \(Self.screenCount) screens")
        #expect(cleared.hash == "")

        let folder = try probe.step("folderFeeds")
        #expect(folder.titles == ["Weekly"])
        #expect(folder.hash == "#folder=feeds")
    }

    @Test("the component filter finds a feed cell type whose name has spaces")
    func componentFilterTakesNamesWithSpaces() throws {
        let step = try Self.index().step("spacedType")
        #expect(step.titles == ["Spaced"])
        #expect(step.count == "1 of \(Self.screenCount) screens")
    }

    @Test("cards found by a search link to their pages inside the nested site folder")
    func cardLinksResolveInsideTheNestedFolder() throws {
        let site = try CatalogueSite.visited.get().site
        #expect(site.path.hasSuffix("/deep/nested/site"))
        let step = try Self.index().step("fromAddress")
        let expected = site.appendingPathComponent(SitePath.screenPage(for: "scenes/orchard.json")).absoluteString
        #expect(step.hrefs == [expected])
    }

    // MARK: - Screen page: the component tree

    @Test("hovering a tree row outlines its element and nothing else; leaving removes the outline")
    func hoveringATreeRowOutlinesItsElement() throws {
        let probe = try Self.screen()
        let rows = try probe.recorded(probe.hover, "hover")
        #expect(rows.map(\.target) == CatalogueSite.orchardComponents.map(\.pointer))
        for row in rows {
            #expect(row.outlined == [row.target], "hovering the row of \(row.target)")
            #expect(row.outlinedAfterLeave.isEmpty, "after leaving the row of \(row.target)")
        }
    }

    /// A keyboard user went through every button of the render (34 on the demo's feed of every
    /// template) before the tree.
    @Test("a screen page's skip links go past the render to the components and the JSON source, keeping the address")
    func skipLinksGoPastTheRender() throws {
        let probe = try CatalogueSite.visited.get().screen.get()
        let skips = try #require(probe.skips)
        #expect(skips == [["Skip to the components", "v-tree-title", "true"], ["Skip to the JSON source", "v-source-title", "true"],
                          ["Skip to content", "main", "true"]], "\(skips)")
    }

    @Test("the component tree is one Tab stop, walked with the arrow keys (Left closes or goes to a parent, Right opens or goes to a child), Home and End")
    func theTreeIsOneTabStopWalkedWithArrowKeys() throws {
        let probe = try CatalogueSite.visited.get().screen.get()
        let keys = try #require(probe.treeKeys)
        #expect(keys.rows > 2)
        #expect(keys.tabStops == 1)
        #expect(keys.unselected == keys.rows, "a single-select tree's rows say they are not selected, before any is")
        #expect(keys.lineLabel == #""L" / "line ""#, "a row's line number is read “line 12”, not a bare 12")
        #expect(keys.sourceName == "JSON source" && keys.sourceRole == "region", "the source's focus stop has a name, and a role that takes one")
        #expect(keys.rowHeight >= 24, "a row is a target of 24 px at least: \(keys.rowHeight)")
        #expect(keys.afterDown == 1 && keys.afterEnd == keys.rows - 1, "\(keys)")
        let parent = keys.levels.indices.last { $0 < keys.rows - 1 && keys.levels[$0] < keys.levels[keys.rows - 1] }
        #expect(keys.levels.count == keys.rows && keys.levels.last! > 1 && keys.afterLeft == parent, "\(keys)")
        #expect(keys.levels[1] == keys.levels[0] + 1 && keys.afterRight == 1, "\(keys)")
        // Rows with children open and close: Left closes, Right opens, then goes down.
        let parents = keys.levels.indices.filter { $0 + 1 < keys.rows && keys.levels[$0 + 1] > keys.levels[$0] }
        #expect(keys.expandedAtStart.indices.filter { keys.expandedAtStart[$0] != nil } == parents, "aria-expanded on rows with children alone")
        #expect(parents.allSatisfy { keys.expandedAtStart[$0] == "true" }, "every row starts open")
        let topLevel = keys.levels.count { $0 == keys.levels[0] }
        #expect(keys.closed.expanded == "false" && keys.closed.shown == topLevel && keys.closed.focus == 0, "Left on an open row: \(keys.closed)")
        #expect(keys.closed.afterDown == 0, "Down skips the closed row's children: \(keys.closed)")
        #expect(keys.reopened.expanded == "true" && keys.reopened.shown == keys.rows && keys.reopened.focus == 0, "Right: \(keys.reopened)")
        #expect(keys.reopened.afterSecondRight == 1)
        let triangle = keys.triangle
        #expect(triangle.expanded == "false" && triangle.shown == topLevel && triangle.selected == "false", "a click on the triangle: \(triangle)")
        #expect(triangle.tabStops == [0], "the Tab stop is on a shown row")
        #expect(triangle.afterSelectInside.expanded == "true" && triangle.afterSelectInside.shown == keys.rows,
                "selecting a hidden component opens the rows around it")
        #expect(triangle.bodyClickSelects == "true", "a click past the triangle selects the row")
        // Guards a fixed bug: the selection bar, a box-shadow too, replaced the focus halo.
        let focused = keys.focusedSelected
        #expect(focused.focusVisible && focused.selected == "true")
        #expect(focused.shadow.contains("inset") && focused.shadow.hasSuffix("0px 0px 0px 2px"), "bar and halo: \(focused.shadow)")
    }

    @Test("clicking a tree row selects its element and lights the line the component starts on")
    func clickingATreeRowSelectsItsElementAndSourceLine() throws {
        let probe = try Self.screen()
        let rows = try probe.recorded(probe.select, "select")
        #expect(rows.map(\.target) == CatalogueSite.orchardComponents.map(\.pointer))
        for (row, component) in zip(rows, CatalogueSite.orchardComponents) {
            #expect(row.selected == [row.target], "clicking the row of \(row.target)")
            #expect(row.selectedRows == [row.target], "aria-selected after clicking the row of \(row.target)")
            let line = try #require(CatalogueSite.orchardLine(of: component.id))
            #expect(row.line == String(line), "the row of \(row.target) names the line its component starts on")
            #expect(row.litLines == ["L\(line)"], "lit source lines after clicking the row of \(row.target)")
        }
        // Beside the device, a row scrolls the device's screen and the tree, never the page.
        #expect(rows.allSatisfy { $0.pageScroll == 0 }, "\(rows.map(\.pageScroll))")
    }

    /// Guards a fixed bug: a line's number is sticky inside its line, so a line narrower than
    /// the sideways scroll lost its number; every line is now as wide as the longest.
    @Test("every line of the source is as wide as the longest, so its number stays in view when it scrolls sideways")
    func sourceLinesAreEquallyWide() throws {
        #expect(try Self.screen().sourceLineWidths == 1)
    }

    /// Guards a fixed complaint: at a laptop's width the source, whose lines are the longest, got
    /// the same narrow column as the tree, and a third of it went to a gutter for 4-digit numbers.
    @Test("beside the device on a 1200 px window, the source is beside the tree and wider, its gutter as wide as its last line's number")
    func theSourceGetsTheRoomItNeeds() throws {
        let panels = try Self.screen().recorded(Self.screen().panels, "panels")
        expectNear(panels.source.top, panels.tree.top, "the source's top, beside the tree")
        #expect(panels.source.left > panels.tree.left + panels.tree.width, "the source is right of the tree")
        #expect(panels.source.width > 1.5 * panels.tree.width, "the source, \(panels.source.width) px, beside the tree, \(panels.tree.width) px")
        #expect(panels.gutter >= panels.numberWidth, "the gutter, \(panels.gutter) px, holds the last line's number, \(panels.numberWidth) px")
        // One more character's room (its padding), and no more.
        let digit = panels.numberWidth / Double(String(panels.lines).count)
        #expect(panels.gutter <= panels.numberWidth + 1.5 * digit, "the gutter, \(panels.gutter) px, for a \(panels.numberWidth) px number")
    }

    @Test("clicking a tree row scrolls the device's screen to its element, and puts select=POINTER in the address")
    func clickingATreeRowRevealsItsElement() throws {
        let rows = try Self.screen().recorded(try Self.screen().select, "select")
        #expect(rows.map(\.target) == CatalogueSite.orchardComponents.map(\.pointer))
        // The filler's 40 rectangles of 30 pt push the red label below the 844 pt screen's fold.
        let start = try #require(try Self.screen().startsHidden)
        #expect(!start.elementShown, "the red label, the last row's element, starts below the fold")
        let hidden = rows.filter { !$0.elementInView }.map(\.target)
        #expect(hidden.isEmpty, "selected elements left out of the screen's view: \(hidden)")
        for row in rows {
            let pointer = row.target.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? row.target
            #expect(row.hash == "#select=" + pointer, "the address after clicking the row of \(row.target)")
        }
    }

    /// Guards a fixed bug: the source was scrolled by the line's `offsetTop`, which counts from
    /// the page's body, so lines above the source's last screenful were scrolled out of view.
    @Test("clicking a tree row scrolls the source so its line is in view")
    func clickingATreeRowScrollsTheSourceToItsLine() throws {
        let probe = try Self.screen()
        let rows = try probe.recorded(probe.select, "select")
        #expect(!rows.isEmpty && rows.allSatisfy { !$0.litLines.isEmpty }, "every row lights its lines")
        let start = try #require(probe.startsHidden)
        #expect(start.sourceScrolls && !start.lineInView, "the source scrolls, and the last row's line starts out of its view: \(start)")
        let hidden = rows.filter { !$0.litInView }.map { "L" + $0.line }
        #expect(hidden.isEmpty, "lit lines scrolled out of the source's view: \(hidden)")
    }

    @Test("an address with select=POINTER opens the page with that component selected (the gallery links so)")
    func theAddressSelectsAComponent() throws {
        let probe = try CatalogueSite.visited.get().selectedScreen.get()
        #expect(probe.errors.isEmpty, "script errors: \(probe.errors)")
        let line = try #require(CatalogueSite.orchardLine(of: "red"))
        #expect(probe.initialSelection == ["rows": [CatalogueSite.redPointer], "elements": [CatalogueSite.redPointer], "litLines": ["L\(line)"]])
        #expect(try Self.screen().initialSelection == ["rows": [], "elements": [], "litLines": []], "nothing is selected without it")
    }

    /// The gallery's "where it is used" rows open a screen at its first instance of the type.
    @Test("#component=<type> selects the screen's first component of that type")
    func aTypeInTheAddressSelectsItsFirstComponent() throws {
        let probe = try CatalogueSite.visited.get().firstOfTypeScreen.get()
        #expect(probe.errors.isEmpty, "script errors: \(probe.errors)")
        #expect(probe.initialSelection?["rows"] == [CatalogueSite.plainPointer], "\(probe.initialSelection ?? [:])")
        let plain = CatalogueSite.plainPointer.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        #expect(probe.initialHash == "#select=" + plain, "the address then names the component")
    }

    /// The dark-mode note may name a feed header's button, which has no row: its link did nothing.
    @Test("a pointer without a row of its own selects the component around it")
    func aPartSelectsItsComponent() throws {
        let probe = try CatalogueSite.visited.get().selectedPart.get()
        #expect(probe.errors.isEmpty, "script errors: \(probe.errors)")
        #expect(probe.initialSelection?["rows"] == ["/0"] && probe.initialSelection?["elements"] == ["/0"], "\(probe.initialSelection ?? [:])")
    }

    @Test("a width no preset has stays in the address beside the component it selects")
    func aCustomWidthStaysWithTheSelection() throws {
        let probe = try CatalogueSite.visited.get().customWidthScreen.get()
        #expect(probe.errors.isEmpty, "script errors: \(probe.errors)")
        let red = CatalogueSite.redPointer.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        #expect(probe.initialHash == "#width=400&select=" + red)
        #expect(abs((probe.initial.first?.screen?.width ?? 0) - 400) <= 1, "the device is 400 pt wide")
        // A serve review: the select went on showing the first preset (after vitrine.json's devices
        // changed, a device none had) while the device was drawn at another size.
        #expect(probe.initialDevice == "Custom — 400 × 844", "\(probe.initialDevice ?? "no select")")
    }

    @Test("clicking an element of the render selects its tree row")
    func clickingTheRenderSelectsItsRow() throws {
        let probe = try Self.screen()
        let clicks = try probe.recorded(probe.renderClick, "renderClick")
        #expect(clicks.map(\.path) == CatalogueSite.orchardComponents.map(\.pointer))
        for click in clicks {
            #expect(click.selectedRows == [click.path], "clicking the element of \(click.path)")
        }
    }

    @Test("clicking an element of the render lights its lines of the JSON source and scrolls them into view")
    func clickingTheRenderScrollsTheSource() throws {
        let probe = try Self.screen()
        let clicks = try probe.recorded(probe.renderClick, "renderClick")
        let start = try #require(probe.startsHidden)
        #expect(start.sourceScrolls && !start.lineInView, "the red label's line starts out of the source's view: \(start)")
        #expect(Set(clicks.map(\.path)) == Set(CatalogueSite.orchardComponents.map(\.pointer)), "every component is clicked")
        for click in clicks {
            let line = try #require(CatalogueSite.orchardComponents.first { $0.pointer == click.path }.flatMap { CatalogueSite.orchardLine(of: $0.id) })
            #expect(click.litLines.first == "L\(line)", "clicking \(click.path) lights from its line: \(click.litLines)")
            #expect(click.litInView, "the lines of \(click.path) are in the source's view")
        }
    }

    @Test("notes from name.md beside the payload are shown above the screen")
    func notesAreAboveTheScreen() throws {
        let probe = try CatalogueSite.visited.get().notedScreen.get()
        #expect(probe.errors.isEmpty, "\(probe.errors)")
        let notes = try probe.recorded(probe.notes, "notes")
        #expect(notes.text.contains("Bakery") && notes.text.hasSuffix("Baked every morning."), "\(notes.text)")
        // A heading's `#` link shows on hover, as in the docs (notes showed it always).
        #expect(notes.anchorOpacity == "0", "\(notes.anchorOpacity ?? "no anchor")")
        #expect(notes.notes.top + notes.notes.height <= notes.stage.top + 1, "the notes end above the stage: \(notes.notes) over \(notes.stage)")
        #expect(try Self.screen().notes == nil, "a screen without notes has none")
    }

    @Test("a diagnostic's link lights its line of the source, in view, and keeps the page's settings in the address")
    func aDiagnosticLinkShowsItsLine() throws {
        let probe = try CatalogueSite.visited.get().diagnosedScreen.get()
        #expect(probe.errors.isEmpty, "\(probe.errors)")
        let links = try probe.recorded(probe.diagnosticLinks, "diagnosticLinks")
        #expect(!links.isEmpty, "the spaced feed's page lists its diagnostic with a link")
        for link in links {
            #expect(link.litLines.first == "L" + link.line && link.litInView, "\(link)")
            #expect(link.hash.contains("dark") && !link.hash.contains("#L"), "the address after the click: \(link.hash)")
            #expect(link.focused == "L" + link.line, "the focus goes to the line, as following the link would: \(link.focused)")
            #expect(link.text.contains("(line ") && link.text.contains(", column "), "a link read out of context says what it is: \(link.text)")
        }
    }

    // MARK: - Screen page: the preview toolbar

    @Test("the device select sets the screen's width; “all” shows one device per preset side by side")
    func deviceSelectSetsTheWidth() throws {
        let probe = try Self.screen()
        let initial = try #require(probe.initial.first?.screen)
        expectNear(initial.width, 390, "the default device's screen width")

        let narrow = try probe.recorded(probe.narrow, "narrow")
        #expect(narrow.count == 1)
        expectNear(try #require(narrow.first?.screen).width, 375, "the screen width after choosing 375")

        let widths = try probe.recorded(probe.deviceOptions, "deviceOptions").compactMap(Double.init)
        #expect(widths.contains(375) && widths.contains(390) && widths.count >= 3, "device presets: \(widths)")
        let all = try probe.recorded(probe.all, "all").compactMap(\.screen)
        #expect(all.count == widths.count, "one device per preset")
        for (screen, width) in zip(all, widths) { expectNear(screen.width, width, "the screen width of the \(width) preset") }
        for (left, right) in zip(all, all.dropFirst()) {
            expectNear(right.top, left.top, "devices sit in one row")
            #expect(right.left >= left.right, "each device is right of the one before: \(left) then \(right)")
        }
        // Each is captioned with its preset; a single device is not.
        let captions = try probe.recorded(probe.all, "all").map(\.caption)
        #expect(captions.count == widths.count && captions.allSatisfy { $0?.contains("×") == true }, "\(captions)")
        #expect(narrow.first?.caption == nil)
        // A screen that scrolls is a named tab stop: side by side, each is named after its caption.
        let labels = try probe.recorded(probe.all, "all").map(\.label)
        #expect(labels == captions.map { $0.map { "Screen preview, " + $0 } }, "\(labels)")
        #expect(narrow.first?.label == "Screen preview")
    }

    @Test("dark mode turns the default text colour white and leaves the payload's colour alone")
    func darkModeFlipsDefaultColoursOnly() throws {
        let probe = try Self.screen()
        let before = try #require(probe.initial.first)
        #expect(!before.dark)
        #expect(try before.element(CatalogueSite.plainPointer).color == "rgb(0, 0, 0)")
        #expect(try before.element(CatalogueSite.redPointer).color == "rgb(255, 0, 0)")

        let after = try #require(probe.recorded(probe.dark, "dark").first)
        #expect(after.dark)
        #expect(try after.element(CatalogueSite.plainPointer).color == "rgb(255, 255, 255)")
        #expect(try after.element(CatalogueSite.redPointer).color == "rgb(255, 0, 0)")

        let devices = try probe.recorded(probe.all, "all")
        #expect(devices.count > 1, "“all” shows several devices")
        for device in devices {
            #expect(device.dark, "every device of “all” keeps the dark scheme")
            #expect(try device.element(CatalogueSite.plainPointer).color == "rgb(255, 255, 255)")
        }
    }

    @Test("a gallery page draws its specimens dark and right to left from its address; its switches undo each, and the address follows")
    func galleryPreviewSettings() throws {
        let probe = try CatalogueSite.visited.get().gallery.get()
        #expect(probe.errors.isEmpty, "script errors on the gallery page: \(probe.errors)")
        let opened = try probe.step("fromAddress")
        #expect(opened.dark && opened.rtl && opened.note && opened.hash == "#dark&rtl")
        let plain = try opened.specimen("Orchard", CatalogueSite.plainPointer), red = try opened.specimen("Orchard", CatalogueSite.redPointer)
        #expect(plain.color == "rgb(255, 255, 255)" && red.color == "rgb(255, 0, 0)", "dark flips the default colour only: \(plain) \(red)")
        #expect(plain.direction == "rtl")

        let light = try probe.step("light")
        #expect(!light.dark && light.rtl && !light.note && light.hash == "#rtl", "\(light.hash)")
        #expect(try light.specimen("Orchard", CatalogueSite.plainPointer).color == "rgb(0, 0, 0)")
        #expect(try light.specimen("Orchard", CatalogueSite.redPointer).color == "rgb(255, 0, 0)")

        let leftToRight = try probe.step("leftToRight")
        #expect(leftToRight.hash == "", "\(leftToRight.hash)")
        #expect(try leftToRight.specimen("Orchard", CatalogueSite.plainPointer).direction == "ltr")
        // Each as wide as its place on its screen: the device's width, less the padding around it.
        expectNear(plain.stageWidth, 390, "Orchard's text, on the device")
        expectNear(try opened.specimen("Garage", "/container/views/0/component/views/0/component").stageWidth, 350, "Garage's text, inside 20 pt of padding")
    }

    /// On a phone, specimens were squeezed below the 390 pt they are drawn at (re-wrapping their
    /// text), and their cards ran past the page's margin.
    @Test("on a phone-wide gallery page each specimen keeps its layout, zoomed out, and its card stays inside the page's margin")
    func narrowGalleryZoomsSpecimens() throws {
        let probe = try CatalogueSite.visited.get().narrowGallery.get()
        #expect(probe.errors.isEmpty, "\(probe.errors)")
        let specimens = try probe.step("fromAddress").specimens
        #expect(!specimens.isEmpty)
        for specimen in specimens {
            expectNear(specimen.stageWidth, specimen.screen == "Garage" ? 350 : 390, "\(specimen.pointer) keeps the width of its place on its screen")
            #expect(specimen.roomLeft >= -0.5, "\(specimen.pointer)'s card runs \(-specimen.roomLeft) px past the page's margin")
        }
    }

    @Test("a link of the page that selects a component (the dark-mode note's) keeps the address and its settings, works twice, and from the keyboard focuses its row")
    func aSelectingLinkKeepsTheSettings() throws {
        let link = try Self.screen().recorded(try Self.screen().selectLink, "selectLink")
        let red = CatalogueSite.redPointer.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        #expect(link.hash == "#width=375x667&dark&select=" + red && link.dark, "\(link.hash)")
        #expect(link.selectedRows == [CatalogueSite.redPointer])
        // From the keyboard the focus went nowhere a screen reader would say what was selected.
        #expect(link.linkFocusVisible)
        #expect(link.focusedAfterKeyboard == CatalogueSite.redPointer, "the focus after following the link from the keyboard: \(link.focusedAfterKeyboard)")
    }

    @Test("the note on what dark mode changes shows only while the preview is dark")
    func theDarkModeNoteShowsWhileDark() throws {
        let probe = try Self.screen()
        #expect(try probe.recorded(probe.darkNote, "darkNote") == ["before": false, "after": true])
    }

    @Test("the settings go into the page's address and the standalone page's link, for sharing")
    func settingsGoIntoTheAddress() throws {
        let probe = try Self.screen()
        let address = try probe.recorded(probe.darkAddress, "darkAddress")
        // The component the render clicks selected last stays selected, and in the address.
        let last = CatalogueSite.orchardComponents.last?.pointer.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        #expect(address.hash == "#width=375x667&dark&select=" + last, "\(address.hash)")
        #expect(address.standalone.hasSuffix("/scenes/orchard.frame.html#width=375x667&dark"), "\(address.standalone)")
        // The standalone page shows one device: "all" leaves it at the default width, dark still.
        let all = try probe.recorded(probe.allStandalone, "allStandalone")
        #expect(all.hasSuffix("/scenes/orchard.frame.html#dark"), "\(all)")
    }

    @Test("right to left (leading on the right) and text size apply to every device")
    func directionAndTextSizeApplyToEveryDevice() throws {
        let probe = try Self.screen()
        let before = try #require(probe.initial.first)
        #expect(before.direction == "")
        let size = try before.element(CatalogueSite.plainPointer).fontSize
        let devices = try probe.recorded(probe.rtlLarge, "rtlLarge")
        #expect(devices.count > 1)
        // The root stack aligns leading: its column of 8 pt rectangles sits at the stack's left edge, then at its right.
        let stack = try before.element(CatalogueSite.rootPointer).box
        let column = try before.element(CatalogueSite.fillerPointer).box
        expectNear(column.left, stack.left, "left to right: the column's left edge at the stack's")
        #expect(column.width < stack.width - 100, "the stack is wider than the column: \(column) in \(stack)")
        for device in devices {
            #expect(device.direction == "rtl")
            let scaled = try device.element(CatalogueSite.plainPointer).fontSize
            #expect(abs(scaled - size * 1.24) < 0.1, "font size \(scaled), expected \(size) × 1.24")
            let (edge, filler) = (try device.element(CatalogueSite.rootPointer).box, try device.element(CatalogueSite.fillerPointer).box)
            expectNear(filler.left + filler.width, edge.left + edge.width, "right to left: the column's right edge at the stack's")
            #expect(filler.left > edge.left + 100, "right to left: the column is not at the stack's left: \(filler) in \(edge)")
        }
    }

    /// A theme that leaves the text-size control out kept `#scale=` only until another setting
    /// changed: the control's absence read as the default size.
    @Test("without a text-size control, the address's text size stays when another setting changes")
    func aSettingWithoutItsControlKeepsItsAddressValue() throws {
        let probe = try CatalogueSite.visited.get().unscaledScreen.get()
        #expect(probe.errors.isEmpty, "\(probe.errors)")
        let size = try #require(try Self.screen().initial.first).element(CatalogueSite.plainPointer).fontSize
        let opened = try #require(probe.initial.first), dark = try #require(try probe.recorded(probe.dark, "dark").first)
        #expect(abs(try opened.element(CatalogueSite.plainPointer).fontSize - size * 1.24) < 0.1, "opened at 1.24")
        let darkSize = try dark.element(CatalogueSite.plainPointer).fontSize
        #expect(dark.dark && abs(darkSize - size * 1.24) < 0.1, "still 1.24 once dark: \(darkSize)")
        let address = try probe.recorded(probe.darkAddress, "darkAddress")
        #expect(address.hash.contains("dark") && address.hash.contains("scale=1.24"), "\(address.hash)")
        #expect(address.standalone.hasSuffix("#dark&scale=1.24"), "\(address.standalone)")
    }

    /// A fragment typed into the address bar of an open page applied only after a reload.
    @Test("a fragment changed on the open page applies as a fresh load would")
    func aChangedFragmentAppliesAtOnce() throws {
        let probe = try Self.screen()
        let before = try #require(probe.initial.first)
        let devices = try probe.recorded(probe.typedAddress, "typedAddress")
        #expect(devices.count == 1, "one device, no longer “all”")
        let device = try #require(devices.first)
        expectNear(try #require(device.screen).width, 375, "the screen width for #width=375&rtl")
        #expect(device.direction == "rtl" && !device.dark, "right to left, and light again")
        let size = try before.element(CatalogueSite.plainPointer).fontSize
        #expect(abs(try device.element(CatalogueSite.plainPointer).fontSize - size) < 0.1, "text size back to 1")
    }

    /// Typed by hand one after another on a standalone page, each fragment gives what opening it
    /// would: a width without a height takes the page's own (it kept the last device's), a
    /// fragment without a width the page's size (it kept the iPad's), and a width or text size
    /// out of bounds is left out (#width=0 and #scale=0 drew nothing).
    @Test("fragments typed one after another on a standalone page each apply as opening them would")
    func typedFragmentsApplyAsOpeningThemWould() throws {
        let probe = try CatalogueSite.visited.get().typedAddresses.get()
        #expect(probe.errors.isEmpty, "\(probe.errors)")
        #expect(probe.steps.map { "\($0.fragment) \(Int($0.width))x\(Int($0.height)) \($0.scale)" } == [
            "#width=375x667 375x667 1", "#width=400 400x844 1", "#dark 390x844 1", "#width=0 390x844 1", "#scale=0 390x844 1", "#scale=2 390x844 2",
        ])
    }

    // MARK: - Colour schemes

    /// On a system that prefers dark, native controls (scrollbars, checkboxes) follow the dark
    /// chrome, the search placeholder keeps 4.5:1 (Chrome's grey gave 3.7:1), and a device not
    /// set to dark stays light, controls and all, as does the standalone page around it.
    @Test("the chrome's native controls follow the system's scheme; a device follows its own toggle")
    func nativeControlsFollowTheScheme() throws {
        let index = try CatalogueSite.visited.get().darkSystemIndex.get()
        #expect(index.root == "light dark")
        let (placeholder, field) = (try #require(index.placeholder), try #require(index.field))
        let ratio = try Self.contrast(placeholder, field)
        #expect(ratio >= 4.5, "placeholder \(placeholder) on \(field): \(ratio):1")
        let standalone = try CatalogueSite.visited.get().darkSystemStandalone.get()
        #expect(standalone.devices == ["light"])
        #expect(standalone.root == "light", "a standalone page, screenshotted, does not turn dark around its device")
    }

    /// The WCAG contrast ratio of two `rgb(r, g, b)` colours.
    static func contrast(_ one: String, _ other: String) throws -> Double {
        func luminance(_ css: String) throws -> Double {
            let parts = css.split { !"0123456789.".contains($0) }.compactMap { Double($0) }
            guard parts.count >= 3 else { throw BrowserCheckError("not an rgb() colour: \(css)") }
            let linear = parts.prefix(3).map { channel -> Double in
                let value = channel / 255
                return value <= 0.03928 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
        }
        let (a, b) = (try luminance(one), try luminance(other))
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    // MARK: - Standalone page and docs

    @Test("the standalone page takes the device's size and the scheme from its address")
    func standalonePageReadsItsAddress() throws {
        let probe = try CatalogueSite.visited.get().standalone.get()
        #expect(probe.errors.isEmpty, "script errors: \(probe.errors)")
        let device = try #require(probe.initial.first)
        #expect(probe.initial.count == 1)
        expectNear(try #require(device.screen).width, 375, "the screen width for #width=375x667")
        expectNear(try #require(device.screen).height, 667, "the screen height for #width=375x667 (iPhone SE), not the default 844")
        #expect(device.dark)
        #expect(try device.element(CatalogueSite.plainPointer).color == "rgb(255, 255, 255)")
        #expect(try device.element(CatalogueSite.redPointer).color == "rgb(255, 0, 0)")
    }

    @Test("on a phone-wide page the screen page's device is zoomed out to fit; on a wide one it keeps its points")
    func narrowPagesFitTheDevice() throws {
        let screen = try CatalogueSite.visited.get().narrowScreen.get()
        #expect(screen.errors.isEmpty, "\(screen.errors)")
        #expect(try #require(screen.pageOverflow) <= 1, "the screen page is wider than its window by \(screen.pageOverflow ?? 0) px")
        let device = try #require(screen.initial.first?.screen, "the screen page's device")
        #expect(device.width < Double(CatalogueSite.narrowWidth) - 20, "the device's screen, \(device.width) px, fits in the window")
        // Selecting a row still scrolls the zoomed screen to its element (its distances are zoomed).
        let hidden = try screen.recorded(screen.select, "select").filter { !$0.elementInView }.map(\.target)
        #expect(hidden.isEmpty, "selected elements left out of the zoomed screen's view: \(hidden)")
        // Side by side, the devices take one zoom that fits the widest (the iPad's) in the page.
        let all = try screen.recorded(screen.all, "all").compactMap(\.screen)
        let points = try screen.recorded(screen.deviceOptions, "deviceOptions").compactMap(Double.init)
        #expect(all.count > 1 && all.count == points.count)
        #expect(all.allSatisfy { $0.width < Double(CatalogueSite.narrowWidth) }, "side by side: \(all.map(\.width))")
        let zooms = zip(all, points).map { $0.width / $1 }
        #expect(zooms.allSatisfy { abs($0 - zooms[0]) < 0.01 }, "one zoom for all: \(zooms)")
        // The wide window keeps the device at its points: 390 pt = 390 px.
        let wideProbe = try Self.screen()
        let wide = try #require(wideProbe.initial.first?.screen)
        #expect(abs(wide.width - 390) <= 1, "\(wide.width)")
        // A phone's toolbar puts each label beside its select (the render started 435 px down), a wide one above it.
        let phoneFields = try #require(screen.toolbarFieldsOverSelects), wideFields = try #require(wideProbe.toolbarFieldsOverSelects)
        #expect(phoneFields.count == 2 && phoneFields.allSatisfy { $0 <= 2 }, "\(phoneFields)")
        #expect(wideFields.count == 2 && wideFields.allSatisfy { $0 >= 12 }, "\(wideFields)")
    }

    @Test("a vitrine-screen block in a doc shows the screen's live render")
    func docEmbedRendersTheScreen() throws {
        let probe = try CatalogueSite.visited.get().doc.get()
        #expect(probe.errors.isEmpty, "script errors: \(probe.errors)")
        #expect(probe.initial.count == 1, "one device on the doc page")
        let device = try #require(probe.initial.first)
        #expect(device.embedded, "the device is inside figure.v-embed")
        expectNear(try #require(device.screen).width, 390, "the embed's screen width")
        let plain = try device.element(CatalogueSite.plainPointer)
        #expect(plain.text == "Plain kiwi label")
        #expect(plain.box.width > 0 && plain.box.height > 0, "the text is drawn: \(plain.box)")
        #expect(plain.color == "rgb(0, 0, 0)")
        let red = try device.element(CatalogueSite.redPointer)
        #expect(red.text == "Red label")
        #expect(red.color == "rgb(255, 0, 0)", "the embed's generated colour classes apply")
    }

    /// On a phone the doc's title came below the list of documents and "On this page", and
    /// the embedded device ran 120 px out of its column: the title now comes first in the page,
    /// and the device is zoomed out to fit, as a screen page's is.
    @Test("a doc reads title first, and its embedded screen fits a phone")
    func docsReadTitleFirstAndFitAPhone() throws {
        let probe = try CatalogueSite.visited.get().narrowDoc.get()
        #expect(probe.errors.isEmpty, "script errors: \(probe.errors)")
        let headings = (probe.pageHeadings ?? []).map { $0.hasPrefix("# ") ? String($0.dropFirst(2)) : $0 }  // less the anchor link
        #expect(headings == ["Guide", "On this page", "A section", "Docs"], "\(headings)")
        #expect(try #require(probe.pageOverflow) <= 1, "the doc is wider than its window by \(probe.pageOverflow ?? 0) px")
        let screen = try #require(probe.initial.first?.screen)
        #expect(screen.left >= 0 && screen.left + screen.width <= Double(CatalogueSite.narrowWidth), "the embed's screen: \(screen)")
        // The index's phone-wide sidebar (filters two to a row) is the index's alone.
        #expect(try #require(probe.docsListShare) > 0.95, "the list of documents spans its sidebar")
        // The list of documents comes after the article; a link under the title leads to it.
        let jump = try #require(probe.docsJump)
        #expect(jump.shown, "\(jump)")
        #expect(jump.aboveContents, "\(jump)")
        #expect(jump.target == "v-sidebar", "\(jump)")
        #expect(try CatalogueSite.visited.get().doc.get().docsJump?.shown == false, "beside the article, the list needs no link")
    }

    @Test("“Fit to window” zooms a tall device out to fit the window below the toolbar, and stays out of the standalone link")
    func fitToWindow() throws {
        let probe = try CatalogueSite.visited.get().fittedScreen.get()
        #expect(probe.errors.isEmpty, "\(probe.errors)")
        let screen = try #require(probe.initial.first?.screen), window = try #require(probe.windowHeight)
        #expect(screen.top + screen.height < window - 8, "the iPad's screen fits the \(window) px window below the toolbar: \(screen)")
        // Opened dark too, the note on dark mode comes above the stage: the fit makes room for it.
        let darkProbe = try CatalogueSite.visited.get().fittedDarkScreen.get()
        let dark = try #require(darkProbe.initial.first?.screen)
        #expect(dark.top + dark.height < window - 8, "the dark iPad's screen fits the window below the toolbar and the note: \(dark)")
        #expect(dark.top > screen.top + 20, "the note is above the dark one: \(dark), \(screen)")
        expectNear(screen.width / screen.height, 820.0 / 1180, "the screen keeps its proportions")
        let address = try #require(probe.darkAddress)
        #expect(address.hash.contains("&dark&fit"), "the page's address keeps the setting: \(address.hash)")
        #expect(!address.standalone.contains("fit"), "the standalone page shows the device at its size: \(address.standalone)")
    }

    /// On a phone a tap on the render scrolled the page away from it to the tree's row; a tap on
    /// a row outlined an element far above the window; "Fit to window" fitted the device into
    /// what was left below the toolbar and the notes, a quarter of its size. From the keyboard,
    /// the same row and box scrolled the page away from the focus.
    @Test("on a phone, tapping the render keeps the page still, tapping a row shows its element, “Fit to window” fits the window, and keys keep the focus in view")
    func phoneTapsKeepTheRenderInView() throws {
        let probe = try CatalogueSite.visited.get().phoneScreen.get()
        #expect(probe.errors.isEmpty, "\(probe.errors)")
        let phone = try probe.recorded(probe.phone, "phone")
        #expect(phone.treeBelowWindow, "the tree is below the device, out of the window, as on a phone")
        #expect(phone.scrollAfterRenderTap == 0, "the page scrolled \(phone.scrollAfterRenderTap) px when the render was tapped")
        #expect(phone.elementInWindowAfterRowTap, "the tapped row's element is in the window")
        // From the keyboard, the page does not leave the focus behind (zoomed to 200%, a laptop's page is a phone's).
        let keyboard = phone.keyboard
        #expect(keyboard.rowFocusVisible && keyboard.fitFocusVisible && keyboard.fitTicked, "focused as from a keyboard: \(keyboard)")
        #expect(keyboard.rowInWindow, "Enter on a row scrolled the page away from it")
        #expect(keyboard.fitInWindow, "Space on “Fit to window” scrolled the page away from it")
        let fitted = phone.fitted
        #expect(fitted.top >= 0 && fitted.bottom <= fitted.windowHeight, "the fitted screen is in the window: \(fitted)")
        #expect(fitted.height > fitted.windowHeight * 0.75, "the fitted screen takes most of the window's height: \(fitted)")
    }

    @Test("in a tablet-wide window the panels go below the device, which is centred on its row")
    func tabletPageCentresTheDevice() throws {
        let probe = try CatalogueSite.visited.get().tabletScreen.get()
        #expect(probe.errors.isEmpty, "\(probe.errors)")
        let screen = try #require(probe.initial.first?.screen)
        let tree = try #require(probe.panels?.tree)
        #expect(tree.top > screen.top + screen.height, "the tree panel is below the device: \(tree), \(screen)")
        expectNear(screen.left + screen.width / 2, try #require(probe.pageWidth) / 2, "the device's centre")
    }

    @Test("docs are centred in a wide window and fill a narrower one")
    func docsAreCentred() throws {
        let wide = try #require(try CatalogueSite.visited.get().wideDoc.get().layoutGaps)
        #expect(wide[0] > 200 && abs(wide[0] - wide[1]) <= 1, "space left and right of the docs at 1920 px: \(wide)")
        let usual = try #require(try CatalogueSite.visited.get().doc.get().layoutGaps)
        #expect(usual == [0, 0], "at 1200 px: \(usual)")
    }

    /// Each heading's hidden `#` link sits in the margin: it must not push the heading's text
    /// to the right of the paragraphs (it did, by the width of `# `).
    @Test("docs headings start where their paragraphs start")
    func docHeadingsLineUpWithTheText() throws {
        let probe = try CatalogueSite.visited.get().doc.get()
        let headings = try #require(probe.headings)
        let paragraph = try #require(probe.paragraphLeft)
        #expect(headings.map(\.text).contains { $0.hasSuffix("Guide") } && headings.count >= 2, "\(headings)")
        for heading in headings {
            expectNear(try #require(heading.left, "\(heading.text) has text"), paragraph, "\(heading.text) starts with the paragraphs")
        }
    }

    // MARK: - Addresses the site did not write

    /// Guards a fixed bug: `decodeURIComponent` throws `URIError` on a percent escape that is not
    /// UTF-8 (`%FF`, or a cut-off `%`), and the uncaught error stopped the whole script.
    @Test("a broken percent escape in the index's address does not stop search")
    func malformedIndexAddressKeepsSearchWorking() throws {
        let probe = try CatalogueSite.visited.get().malformedIndex.get()
        let typed = try probe.step("typedUnique")
        #expect(typed.titles == ["Bakery"], "typing “bread” after loading index.html#q=%FF")
        #expect(typed.count == "1 of \(Self.screenCount) screens")
    }

    @Test("a broken percent escape in a screen page's address does not stop the toolbar or the tree")
    func malformedScreenAddressKeepsTheToolbarWorking() throws {
        let probe = try CatalogueSite.visited.get().malformedScreen.get()
        let narrow = try probe.recorded(probe.narrow, "narrow")
        let hover = try probe.recorded(probe.hover, "hover")
        expectNear(try #require(narrow.first?.screen).width, 375, "the screen width after choosing 375 on orchard.html#width=%FF&dark")
        #expect(hover.first?.outlined == [CatalogueSite.rootPointer], "hovering the root row")
    }
}
