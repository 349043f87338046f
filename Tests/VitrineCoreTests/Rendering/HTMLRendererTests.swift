import Testing
@testable import VitrineCore

/// The renderer's box model, checked on trees built in code (no JSON): which modifiers merge into
/// a box and which need a new one, and how fill travels up.
@Suite struct HTMLRendererTests {
    func node(_ kind: ViewKind, _ modifiers: [Modifier] = [], id: String? = nil, at pointer: String = "/n") -> ViewNode {
        ViewNode(kind, modifiers: modifiers, id: id, source: SourceRef(pointer: JSONPointer(pointer)!, offset: 0))
    }

    func render(_ root: ViewNode, resources: RenderResources = RenderResources()) -> RenderedScreen {
        HTMLRenderer(resources: resources).render(root, rootPrefix: "../")
    }

    @Test func backgroundAndCornerRadiusMergeIntoTheContentBox() {
        let rendered = render(node(.text(.init("Hi")), [.background(RGBAColor(red: 255, green: 0, blue: 0)), .cornerRadius(8)]))
        #expect(rendered.html == #"<div class="v-text s0" data-v-path="/n">Hi</div>"#)
        #expect(rendered.css == ".s0{background-color:#ff0000;border-radius:8px;overflow:hidden}")
    }

    /// A rail scrolls, so the browser makes it a focus stop: it is a group named by its label
    /// (a feed section's title, escaped), or "Items"; rows flowing down the page are not. A
    /// scroll view is named too.
    @Test func aRailIsAGroupNamedByItsLabel() {
        func grid(_ direction: Axis, label: String?) -> ViewNode {
            node(.grid(.init(direction: direction, lines: 1, itemWidth: .points(84), spacing: 12, insets: EdgeInsets(), paging: false,
                             label: label, children: [node(.text(.init("A")))])))
        }
        #expect(render(grid(.horizontal, label: "Deals \"<b>\"")).html.hasPrefix(
            #"<div class="v-grid v-rail v-fill-x s0" data-v-path="/n" role="group" aria-label="Deals &quot;&lt;b&gt;&quot;">"#))
        #expect(render(grid(.horizontal, label: nil)).html.contains(#"role="group" aria-label="Items">"#))
        #expect(!render(grid(.vertical, label: "Deals")).html.contains("role="))
        // So is a scene's scroll view.
        let scroll = node(.scroll(.init(axis: .horizontal, showsIndicators: true, content: node(.text(.init("A"))))))
        #expect(render(scroll).html.contains(#"role="group" aria-label="Horizontal scroll view">"#))
    }

    @Test func backgroundAfterClippingGetsItsOwnUnclippedBox() {
        let rendered = render(node(.text(.init("Hi")), [.cornerRadius(8), .background(RGBAColor(red: 0, green: 0, blue: 255))]))
        #expect(rendered.html == #"<div class="v-box v-cell s0" data-v-path="/n"><div class="v-text s1">Hi</div></div>"#)
        #expect(rendered.css == ".s0{background-color:#0000ff}\n.s1{border-radius:8px;overflow:hidden}")
    }

    @Test func paddingWrapsOutsideTheBackgroundAndConsecutivePaddingsAdd() {
        let rendered = render(node(.text(.init("Hi")), [
            .background(RGBAColor(red: 0, green: 0, blue: 0)), .padding(.horizontal, 16), .padding(.all, nil), .padding(.top, -4),
        ]))
        #expect(rendered.html == #"<div class="v-box v-cell s0" data-v-path="/n"><div class="v-text s1">Hi</div></div>"#)
        #expect(rendered.css.hasPrefix(".s0{padding-block-start:12px;padding-inline-start:32px;padding-block-end:16px;padding-inline-end:32px}"))
    }

