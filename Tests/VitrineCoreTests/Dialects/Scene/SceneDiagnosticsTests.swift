import Testing
@testable import VitrineCore

/// Every problem in a scene payload is reported with its position and JSON Pointer, and the
/// rest of the screen still decodes.
@Suite struct SceneDiagnosticsTests {
    @Test(arguments: [
        (#"{"type":"slider","component":{"componentId":"x"}}"#,
         #"1:122: error: unknown component type "slider"; the app fails to decode the whole scene (at /container/views/0/type)"#),
        (#"{"type":"text","component":{"componentId":"x"}}"#,
         "1:141: error: missing key `text` (at /container/views/0/component)"),
        (#"{"type":"text","component":{"text":"x"}}"#,
         "1:141: error: missing key `componentId` (at /container/views/0/component)"),
        (#"{"type":"text","component":{"componentId":"x","text":5}}"#,
         "1:167: error: expected a string, found a number (at /container/views/0/component/text)"),
        (#"{"type":"text","component":{"componentId":"x","text":"a","lineLimit":12.5}}"#,
         "1:183: error: expected an integer, found a fraction (at /container/views/0/component/lineLimit)"),
        (#"{"type":"text","component":{"componentId":"x","text":"a","lineLimit":18446744073709551616}}"#,
         "1:183: error: integer out of range (at /container/views/0/component/lineLimit)"),
        // The app's `Int` is 64 bits: its least value is read, as the app reads it.
        (#"{"type":"text","component":{"componentId":"x","text":"a","lineLimit":-9223372036854775808}}"#,
         "1:183: warning: lineLimit -9223372036854775808 hides the text in the app (at /container/views/0/component/lineLimit)"),
        (#"{"type":"text","component":{"componentId":"x","text":"a","lineLimit":-9223372036854775809}}"#,
         "1:183: error: integer out of range (at /container/views/0/component/lineLimit)"),
        (#"{"type":"text","component":{"componentId":"x","text":"a","lineLimit":-1e16}}"#,
         "1:183: warning: lineLimit -10000000000000000 hides the text in the app (at /container/views/0/component/lineLimit)"),
        (#"{"type":"text","component":{"componentId":"x","text":"a","lineLimit":1e19}}"#,
         "1:183: error: integer out of range (at /container/views/0/component/lineLimit)"),
        (#"{"type":"text","component":{"componentId":"x","text":"a","lineLimit":-1}}"#,
         "1:183: warning: lineLimit -1 hides the text in the app (at /container/views/0/component/lineLimit)"),
        (#"{"type":"button","component":{"componentId":"x","text":"a","action":{"type":"url","destination":"d"}}}"#,
         #"1:190: warning: action type "url" is neither push nor modal; the app only logs it, unless the destination is one it opens as a URL (at /container/views/0/component/action/type)"#),
        (#"{"type":"text","component":{"componentId":"x","text":"a","font":{"fontName":"A","fontSize":1e400}}}"#,
         "1:205: error: number out of range (at /container/views/0/component/font/fontSize)"),
        // Too small for a `Double`: the app's JSONDecoder rejects it as it does 1e400, so an error
        // (once a warning), and not the reader's warning besides.
        (#"{"type":"text","component":{"componentId":"x","text":"a","font":{"fontName":"A","fontSize":1e-400}}}"#,
         "1:205: error: number out of range: too small for a Double, which the app's JSONDecoder rejects (at /container/views/0/component/font/fontSize)"),
        (#"{"type":"text","component":{"componentId":"x","text":"a","font":{"fontName":"A","fontSize":0}}}"#,
         "1:205: warning: fontSize must be above 0; drawn at the system size, 17 (at /container/views/0/component/font/fontSize)"),
        (#"{"type":"rectangle","component":{"componentId":"x","frame":{"width":"100"}}}"#,
         "1:182: error: expected a number, found a string (at /container/views/0/component/frame/width)"),
        (#"{"type":"rectangle","component":{"componentId":"x","frame":{"width":1e308}}}"#,
         "1:182: warning: length beyond ±100000 clamped (at /container/views/0/component/frame/width)"),
        (#"{"type":"rectangle","component":{"componentId":"x","lineLimit":true}}"#,
         "1:165: warning: unknown key `lineLimit`; the app ignores it (at /container/views/0/component/lineLimit)"),
        (#"{"type":"rectangle","component":{"componentId":"x","backgroundColor":"red"}}"#,
         #"1:183: warning: colour "red" is not a hex colour the app can read; the app draws black (at /container/views/0/component/backgroundColor)"#),
        (#"{"type":"roundedRectangle","component":{"componentId":"x","padding":[{"edge":"all"}]}}"#,
         "1:182: warning: `padding` is ignored by the app on roundedRectangle (at /container/views/0/component/padding)"),
        (#"{"type":"rectangle","component":{"componentId":"x","padding":[{"edge":"around","spacing":2}]}}"#,
         #"1:184: warning: padding edge "around" is read as `all` by the app (at /container/views/0/component/padding/0/edge)"#),
        (#"{"type":"image","component":{"componentId":"x","imageURL":" JaVa\tScRiPt:alert(1)"}}"#,
         #"1:172: warning: imageURL with scheme "javascript" is not loaded by the app (it looks for an asset of that name); not shown (at /container/views/0/component/imageURL)"#),
        (#"{"type":"image","component":{"componentId":"x","imageURL":"ftp://files.example/a.png"}}"#,
         #"1:172: warning: imageURL dropped (scheme "ftp" not allowed) (at /container/views/0/component/imageURL)"#),
        (#"{"type":"rectangle","component":{"componentId":"x","extreamFrame":{"maxWidth":"nan"}}}"#,
         #"1:192: warning: "nan" is not a number; the bound is left out (at /container/views/0/component/extreamFrame/maxWidth)"#),
        (#"{"type":"rectangle","component":{"componentId":"x","extreamFrame":{"maxWidth":true}}}"#,
         "1:192: warning: a boolean is ignored by the app here (at /container/views/0/component/extreamFrame/maxWidth)"),
        // B09: the app's named constants; a NaN is left out, anything else unreadable is 0 as in the app.
        (#"{"type":"rectangle","component":{"componentId":"x","extreamFrame":{"maxWidth":"signalingNaN"}}}"#,
         #"1:192: warning: "signalingNaN" is not a number; the bound is left out (at /container/views/0/component/extreamFrame/maxWidth)"#),
        (#"{"type":"rectangle","component":{"componentId":"x","extreamFrame":{"maxWidth":"garbage"}}}"#,
         #"1:192: warning: "garbage" is not a number; the app reads it as 0 (at /container/views/0/component/extreamFrame/maxWidth)"#),
        (#"{"type":"rectangle","component":{"componentId":"x","extreamFrame":{"maxWidth":"NaN"}}}"#,
         #"1:192: warning: "NaN" is not a number; the bound is left out (at /container/views/0/component/extreamFrame/maxWidth)"#),
        (#"{"type":"rectangle","component":{"componentId":"x","extreamFrame":{"maxWidth":"-1e400"}}}"#,
         #"1:192: warning: "-1e400" is negative infinity to the app, which SwiftUI rejects as a frame; the bound is left out (at /container/views/0/component/extreamFrame/maxWidth)"#),
        // Only a maximum may be unbounded: an unbounded minimum or ideal size is left out, said.
        (#"{"type":"rectangle","component":{"componentId":"x","extreamFrame":{"minWidth":"infinity"}}}"#,
         #"1:192: warning: `minWidth` "infinity" cannot be drawn: only a maximum may be unbounded (SwiftUI logs an invalid frame dimension); the bound is left out (at /container/views/0/component/extreamFrame/minWidth)"#),
        (#"{"type":"rectangle","component":{"componentId":"x","extreamFrame":{"idealHeight":"greatestFiniteMagnitude"}}}"#,
         #"1:195: warning: `idealHeight` "greatestFiniteMagnitude" cannot be drawn: only a maximum may be unbounded (SwiftUI logs an invalid frame dimension); the bound is left out (at /container/views/0/component/extreamFrame/idealHeight)"#),
        // B10: CSS has no negative radius or stroke; negative padding stays (a negative margin).
        (#"{"type":"rectangle","component":{"componentId":"x","cornerRadius":-8}}"#,
         "1:180: warning: negative cornerRadius drawn as 0 (at /container/views/0/component/cornerRadius)"),
        (#"{"type":"roundedRectangle","component":{"componentId":"x","cornerRadius":-8}}"#,
         "1:187: warning: negative cornerRadius drawn as 0 (at /container/views/0/component/cornerRadius)"),
        (##"{"type":"roundedRectangle","component":{"componentId":"x","cornerRadius":4,"strokeComponent":{"strokeColor":"#000000","lineWidth":-2}}}"##,
         "1:244: warning: negative lineWidth drawn as 0 (at /container/views/0/component/strokeComponent/lineWidth)"),
        // A negative frame size is an invalid frame dimension to SwiftUI and invalid CSS (`width:-5px` was dropped by the browser).
        (#"{"type":"rectangle","component":{"componentId":"x","frame":{"width":-5}}}"#,
         "1:182: warning: negative width drawn as 0 (at /container/views/0/component/frame/width)"),
        (#"{"type":"rectangle","component":{"componentId":"x","extreamFrame":{"maxWidth":-3}}}"#,
         "1:192: warning: negative maxWidth drawn as 0 (at /container/views/0/component/extreamFrame/maxWidth)"),
        (#"{"type":"rectangle","component":{"componentId":"x","extreamFrame":{"idealHeight":"-7"}}}"#,
         "1:195: warning: negative idealHeight drawn as 0 (at /container/views/0/component/extreamFrame/idealHeight)"),
        // A number written as a string is clamped as a number is, and said (it was clamped silently).
        (#"{"type":"rectangle","component":{"componentId":"x","extreamFrame":{"idealHeight":"1e308"}}}"#,
         "1:195: warning: length beyond ±100000 clamped (at /container/views/0/component/extreamFrame/idealHeight)"),
        // B11: wrong types are errors at the value; null for a required key is named as such.
        (#"{"type":"text","component":{"componentId":"x","text":"a","lineLimit":true}}"#,
         "1:183: error: expected an integer, found a boolean (at /container/views/0/component/lineLimit)"),
        (#"{"type":"rectangle","component":{"componentId":"x","cornerRadius":[]}}"#,
         "1:180: error: expected a number, found an array (at /container/views/0/component/cornerRadius)"),
        (#"{"type":"text","component":{"componentId":"x","text":null}}"#,
         "1:167: error: `text` is required but is null (at /container/views/0/component/text)"),
        // A25: keys holding `/` and `~` are escaped in the pointer.
        (#"{"type":"rectangle","component":{"componentId":"x","a/b~c":{"w":"x"}}}"#,
         "1:165: warning: unknown key `a/b~c`; the app ignores it (at /container/views/0/component/a~1b~0c)"),
    ])
    func problemIsReportedAtItsValue(view: String, expected: String) {
        let (screen, messages) = SceneFixture.decode(SceneFixture.scene(view))
        #expect(screen != nil)
        #expect(messages == [expected])
    }

    @Test func aRepeatedComponentIdIsAWarningAtTheRepeat() {
        let scene = "{\"hasNavigationBar\":false,\"container\":{\"componentId\":\"root\",\"layout\":{\"type\":\"v\",\"alignment\":\"leading\"},\"views\":[\n"
            + #"{"type":"text","component":{"componentId":"x","text":"a"}},"# + "\n" + #"{"type":"text","component":{"componentId":"x","text":"b"}}]}}"#
        let (screen, messages) = SceneFixture.decode(scene)
        #expect(screen != nil)
        #expect(messages == [#"3:43: warning: componentId "x" is used again (first on line 2); such components are told apart only by their position (at /container/views/1/component/componentId)"#])
    }

    /// A block copied whole repeats its ids: one warning at its outermost repeat counts the rest.
    @Test func aCopiedBlockIsOneWarningCountingTheIdsInsideIt() {
        let block = #"{"type":"container","component":{"componentId":"card","layout":{"type":"v","alignment":"leading"},"views":["#
            + #"{"type":"text","component":{"componentId":"title","text":"a"}},{"type":"text","component":{"componentId":"body","text":"b"}}]}}"#
        let (_, messages) = SceneFixture.decode(SceneFixture.scene(block + "," + block + "," + #"{"type":"text","component":{"componentId":"title","text":"c"}}"#))
        #expect(messages.map { $0.components(separatedBy: " warning: ").last ?? $0 } == [
            #"componentId "card" is used again (first on line 1), and so are 2 ids inside it; such components are told apart only by their position (at /container/views/1/component/componentId)"#,
            #"componentId "title" is used again (first on line 1); such components are told apart only by their position (at /container/views/2/component/componentId)"#,
        ])
    }

    @Test func brokenComponentBecomesAPlaceholderAndItsSiblingsStillDecode() {
        let views = #"{"type":"slider","component":{"componentId":"x"}},{"type":"text","component":{"componentId":"ok","text":"Fine"}}"#
        let dump = SceneFixture.dump(SceneFixture.scene(views))
        #expect(dump.contains(#"placeholder[error] "Unknown component type “slider”""#))
        #expect(dump.contains(#"text "Fine" #ok"#))
    }

    /// A view that cannot be read says why in the render too: a root container without its
    /// `alignment` drew the whole screen as "container could not be read", the reason below the fold.
    @Test func aViewThatCannotBeReadSaysWhyInTheRender() {
        let views = #"{"type":"container","component":{"componentId":"row","layout":{"type":"h"},"views":[]}},"#
            + #"{"type":"text","component":{"componentId":"ok","text":"Fine"}}"#
        let dump = SceneFixture.dump(SceneFixture.scene(views))
        #expect(dump.contains(#"placeholder[error] "container could not be read: missing key `alignment`" #row"#), "\(dump)")
        #expect(dump.contains(#"text "Fine" #ok"#))
    }

    /// A20: 64 levels of components (the scene's container is the first) decode cleanly; at 65
    /// there is one error at the 65th level. At 256 the JSON reader's nesting limit (512) comes
    /// first: one positioned error, and no screen.
    @Test(arguments: [
        (64, nil),
        (65, "1:6748: error: component nesting deeper than 64 (at /container" + String(repeating: "/views/0/component", count: 64) + ")"),
        (256, "1:18075: error: nesting deeper than 512 (limits.depth in vitrine.json) (at /container" + String(repeating: "/views/0/component", count: 170) + "/layout)"),
    ])
    func componentNestingIsLimitedTo64Levels(levels: Int, expected: String?) {
        var json = #"{"type":"spacer","component":{"componentId":"leaf"}}"#
        for level in 0..<levels - 2 {
            json = #"{"type":"container","component":{"componentId":"c\#(level)","layout":{"type":"v","alignment":"center"},"views":[\#(json)]}}"#
        }
        let (screen, messages) = SceneFixture.decode(SceneFixture.scene(json))
        #expect(messages == (expected.map { [$0] } ?? []))
        #expect((screen != nil) == (levels <= 65))
    }

    @Test func syntaxErrorLeavesNoScreenAndAPositionedError() {
        let (screen, messages) = SceneFixture.decode("{\"hasNavigationBar\":false,\n  \"container\": {,}}")
        #expect(screen == nil)
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("2:17: error:") == true)
    }

    @Test func duplicateKeyKeepsTheFirstValueLikeTheApp() {
        let json = SceneFixture.scene(#"{"type":"text","component":{"componentId":"x","text":"first","text":"second"}}"#)
        let (screen, messages) = SceneFixture.decode(json)
        #expect(screen.map { TreeDump.text(of: $0.root, in: SceneFixture.text(json)) }?.contains(#"text "first""#) == true)
        #expect(messages.count == 1)
        #expect(messages.first?.contains(#"warning: duplicate key "text""#) == true)
    }
}
