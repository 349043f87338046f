import Foundation
import Testing
import VitrineCore
import VitrineDiff

/// The diff report's outlines checked in a real browser: the file page of a changed scene marks,
/// in the before and after renders, exactly the components that changed, each on the side where
/// it exists, and draws a visible outline around each.
///
/// One scene pair (`DiffReportSite`) has five edits: a text's content, a swatch's colour (inside
/// a row), a view removed, a view added and a view moved among its siblings. The report is
/// written as `vitrine diff --output` writes it and its page `files/screens/home.html` is read
/// once per run by `Fixtures/diff-probe.js`, after the theme's `diff.js` has drawn the outlines.
/// The expected elements come from the payloads' `componentId`s, not from the diff's pointers.
@Suite("Diff report outlines in the browser", .enabled(if: Chromium.shouldRun, "chromium is not on PATH; run scripts/setup.sh --test"))
struct DiffReportOutlineTests {
    static let sides = ["before", "after"]

    static func site() throws -> DiffReportSite {
        try DiffReportSite.visited.get()
    }

    static func probe() throws -> DiffProbe {
        let probe = try site().probe.get()
        #expect(probe.errors.isEmpty, "script errors on the report page: \(probe.errors)")
        for side in probe.sides {
            #expect(side.devices == 1, "the \(side.side) render holds one device")
        }
        return probe
    }

    /// The page's outline entries, `side kind pointer`, as the fixture's edits should give them.
    static func expectedOutlines(_ site: DiffReportSite) throws -> Set<String> {
        func view(_ id: String, _ side: String) throws -> String {
            let pointer = try #require(site.pointer(of: id, on: side))
            return String(pointer.dropLast("/component".count))
        }
        func property(_ id: String, _ key: String, _ side: String) throws -> String {
            try #require(site.pointer(of: id, on: side)) + "/" + key
        }
        return [
            "before changed \(try property("title", "text", "before"))",
            "after changed \(try property("title", "text", "after"))",
            "before changed \(try property("swatch", "backgroundColor", "before"))",
            "after changed \(try property("swatch", "backgroundColor", "after"))",
            "before removed \(try view("gone", "before"))",
            "after added \(try view("fresh", "after"))",
            "before moved \(try view("mover", "before"))",
            "after moved \(try view("mover", "after"))",
            "before changed \(try view("kind", "before"))/type",
            "after changed \(try view("kind", "after"))/type",
        ]
    }

    /// `del` and `ins` are not announced by most screen readers, and every Show button read "Show".
    /// A keyboard review: unticking a kind of change hid files silently, and unticking all left
    /// headers over nothing.
    @Test("the index's class filters say how many files they leave, and when they leave none")
    func classFiltersSayWhatIsShown() throws {
        let probe = try Self.site().indexProbe.get()
        #expect(probe.filters >= 2, "the fixture's file has changes of several kinds: \(probe.filters)")
        #expect(probe.steps["loaded"]?.hiddenRows == 0)
        #expect(probe.steps["none"]?.status == "No changed file has the kinds of change ticked: tick one to see its files.")
        #expect(probe.steps["none"]?.hiddenRows == 1)
        #expect(probe.steps["first"]?.status == "1 of 1 changed file shown." && probe.steps["first"]?.hiddenRows == 0, "\(probe.steps)")
    }

    /// A pull request's reviewer on a phone: the table of files scrolled sideways, its counts out of view.
    @Test("on a phone, the index lists each changed file with its status and the classes it has, and nothing scrolls sideways")
    func indexFitsAPhone() throws {
        let site = try Self.site()
        let wide = try site.indexProbe.get(), narrow = try site.narrowIndexProbe.get()
        #expect(narrow.tableOverflow <= 0 && narrow.pageOverflow <= 0, "\(narrow.tableOverflow) \(narrow.pageOverflow)")
        let file = try #require(site.diff.files.first)
        let classes = ChangeClass.allCases.filter { file.count($0) > 0 }.map { "\(file.count($0)) \($0.rawValue)" }
        #expect(narrow.firstRow == ([DiffReportSite.path, "changed"] + classes).joined(separator: " "), "\(narrow.firstRow)")
        #expect(wide.tableOverflow <= 0 && wide.firstRow.hasPrefix(DiffReportSite.path + " changed"), "\(wide.firstRow)")
    }

