import Testing

extension BrowserLayoutTests {
    /// Who fills and who hugs (rendering.md §3) in the vertical page, all cases on one page.
    @Suite("Sizing")
    struct Sizing {
        static let longText = String(repeating: "Vitrine draws SwiftUI scenes as HTML and CSS. ", count: 8)
        /// The line breaks SwiftUI's Text honours, as JSON escapes (bad-inputs.md C08).
        static let lineBreaks = [("lf", #"\n"#), ("crlf", #"\r\n"#), ("cr", #"\r"#), ("ls", #"\u2028"#)]

        static let page = Result {
            try ChromiumPage.load(scene: SceneJSON.scene([
                SceneJSON.rectangle("bare-rectangle"),
                SceneJSON.container("spacer-row", "h", alignment: "center", views: [
                    SceneJSON.text("spacer-left", "Left"),
                    SceneJSON.spacer("spacer"),
                    SceneJSON.text("spacer-right", "Right"),
                ]),
                SceneJSON.text("framed-text", "Hi", Field.frame(width: 200, height: 100)),
                SceneJSON.container("narrow-frame", "h", alignment: "center", Field.frame(width: 50, height: 20), views: [
                    SceneJSON.rectangle("narrow-frame-content", Field.frame(width: 140, height: 20)),
                ]),
                SceneJSON.rectangle("infinite-bar", Field.extreamFrame(["maxWidth": #""infinity""#, "idealHeight": "400"])),
                SceneJSON.rectangle("padded-infinite-bar", Field.extreamFrame(["maxWidth": #""infinity""#, "idealHeight": "40"]),
                                    Field.padding((edge: "horizontal", spacing: 16))),
                SceneJSON.text("narrow-word", "Supercalifragilistic", Field.frame(width: 60)),
                SceneJSON.text("max-only", "Hi", Field.extreamFrame(["maxWidth": "200"])),
                SceneJSON.text("min-max-short", "Short", Field.extreamFrame(["minWidth": "120", "maxWidth": "220"])),
                SceneJSON.text("min-only", "Hi", Field.extreamFrame(["minWidth": "120"])),
                SceneJSON.container("max-pair", "h", alignment: "center", spacing: 8, views: [
                    SceneJSON.text("max-pair-1", "One", Field.extreamFrame(["maxWidth": "300"])),
                    SceneJSON.text("max-pair-2", "Two", Field.extreamFrame(["maxWidth": "300"])),
                ]),
                SceneJSON.text("max-huge", "Title", Field.extreamFrame(["maxWidth": "10000"])),
                SceneJSON.container("max-centred", "v", alignment: "center", views: [
                    SceneJSON.text("max-centred-text", "Hi", Field.extreamFrame(["maxWidth": "200"])),
                ]),
                SceneJSON.container("text-beside-fill", "h", alignment: "center", spacing: 8, views: [
                    SceneJSON.text("text-beside-fill-long", longText),
                    SceneJSON.rectangle("text-beside-fill-bar", Field.frame(height: 20), Field.extreamFrame(["maxWidth": #""infinity""#])),
                ]),
                SceneJSON.container("short-beside-fill", "h", alignment: "center", spacing: 8, views: [
                    SceneJSON.text("short-beside-fill-text", "Short"),
                    SceneJSON.rectangle("short-beside-fill-bar", Field.frame(height: 20), Field.extreamFrame(["maxWidth": #""infinity""#])),
                ]),
                SceneJSON.container("fixed-text-fill", "h", alignment: "center", spacing: 8, views: [
                    SceneJSON.rectangle("fixed-text-fill-icon", Field.frame(width: 40, height: 40)),
                    SceneJSON.text("fixed-text-fill-label", "Standard delivery"),
                    SceneJSON.rectangle("fixed-text-fill-bar", Field.frame(height: 10), Field.extreamFrame(["maxWidth": #""infinity""#])),
                ]),
                SceneJSON.container("text-fill-price", "h", alignment: "center", spacing: 8, views: [
                    SceneJSON.text("text-fill-price-label", "Standard delivery"),
                    SceneJSON.rectangle("text-fill-price-bar", Field.frame(height: 10), Field.extreamFrame(["maxWidth": #""infinity""#])),
                    SceneJSON.text("text-fill-price-amount", "$12.99"),
                ]),
                SceneJSON.container("share-filler", "h", alignment: "center", spacing: 8, views: [
                    SceneJSON.rectangle("share-filler-capped", Field.frame(height: 20), Field.extreamFrame(["maxWidth": "200"])),
                    SceneJSON.rectangle("share-filler-fill", Field.frame(height: 20), Field.extreamFrame(["maxWidth": #""infinity""#])),
                ]),
                SceneJSON.container("share-caps", "h", alignment: "center", spacing: 8, views: [
                    SceneJSON.rectangle("share-caps-100", Field.frame(height: 20), Field.extreamFrame(["maxWidth": "100"])),
                    SceneJSON.rectangle("share-caps-300", Field.frame(height: 20), Field.extreamFrame(["maxWidth": "300"])),
                ]),
                SceneJSON.text("narrow-frame-wide-text", "Centred", Field.frame(width: 250), Field.extreamFrame(["maxWidth": "100"])),
                SceneJSON.container("short-frame", "v", alignment: "center", Field.frame(height: 50), views: [
                    SceneJSON.rectangle("tall-maximum", Field.extreamFrame(["maxHeight": "300"])),
                ]),
                SceneJSON.container("capped-row-holder", "v", alignment: "center", views: [
                    SceneJSON.rectangle("capped-row-rule", Field.extreamFrame(["maxWidth": #""infinity""#]), Field.frame(height: 1)),
                    SceneJSON.container("capped-row", "h", alignment: "center", spacing: 8, views: [
                        SceneJSON.text("capped-row-1", "Buy", Field.extreamFrame(["maxWidth": "120"])),
                        SceneJSON.text("capped-row-2", "Later", Field.extreamFrame(["maxWidth": "120"])),
                    ]),
                ]),
                SceneJSON.container("max-in-frame", "v", alignment: "center", Field.frame(width: 100), views: [
                    SceneJSON.text("max-in-frame-text", "Hi", Field.extreamFrame(["maxWidth": "200"])),
                ]),
                SceneJSON.button("row-button", label: SceneJSON.container("button-row", "h", alignment: "center", views: [
                    SceneJSON.text("button-left", "Left"),
                    SceneJSON.spacer("button-spacer"),
                    SceneJSON.text("button-right", "Right"),
                ])),
                SceneJSON.button("wide-button", label: SceneJSON.text("wide-button-label", "Add to cart",
                                                                      Field.extreamFrame(["maxWidth": #""infinity""#]), Field.frame(height: 48))),
                SceneJSON.text("clamped-text", longText, Field.lineLimit(2)),
                SceneJSON.text("short-frame-text", longText, Field.frame(height: 40)),
                SceneJSON.text("three-line-frame-text", longText, Field.frame(height: 70), Field.lineLimit(5)),
                SceneJSON.text("one-line-text", "Tiny " + String(repeating: "Supercalifragilistic", count: 4), Field.lineLimit(1)),
                SceneJSON.container("one-line-stack", "v", alignment: "leading", Field.padding((edge: "all", spacing: 16)), views: [
                    SceneJSON.text("one-line-in-stack", longText, Field.lineLimit(1)),
                ]),
                SceneJSON.text("one-line-gap-1", "A B", Field.lineLimit(1)),
                SceneJSON.text("one-line-gap-4", "A    B", Field.lineLimit(1)),
                SceneJSON.text("one-line-breaks", #"one\ntwo\nthree"#, Field.lineLimit(1)),
                SceneJSON.text("unclamped-text", longText),
                SceneJSON.rectangle("divider", Field.extreamFrame(["maxWidth": #""infinity""#, "maxHeight": "1"])),
                SceneJSON.rectangle("short-capped-bar", Field.extreamFrame(["maxHeight": "20"])),
                SceneJSON.scroll("capped-rail", axis: "h", content: SceneJSON.container("capped-rail-row", "h", alignment: "center", views: [
                    SceneJSON.rectangle("capped-rail-item", Field.frame(height: 20), Field.extreamFrame(["maxWidth": "100"])),
                ])),
                SceneJSON.container("minimum-row", "h", alignment: "center", spacing: 8, views: [
                    SceneJSON.rectangle("minimum-wide", Field.frame(height: 20), Field.extreamFrame(["minWidth": "250", "maxWidth": #""infinity""#])),
                    SceneJSON.rectangle("minimum-other", Field.frame(height: 20), Field.extreamFrame(["maxWidth": #""infinity""#])),
                ]),
            ] + lineBreaks.flatMap { name, escaped in [
                SceneJSON.text("breaks-\(name)", "one\(escaped)two\(escaped)three\(escaped)four"),
                SceneJSON.text("clamped-breaks-\(name)", "one\(escaped)two\(escaped)three\(escaped)four", Field.lineLimit(2)),
            ] } + [
                SceneJSON.scroll("rail", axis: "h", content: SceneJSON.container("rail-row", "h", alignment: "center", spacing: 8,
                    views: (1...6).map { SceneJSON.rectangle("rail-item-\($0)", Field.frame(width: 120, height: 60)) })),
            ]))
        }

        @Test("a rectangle without a frame in the vertical page is 10 pt tall and fills the width")
        func unframedRectangleTakesIdealHeightAndFullWidth() throws {
            let rectangle = try Self.page.get().node("bare-rectangle").box
            // A vertical ScrollView proposes no height, so a shape takes its ideal height (10); the width is proposed.
            expectNear(rectangle.height, 10, "rectangle height")
            expectNear(rectangle.width, deviceWidth, "rectangle width")
        }

        @Test("a spacer between two texts in an h-stack pushes them to the ends of the stack")
        func spacerPushesTextsApart() throws {
            let page = try Self.page.get()
            let row = try page.node("spacer-row").box
            let left = try page.node("spacer-left").box
            let right = try page.node("spacer-right").box
            // The Spacer takes all the width the HStack is offered, so the stack is as wide as the device.
            expectNear(row.width, deviceWidth, "h-stack width")
            expectNear(left.left, row.left, "left text's left edge")
            expectNear(right.right, row.right, "right text's right edge")
        }

        @Test("a frame larger than its content centres the content")
        func frameCentresContent() throws {
            let framed = try Self.page.get().node("framed-text")
            // .frame(width:height:) is exactly that size, and places its child with .center alignment.
            expectNear(framed.box.width, 200, "frame width")
            expectNear(framed.box.height, 100, "frame height")
            #expect(framed.content.width < 100, "the text hugs its string: \(framed.content)")
            expectNear(framed.content.midX, framed.box.midX, "text's horizontal centre")
            expectNear(framed.content.midY, framed.box.midY, "text's vertical centre")
        }

        @Test("a frame smaller than its content centres the content, which overflows on both sides")
        func frameCentresOverflowingContent() throws {
            let page = try Self.page.get()
            let frame = try page.node("narrow-frame")
            let content = try page.node("narrow-frame-content").box
            // The HStack keeps its fixed 140-pt child, so it is 140 wide; .frame(width: 50) centres it regardless.
            expectNear(frame.box.width, 50, "frame width")
            expectNear(content.width, 140, "content width")
            expectNear(content.midX, frame.box.midX, "content's horizontal centre")
            expectNear(content.left, frame.box.left - 45, "content's left (overflowing by 45)")
        }

        @Test("extreamFrame maxWidth infinity fills the device width; idealHeight 400 is the height in the vertical page")
        func infiniteMaxWidthFillsAndIdealHeightApplies() throws {
            let page = try Self.page.get()
            let bar = try page.node("infinite-bar").box
            // maxWidth: .infinity takes the proposed width; the scroll's nil height proposal makes the ideal height the height.
            expectNear(bar.width, deviceWidth, "bar width")
            expectNear(bar.height, 400, "bar height")

            let padded = try page.node("padded-infinite-bar")
            // Padding (outside the frame) takes 16 from each side of the proposed width.
            expectNear(padded.box.width, deviceWidth, "padded bar's outer width")
            expectNear(padded.content.width, deviceWidth - 32, "padded bar's width")
            expectNear(padded.content.left, padded.box.left + 16, "padded bar's left")
            expectNear(padded.content.height, 40, "padded bar's height")
        }

        /// SwiftUI's flexible frame: a finite maximum takes the offered size up to it, whatever the
        /// content; a minimum alone only widens what is narrower.
        @Test("extreamFrame with a finite maxWidth takes the space offered up to the maximum, never more")
        func finiteMaxWidthTakesTheMaximum() throws {
            let page = try Self.page.get()
            let maxOnly = try page.node("max-only")
            expectNear(maxOnly.box.width, 200, "maxWidth 200 around “Hi”")
            expectNear(maxOnly.content.midX, maxOnly.box.midX, "the text centred in its frame")
            expectNear(try page.node("min-max-short").box.width, 220, "minWidth 120, maxWidth 220 around “Short”")
            expectNear(try page.node("min-only").box.width, 120, "minWidth 120 alone around “Hi”")
            // Never more than the space offered: two maxima of 300 share a row, 10,000 is the
            // screen's width, 200 inside a 100-pt frame is 100.
            let pair = (try page.node("max-pair-1").box, try page.node("max-pair-2").box)
            expectNear(pair.0.width, (deviceWidth - 8) / 2, "each of two maxWidth 300 in a row")
            expectNear(pair.1.right, deviceWidth, "the row ends at the screen's edge")
            expectNear(try page.node("max-huge").box.width, deviceWidth, "maxWidth 10000")
            // A stack around such frames is only as wide as its children, as SwiftUI's: the page
            // (leading) places a stack holding one at its start, a centred stack its row in the middle.
            let centred = try page.node("max-centred-text").box
            expectNear(centred.width, 200, "maxWidth 200 in a centred stack")
            expectNear(try page.node("max-centred").box.width, 200, "the stack around it")
            expectNear(centred.left, 0, "at the page's leading edge")
            // A maximum height larger than a fixed frame around its stack takes the frame's height.
            let short = try page.node("short-frame").box
            let tall = try page.node("tall-maximum").box
            expectNear(tall.height, 50, "maxHeight 300 in a 50 pt frame")
            expectNear(tall.top, short.top, "inside the frame")
            // In a row they share what there is as SwiftUI's stack does, the least flexible first.
            expectNear(try page.node("share-filler-capped").box.width, (deviceWidth - 8) / 2, "maxWidth 200 beside a filling view")
            expectNear(try page.node("share-filler-fill").box.width, (deviceWidth - 8) / 2, "the filling view")
            expectNear(try page.node("share-caps-100").box.width, 100, "maxWidth 100 beside maxWidth 300")
            expectNear(try page.node("share-caps-300").box.width, deviceWidth - 8 - 100, "maxWidth 300 takes the rest")
            // A frame narrower than what it holds centres it, overflowing on both sides.
            let narrow = try page.node("narrow-frame-wide-text")
            expectNear(narrow.box.width, 100, "maxWidth 100 around a 250 pt frame")
            expectNear(narrow.content.midX, narrow.box.midX, "the 250 pt frame centred in it")
            let row = try page.node("capped-row").box
            expectNear(row.width, 120 + 8 + 120, "two maxWidth 120 in a row")
            expectNear(row.midX, deviceWidth / 2, "the row, centred by its stack")
            expectNear(try page.node("capped-row-1").box.width, 120, "each one its maximum")
            let framed = try page.node("max-in-frame").box
            expectNear(framed.width, 100, "the fixed frame")
            expectNear(try page.node("max-in-frame-text").box.width, 100, "maxWidth 200 inside it")
        }

        /// On the page's scroll axis a flexible frame offers no size: its content takes its ideal
        /// size (a shape's 10 pt), up to the maximum. `maxHeight: 1` is the usual 1 pt divider.
        @Test("a finite maximum on a scroll's axis caps the shape's ideal size: a 1 pt divider, a 10 pt bar")
        func finiteMaximumOnTheScrollAxis() throws {
            let page = try Self.page.get()
            let divider = try page.node("divider").box
            expectNear(divider.height, 1, "maxHeight 1")
            expectNear(divider.width, deviceWidth, "maxWidth infinity")
            expectNear(try page.node("short-capped-bar").box.height, 10, "maxHeight 20 around a shape's ideal 10")
            expectNear(try page.node("capped-rail-item").box.width, 10, "maxWidth 100 in a horizontal scroll")
        }

        /// A minimum is kept by a frame that fills: the other one takes what is left.
        @Test("a filling frame with a minWidth keeps it beside another filling frame")
        func minimumOfAFillingFrame() throws {
            let page = try Self.page.get()
            expectNear(try page.node("minimum-wide").box.width, 250, "minWidth 250")
            expectNear(try page.node("minimum-other").box.width, deviceWidth - 250 - 8, "the rest of the row")
        }

        /// SwiftUI's HStack offers the less flexible text its equal part first: a long text wraps
        /// in half the row beside a view that fills, a short one keeps its width.
        @Test("a text beside a view that fills gets at most its equal part of the row")
        func textBesideAFillingView() throws {
            let page = try Self.page.get()
            let long = try page.node("text-beside-fill-long").box
            expectNear(long.width, (deviceWidth - 8) / 2, "the long text")
            expectNear(try page.node("text-beside-fill-bar").box.width, (deviceWidth - 8) / 2, "the bar")
            let short = try page.node("short-beside-fill-text").box
            #expect(short.width < 80, "the short text keeps its width: \(short.width)")
            expectNear(try page.node("short-beside-fill-bar").box.width, deviceWidth - 8 - short.width, "the bar takes the rest")
            // What a fixed view or a short text leaves is shared by the others: a label that fits
            // in its part stays on one line.
            for (label, bar, others) in [("fixed-text-fill-label", "fixed-text-fill-bar", 40.0),
                                         ("text-fill-price-label", "text-fill-price-bar", try page.node("text-fill-price-amount").box.width)] {
                let text = try page.node(label).box
                let line = try #require(text.lineHeight)
                #expect(text.height < line * 1.5, "\(label) stays on one line: \(text.width) px wide")
                expectNear(try page.node(bar).box.width, deviceWidth - 16 - others - text.width, "\(bar) takes the rest")
            }
        }

        @Test("a button passes its width to a label that fills: a spacer pushes the label's texts to the button's edges")
        func buttonLabelFillsTheButton() throws {
            let page = try Self.page.get()
            let button = try page.node("row-button").box
            expectNear(button.width, deviceWidth, "button width")
            expectNear(try page.node("button-row").box.width, deviceWidth, "label row width")
            expectNear(try page.node("button-left").box.left, button.left, "left text at the button's leading edge")
            expectNear(try page.node("button-right").box.right, button.right, "right text at the button's trailing edge")
            let wide = try page.node("wide-button-label").box
            expectNear(wide.width, deviceWidth, "a maxWidth infinity label fills its button")
            expectNear(wide.height, 48, "label height")
        }

        @Test("a word wider than its text's frame breaks inside the frame instead of running out of it")
        func wordWiderThanItsFrameBreaks() throws {
            let framed = try Self.page.get().node("narrow-word")
            expectNear(framed.box.width, 60, "frame width")
            #expect(framed.content.width <= 60.5 && framed.content.left >= framed.box.left - 0.5, "the text inside the frame: \(framed.content)")
            #expect(framed.content.height > 30, "the word takes several lines: \(framed.content)")
        }

        @Test("lineLimit 2 clamps a long text to two lines")
        func lineLimitClampsToTwoLines() throws {
            let page = try Self.page.get()
            let clamped = try page.node("clamped-text").content
            let unclamped = try page.node("unclamped-text").content
            let lineHeight = try #require(clamped.lineHeight, "the text's computed line-height")
            // .lineLimit(2) shows at most two lines (then an ellipsis); without it the text wraps freely.
            expectNear(clamped.height, 2 * lineHeight, "clamped text height")
            #expect(unclamped.height >= 4 * lineHeight, "the unclamped text wraps to many lines: \(unclamped.height) px")
            expectNear(clamped.width, unclamped.width, "clamped text width")
        }

        @Test("a text taller than its fixed-height frame shows the lines that fit, inside the frame")
        func textInAShortFrameIsCutToTheLinesThatFit() throws {
            let page = try Self.page.get()
            // 17 pt text, 1.2 line height: 40 pt hold one line, 70 pt three (a lineLimit of 5 allows more).
            for (id, frameHeight, lines) in [("short-frame-text", 40.0, 1.0), ("three-line-frame-text", 70, 3)] {
                let framed = try page.node(id)
                let lineHeight = try #require(framed.content.lineHeight, "the text's computed line-height")
                expectNear(framed.box.height, frameHeight, "\(id): frame height")
                expectNear(framed.content.height, lines * lineHeight, "\(id): text height")
                #expect(framed.content.top >= framed.box.top - 0.5 && framed.content.top + framed.content.height <= framed.box.top + frameHeight + 0.5,
                        "\(id): the text stays inside its frame: \(framed.content) in \(framed.box)")
            }
        }

        /// At a larger Text size fewer lines fit the frame: counted at the default size, the
        /// third line of 1.5 × 17 pt text ran out of its 70 pt frame.
        @Test("at a larger Text size a fixed-height frame holds fewer lines, and the text stays inside it")
        func textInAShortFrameFollowsTheTextSize() throws {
            let page = try ChromiumPage.load(scene: SceneJSON.scene([
                SceneJSON.text("three-line-frame-text", Self.longText, Field.frame(height: 70), Field.lineLimit(5)),
                SceneJSON.text("limited-frame-text", Self.longText, Field.frame(height: 200), Field.lineLimit(2)),
            ]), fragment: "#scale=1.5")
            let framed = try page.node("three-line-frame-text")
            let lineHeight = try #require(framed.content.lineHeight, "the text's computed line-height")
            expectNear(lineHeight, 1.2 * 17 * 1.5, "line height at Text size 1.5")
            expectNear(framed.content.height, 2 * lineHeight, "two lines of 30.6 pt fit 70 pt")
            // The payload's lineLimit still caps what the frame would hold.
            let limited = try page.node("limited-frame-text")
            expectNear(limited.content.height, 2 * lineHeight, "lineLimit 2 in a frame that holds six")
        }

        @Test("lineLimit 1 keeps a text on one line and cuts it at the letter that no longer fits, not at a word")
        func lineLimitOneCutsAtTheLetter() throws {
            let page = try Self.page.get()
            let text = try page.node("one-line-text")
            let lineHeight = try #require(text.content.lineHeight, "the text's computed line-height")
            expectNear(text.content.height, lineHeight, "one line")
            // The first line runs on to the edge, through the long word; cut at a word, it would
            // end after "Tiny" with the rest of the width empty.
            let right = try #require(text.firstLineRight, "the first line's box")
            #expect(right > text.content.right - 40, "the first line ends at \(right), the text's box at \(text.content.right)")
            #expect(text.scrollHeight > text.clientHeight, "the rest is cut")
            // A stack that hugs it stays within the screen: it does not take the text's whole line as its width.
            let stack = try page.node("one-line-stack").box
            #expect(stack.right <= deviceWidth + 0.5 && stack.left >= -0.5, "the hugging stack: \(stack)")
            expectNear(try page.node("one-line-in-stack").box.width, deviceWidth - 32, "the text inside the stack's padding")
            // Its spaces are the payload's, as in every other text; a line break ends its one line.
            let (single, four) = (try page.node("one-line-gap-1").box, try page.node("one-line-gap-4").box)
            #expect(four.width > single.width + 10, "runs of spaces kept: \(four.width) vs \(single.width)")
            let breaks = try page.node("one-line-breaks").content
            expectNear(breaks.height, try #require(breaks.lineHeight), "a text with line breaks stays on one line")
        }

        @Test("LF, CRLF, a lone CR and U+2028 each break a text's line, and lineLimit 2 clamps them to two", arguments: lineBreaks.map(\.0))
        func lineBreaksBreakLinesAndAreClamped(kind: String) throws {
            let page = try Self.page.get()
            let free = try page.node("breaks-\(kind)").content
            let clamped = try page.node("clamped-breaks-\(kind)").content
            let lineHeight = try #require(free.lineHeight, "the text's computed line-height")
            expectNear(free.height, 4 * lineHeight, "four lines")
            expectNear(clamped.height, 2 * lineHeight, "clamped to two lines")
        }

        @Test("a horizontal scroll with wide content scrolls and keeps the content's natural width")
        func horizontalScrollKeepsContentWidth() throws {
            let page = try Self.page.get()
            let rail = try page.node("rail")
            let row = try page.node("rail-row").box
            // Six 120-pt boxes 8 pt apart: the HStack's ideal width, since the scroll axis is unbounded.
            let naturalWidth = 6 * 120 + 5 * 8.0
            expectNear(row.width, naturalWidth, "scrolled row width")
            // ScrollView takes the proposed width and hugs its content's height on the other axis.
            expectNear(rail.clientWidth, deviceWidth, "scroll viewport width")
            expectNear(rail.box.height, 60, "scroll height")
            expectNear(rail.scrollWidth, naturalWidth, "scroll extent")
            #expect(rail.scrollWidth > rail.clientWidth && rail.scrollsSideways, "the rail scrolls: scrollWidth \(rail.scrollWidth), clientWidth \(rail.clientWidth)")
        }
    }
}
