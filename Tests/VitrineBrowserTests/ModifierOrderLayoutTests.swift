import Testing

extension BrowserLayoutTests {
    /// The box model of the client's modifier order (formats.md §1.5), all cases on one page.
    /// Kept short so every box is inside the browser window, where hit tests work.
    @Suite("Modifier order")
    struct ModifierOrder {
        static let green = "rgb(52, 199, 89)"
        static let yellow = "rgb(255, 204, 0)"
        static let blue = "rgb(90, 200, 250)"

        static let page = Result {
            try ChromiumPage.load(scene: SceneJSON.scene([
                SceneJSON.text("overlay-base", "Base",
                               Field.frame(width: 100, height: 60), Field.background("34C759"), Field.cornerRadius(20),
                               Field.overlay(SceneJSON.rectangle("overlay-layer", Field.frame(width: 140, height: 20),
                                                                 Field.foreground("FF3B30"))),
                               Field.padding((edge: "leading", spacing: 30))),
                SceneJSON.text("fill-overlay-base", "Base", Field.frame(width: 120, height: 40), Field.background("34C759"),
                               Field.cornerRadius(8), Field.overlay(SceneJSON.rectangle("fill-overlay-layer", Field.foreground("FF3B30"))),
                               Field.padding((edge: "leading", spacing: 30))),
                SceneJSON.text("padded-all", "Padded", Field.background("FFCC00"), Field.padding((edge: "all", spacing: 20))),
                SceneJSON.text("padded-edges", "Edges", Field.background("5AC8FA"),
                               Field.padding((edge: "horizontal", spacing: 12), (edge: "top", spacing: nil))),
            ]))
        }

        @Test("padding sits outside the background, on every edge it names")
        func paddingIsOutsideBackground() throws {
            let page = try Self.page.get()
            let all = try page.node("padded-all")
            let background = try #require(all.layer(background: Self.yellow), "a layer painted yellow in \(all.layers)")
            // .background then .padding(20): the background is the text's size, the padded box 20 larger on each side.
            expectNear(background.left - all.box.left, 20, "leading padding")
            expectNear(all.box.right - background.right, 20, "trailing padding")
            expectNear(background.top - all.box.top, 20, "top padding")
            expectNear(all.box.bottom - background.bottom, 20, "bottom padding")
            #expect(all.box.background == "rgba(0, 0, 0, 0)", "the padding is not painted: \(all.box.background)")

            let edges = try page.node("padded-edges")
            let edgesBackground = try #require(edges.layer(background: Self.blue), "a layer painted blue in \(edges.layers)")
            // horizontal 12, then top with no spacing: SwiftUI's default padding, 16; no bottom padding.
            expectNear(edgesBackground.left - edges.box.left, 12, "horizontal padding, leading")
            expectNear(edges.box.right - edgesBackground.right, 12, "horizontal padding, trailing")
            expectNear(edgesBackground.top - edges.box.top, 16, "default top padding")
            expectNear(edges.box.bottom - edgesBackground.bottom, 0, "bottom padding")
        }

        @Test("an overlay is centred on the clipped box of its base and is not clipped by cornerRadius")
        func overlayIsCentredAndUnclipped() throws {
            let page = try Self.page.get()
            let base = try page.node("overlay-base")
            let overlay = try page.node("overlay-layer")
            let clipped = try #require(base.layer(background: Self.green), "a layer painted green in \(base.layers)")
            // frame → background → cornerRadius: the green box is the 100×60 frame; padding 30 is outside it.
            expectNear(clipped.width, 100, "clipped box width")
            expectNear(clipped.height, 60, "clipped box height")
            expectNear(clipped.left - base.box.left, 30, "leading padding outside the overlay")
            // .overlay proposes the clipped box's size; a fixed 140×20 frame keeps its size, centred.
            expectNear(overlay.box.width, 140, "overlay width")
            expectNear(overlay.box.height, 20, "overlay height")
            expectNear(overlay.box.midX, clipped.midX, "overlay's horizontal centre")
            expectNear(overlay.box.midY, clipped.midY, "overlay's vertical centre")
            // .overlay comes after .cornerRadius, so the parts outside the rounded box are still drawn.
            #expect(overlay.corners == [true, true, true, true], "overlay corners drawn (tl, tr, bl, br): \(overlay.corners)")
        }

        @Test("an overlay that fills takes exactly the size of its base's clipped box")
        func fillingOverlayCoversClippedBox() throws {
            let page = try Self.page.get()
            let base = try page.node("fill-overlay-base")
            let overlay = try page.node("fill-overlay-layer").box
            let clipped = try #require(base.layer(background: Self.green), "a layer painted green in \(base.layers)")
            // .overlay proposes the clipped box's size (120×40), and a Rectangle takes all it is offered.
            expectNear(overlay.left, clipped.left, "overlay's left")
            expectNear(overlay.top, clipped.top, "overlay's top")
            expectNear(overlay.width, 120, "overlay width")
            expectNear(overlay.height, 40, "overlay height")
        }
    }
}
