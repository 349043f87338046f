import Testing
@testable import VitrineCore

/// What a payload's file name gives its page.
@Suite struct SitePathTests {
    /// A title is the file name's words, capitalised: dashes and underscores are spaces, never
    /// two in a row nor at either end.
    @Test(arguments: [
        ("payloads/feeds/homeList.json", "HomeList"),
        ("scenes/order-tracking.json", "Order tracking"),
        ("-dash.json", "Dash"),
        ("a--b__c_.json", "A b c"),
        ("---.json", "---"),
        ("ılık_çay.json", "Ilık çay"),
        // No name before the extension: the whole path is the name.
        (".json", ".json"),
        ("///.json-x", "///.json x"),
        ("a/b/-_-.json", "-_-"),
        ("a/\u{1F600}-b.json", "\u{1F600} b"),
    ])
    func titleComesFromTheFileName(path: String, title: String) {
        #expect(SitePath.title(for: path) == title)
    }

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
