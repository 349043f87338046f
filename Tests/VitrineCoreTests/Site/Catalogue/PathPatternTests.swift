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
        ("a/**/b/*.json", "a/b/x.json", true),
        ("a/**/b/*.json", "a/x/y/b/x.json", true),
        ("a/**/b/*.json", "a/x/y/c/x.json", false),
        ("**/**/x.json", "x.json", true),
        ("**", "a/b.json", true),
        ("*a*b*", "xxaxxbxx", true),
        ("*a*b*", "xxbxxaxx", false),
        ("a*", "a", true),
        ("*?", "", false),
        ("?*?", "ab", true),
        ("b*b", "bab", true),
        ("b*b", "ba", false),
        ("*.json", "*.json", true),
    ])
    func matchesWholePaths(pattern: String, path: String, matches: Bool) {
        #expect(PathPattern(pattern).matches(path) == matches)
    }

    /// A file matches when a folder it is in does, as in `.gitignore`; `./` is the input folder.
    @Test(arguments: [
        ("payloads/legacy/", "payloads/legacy/a.json", true),
        ("payloads/legacy", "payloads/legacy/x/a.json", true),
        ("payloads/legacy", "payloads/legacy-old/a.json", false),
        ("./payloads/drafts/**", "payloads/drafts/a.json", true),
        ("legacy", "payloads/legacy/a.json", false),
        ("**/legacy", "payloads/legacy/a.json", true),
        ("*.json", "a/home.json", false),
        ("a/b.json", "a/b.json", true),
    ])
    func matchesFilesByTheirFolders(pattern: String, path: String, matches: Bool) {
        #expect(PathPattern(pattern).matchesFile(path) == matches)
    }

    /// Patterns a backtracking matcher took minutes over (a hostile `vitrine.json` in a pull
    /// request): each is matched in time proportional to its length times the path's.
    @Test(.timeLimit(.minutes(1)))
    func hostilePatternsAreMatchedAtOnce() {
        let deep = (0..<30).map { "d\($0)" }.joined(separator: "/") + "/screen.json"
        let stars = String(repeating: "**/", count: 40)
        #expect(!PathPattern(stars + "nomatch").matchesFile(deep))
        #expect(PathPattern(stars + "screen.json").matches(deep))
        let name = "payloads/" + String(repeating: "a", count: 200)
        #expect(!PathPattern("payloads/" + String(repeating: "*a", count: 40) + "*c").matches(name))
        #expect(PathPattern("payloads/" + String(repeating: "*a", count: 40) + "*").matches(name))
    }
}
