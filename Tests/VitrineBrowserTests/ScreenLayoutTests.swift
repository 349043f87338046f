import Testing

extension BrowserLayoutTests {
    /// The screen itself: a vertical ScrollView of the device width.
    @Suite("Screen")
    struct Screen {
        static let page = Result {
            try ChromiumPage.load(scene: SceneJSON.scene(alignment: "center", [SceneJSON.text("only-text", "Short screen")]))
        }

        @Test("a short screen starts at the top of the device")
        func shortContentStartsAtTheTop() throws {
            let page = try Self.page.get()
            let root = try page.node("root").box
            let text = try page.node("only-text").box
            // A vertical ScrollView places content at its top edge; it is 844 pt tall, so a
            // vertically centred 20 pt screen would start ~400 px lower than the page's top bar.
            #expect(root.top < 150, "the root container starts at \(root.top) px")
            expectNear(text.top, root.top, "the text is the container's first line")
        }
    }
}
