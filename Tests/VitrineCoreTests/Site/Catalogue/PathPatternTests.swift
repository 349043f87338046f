import Testing
@testable import VitrineCore

/// `exclude` and `hidden` globs of vitrine.json.
@Suite struct PathPatternTests {
    @Test(arguments: [
        ("drafts/**", "drafts/a.json", true),
        ("drafts/**", "drafts/x/y/a.json", true),
        ("drafts/**", "other/drafts/a.json", false),
        ("**/wip-*.json", "a/b/wip-home.json", true),
        ("**/wip-*.json", "wip-home.json", true),
        ("**/wip-*.json", "a/wip/home.json", false),
        ("*.json", "home.json", true),
        ("*.json", "a/home.json", false),
        ("a/?.json", "a/b.json", true),
        ("a/?.json", "a/bc.json", false),
        ("a/b.json", "a/b.json", true),
        ("a/b.json", "a/b.jsonx", false),
        ("feeds/*/legacy.json", "feeds/tr/legacy.json", true),
    ])
    func matchesWholePaths(pattern: String, path: String, matches: Bool) {
        #expect(PathPattern(pattern).matches(path) == matches)
    }
}
