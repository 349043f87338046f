/// Reads colour strings exactly as the k-sdui-ios app's `Color(hex:)` does.
///
/// The app runs `Scanner(string:)`, `scanString("#")`, then `scanHexInt64`, and draws bits
/// 16–23, 8–15 and 0–7 as red, green and blue at full opacity. That reading is lenient
/// (`"#FF0000;}</style>"` is red, `"#fff"` is dark blue), so callers must emit the parsed colour,
/// never the original string (bad-inputs.md §2.7). The scan is reimplemented over UTF-8 bytes
/// rather than calling `Scanner`, which on Linux traps when it meets a non-BMP scalar.
public enum SceneColorParser {
    /// Returns the colour the app draws for `s`, warning whenever `s` is not a plain `#RRGGBB`.
    ///
    /// - Returns: `color` is nil exactly when the app reads no hex digit (the app then draws
    ///   black, as its `UInt64` stays 0; the caller picks the colour to use); `warning` names
    ///   the app's reading.
    public static func parse(_ s: String) -> (color: RGBAColor?, warning: String?) {
        let scan = HexScan(s.utf8)
        guard let value = scan.value else {
            return (nil, "colour \"\(Diagnostic.shortened(s))\" is not a hex colour the app can read")
        }
        let color = RGBAColor(
            red: UInt8(truncatingIfNeeded: value >> 16),
            green: UInt8(truncatingIfNeeded: value >> 8),
            blue: UInt8(truncatingIfNeeded: value)
        )
        let notes = scan.notes
        guard !notes.isEmpty else { return (color, nil) }
        let reading = "colour \"\(Diagnostic.shortened(s))\" is read by the app as \(color.css)"
        return (color, reading + " (" + notes.joined(separator: "; ") + ")")
    }
}

/// One run of the app's `scanString("#")` + `scanHexInt64` over a colour string.
private struct HexScan {
    private(set) var value: UInt64?
    private var skippedWhitespace = false
    private var hasHexPrefix = false
    private var digitCount = 0
    private var overflowed = false
    private var hasTrailingText = false

    init(_ utf8: String.UTF8View) {
        let bytes = Array(utf8)
        var offset = 0
        // scanString("#") and scanHexInt64 both skip `whitespacesAndNewlines` first.
        skipWhitespace(bytes, &offset)
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "#") {
            offset += 1
            skipWhitespace(bytes, &offset)
        }
        // Like Foundation, take `0x` as a prefix only when a hex digit follows it.
        if offset + 2 < bytes.count, bytes[offset] == UInt8(ascii: "0"),
           bytes[offset + 1] | 0x20 == UInt8(ascii: "x"), RGBAColor.hexDigitValue(bytes[offset + 2]) != nil {
            hasHexPrefix = true
            offset += 2
        }
        var result: UInt64 = 0
        while offset < bytes.count, let digit = RGBAColor.hexDigitValue(bytes[offset]) {
            let (shifted, overflow) = result.multipliedReportingOverflow(by: 16)
            overflowed = overflowed || overflow
            result = overflowed ? .max : shifted | UInt64(digit)
            digitCount += 1
            offset += 1
        }
        value = digitCount > 0 ? result : nil
        hasTrailingText = offset < bytes.count
    }

    /// Why the string is not a plain `#RRGGBB`, in the app's terms; empty when it is one.
    var notes: [String] {
        var notes: [String] = []
        if skippedWhitespace { notes.append("whitespace skipped") }
        if hasHexPrefix { notes.append("0x prefix") }
        switch digitCount {
        case _ where overflowed: notes.append("the value overflows 64 bits and saturates")
        case 6: break
        case 3: notes.append("not CSS shorthand")
        case 8: notes.append("the first 2 of 8 hex digits are ignored: #AARRGGBB loses its alpha, #RRGGBBAA is misread")
        case 7...: notes.append("only the last 6 hex digits count")
        default: notes.append("fewer than 6 hex digits")
        }
        if hasTrailingText { notes.append("scanning stops at the first non-hex character") }
        return notes
    }

    private mutating func skipWhitespace(_ bytes: [UInt8], _ offset: inout Int) {
        while offset < bytes.count, let length = Self.whitespaceLength(bytes, at: offset) {
            offset += length
            skippedWhitespace = true
        }
    }

    /// The UTF-8 length of the `CharacterSet.whitespacesAndNewlines` scalar at `offset`, if one is there.
    ///
    /// The set, measured on Linux: U+0009–U+000D, U+0020, U+0085, U+00A0, U+1680,
    /// U+2000–U+200B, U+2028, U+2029, U+202F, U+205F, U+3000.
    private static func whitespaceLength(_ bytes: [UInt8], at offset: Int) -> Int? {
        func byte(_ k: Int) -> UInt8? { offset + k < bytes.count ? bytes[offset + k] : nil }
        switch (bytes[offset], byte(1), byte(2)) {
        case (0x09...0x0D, _, _), (0x20, _, _): return 1
        case (0xC2, 0x85?, _), (0xC2, 0xA0?, _): return 2
        case (0xE1, 0x9A?, 0x80?): return 3
        case (0xE2, 0x80?, .some(0x80...0x8B)), (0xE2, 0x80?, 0xA8?), (0xE2, 0x80?, 0xA9?),
             (0xE2, 0x80?, 0xAF?), (0xE2, 0x81?, 0x9F?), (0xE3, 0x80?, 0x80?): return 3
        default: return nil
        }
    }
}
