import Testing
@testable import VitrineCore

/// A custom component drawn by a template of its own is counted, listed and given a gallery
/// page under that template's name; the others stay `custom`.
@Suite struct CatalogueNameTests {
    static let resources = RenderResources(templates: ComponentTemplates.compile([
        "rating-stars": "<span>{{rating}}</span>", "custom": "<span>?</span>",
    ]).0)

    static func custom(_ id: String) -> ViewNode {
        ViewNode(.custom(.init(templateKeys: [id, "custom"], payload: JSONValue(.null, offset: 0))), id: id,
                 source: SourceRef(pointer: .root, offset: 0), component: "custom")
    }

    /// A gallery page's name is cut and hashed when the component's name is long (a cell type
    /// of 300 letters failed to write on every build).
    @Test func aLongComponentNameGetsAPageNameFileSystemsTake() {
        let long = GalleryPages.page(for: "cell." + String(repeating: "x", count: 300))
        let other = GalleryPages.page(for: "cell." + String(repeating: "x", count: 301))
        #expect(SitePath.fileName(long).utf8.count < 150 && long != other)
        #expect(GalleryPages.page(for: "cell.card_image") == "gallery/cell.card_image.html")
        // One name in NFC and NFD, counted as one by the gallery, has one page (the NFD one linked to a page not written).
        #expect(GalleryPages.page(for: "section.caf\u{E9}") == GalleryPages.page(for: "section.cafe\u{301}"))
        // Two names whose hashes agree in their first 32 bits, the suffix's length until it had all 64.
        #expect(GalleryPages.page(for: "cell.x >@=~") != GalleryPages.page(for: "cell.x!#])#"))
    }

    @Test func aTemplateOfItsOwnNamesTheComponent() {
        #expect(Self.resources.templates.catalogueName(of: Self.custom("rating-stars")) == "custom.rating-stars")
        #expect(Self.resources.templates.catalogueName(of: Self.custom("loyalty-card")) == "custom", "drawn by custom.mustache")
        #expect(ComponentTemplates().catalogueName(of: Self.custom("rating-stars")) == "custom", "no template at all")
        #expect(Self.resources.templates.catalogueName(of: Self.custom("custom")) == "custom")
        let text = ViewNode(.text(.init("Hi")), source: SourceRef(pointer: .root, offset: 0), component: "text")
        #expect(Self.resources.templates.catalogueName(of: text) == "text")
    }

    @Test func theCensusCountsByThatName() {
        let stack = ViewKind.Stack(axis: .vertical, spacing: nil, alignment: .center,
                                   children: [Self.custom("rating-stars"), Self.custom("rating-stars"), Self.custom("loyalty-card")])
        let root = ViewNode(.stack(stack), source: SourceRef(pointer: .root, offset: 0), component: "container.v")
        let census = ScreenCensus(root, name: Self.resources.templates.catalogueName)
        #expect(census.counts == ["container.v": 1, "custom.rating-stars": 2, "custom": 1])
    }
}
