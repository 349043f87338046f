import Testing
@testable import VitrineCore

/// `limits` in `vitrine.json`: each one, when exceeded, is a located error for that input only.
@Suite struct LimitsTests {
    private func build(_ files: [String: String]) -> (BuildReport, MemorySiteWriter) {
        let input = MemoryInput(files)
        let writer = MemorySiteWriter()
        return (BuildPipeline(listing: input.listing, source: input, writer: writer, theme: BuildPipelineTests.theme).run(), writer)
    }

    private static let text = #"{"type":"text","component":{"componentId":"t","text":"Hi"}}"#

    @Test func aScreenWithMoreNodesThanTheLimitIsALocatedErrorAndTheOthersBuild() {
        let (report, writer) = build([
            "vitrine.json": #"{"limits": {"nodes": 3}}"#,
            "big.json": SceneFixture.scene([Self.text, Self.text, Self.text, Self.text].joined(separator: ",")),
            "small.json": SceneFixture.scene(Self.text),
        ])
        let errors = report.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(SceneFixture.format) == ["1:261: error: screen has more than 3 view nodes (5 in all; limits.nodes in vitrine.json); not drawn (at /container/views/2/component)"])
        #expect(errors.first?.file == "big.json")
        #expect(report.screens.map(\.status) == [.failed, .rendered])
        #expect(writer.text("screens/small.html")?.contains("Hi") == true)
    }

    /// A feed's all-list pages draw its items again: they count, and the message says so and
    /// gives the total, so that the limit can be raised to it.
    @Test func aFeedOverTheLimitCountsItsAllListPages() {
        let item = #"{"title":"Item"}"#
        let feed = #"[{"id":1,"title":"T","layoutTemplateDTO":{"layoutTemplate":"card_01"},"cellType":"card_image","buttonTypes":["alllist"],"data":["#
            + Array(repeating: item, count: 3).joined(separator: ",") + "]}]"
        let (report, _) = build(["vitrine.json": #"{"limits": {"nodes": 3}}"#, "feed.json": feed])
        let limit = report.diagnostics.map(\.message).filter { $0.hasPrefix("screen has more than") }
        #expect(limit == ["screen has more than 3 view nodes (33 with its all-list pages; limits.nodes in vitrine.json); not drawn"], "\(limit)")
    }

    /// A number too small for a field in a screen over the limit is said once, by the field's
    /// error, as in any other screen.
    @Test func anUnderflowInAScreenOverTheLimitIsSaidOnce() {
        let tiny = #"{"type":"text","component":{"componentId":"t","text":"Hi","font":{"fontSize":1e-400}}}"#
        let (report, _) = build(["vitrine.json": #"{"limits": {"nodes": 3}}"#,
                                 "big.json": SceneFixture.scene([tiny, Self.text, Self.text, Self.text].joined(separator: ","))])
        let said = report.diagnostics.filter { $0.pointer?.description == "/container/views/0/component/font/fontSize" }
        #expect(said.count == 1, "\(report.diagnostics.map(SceneFixture.format))")
    }

    @Test func depthAndStringLengthAreTheReadersLimits() {
        let (report, _) = build([
            "vitrine.json": #"{"limits": {"depth": 3, "stringBytes": 12}}"#,
            "deep.json": #"{"container": {"a": {"b": [1]}}}"#,
            "long.json": #"{"container": "01234567890123456789"}"#,
        ])
        #expect(report.diagnostics.filter { $0.severity == .error }.map { "\($0.file) \(SceneFixture.format($0))" } == [
            "deep.json 1:27: error: nesting deeper than 3 (limits.depth in vitrine.json) (at /container/a/b)",
            "long.json 1:15: error: string longer than 12 bytes as written in the file (limits.stringBytes in vitrine.json) (at /container)",
        ])
    }

    @Test func aDocumentOverTheDocLimitIsNotRendered() {
        let (report, writer) = build([
            "vitrine.json": #"{"limits": {"docSizeMiB": 1}}"#,
            "docs/big.md": String(repeating: "word ", count: (1 << 20) / 5 + 1),
            "docs/small.md": "# Small\n",
        ])
        #expect(report.diagnostics.filter { $0.file.hasPrefix("docs/") }.map(\.message)
            == ["document is 1048580 bytes, over the 1 MiB limit (limits.docSizeMiB in vitrine.json); not rendered"])
        #expect(writer.text("docs/small.html")?.contains("Small") == true)
    }

    @Test func valuesOutOfRangeAndUnknownKeysAreWarningsAndTheDefaultsStand() {
        let (configuration, problems) = SiteConfiguration.read(Array(#"{"limits": {"depth": 10000, "nodes": -1, "fileSizeMiB": "big", "speed": 1, "docSizeMiB": 4}}"#.utf8))
        var expected = Limits()
        expected.docSizeMiB = 4
        #expect(configuration.limits == expected)
        #expect(problems.map(\.message).contains("limits.depth must be between 1 and 512; the default 512 stands"))
        #expect(problems.map(\.message).contains("limits.nodes must be between 1 and 10000000; the default 100000 stands"))
        #expect(problems.count == 4)
    }
}
