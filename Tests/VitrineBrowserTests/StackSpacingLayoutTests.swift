import Testing

extension BrowserLayoutTests {
    /// Negative spacing, lazy stacks and a framed horizontal scroll: what SwiftUI does where CSS
    /// defaults differ.
    @Suite("Stack spacing and scroll height")
    struct StackSpacing {
        static let page = Result {
            try ChromiumPage.load(scene: SceneJSON.scene(alignment: "center", [
                SceneJSON.container("overlap-v", "v", alignment: "center", spacing: -10, views: [
                    SceneJSON.rectangle("overlap-v-first", Field.frame(width: 60, height: 30)),
                    SceneJSON.rectangle("overlap-v-second", Field.frame(width: 60, height: 30)),
                ]),
                SceneJSON.container("overlap-h", "h", alignment: "center", spacing: -20, views: [
                    SceneJSON.rectangle("overlap-h-first", Field.frame(width: 60, height: 30)),
                    SceneJSON.rectangle("overlap-h-second", Field.frame(width: 60, height: 30)),
                ]),
                SceneJSON.container("lazy-v", "lv", alignment: "leading", views: [
                    SceneJSON.text("lazy-v-text", "A"),
                ]),
                SceneJSON.container("eager-v", "v", alignment: "leading", views: [
                    SceneJSON.text("eager-v-text", "A"),
                ]),
                SceneJSON.scroll("framed-rail", axis: "h", content: SceneJSON.container("framed-rail-row", "h", alignment: "center", spacing: 8,
                    views: (1...3).map { SceneJSON.rectangle("framed-rail-item-\($0)", Field.frame(width: 50)) }), Field.frame(height: 100)),
                SceneJSON.scroll("short-rail", axis: "h", content: SceneJSON.container("short-rail-row", "h", alignment: "center", spacing: 8,
                    views: (1...3).map { SceneJSON.rectangle("short-rail-item-\($0)", Field.frame(width: 50, height: 30)) }), Field.frame(height: 100)),
            ]))
        }

        @Test("negative spacing overlaps a v-stack's and an h-stack's children by that much")
        func negativeSpacingOverlapsChildren() throws {
            let page = try Self.page.get()
            let (top, below) = (try page.node("overlap-v-first").box, try page.node("overlap-v-second").box)
            expectNear(below.top, top.bottom - 10, "second row's top, 10 pt into the first")
            let (left, right) = (try page.node("overlap-h-first").box, try page.node("overlap-h-second").box)
            expectNear(right.left, left.right - 20, "second box's left, 20 pt into the first")
            expectNear(try page.node("overlap-h").box.width, 100, "the row is 60 + 60 − 20 wide")
        }

        @Test("a lazy v-stack takes the whole width offered, a v-stack only its children's")
        func lazyVStackFillsTheWidth() throws {
            let page = try Self.page.get()
            expectNear(try page.node("lazy-v").box.width, deviceWidth, "lazy v-stack width")
            #expect(try page.node("eager-v").box.width < 30, "the v-stack hugs its one letter")
            expectNear(try page.node("lazy-v-text").box.left, try page.node("lazy-v").box.left, "its leading child at the leading edge")
        }

        @Test("a horizontal scroll of fixed height offers that height to its content")
        func framedHorizontalScrollOffersItsHeight() throws {
            let page = try Self.page.get()
            let rail = try page.node("framed-rail")
            expectNear(rail.box.height, 100, "scroll height")
            let item = try page.node("framed-rail-item-1").box
            expectNear(item.height, 100, "a rectangle without a height fills the scroll's height")
            expectNear(item.width, 50, "its framed width")
        }

        /// As a vertical scroll centres content narrower than itself, a horizontal one centres
        /// content shorter than itself (it was drawn at the top).
        @Test("a horizontal scroll centres content shorter than itself")
        func horizontalScrollCentresShortContent() throws {
            let page = try Self.page.get()
            let (rail, row) = (try page.node("short-rail").box, try page.node("short-rail-row").box)
            expectNear(row.height, 30, "the row hugs its 30 pt rectangles")
            expectNear(row.top - rail.top, 35, "the row is centred in the 100 pt scroll")
        }
    }
}
