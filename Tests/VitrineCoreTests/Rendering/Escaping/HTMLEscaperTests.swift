import Testing
@testable import VitrineCore

@Suite struct HTMLEscaperTests {
    /// C05: the catalogue's own text shows bidi controls instead of applying them, and other
    /// control characters (an escape in a file name) instead of dropping them; tabs and line
    /// breaks stay.
    @Test(arguments: [
        ("\u{202E}exe.pdf\u{202C}", "⟨U+202E⟩exe.pdf⟨U+202C⟩"),
        ("esc\u{1B}[31mred\u{7F}\u{85}\u{0}", "esc⟨U+001B⟩[31mred⟨U+007F⟩⟨U+0085⟩⟨U+0000⟩"),
        ("tab\tline\nbreak\r", "tab\tline\nbreak\r"),
        ("\u{2066}x\u{2069}", "⟨U+2066⟩x⟨U+2069⟩"),
        ("a\u{200E}\u{200F}\u{061C}\"<", "a⟨U+200E⟩⟨U+200F⟩⟨U+061C⟩&quot;&lt;"),
        ("\u{202E}\u{301}", "⟨U+202E⟩\u{301}"),
        ("plain \u{2028} é", "plain \u{2028} é"),
    ])
    func markedTextShowsControlCharacters(text: String, expected: String) {
        #expect(Array(HTMLEscaper.markedText(text).utf8) == Array(expected.utf8))
    }

    @Test(arguments: [
        ("plain text, é and 😀", "plain text, é and 😀"),
        ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),  // C01
        ("<img src=x onerror=alert(1)>", "&lt;img src=x onerror=alert(1)&gt;"),  // C02
        ("&lt;b&gt;", "&amp;lt;b&amp;gt;"),  // C03
        ("{{7*7}} ${7*7} <%= 7*7 %> @{user.name}", "{{7*7}} ${7*7} &lt;%= 7*7 %&gt; @{user.name}"),  // C04
        ("a\u{0}b", "a\u{FFFD}b"),  // A16
        ("say \"hi\" it's", "say \"hi\" it's"),
        ("<\u{338}script", "&lt;\u{338}script"),
        ("\u{202E}exe.pdf\u{202C} \u{2066}x\u{2069}", "\u{202E}exe.pdf\u{202C} \u{2066}x\u{2069}"),  // C05
        ("a\r\nb\rc\u{2028}d", "a\r\nb\rc\u{2028}d"),  // C08
        ("", ""),
    ])
    func textEscapesMarkupAndNul(input: String, expected: String) {
        #expect(HTMLEscaper.text(input) == expected)
    }

    @Test(arguments: [
        ("\" onmouseover=\"alert(1)", "&quot; onmouseover=&quot;alert(1)"),  // D01
        ("\"\u{338} onmouseover=alert(1) x=\"\u{338}", "&quot;\u{338} onmouseover=alert(1) x=&quot;\u{338}"),  // D02
        ("' autofocus onfocus='alert(1)", "&#39; autofocus onfocus=&#39;alert(1)"),  // D03
        ("javascript&colon;alert(1)", "javascript&amp;colon;alert(1)"),  // E09
        ("&#106;avascript:alert(1)", "&amp;#106;avascript:alert(1)"),  // E09
        ("a\u{0}<>", "a\u{FFFD}&lt;&gt;"),
        ("card-1", "card-1"),
    ])
    func attributeEscapesQuotesAndMarkup(input: String, expected: String) {
        #expect(HTMLEscaper.attribute(input) == expected)
    }

    @Test func combiningMarkAfterQuoteCannotBreakOutOfAttribute() {  // D02
        let payload = "\"\u{338} onmouseover=alert(1) x=\"\u{338}"
        let escaped = HTMLEscaper.attribute(payload)
        #expect(escaped.utf8.filter { $0 == UInt8(ascii: "\"") }.isEmpty)
        #expect(escaped.utf8.count > payload.utf8.count)
    }

    @Test(arguments: [
        String(repeating: "a", count: 1_000_000),  // C06
        String(repeating: "e\u{301}", count: 5_000),  // C07
        String(repeating: "👩\u{200D}👩\u{200D}👧\u{200D}👦", count: 1_000),  // C07
    ])
    func longTextWithoutMarkupIsCopiedUnchanged(input: String) {
        #expect(HTMLEscaper.text(input) == input)
        #expect(HTMLEscaper.attribute(input) == input)
    }

    @Test func appendKeepsWhatIsAlreadyThere() {
        var page = "<p title=\""
        HTMLEscaper.appendAttribute("a\"b", to: &page)
        page += "\">"
        HTMLEscaper.appendText("x<y", to: &page)
        #expect(page == "<p title=\"a&quot;b\">x&lt;y")
    }

    @Test func randomStringsNeverLeaveMarkupBytes() {
        var random = SplitMix64(seed: 0x5EED_1234)
        for _ in 0..<3_000 {
            let input = random.trickyString()
            let attribute = Array(HTMLEscaper.attribute(input).utf8)
            #expect(!attribute.contains { [0, 0x22, 0x27, 0x3C, 0x3E].contains($0) }, "\(input.debugDescription)")
            #expect(everyAmpersandStartsAnEntity(attribute), "\(input.debugDescription)")
            let text = Array(HTMLEscaper.text(input).utf8)
            #expect(!text.contains { [0, 0x3C, 0x3E].contains($0) }, "\(input.debugDescription)")
        }
    }

    private func everyAmpersandStartsAnEntity(_ bytes: [UInt8]) -> Bool {
        let entities = ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"].map { Array($0.utf8) }
        return bytes.indices.allSatisfy { offset in
            bytes[offset] != UInt8(ascii: "&")
                || entities.contains { bytes[offset...].starts(with: $0) }
        }
    }
}

