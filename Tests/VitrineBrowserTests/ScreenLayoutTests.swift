import Foundation
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

        static let barPage = Result {
            try ChromiumPage.load(scene: SceneJSON.scene(alignment: "center", [SceneJSON.text("only-text", "Short screen")])
                .replacingOccurrences(of: #""hasNavigationBar":false"#, with: #""hasNavigationBar":true"#))
        }

        /// A font file of the input's `fonts/` (the demo's DejaVu Serif Bold) is what a text
        /// naming it is drawn in, from a page in a sub-folder opened from `file://`.
        static let fontPage = Result {
            let font = try [UInt8](Data(contentsOf: TestSite.repository.appendingPathComponent("Site/fonts/DejaVuSerif-Bold.ttf")))
            let scene = SceneJSON.scene(alignment: "center", [SceneJSON.text("serif", "Serif", #""font":{"fontName":"DejaVuSerif-Bold","fontSize":20}"#),
                                                               SceneJSON.text("plain", "Plain")])
            return try ChromiumPage.load(scene: scene, files: ["fonts/DejaVuSerif-Bold.ttf": font])
        }

        @Test("a text naming a font of the input's fonts/ is drawn in it")
        func inputFontsAreLoadedAndUsed() throws {
            let page = try Self.fontPage.get()
            #expect(page.measurement.loadedFonts == ["DejaVuSerif 700"], "\(page.measurement.loadedFonts)")
        }

        @Test("a short screen under a navigation bar does not scroll")
        func shortScreenUnderABarDoesNotScroll() throws {
            let page = try Self.barPage.get()
            let scroll = try #require(page.measurement.screenScroll)
            #expect(scroll[0] <= scroll[1], "scrollHeight \(scroll[0]) against clientHeight \(scroll[1])")
            let root = try page.node("root").box
            let screen = try #require(page.measurement.screen)
            expectNear(root.top - screen.top, 44, "the content starts below the 44 px bar")
        }
    }

    /// A row of the demo's checkout: a long one-line name beside a short price. The price keeps
    /// its words whole on one line and the name gives way, as in SwiftUI's HStack.
    @Suite("A long name beside a price")
    struct NameBesidePrice {
        static let page = Result {
            try ChromiumPage.load(scene: SceneJSON.scene([
                SceneJSON.container("row", "h", alignment: "top", spacing: 12, views: [
                    SceneJSON.rectangle("thumb", #""frame":{"width":56,"height":56}"#),
                    SceneJSON.container("details", "v", alignment: "leading", spacing: 2, views: [
                        SceneJSON.text("name", "Canvas low-top sneaker, off-white with gum sole and organic cotton laces", #""lineLimit":1"#),
                        SceneJSON.text("size", "Size 41 · Off-white"),
                    ]),
                    SceneJSON.spacer("gap"),
                    SceneJSON.text("price", "$54.90"),
                ]),
            ]))
        }

        @Test("the price stays on one line and the name is cut to one")
        func priceStaysOnOneLine() throws {
            let page = try Self.page.get()
            let price = try page.node("price").box
            let line = try #require(price.lineHeight)
            #expect(price.height < line * 1.5, "the price is \(price.height) px tall, \(price.width) px wide")
            #expect(price.width > 30)
            let name = try page.node("name").box
            #expect(name.height < line * 1.5)
            #expect(name.left + name.width <= price.left + 0.5)
        }
    }

    /// SwiftUI's HStack offers its children equal shares, the least flexible first: a short text
    /// beside a long one keeps its natural width, and the long one wraps in what is left (CSS's
    /// flex-shrink, by width, squeezed the short one onto three lines).
    @Suite("A short text beside a long one")
    struct ShortBesideLong {
        static let long = String(repeating: "A long description that wraps. ", count: 4)
        static let page = Result {
            try ChromiumPage.load(scene: SceneJSON.scene([
                SceneJSON.container("row", "h", alignment: "top", spacing: 8, views: [
                    SceneJSON.text("short", "Medium label text"),
                    SceneJSON.text("long", long),
                ]),
                SceneJSON.container("spaced", "h", alignment: "center", views: [
                    SceneJSON.text("spaced-left", "Left"),
                    SceneJSON.spacer("spaced-gap"),
                    SceneJSON.text("spaced-right", "Right"),
                ]),
            ]))
        }

        @Test("the short text stays on one line; the long one takes the rest of the row")
        func shortTextKeepsItsWidth() throws {
            let page = try Self.page.get()
            let short = try page.node("short").box
            let long = try page.node("long").box
            let line = try #require(short.lineHeight)
            #expect(short.height < line * 1.5, "the short text is \(short.width) px wide, \(short.height) px tall")
            expectNear(long.left, short.right + 8, "the long text follows the short one")
            expectNear(long.right, try page.node("row").box.right, "the long text reaches the row's end")
            #expect(long.height > line * 1.5, "the long text wraps")
        }

        @Test("texts with a spacer between them keep their natural widths at the row's ends")
        func spacerTakesTheRest() throws {
            let page = try Self.page.get()
            let row = try page.node("spaced").box
            expectNear(try page.node("spaced-left").box.left, row.left, "left text")
            expectNear(try page.node("spaced-right").box.right, row.right, "right text")
            #expect(try page.node("spaced-gap").box.width > 200, "the spacer takes the rest")
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

extension BrowserLayoutTests {
    /// A button's action is shown under it while it is hovered or focused. At the screen's
    /// trailing edge it was cut off by the screen; then, kept to a small button's width, it
    /// became a column of letters. It now starts from the button's edge on the side with more
    /// room, and wraps only within that room.
    @Suite("A button's action label")
    struct ActionLabel {
        static let page = Result {
            try ChromiumPage.load(scene: SceneJSON.scene([
                SceneJSON.container("row", "h", alignment: "center", views: [
                    SceneJSON.spacer("gap"),
                    SceneJSON.button("edge", label: SceneJSON.text("edge-label", "Go"),
                                     #""action":{"type":"push","destination":"orderHistoryWithAVeryLongDestinationName"}"#),
                ]),
                SceneJSON.rectangle("filler", Field.frame(width: 10, height: 760)),
                SceneJSON.button("bottom", label: SceneJSON.text("bottom-label", "Share"), #""action":{"type":"modal","destination":"share"}"#),
            ]))
        }

        @Test("a small button at the screen's trailing edge shows its whole action inside the screen, on one line")
        func actionStaysInTheScreen() throws {
            let page = try Self.page.get()
            let screen = try #require(page.measurement.screen)
            let button = try page.node("edge")
            let tip = try #require(button.actionTip, "the focused button shows its action")
            #expect(tip[0] >= screen.left - 0.5 && tip[1] <= screen.right + 0.5, "the label spans \(tip), the screen \(screen.left)–\(screen.right)")
            #expect(tip[2] < 24, "one line of 12 px text: \(tip[2]) px high")
            #expect(abs(tip[1] - button.box.right) < 1, "it ends at the button's right edge, the side with room")
        }

        @Test("a button at the foot of the screen shows its action above it")
        func actionAboveAtTheFoot() throws {
            let page = try Self.page.get()
            let screen = try #require(page.measurement.screen)
            let button = try page.node("bottom")
            #expect(button.box.bottom > screen.bottom - 40, "the fixture's button is at the screen's foot: \(button.box), \(screen)")
            let tip = try #require(button.actionTip)
            #expect(tip[3] + tip[2] <= button.box.top + 0.5 && tip[3] >= screen.top, "the label is above the button: top \(tip[3]), height \(tip[2])")
        }

        /// WCAG 1.4.13: what a focus or a hover shows can be dismissed without moving them.
        @Test("Escape hides a focused button's action until the button is focused again")
        func escapeHidesTheAction() throws {
            let button = try Self.page.get().node("bottom")
            #expect(button.actionDismissal == [false, true], "shown after Escape, shown after focusing again: \(String(describing: button.actionDismissal))")
        }
    }
}
