import Testing
@testable import VitrineCore

/// What every page's frame says of the page: which section of the site navigation it is in.
@Suite struct PageFrameTests {
    /// The site navigation marks the section a page is in: the section's own page as the page,
    /// any page under it as `true`; the screens' section holds the index and `screens/`.
    @Test func theNavigationMarksTheSectionAPageIsIn() {
        #expect(PageFrame.current("index.html", page: "index.html", section: "screens/") == "page")
        #expect(PageFrame.current("screens/feeds/home.html", page: "index.html", section: "screens/") == "true")
        #expect(PageFrame.current("gallery/text.html", page: "index.html", section: "screens/") == nil)
        #expect(PageFrame.current("gallery/text.html", page: "gallery/index.html") == "true")
        #expect(PageFrame.current("docs/guide/setup.html", page: "docs/index.html") == "true")
        #expect(PageFrame.current("docs-old/a.html", page: "docs/index.html") == nil, "a folder that only starts alike is another section")
        #expect(PageFrame.current("about.html", page: "about.html") == "page")
        #expect(PageFrame.current("changes.html", page: "about.html") == nil, "a page at the root has no section")
    }
}
