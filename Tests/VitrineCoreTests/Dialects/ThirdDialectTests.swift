import Testing
@testable import VitrineCore

/// A dialect of a program's own goes through the whole build as the built-in ones do (the design
/// the next dialects, Adaptive Cards and SwiftJsonUI layouts, build on).
@Suite struct ThirdDialectTests {
    /// `{"banner": "text"}`: one line of text.
    struct BannerDialect: PayloadDialect {
        let name = "banner"
        var claimsEveryObject = false

        func recognizes(_ root: JSONValue) -> Bool {
            if case .object = root.kind { return claimsEveryObject || root["banner"] != nil }
            return false
        }

        func decode(_ root: JSONValue, context: inout DecodingContext) -> DecodedScreen {
            var object = ObjectReader(root, at: .root, what: "a banner", context: &context)
            let text = object?.string("banner", required: true, context: &context) ?? ""
            object?.finish(context: &context)
            return DecodedScreen(hasNavigationBar: false, root: ViewNode(.text(.init(text)), id: "banner", source: context.source(of: root, at: .root),
                                                                         component: "banner"))
        }
    }

    func build(_ files: [String: String], extra: BannerDialect) -> (BuildReport, MemorySiteWriter) {
        let input = MemoryInput(files)
        let writer = MemorySiteWriter()
        var pipeline = BuildPipeline(listing: input.listing, source: input, writer: writer, theme: BuildPipelineTests.theme)
        pipeline.dialects = { DialectRegistry(dialects: DialectRegistry.standard(for: $0).dialects + [extra]) }
        return (pipeline.run(), writer)
    }

    @Test func aDialectOfItsOwnDrawsItsDocumentsIntoTheSite() throws {
        let (report, writer) = build(["promo.json": #"{"banner": "Summer <sale>", "colour": 1}"#, "home.json": CatalogueBuildTests.text("t", "Home")],
                                     extra: BannerDialect())
        #expect(report.screens.map { "\($0.payload) \($0.dialect ?? "-") \($0.status)" } == ["home.json scene rendered", "promo.json banner rendered"])
        // Its own decoder's diagnostics, located as the built-in dialects' are.
        #expect(report.diagnostics.map { "\($0.file) \(SceneFixture.format($0))" } == ["promo.json 1:29: warning: unknown key `colour`; the app ignores it (at /colour)"])
        let page = try #require(writer.text("screens/promo.html"))
        #expect(page.contains(#"data-v-path="" data-v-id="banner">Summer &lt;sale&gt;</div>"#), "\(page)")
        #expect(writer.text("index.json")?.contains(#""kind" : "banner""#) == true)
        #expect(writer.text("gallery/banner.html") != nil, "its component has a gallery page")
    }

    /// A dialect added to a program's build reads the files an earlier build, without it, cached
    /// as of an unknown format.
    @Test func aDialectAddedSinceTheLastBuildReadsItsFilesAgain() throws {
        let input = MemoryInput(["promo.json": #"{"banner": "Summer"}"#])
        let writer = MemorySiteWriter()
        let first = BuildPipeline(listing: input.listing, source: input, writer: writer, theme: BuildPipelineTests.theme).run()
        #expect(first.screens.map(\.status) == [.unknown])
        var pipeline = BuildPipeline(listing: input.listing, source: input, writer: writer, theme: BuildPipelineTests.theme,
                                     previousCache: try #require(writer.files[BuildCache.fileName].flatMap(BuildCache.read)))
        pipeline.dialects = { DialectRegistry(dialects: DialectRegistry.standard(for: $0).dialects + [BannerDialect()]) }
        #expect(pipeline.run().screens.map { "\($0.dialect ?? "-") \($0.status)" } == ["banner rendered"])
    }

    /// Two dialects that claim one document: the first in the registry reads it, with a warning
    /// naming the other (the first match had won silently).
    @Test func aDocumentTwoDialectsClaimIsReadByTheFirstWithAWarning() {
        let (report, _) = build(["home.json": CatalogueBuildTests.text("t", "Home")], extra: BannerDialect(claimsEveryObject: true))
        #expect(report.screens.map(\.dialect) == ["scene"])
        #expect(report.diagnostics.map(\.message) == ["read as scene, though it is also a banner document (the first dialect that recognises a file reads it)"])
    }
}
