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

    /// C06: a 1 MB token, drawn cut at 256 KiB, wraps inside the device instead of widening it.
    @Suite("A megabyte token")
    struct MegabyteToken {
        static let page = Result {
            try ChromiumPage.load(scene: SceneJSON.scene(alignment: "leading", [
                SceneJSON.text("token", String(repeating: "a", count: 1_000_000)), SceneJSON.text("after", "After"),
            ]))
        }

        @Test("wraps within the device width, and what follows stays below it")
        func wrapsWithinTheDevice() throws {
            let page = try Self.page.get()
            let root = try page.node("root")
            let token = try page.node("token")
            #expect(token.box.width <= root.box.width + 0.5, "the token is \(token.box.width) px wide in a \(root.box.width) px screen")
            #expect(token.scrollWidth <= token.clientWidth + 1, "the token overflows its box")
            #expect(token.box.height > 1_000, "262 144 letters wrap onto many lines: \(token.box.height) px")
            #expect(try page.node("after").box.top >= token.box.top + token.box.height - 0.5)
        }
    }
}