    @Test("a change's old and new values say which is which to a screen reader, and each Show button is described by its change")
    func changesReadTheirValues() throws {
        let page = try Self.site().filePage
        #expect(page.contains(#"<del><span class="v-visually-hidden">was: </span>&quot;Hello&quot;</del>"#))
        #expect(page.contains(#"<ins><span class="v-visually-hidden">now: </span>"#))
        let described = page.components(separatedBy: #"aria-describedby=""#).dropFirst().map { $0.prefix { $0 != "\"" } }
        let buttons = page.components(separatedBy: "data-v-show").count - 1
        #expect(buttons > 3 && described.count == buttons && Set(described).count == buttons, "\(described)")
        #expect(described.allSatisfy { page.contains(#"<span id="\#($0)">"#) }, "\(described)")
    }

    @Test("the page hands diff.js one outline per edit and side: text, colour, removal, addition, move and type")
    func thePageListsEveryEdit() throws {
        let site = try Self.site()
        #expect(site.diff.files.map(\.path) == [DiffReportSite.path])
        #expect(site.diff.files.first?.status == .changed)
        let outlines = try Self.probe().recordedOutlines()
        #expect(Set(outlines.map { "\($0.side) \($0.kind) \($0.pointer)" }) == (try Self.expectedOutlines(site)))
        #expect(outlines.count == 10, "no outline is listed twice: \(outlines)")
        let classes = Dictionary(outlines.map { ($0.kind, $0.changeClass) }, uniquingKeysWith: { first, _ in first })
        #expect(classes["added"] == "structure" && classes["removed"] == "structure" && classes["moved"] == "structure")
        let changedClasses = Set(outlines.filter { $0.kind == "changed" }.map(\.changeClass))
        #expect(changedClasses == ["breaking", "content", "style"], "the text is a content change, the colour a style change, the type breaking")
    }

    @Test("each outline marks exactly one element on its side: the one drawn at the change's component")
    func eachOutlineMarksItsElement() throws {
        let site = try Self.site()
        let probe = try Self.probe()
        let outlines = try probe.recordedOutlines()
        #expect(!outlines.isEmpty)
        for outline in outlines {
            let side = try probe.side(outline.side)
            let drawn = side.elements(at: outline.expectedElement)
            #expect(drawn.count == 1, "\(outline): \(drawn.count) elements drawn at \(outline.expectedElement)")
            #expect(drawn.first?.diff == outline.kind, "\(outline): data-v-diff of \(outline.expectedElement)")
            #expect(drawn.first?.classes.contains("v-diff-\(outline.kind)") == true,
                    "\(outline): classes of \(outline.expectedElement) are \(drawn.first?.classes ?? [])")
        }
        for name in Self.sides {
            let side = try probe.side(name)
            let entries = outlines.filter { $0.side == name }
            #expect(side.marked.count == entries.count, "\(name): \(entries.count) outlines, marked \(side.marked.map(\.path))")
            var marks: [String: String] = [:]
            for element in side.marked { marks[element.path] = element.diff }
            #expect(marks == site.expectedMarks(name), "\(name): the marked components by componentId")
            #expect(Set(entries.map(\.expectedElement)) == Set(site.expectedMarks(name).keys),
                    "\(name): the outlines point at the components the fixture edited")
        }
    }

    /// Above the first component of a screen, the screen would cut the badge off (a "moved"
    /// title showed none): there it sits inside, at the element's top.
    @Test("each badge sits above its element on one line, so it never hides what changed, unless the screen's top would cut it")
    func badgesSitAboveTheirElements() throws {
        let probe = try Self.probe()
        let marked = try probe.side("before").marked + probe.side("after").marked
        #expect(!marked.isEmpty)
        var inside = 0
        for element in marked {
            let badge = try #require(element.badge, "\(element.path) has no badge")
            if element.classes.contains("v-diff-badge-inside") {
                inside += 1
                expectNear(badge.top, element.box.top, "the badge of \(element.path) starts where its element does")
            } else {
                expectNear(badge.bottom, element.box.height, "the badge of \(element.path) ends where its element starts")
            }
            #expect(badge.whiteSpace == "nowrap", "\(element.path)")
        }
        #expect(inside == 2, "the title, at the top of each screen, has its badge inside")
    }

    /// A badge sits at its element's end; for an element narrower than its badge at the
    /// screen's left edge (the button `kind`) that would cut it ("hanged"), so it sits at the start.
    @Test("every badge lies inside its screen, also for a short element at the screen's edge or top")
    func badgesStayInsideTheirScreen() throws {
        let probe = try Self.probe()
        var narrowAtEdge = 0
        for element in try probe.side("before").marked + probe.side("after").marked {
            let badge = try #require(element.badge), screen = try #require(element.screen)
            #expect(badge.left >= screen.left - 0.5 && badge.left + badge.width <= screen.left + screen.width + 0.5,
                    "\(element.path): badge \(badge.left)+\(badge.width), screen \(screen)")
            #expect(badge.top >= screen.top - 0.5, "\(element.path): badge top \(badge.top), screen \(screen)")
            if element.box.width < badge.width && element.box.left - screen.left < 1 { narrowAtEdge += 1 }
        }
        #expect(narrowAtEdge >= 2, "the fixture has an element narrower than its badge at the screen's edge on each side")
    }

    /// A dashed outline 3 px wide drawn inside a 4 px divider would hide its colour, the change
    /// itself: outlines go outside the element, except at the screen's edges, which would clip
    /// them.
    @Test("outlines are drawn outside their element, inside only at the screen's edge")
    func outlinesGoOutsideUnlessClipped() throws {
        let site = try Self.site()
        let probe = try Self.probe()
        for name in Self.sides {
            let side = try probe.side(name)
            let swatchPointer = try #require(site.pointer(of: "swatch", on: name))
            let swatch = try #require(side.elements(at: swatchPointer).first)
            #expect(swatch.box.height == 4 && swatch.diff == "changed", "\(name): \(swatch.box)")
            #expect(swatch.outlineOffset > 0, "\(name): the swatch's outline-offset is \(swatch.outlineOffset)")
            var inside = 0
            for element in side.marked {
                let screen = try #require(element.screen)
                let box = element.box
                let atEdge = box.left - screen.left < 5 || screen.left + screen.width - (box.left + box.width) < 5 || box.top - screen.top < 5
                if atEdge { inside += 1 }
                #expect(atEdge ? element.outlineOffset < 0 : element.outlineOffset > 0,
                        "\(name) \(element.path): outline-offset \(element.outlineOffset), box \(box), screen \(screen)")
            }
            #expect(inside > 0, "\(name): the fixture has full-width texts at the screen's edge")
        }
    }

    @Test("an added view is outlined only after, a removed one only before; changed and moved ones on both sides")
    func outlinesAreOnTheRightSides() throws {
        let site = try Self.site()
        let probe = try Self.probe()
        let outlines = try probe.recordedOutlines()
        var sidesByKind: [String: Set<String>] = [:]
        for outline in outlines { sidesByKind[outline.kind, default: []].insert(outline.side) }
        #expect(sidesByKind == ["added": ["after"], "removed": ["before"], "changed": ["before", "after"], "moved": ["before", "after"]])

        let before = try probe.side("before"), after = try probe.side("after")
        #expect(!before.marked.contains { $0.diff == "added" }, "nothing is marked added in the before render")
        #expect(!after.marked.contains { $0.diff == "removed" }, "nothing is marked removed in the after render")
        let gone = try #require(site.pointer(of: "gone", on: "before"))
        let fresh = try #require(site.pointer(of: "fresh", on: "after"))
        #expect(before.elements(at: gone).map(\.diff) == ["removed"])
        #expect(after.elements(at: fresh).map(\.diff) == ["added"])
        for id in ["title", "swatch"] {
            #expect(before.elements(at: try #require(site.pointer(of: id, on: "before"))).map(\.diff) == ["changed"], "\(id) before")
            #expect(after.elements(at: try #require(site.pointer(of: id, on: "after"))).map(\.diff) == ["changed"], "\(id) after")
        }
        let moverBefore = try #require(site.pointer(of: "mover", on: "before"))
        let moverAfter = try #require(site.pointer(of: "mover", on: "after"))
        #expect(moverBefore != moverAfter, "the moved view is at another index after")
        #expect(before.elements(at: moverBefore).map(\.diff) == ["moved"])
        #expect(after.elements(at: moverAfter).map(\.diff) == ["moved"])
    }

    @Test("components that did not change carry no diff mark, and nothing outside the renders is marked")
    func unchangedComponentsAreNotMarked() throws {
        let site = try Self.site()
        let probe = try Self.probe()
        for name in Self.sides {
            let side = try probe.side(name)
            let expected = site.expectedMarks(name)
            #expect(side.elements.count > expected.count, "\(name): the render draws the unchanged components too")
            let stray = side.elements.filter { expected[$0.path] == nil && ($0.diff != nil || !$0.classes.isEmpty) }
            #expect(stray.isEmpty, "\(name): unchanged elements marked: \(stray.map { "\($0.path) \($0.diff ?? "") \($0.classes)" })")
            for id in DiffReportSite.unchanged {
                let pointer = try #require(site.pointer(of: id, on: name), "\(id) is in both payloads")
                let drawn = side.elements(at: pointer)
                #expect(!drawn.isEmpty, "\(name): \(id) is drawn at \(pointer)")
                #expect(drawn.allSatisfy { $0.diff == nil && $0.classes.isEmpty }, "\(name): \(id) at \(pointer) is not marked")
            }
        }
        let outside = probe.marked.filter { $0.side == nil || $0.path == nil }
        #expect(outside.isEmpty, "elements marked outside the renders or without a pointer: \(outside.map { $0.path ?? "-" })")
        #expect(probe.marked.count == probe.sides.reduce(0) { $0 + $1.marked.count })
    }

    @Test("every marked component is drawn with a box and a visible outline")
    func markedComponentsHaveAVisibleOutline() throws {
        let probe = try Self.probe()
        var count = 0
        for side in probe.sides {
            for element in side.marked {
                count += 1
                let what = "\(side.side) \(element.diff ?? "") \(element.path)"
                #expect(element.inScreen, "\(what) is inside the device's screen")
                #expect(element.box.width > 0 && element.box.height > 0, "\(what) has box \(element.box)")
                #expect(element.outlineStyle != "none", "\(what): computed outline-style")
                #expect(element.outlineWidth > 0, "\(what): computed outline-width")
            }
        }
        #expect(count == 10, "five marked components per side")
    }

    @Test("a change's Show button scrolls its view into the render's sight and flashes it")
    func showBringsAChangeIntoView() throws {
        let shown = try #require(try Self.probe().shown, "the page has an added view")
        #expect(shown.button, "the added view's change has a Show button")
        #expect(!shown.before, "the added view starts below the screen's fold")
        #expect(shown.after, "after Show it lies inside the screen")
        #expect(shown.flashing)
    }

    /// WCAG 1.4.10: at 320 px the page does not scroll sideways: the two sources go one under
    /// the other, and the renders are zoomed out to fit, as a doc's embeds are.
    @Test("a file page 320 px wide does not scroll sideways")
    func aNarrowFilePageReflows() throws {
        let narrow = try Self.site().narrowProbe.get()
        #expect(narrow.errors.isEmpty, "\(narrow.errors)")
        #expect(narrow.overflow <= 1, "the page is \(narrow.overflow) px wider than its window")
        #expect(try Self.probe().overflow <= 1)
    }

    /// On a tablet held upright, the 410 px devices did not fit one row: after went under before.
    @Test("820 px wide, before and after stay side by side, zoomed out a little")
    func aTabletKeepsTheSidesSideBySide() throws {
        let tablet = try Self.site().tabletProbe.get()
        #expect(tablet.errors.isEmpty, "\(tablet.errors)")
        let (before, after) = (try tablet.side("before").box, try tablet.side("after").box)
        expectNear(after.top, before.top, "after sits beside before, on its row")
        #expect(after.left >= before.left + before.width, "after is to the right of before: \(before), \(after)")
        #expect(before.width > 0.6 * 410, "zoomed out no further than 0.6: \(before.width) px")
    }
}