    /// F13: one generated class per distinct declaration block, numbered in first-use order, so
    /// 100 000 colours give 100 000 rules of bounded size, the same on every render.
    @Test func everyDistinctColourGetsOneRuleInFirstUseOrder() {
        let count = 100_000
        let children = (0..<count).map { (index: Int) -> ViewNode in
            let colour = RGBAColor(red: UInt8(index >> 16), green: UInt8((index >> 8) & 0xFF), blue: UInt8(index & 0xFF))
            return node(.shape(.rectangle), [.background(colour)], at: "/n/\(index)")
        }
        let root = node(.stack(.init(axis: .vertical, spacing: 0, alignment: .center, children: children + children.prefix(10))))
        let first = render(root)
        let rules = first.css.split(separator: "\n")
        #expect(rules.count == count + 1)  // and the stack's gap
        #expect(rules.prefix(2) == [".s0{gap:0}", ".s1{height:10px;background-color:#000000}"])
        #expect(rules.last == ".s100000{height:10px;background-color:#01869f}")
        #expect(rules.allSatisfy { $0.utf8.count <= 48 })
        #expect(first.html.contains(#"data-v-path="/n/99999""#))
        #expect(render(root) == first)
    }

    /// D04: a payload's ids are data, never HTML ids, so odd ones need no uniquing: each is
    /// written whole, escaped, to `data-v-id`.
    @Test(arguments: ["a b", "", String(repeating: "é\"<&", count: 2_500), "x\" onclick=\"alert(1)"])
    func idsAreWrittenOnlyAsEscapedData(id: String) {
        let html = render(node(.spacer(), id: id)).html
        #expect(!html.contains(" id="))
        #expect(html == #"<div class="v-spacer v-fill-x" data-v-path="/n" data-v-id="\#(HTMLEscaper.attribute(id))"></div>"#)
    }

    @Test func negativePaddingBecomesANegativeMargin() {
        let rendered = render(node(.spacer(), [.padding(.leading, -10)]))
        #expect(rendered.css.contains("margin-inline-start:-10px"))
    }

    @Test func frameCentresContentAndStopsFillOnItsAxes() {
        let rendered = render(node(.shape(.rectangle), [.frame(width: 120, height: nil)]))
        #expect(rendered.html == #"<div class="v-box v-cell s0" data-v-path="/n"><div class="v-shape v-filled v-fill-x s1"></div></div>"#)
        #expect(rendered.css == ".s0{width:120px;flex-shrink:0}\n.s1{height:10px}")
    }

    @Test func infiniteMaxWidthFillsAndIdealHeightSizesTheUnboundedAxis() {
        let frame = FlexibleFrame(maxWidth: .infinity, idealHeight: .points(400))
        let rendered = render(node(.shape(.rectangle), [.flexibleFrame(frame)]))
        #expect(rendered.html == #"<div class="v-box v-cell v-fill-x s0" data-v-path="/n"><div class="v-shape v-filled v-fill-x v-fill-y"></div></div>"#)
        #expect(rendered.css == ".s0{height:400px}")
    }

    @Test func stackFillsAnAxisWhenAChildDoes() {
        let stack = ViewKind.Stack(axis: .horizontal, spacing: nil, alignment: Alignment(horizontal: .center, vertical: .top),
                                   children: [node(.text(.init("A")), at: "/n/0"), node(.spacer(), at: "/n/1")])
        let rendered = render(node(.stack(stack), id: "row"))
        #expect(rendered.html == #"<div class="v-stack v-h v-ai-start v-fill-x s0" data-v-path="/n" data-v-id="row"><div class="v-text" data-v-path="/n/0">A</div><div class="v-spacer v-fill-x" data-v-path="/n/1"></div></div>"#)
        #expect(rendered.css == ".s0{gap:8px}")
    }

    @Test func overlayIsDrawnOverTheClippedBoxWithoutBeingClipped() {
        let badge = node(.text(.init("NEW")), at: "/n/overlay")
        let rendered = render(node(.shape(.rectangle), [.frame(width: 40, height: 40), .cornerRadius(20), .overlay(badge)]))
        #expect(rendered.html == #"<div class="v-box v-cell v-overlaid" data-v-path="/n"><div class="v-box v-cell s0"><div class="v-shape v-filled v-fill-x v-fill-y"></div></div><div class="v-overlay v-cell"><div class="v-text" data-v-path="/n/overlay">NEW</div></div></div>"#)
        #expect(rendered.css == ".s0{width:40px;height:40px;flex-shrink:0;border-radius:20px;overflow:hidden}")
    }

