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
}
