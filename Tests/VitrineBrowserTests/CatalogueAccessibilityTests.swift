import Foundation
import Testing

/// Issue #4: "the catalogue itself is accessible: keyboard navigation, landmarks, labels,
/// visible focus, contrast". Each page kind, in light and dark, looked at by `a11y-probe.js`;
/// keyboard navigation itself is driven in `CatalogueInteractionTests` (tree, skip link, pager).
@Suite("Catalogue accessibility", .enabled(if: Chromium.shouldRun, "chromium is not on PATH; run scripts/setup.sh --test"))
struct CatalogueAccessibilityTests {
    static let visits = CatalogueSite.accessibilityPages.flatMap { [$0 + " light", $0 + " dark"] }

    static func probe(_ visit: String) throws -> AccessibilityProbe {
        try #require(try CatalogueSite.visited.get().accessibility[visit]).get()
    }

    @Test("every control has an accessible name and every image an alt text", arguments: visits)
    func controlsAreNamed(visit: String) throws {
        let probe = try Self.probe(visit)
        #expect(probe.checked.controls >= 10, "controls looked at: \(probe.checked.controls)")
        #expect(probe.unnamed == [], "controls without a name")
        #expect(probe.noAlt == [], "images without alt")
    }

    @Test("every box that scrolls is a named tab stop or holds a control", arguments: visits)
    func scrollingBoxesAreReachable(visit: String) throws {
        let probe = try Self.probe(visit)
        #expect(probe.unreachableScrollers == [], "scrolling boxes the keyboard cannot reach")
        // The docs page's code block is wider than its column: there is one to look at.
        if visit.hasPrefix("docs/") { #expect(probe.checked.scrollers >= 1) }
    }

    @Test("one banner, one main, one contentinfo and one h1; every navigation labelled", arguments: visits)
    func landmarksAndHeadings(visit: String) throws {
        let landmarks = try Self.probe(visit).landmarks
        #expect(landmarks.banner == 1 && landmarks.main == 1 && landmarks.contentinfo == 1, "\(landmarks)")
        #expect(landmarks.navigation >= 1 && landmarks.unlabelledNavigation == [], "\(landmarks)")
        #expect(try Self.probe(visit).h1 == 1)
        #expect(try Self.probe(visit).shownHidden == [], "an element marked hidden (an empty pager's landmark) is drawn")
    }

    @Test("every kind of control shows a ring when focused from the keyboard", arguments: visits)
    func focusIsVisible(visit: String) throws {
        let probe = try Self.probe(visit)
        #expect(!probe.checked.focused.isEmpty, "no control focused")
        #expect(probe.unfocused == [])
        #expect(probe.clippedRings == [], "focus rings cut by the box that scrolls around them")
        #expect(probe.renderRings == [], "a render's focus rings against its light screen, on a \(visit.hasSuffix("dark") ? "dark" : "light") page")
        if visit.contains("bakery") { #expect(probe.checked.renderButtons > 0, "the bakery's button was looked at") }
    }

    /// WCAG 1.4.10: in a 320 px window nothing but a code block or a render scrolls sideways.
    @Test("in a 320 px window no page is wider than the window", arguments: CatalogueSite.narrowPages)
    func pagesReflowAtThreeHundredTwentyPixels(page: String) throws {
        let probe = try #require(try CatalogueSite.visited.get().narrowAccessibility[page]).get()
        #expect(probe.sideways == 0, "the page is \(probe.sideways) px wider than the window")
    }

    /// `Themes/high-contrast` is for readers who need more than AA: its chrome's text is 7:1 (AAA).
    @Test("the high-contrast theme's text is 7:1 against its background, light and dark",
          arguments: CatalogueSite.accessibilityPages.prefix(2).flatMap { [$0 + " light", $0 + " dark"] })
    func highContrastThemeMeetsSevenToOne(visit: String) throws {
        let probe = try #require(try CatalogueSite.visited.get().highContrast[visit]).get()
        #expect(probe.checked.texts >= 10, "text elements looked at: \(probe.checked.texts)")
        #expect(probe.lowContrast == [])
        #expect(probe.unnamed == [] && probe.unfocused == [])
    }

    /// The site is opened from `file://` in a sub-folder (`deep/nested/site/`): each page kind,
    /// the gallery's too, finds its stylesheet, and its links stay inside the site.
    @Test("each page finds the theme's stylesheet and links only inside the site, opened from a sub-folder", arguments: visits)
    func pagesWorkFromASubFolder(visit: String) throws {
        let probe = try Self.probe(visit)
        #expect(probe.styled, "the theme's stylesheet did not apply")
        #expect(probe.outside == [], "links out of the site")
    }

    @Test("the focus checks reach every kind of control the catalogue has")
    func focusChecksReachEveryKind() throws {
        let focused = try Self.visits.reduce(into: Set<String>()) { $0.formUnion(try Self.probe($1).checked.focused) }
        #expect(focused.sorted() == ["[role=\"treeitem\"]", "a[href]", "button", "input[type=\"checkbox\"]", "input[type=\"search\"]", "select"])
    }

    @Test("the catalogue's text meets WCAG AA contrast against its background", arguments: visits)
    func textHasContrast(visit: String) throws {
        let probe = try Self.probe(visit)
        #expect(probe.checked.texts >= 10, "text elements looked at: \(probe.checked.texts)")
        #expect(probe.lowContrast == [])
    }
}