    @Test func horizontalScrollUnboundsItsAxisForItsContent() {
        let content = node(.shape(.rectangle), at: "/n/c")
        let rendered = render(node(.scroll(.init(axis: .horizontal, showsIndicators: false, content: content))))
        #expect(rendered.html == #"<div class="v-scroll v-scroll-h v-no-indicators v-fill-x" data-v-path="/n" role="group" aria-label="Horizontal scroll view"><div class="v-shape v-filled s0" data-v-path="/n/c"></div></div>"#)
        #expect(rendered.css == ".s0{width:10px;height:10px}")
    }

    @Test func missingAssetIsAPlaceholderWithAWarning() {
        let rendered = render(node(.image(.init(.asset("hero")))))
        #expect(rendered.html == #"<div class="v-placeholder v-warning" data-v-path="/n" title="asset “hero”">asset “hero”</div>"#)
        #expect(rendered.issues.map(\.message) == [#"asset "hero" not found in assets/"#])
        // Named with its file's extension, which the app's names do not have: the message says so.
        let named = render(node(.image(.init(.asset("hero.png")))), resources: RenderResources(assets: ["hero": "assets/hero.png"]))
        #expect(named.issues.map(\.message) == [#"asset "hero.png" not found in assets/: the app names an asset without its extension; write "hero""#])
    }

    /// The path is percent-encoded: `#`, `?` and `%` in a file's name are the name's, not a
    /// fragment, a query or an escape (a static server answered 404 for `assets/a#b.png`).
    @Test func assetImagesLinkIntoTheSitesAssetsFolder() {
        let rendered = render(node(.image(.init(.asset("hero")))), resources: RenderResources(assets: ["hero": "assets/hero image.png"]))
        #expect(rendered.html.contains(#"<img src="../assets/hero%20image.png" alt="" loading="lazy" decoding="async">"#))
        let odd = render(node(.image(.init(.asset("a#b?c%41")))), resources: RenderResources(assets: ["a#b?c%41": "assets/a#b?c%41.png"]))
        #expect(odd.html.contains(#"<img src="../assets/a%23b%3Fc%2541.png""#), "\(odd.html)")
    }

    @Test func fontNamesBecomeEscapedCSSStrings() {
        let font = Font(payloadName: #"Evil", serif; } body { display:none } </style>-Bold"#, size: 20)
        let rendered = render(node(.text(.init("x", font: font, lineLimit: 2))))
        #expect(!rendered.css.contains("<") && !rendered.css.contains("}body"))
        #expect(rendered.css.hasPrefix(#".s0{font-family:"Evil\22 \2c  serif"#))
        #expect(rendered.css.hasSuffix("font-weight:700;font-size:calc(20px*var(--v-font-scale,1));-webkit-line-clamp:2}"))
    }

    /// A `lineLimit` below 1 hides the text, as in the app (and as the decoder's warning says);
    /// it had been drawn on one line.
    @Test func aLineLimitBelowOneHidesTheText() {
        for limit in [0, -1] {
            let rendered = render(node(.text(.init("Gone", lineLimit: limit))))
            #expect(rendered.css.contains("display:none") && !rendered.html.contains("v-line"), "\(limit): \(rendered.css) \(rendered.html)")
        }
        #expect(!render(node(.text(.init("Kept", lineLimit: 1)))).css.contains("display:none"))
    }

    /// One line holding a line break is written as its first line and "…", as UIKit draws it,
    /// so its box has room for the "…" (CSS cut "Line break" to "Line bre…"); more lines keep it all.
    @Test func oneLineWithALineBreakIsItsFirstLineAndAnEllipsis() {
        for text in ["Line break\nin title", "Line break\r\nin title", "Line break\u{2028}in title", "Line break\u{2029}in title"] {
            // The whole text stays, for screen readers, as VoiceOver reads the app's label.
            let html = render(node(.text(.init(text, lineLimit: 1)))).html
            #expect(html.contains(#"><span aria-hidden="true">Line break…</span><span class="v-visually-hidden">Line break"#)
                    && html.hasSuffix("in title</span></div>"))
        }
        #expect(render(node(.text(.init("Line break\nin title", lineLimit: 2)))).html.contains(">Line break\nin title</div>"))
        #expect(render(node(.text(.init("\nSecond", lineLimit: 1)))).html.contains(#"<span aria-hidden="true">…</span>"#))
        // U+2014 and U+2026 start with the same two bytes as U+2028: they are no line break.
        #expect(render(node(.text(.init("Line — break…", lineLimit: 1)))).html.hasSuffix(">Line — break…</div>"))
    }

