import Testing
@testable import VitrineCore

/// The JSON source panel: syntax classes, line anchors, and any bytes shown escaped.
@Suite struct SourceHighlighterTests {
    @Test func keysStringsNumbersAndLiteralsGetTheirClasses() throws {
        let html = try #require(SourceHighlighter.html(Array(#"{"a": "b", "n": -1.5e3, "t": true}"#.utf8)))
        #expect(html == #"<span id=L1>{<i class=k>"a"</i>: <i class=s>"b"</i>, <i class=k>"n"</i>: <i class=n>-1.5e3</i>, "#
            + #"<i class=k>"t"</i>: <i class=l>true</i>}</span>"#)
    }

    /// Lines end where the reader's positions say they do: CR LF, LF and a lone CR (old Mac
    /// files) each end one, so a diagnostic's line links to its line.
    @Test(arguments: ["[\r\n1,\r\n2\r\n]", "[\n1,\n2\n]", "[\r1,\r2\r]", "[\r1,\n2\r\n]"])
    func everyLineHasItsAnchorAsTheReaderCountsLines(_ text: String) throws {
        let html = try #require(SourceHighlighter.html(Array(text.utf8)))
        #expect(html.components(separatedBy: "<span id=L").count - 1 == 4)
        #expect(html.contains("<span id=L4>]</span>") && !html.contains("\r"))
        #expect(SourceText(bytes: Array(text.utf8)).location(of: text.utf8.count - 1).line == 4)
    }

    @Test(arguments: [
        ("\"</pre><script>x</script>\"", "&lt;/pre&gt;&lt;script&gt;x&lt;/script&gt;"),
        ("\"a & b\"", "a &amp; b"),
        ("\"\\\"<\"", "\\\"&lt;"),
        // A backslash skips the byte after it when finding the string's end, not when escaping.
        ("\"a\\<b\"", "a\\&lt;b"),
        ("\"\\&\"", "\\&amp;"),
        ("\"\\\u{202E}\"", "\\<b class=v-ctl>U+202E</b>"),
    ])
    func markupInTheSourceIsEscaped(source: String, expected: String) throws {
        let html = try #require(SourceHighlighter.html(Array(source.utf8)))
        #expect(html.contains(expected))
        #expect(!html.contains("<script") && !html.contains("</pre>"))
    }

    /// C05: bidi controls are shown as marks, never applied, so the source reads in stored order.
    @Test(arguments: [
        ("\"\u{202E}exe.pdf\u{202C}\"", #"<i class=s>"<b class=v-ctl>U+202E</b>exe.pdf<b class=v-ctl>U+202C</b>"</i>"#),
        ("\"\u{2066}x\u{2069}\"", #"<i class=s>"<b class=v-ctl>U+2066</b>x<b class=v-ctl>U+2069</b>"</i>"#),
        ("\"\u{200F}\u{061C}é\u{2028}\"", #"<i class=s>"<b class=v-ctl>U+200F</b><b class=v-ctl>U+061C</b>é\#u{2028}"</i>"#),
        ("[\u{202D}1]", #"[<b class=v-ctl>U+202D</b><i class=n>1</i>]"#),
    ])
    func bidiControlsAreShownAsMarks(source: String, expected: String) throws {
        let html = try #require(SourceHighlighter.html(Array(source.utf8)))
        #expect(html == "<span id=L1>" + expected + "</span>")
    }

    @Test func invalidUTF8AndNULAreShownAsReplacementCharacters() throws {
        let html = try #require(SourceHighlighter.html([0x22, 0xFF, 0x00, 0x22]))
        #expect(html.contains("\u{FFFD}\u{FFFD}"))
    }

    @Test func anUnterminatedStringEndsAtItsLine() throws {
        let html = try #require(SourceHighlighter.html(Array("[\"a\n, 1]".utf8)))
        #expect(html.contains(#"<i class=s>"a</i></span>"#))
        #expect(html.contains(#"<i class=n>1</i>"#))
        let escaped = try #require(SourceHighlighter.html(Array("[\"a\\\n, 1]".utf8)), "a backslash before the line break")
        #expect(escaped.contains(#"<span id=L2>, <i class=n>1</i>]</span>"#))
    }

    @Test func filesOverTheLimitAreNotShown() {
        #expect(SourceHighlighter.html([UInt8](repeating: 0x20, count: SourceHighlighter.maxBytes + 1)) == nil)
        #expect(SourceHighlighter.html([UInt8](repeating: 0x20, count: SourceHighlighter.maxBytes)) != nil)
    }
}
