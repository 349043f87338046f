import Testing
@testable import VitrineCore

@Suite struct CSSEscaperTests {
    @Test(arguments: [
        ("Pretendard-Bold", #""Pretendard-Bold""#),
        ("Helvetica Neue_2", #""Helvetica Neue_2""#),
        ("a\"b", #""a\22 b""#),
        ("</STYLE >", #""\3c \2f STYLE \3e ""#),  // F10
        ("a;}\nb", #""a\3b \7d \a b""#),
        ("x\\y", #""x\5c y""#),
        ("é😀\u{0}", #""\e9 \1f600 \0 ""#),
        ("re\u{338}d", #""re\338 d""#),
        ("", #""""#),
    ])
    func stringEscapesEverythingOutsideTheSafeSet(input: String, expected: String) {
        #expect(CSSEscaper.string(input) == expected)
    }

    @Test(arguments: [
        "Pretendard-Bold\", serif; } body { display:none } </style><script>alert(1)</script>",  // F09
        "x</sTyLe>/*</style>*/",  // F10
        "a\u{0}\r\n\u{c}\u{2028}\"'`\\{}();:@<>",
    ])
    func stringLeavesNoByteThatEndsTheTokenRuleOrElement(input: String) {
        let body = Array(CSSEscaper.string(input).utf8.dropFirst().dropLast())
        let forbidden = Array("<>\"'\n\r;{}():/".utf8)
        #expect(!body.contains { forbidden.contains($0) || $0 < 0x20 || $0 >= 0x80 })
    }

    @Test func sanitizedURLInACSSStringCannotAddADeclaration() {  // E17
        let raw = "https://ok.example/a.png) ; background:url(https://evil.example/leak"
        guard case .allowed(let url, _) = URLSanitizer.sanitize(raw, for: .image) else {
            Issue.record("an http URL should be allowed")
            return
        }
        let declaration = "background-image:url(" + CSSEscaper.string(url) + ")"
        #expect(declaration.utf8.filter { $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: ")") }.count == 2)
        #expect(!declaration.contains(";") && !declaration.contains(" background:"))
    }
}

@Suite struct CSSNumberTests {
    @Test(arguments: [
        (-0.0, "0"),  // B06
        (0.30000000000000004, "0.3"),  // B07
        (1e308, "100000"),  // B08
        (-1e308, "-100000"),  // B08
        (12.0, "12"),
        (0.1234, "0.123"),
        (0.1236, "0.124"),
        (-2.5, "-2.5"),  // B10
        (-0.0004, "0"),
        (0.0005, "0.001"),
        (1.05, "1.05"),
        (99_999.9999, "100000"),
        (-100_001, "-100000"),  // B10
        (Double.nan, "0"),  // B09
        (Double.signalingNaN, "0"),  // B09
        (Double.infinity, "100000"),  // B09
        (-Double.infinity, "-100000"),
        (Double.greatestFiniteMagnitude, "100000"),  // B09
        (Double.leastNonzeroMagnitude, "0"),  // B09
        (Double.ulpOfOne, "0"),  // B09
        (Double.pi, "3.142"),  // B09
        (16, "16"),
    ])
    func formatIsShortFixedAndBounded(value: Double, expected: String) {
        #expect(CSSNumber.format(value) == expected)
    }

    @Test(arguments: [0.1 + 0.2, -0.0, 1e-9, -1e-9, 7e22, -3.3333333, 0.5, -0.5, 1e5 - 1e-4])
    func formatNeverWritesExponentsOrDoubleSigns(value: Double) {
        let text = CSSNumber.format(value)
        #expect(text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") })
        #expect(!text.contains("--") && text != "-0" && !text.hasSuffix("."))
    }

    /// The renderer writes lengths straight into its bytes: the number `format` gives, then
    /// `px`, except a length that rounds to zero, which is `0` without a unit.
    @Test(arguments: [(-0.0, "0"), (0.0004, "0"), (-0.0004, "0"), (0.0005, "0.001px"), (12, "12px"), (-2.5, "-2.5px"),
                      (1e308, "100000px"), (Double.nan, "0"), (1.05, "1.05px"), (0.1 + 0.2, "0.3px")])
    func pixelsAreAppendedAsBytes(value: Double, expected: String) {
        var bytes = Array("width:".utf8)
        CSSNumber.appendPixels(value, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "width:" + expected)
    }
}
