import Foundation
import Testing
@testable import VitrineCore

@Suite struct SceneColorParserTests {
    @Test(arguments: [
        ("#FF0000", "#ff0000"),
        ("FF0000", "#ff0000"),
        ("#00aBcD", "#00abcd"),
    ])
    func plainSixDigitColoursParseWithoutWarning(input: String, css: String) {
        let (color, warning) = SceneColorParser.parse(input)
        #expect(color?.css == css)
        #expect(color?.alpha == 255)
        #expect(warning == nil)
    }

    @Test(arguments: [
        ("#FF0000;}</style><img src=x onerror=alert(1)>", "#ff0000", "scanning stops at the first non-hex character"),  // F02
        ("#fff", "#000fff", "not CSS shorthand"),  // F03
        ("#80FF0000", "#ff0000", "the first 2 of 8 hex digits are ignored: #AARRGGBB loses its alpha, #RRGGBBAA is misread"),  // F04
        ("#FF000080", "#000080", "the first 2 of 8 hex digits are ignored: #AARRGGBB loses its alpha, #RRGGBBAA is misread"),
        ("#12345g", "#012345", "fewer than 6 hex digits; scanning stops at the first non-hex character"),  // F05
        ("0x1F", "#00001f", "0x prefix; fewer than 6 hex digits"),  // F06
        ("#FFFFFFFFFFFFFFFFFF", "#ffffff", "the value overflows 64 bits and saturates"),  // F07
        ("1FFFFFFFFFFFFFFFF0", "#ffffff", "the value overflows 64 bits and saturates"),  // F07
        (" #FF0000", "#ff0000", "whitespace skipped"),  // F08, measured: Scanner skips whitespace before "#"
        ("expression(alert(1))", "#00000e", "fewer than 6 hex digits; scanning stops at the first non-hex character"),  // F12
        ("#1234567", "#234567", "only the last 6 hex digits count"),
        ("0000000000000000000001", "#000001", "only the last 6 hex digits count"),
        ("#0X1f2E3d", "#1f2e3d", "0x prefix"),
        ("0x", "#000000", "fewer than 6 hex digits; scanning stops at the first non-hex character"),
        ("00x1F", "#000000", "fewer than 6 hex digits; scanning stops at the first non-hex character"),
        ("#\u{3000}\u{2028}FF0000", "#ff0000", "whitespace skipped"),
        ("\t#fff", "#000fff", "whitespace skipped; not CSS shorthand"),
        ("FF0000\u{338}", "#ff0000", "scanning stops at the first non-hex character"),
    ])
    func lenientReadingsAreRepeatedWithAWarning(input: String, css: String, notes: String) {
        let (color, warning) = SceneColorParser.parse(input)
        #expect(color?.css == css)
        #expect(warning?.hasSuffix("is read by the app as \(css) (\(notes))") == true)
    }

    @Test(arguments: [
        "red;}</style><script>alert(1)</script><style>",  // F01
        "",  // F08
        "#-1",  // F08
        "red",  // F12
        "var(--x)",  // F12
        "\\3c/style\\3e",  // F12
        "/* */red",  // F12
        "re\u{338}d",  // F12
        "#",
        "##FF0000",
        "#\u{338}FF0000",
        "\u{FEFF}FF0000",
        "😀FF0000",
        "ＦＦ0000",
        "+FF",
    ])
    func unreadableColoursGiveNoColourAndAWarning(input: String) {
        let (color, warning) = SceneColorParser.parse(input)
        #expect(color == nil)
        #expect(warning?.hasSuffix("is not a hex colour the app can read") == true)
    }

    @Test func warningsQuoteTheOriginalAndNameTheAppsReading() {
        #expect(SceneColorParser.parse("#fff").warning == "colour \"#fff\" is read by the app as #000fff (not CSS shorthand)")
        #expect(SceneColorParser.parse("red").warning == "colour \"red\" is not a hex colour the app can read")
    }

    @Test func quotedOriginalIsCappedAt40Scalars() {
        let input = "#FF0000" + String(repeating: "é", count: 33) + "TAIL"
        let warning = SceneColorParser.parse(input).warning ?? ""
        #expect(warning.hasPrefix("colour \"#FF0000" + String(repeating: "é", count: 33) + "…\" is read"))
        #expect(!warning.contains("TAIL"))
    }

    /// Every string of up to four pieces from an alphabet of the scanner's edge cases reads
    /// exactly as Foundation's `Scanner` reads it (BMP only: on Linux it traps on other scalars).
    @Test func matchesFoundationScannerOnEveryShortString() {
        let pieces = ["#", "0", "x", "F", "g", " ", "\u{A0}", "\u{2028}", "\u{200B}", "\u{338}", ";", "\u{FEFF}"]
        var inputs = [""]
        var previous = [""]
        for _ in 1...4 {
            previous = previous.flatMap { prefix in pieces.map { prefix + $0 } }
            inputs += previous
        }
        for input in inputs {
            #expect(SceneColorParser.parse(input).color == appColor(input), "\(input.debugDescription)")
        }
    }

    /// The k-sdui-ios `Color(hex:)` scan, run with Foundation.
    private func appColor(_ hex: String) -> RGBAColor? {
        let scanner = Scanner(string: hex)
        _ = scanner.scanString("#")
        var rgb: UInt64 = 0
        guard scanner.scanHexInt64(&rgb) else { return nil }
        return RGBAColor(
            red: UInt8(truncatingIfNeeded: rgb >> 16),
            green: UInt8(truncatingIfNeeded: rgb >> 8),
            blue: UInt8(truncatingIfNeeded: rgb)
        )
    }
}
