import Testing

extension BrowserLayoutTests {
    /// How an aspect-fit image sizes itself in its frame (formats.md §1.2 `image`).
    @Suite("Images")
    struct Images {
        /// A 4 × 2 px PNG: an image twice as wide as it is tall.
        static let wideImage = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAIAAADwyuo0AAAAEElEQVR4nGP4z8AARwzIHABvqgf5gNwAKAAAAABJRU5ErkJggg=="
        /// Bytes that are no image: the image fails to load.
        static let brokenImage = "data:image/png;base64,AAAA"

        static let page = Result {
            try ChromiumPage.load(scene: SceneJSON.scene([
                SceneJSON.container("icon-row", "h", alignment: "center", spacing: 8, views: [
                    SceneJSON.image("row-image", wideImage, Field.frame(height: 40)),
                    SceneJSON.text("row-label", "Beside the image"),
                ]),
                SceneJSON.image("height-only", wideImage, Field.frame(height: 60)),
                SceneJSON.image("width-only", wideImage, Field.frame(width: 100)),
                SceneJSON.image("broken-height-only", brokenImage, Field.frame(height: 30)),
                SceneJSON.image("rounded", wideImage, Field.frame(width: 100, height: 100), Field.cornerRadius(20)),
                SceneJSON.image("missing-icon", "no-such-asset", Field.frame(width: 20, height: 20)),
                SceneJSON.image("missing-banner", "no-such-asset", Field.frame(width: 200, height: 100)),
            ]))
        }

        @Test("an image framed by height only is as wide as the picture at that height, in an h-stack and a v-stack")
        func heightOnlyFrameTakesTheImagesAspectWidth() throws {
            let page = try Self.page.get()
            let framed = try page.node("row-image").box
            // SwiftUI's frame(height:) proposes the height; the aspect-fit image answers 2 × 40 wide,
            // and the frame takes its child's width, leaving the rest of the row to the text.
            expectNear(framed.width, 80, "framed image width in the row")
            expectNear(framed.height, 40, "framed image height in the row")
            let label = try page.node("row-label").box
            expectNear(label.left, framed.left + 80 + 8, "the label starts after the image and the spacing")
            let alone = try page.node("height-only").box
            expectNear(alone.width, 120, "framed image width in the v-stack")
            expectNear(alone.left, try page.node("icon-row").box.left, "the leading v-stack puts it at the leading edge")
        }

        /// The placeholder of a missing asset stays in its frame: a 20 × 20 icon's drew 20 × 30
        /// (its padding and border outside the frame), over the row below it. It fills the frame,
        /// which the app keeps (drawing nothing in it): a designer took a small pill in a blank
        /// 200 × 100 banner for the layout.
        @Test("a missing asset's placeholder fills its frame")
        func missingAssetPlaceholderKeepsToItsFrame() throws {
            let page = try Self.page.get()
            for (id, width, height) in [("missing-icon", 20.0, 20.0), ("missing-banner", 200, 100)] {
                let node = try page.node(id), frame = node.box, placeholder = node.content
                expectNear(frame.width, width, "\(id) frame width")
                expectNear(frame.height, height, "\(id) frame height")
                #expect(placeholder.left >= frame.left - 0.5 && placeholder.left + placeholder.width <= frame.left + frame.width + 0.5
                        && placeholder.top >= frame.top - 0.5 && placeholder.top + placeholder.height <= frame.top + frame.height + 0.5,
                        "\(id): placeholder \(placeholder) in frame \(frame)")
                expectNear(placeholder.width, width, "\(id) placeholder width")
                expectNear(placeholder.height, height, "\(id) placeholder height")
            }
        }

        @Test("an image framed by width only fills that width and takes its height from its aspect ratio")
        func widthOnlyFrameTakesTheImagesAspectHeight() throws {
            let image = try Self.page.get().node("width-only").box
            expectNear(image.width, 100, "width")
            expectNear(image.height, 50, "height")
        }

        /// ImageComponent clips the picture with its radius before the frame: a 2:1 picture in a
        /// 100 × 100 frame is a rounded 100 × 50 picture in the frame's middle. The frame was
        /// rounded instead, where there is no picture, and the picture's corners stayed square.
        @Test("a rounded image in a frame of both sizes is rounded as the picture fits in it")
        func roundedImageIsRoundedAsFitted() throws {
            let image = try Self.page.get().node("rounded")
            expectNear(image.box.width, 100, "frame width")
            expectNear(image.box.height, 100, "frame height")
            let picture = image.content
            expectNear(picture.width, 100, "picture width")
            expectNear(picture.height, 50, "picture height")
            expectNear(picture.top - image.box.top, 25, "the picture is centred in the frame")
            #expect(picture.radius == 20, "the picture's own corners are rounded: \(picture.radius ?? -1)")
        }

        @Test("an image framed by height only that fails to load is a square placeholder of that height")
        func failedHeightOnlyImageIsSquare() throws {
            let image = try Self.page.get().node("broken-height-only").box
            expectNear(image.width, 30, "placeholder width")
            expectNear(image.height, 30, "placeholder height")
        }
    }
}
