import Foundation
import Testing
@testable import VitrineCore

/// Every page of the bundled demo matches its golden file byte for byte.
///
/// Re-record on purpose with `VITRINE_RECORD_GOLDEN=1 swift test --filter DemoSiteGoldenTests`,
/// then read the changed files (`git diff Tests/VitrineCoreTests/Golden`) before committing.
@Suite struct DemoSiteGoldenTests {
    static let goldenFolder = Repository.path("Tests/VitrineCoreTests/Golden/demo")

    /// The demo built once for every test here (it was built again for each of its 31 pages).
    static let demo = Result { () throws -> MemorySiteWriter in
        let listing = DirectoryWalker(root: Repository.path("Site")).list()
        let writer = MemorySiteWriter()
        let theme = try ThemeLoader.theme(Repository.path("Themes/default"))
        _ = BuildPipeline(listing: listing, source: FileReader(root: Repository.path("Site")), writer: writer, theme: theme).run()
        return writer
    }

    static func buildDemo() throws -> MemorySiteWriter {
        try demo.get()
    }

    static let pages: [String] = {
        DirectoryWalker(root: Repository.path("Site")).list().payloads.map(SitePath.screenPage) + [
            "index.html", "index.json", "catalogue/screens.js", "screens/payloads/scenes/checkout.frame.html",
            "screens/payloads/feeds/edge-cases.all-5.html",
            "gallery/index.html", "gallery/button.html", "gallery/section.card_01.html", "docs/payload-formats.html",
        ]
    }()

    @Test(arguments: pages)
    func pageMatchesGolden(page: String) throws {
        let writer = try Self.buildDemo()
        let actual = try #require(writer.text(page), "the build wrote no \(page)")
        let goldenPath = Self.goldenFolder + "/" + page
        if ProcessInfo.processInfo.environment["VITRINE_RECORD_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(atPath: (goldenPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try actual.write(toFile: goldenPath, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOfFile: goldenPath, encoding: .utf8)
        #expect(actual == expected, "\(page) differs from its golden file; re-record with VITRINE_RECORD_GOLDEN=1 and read the diff")
    }

    /// Issue #4: site JavaScript lives in files, under a CSP without inline scripts. Every page
    /// of the demo carries the policy, and its only inline scripts are JSON data blocks.
    @Test func everyPageHasTheContentSecurityPolicyAndNoInlineScript() throws {
        let writer = try Self.buildDemo()
        let pages = writer.files.keys.filter { $0.hasSuffix(".html") }.sorted()
        #expect(pages.count > 50)
        let policy = #"<meta http-equiv="Content-Security-Policy" content="\#(HTMLEscaper.attribute(PageFrame.contentSecurityPolicy))">"#
        #expect(policy.contains("script-src &#39;self&#39;;"))
        for page in pages {
            let text = try #require(writer.text(page))
            #expect(text.contains(policy), "\(page) lacks the policy")
            let scripts = text.components(separatedBy: "<script").dropFirst().map { String($0.prefix { $0 != ">" }) }
            let inline = scripts.filter { !$0.contains(#" src=""#) && !$0.contains(#"type="application/json""#) }
            #expect(inline.isEmpty, "\(page) has inline scripts: \(inline)")
        }
    }

    @Test func demoBuildsWithoutErrors() throws {
        let listing = DirectoryWalker(root: Repository.path("Site")).list()
        let theme = try ThemeLoader.theme(Repository.path("Themes/default"))
        let report = BuildPipeline(listing: listing, source: FileReader(root: Repository.path("Site")), writer: MemorySiteWriter(), theme: theme).run()
        #expect(report.errorCount == 0, "\(report.diagnostics.filter { $0.severity == .error })")
        #expect(report.screens.count >= 14)
        #expect(report.screens.allSatisfy { $0.status == .rendered })
    }
}