    /// A text in a fixed-height frame is cut to the lines that fit; a font too small for the
    /// count to be a number (a millionth of a point, or 0 from an API) is drawn, never a crash.
    @Test func linesFittingAFrameSurviveAnyFontSize() {
        let frame = Modifier.frame(width: nil, height: 40)
        #expect(render(node(.text(.init("x", font: Font(payloadName: "A", size: 16))), [frame])).css.contains("-webkit-line-clamp:2"))
        for size in [0, -3, 1e-300, .leastNonzeroMagnitude] {
            let rendered = render(node(.text(.init("x", font: Font(payloadName: "A", size: size))), [frame]))
            #expect(rendered.html.contains(">x<") && !rendered.css.contains("line-clamp"))
        }
    }

    /// bad-inputs C06: a 1 MB token is drawn cut at 256 KiB, with a notice and a warning.
    @Test func textOverTheDrawnLimitIsCutWithANotice() {
        let limit = NodeRenderer.drawnTextBytes
        let long = render(node(.text(.init(String(repeating: "a", count: 1_000_000)))))
        #expect(long.html.hasPrefix(#"<div class="v-text v-long-word" data-v-path="/n">"# + String(repeating: "a", count: limit) + "<span"))
        #expect(long.html.hasSuffix(#"<span class="v-cut">… \#(1_000_000 - limit) more bytes not drawn</span></div>"#))
        #expect(long.issues.map(\.message) == ["text of 1000000 bytes; only its first \(limit) are drawn"])
        #expect(long.issues.map(\.source.pointer) == [JSONPointer("/n")!])

        let exact = render(node(.text(.init(String(repeating: "a", count: limit)))))
        #expect(!exact.html.contains("v-cut") && exact.issues.isEmpty)
    }

    /// Only a text with a run of 40 bytes without a space may break anywhere (`v-long-word`).
    @Test(arguments: [("$54.90", false), ("Canvas low-top sneaker, off-white with gum sole", false),
                      (String(repeating: "x", count: 39) + " " + String(repeating: "y", count: 39), false),
                      ("see https://example.com/a/very/long/path/to/a/page?q=1", true), (String(repeating: "é", count: 20), true)])
    func longWordsMayBreakAnywhere(text: String, long: Bool) {
        #expect(render(node(.text(.init(text)))).html.hasPrefix(long ? #"<div class="v-text v-long-word""# : #"<div class="v-text" "#))
        #expect(render(node(.button(.init(title: text, label: nil, action: nil)))).html.contains(long ? #"<span class="v-text v-long-word">"# : #"<span class="v-text">"#))
    }

    @Test func aCutNeverSplitsAScalarAndButtonTitlesAreCutToo() {
        // "é" is 2 bytes and "€" 3: with the prefix byte, the limit falls inside a scalar either way.
        for (prefix, scalar) in [("x", "é"), ("", "€"), ("xy", "€")] {
            let text = prefix + String(repeating: scalar, count: NodeRenderer.drawnTextBytes)
            let rendered = render(node(.button(.init(title: text, label: nil, action: nil))))
            #expect(!rendered.html.contains("\u{FFFD}"))
            let drawn = rendered.html.split(separator: ">")[2].prefix { $0 != "<" }  // <button …><span class="v-text">drawn<span …
            #expect(drawn.utf8.count <= NodeRenderer.drawnTextBytes && drawn.utf8.count > NodeRenderer.drawnTextBytes - 3)
            #expect(drawn == prefix + String(repeating: scalar, count: (drawn.utf8.count - prefix.utf8.count) / scalar.utf8.count))
            #expect(rendered.html.contains(#"<span class="v-cut">"#) && rendered.issues.count == 1)
        }
    }
}