@Suite struct ScriptJSONEscaperTests {
    @Test(arguments: [
        (#"{"s":"<!--<script>"}"#, #"{"s":"\u003c!--\u003cscript\u003e"}"#),  // D06
        (#"["</script><img src=x onerror=alert(1)>"]"#, #"["\u003c/script\u003e\u003cimg src=x onerror=alert(1)\u003e"]"#),  // D07
        ("[\"a&b\u{2028}c\u{2029}d\"]", #"["a\u0026b\u2028c\u2029d"]"#),
        ("[\"\u{2027}\u{202A}é😀\"]", "[\"\u{2027}\u{202A}é😀\"]"),
        ("{}", "{}"),
    ])
    func escapesWhatCouldEndTheScriptElement(input: String, expected: String) {
        #expect(ScriptJSONEscaper.escape(input) == expected)
    }

    @Test func randomStringsNeverKeepALessThanSign() {
        var random = SplitMix64(seed: 0xD06)
        for _ in 0..<3_000 {
            let input = random.trickyString()
            let escaped = ScriptJSONEscaper.escape(input)
            #expect(!escaped.utf8.contains { [0x3C, 0x3E].contains($0) }, "\(input.debugDescription)")
            #expect(!escaped.unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{2029}" })
        }
    }
}

/// A small deterministic generator, so a failing random input can be reproduced from its seed.
private struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A string of up to 24 scalars drawn mostly from the characters escapers get wrong.
    mutating func trickyString() -> String {
        let pieces: [Unicode.Scalar] = [
            "\"", "'", "<", ">", "&", "\u{338}", "\u{20D2}", "\u{FE0F}", "\u{0}", "\u{2028}", "\u{2029}",
            "a", " ", "=", ";", "#", "é", "😀", "\u{E2}", "\u{80}",
        ]
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...24, using: &self) {
            scalars.append(pieces.randomElement(using: &self)!)
        }
        return String(scalars)
    }
}
