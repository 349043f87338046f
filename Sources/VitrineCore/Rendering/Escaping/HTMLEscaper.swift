/// Escapes payload strings for an HTML text node or a quoted attribute value.
///
/// Works on UTF-8 bytes, never on `Character`s: `"` followed by a combining mark is one
/// `Character` that compares unequal to `"`, and escaping by `Character` lets it through
/// (bad-inputs.md §2.3). Unescaped runs are copied in bulk, so a string that needs no escaping
/// costs one append.
public enum HTMLEscaper {
    /// Appends `s` to `out` escaped for an HTML text node (`&` `<` `>`; NUL becomes U+FFFD).
    public static func appendText(_ s: String, to out: inout String) {
        append(s, to: &out, escapingQuotes: false)
    }

    /// Appends `s` to `out` escaped for a quoted attribute value (`&` `<` `>` `"` `'`; NUL becomes U+FFFD).
    public static func appendAttribute(_ s: String, to out: inout String) {
        append(s, to: &out, escapingQuotes: true)
    }

    /// Returns `s` escaped for an HTML text node.
    public static func text(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        appendText(s, to: &out)
        return out
    }

    /// Returns `s` escaped for a quoted attribute value.
    public static func attribute(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        appendAttribute(s, to: &out)
        return out
    }

    /// A diagnostic's or a change's message as HTML: escaped and marked as `{{message}}` is, with its
    /// backquoted keys and values (`container`) in `<code>`; with an odd number of backquotes,
    /// left as text.
    public static func messageHTML(_ message: String) -> String {
        let parts = message.split(separator: "`", omittingEmptySubsequences: false).map { markedText(String($0)) }
        guard parts.count > 1, parts.count % 2 == 1 else { return markedText(message) }
        return parts.enumerated().map { $0.offset % 2 == 1 ? "<code>" + $0.element + "</code>" : $0.element }.joined()
    }

    /// Returns `s` escaped like `attribute(_:)` for Vitrine's own pages (never a render, which
    /// draws text as the app would), with its bidi and other control characters marked
    /// (`markingControls`). Safe in text and in quoted attributes.
    public static func markedText(_ s: String) -> String {
        attribute(markingControls(s))
    }

    /// `s` with each bidi control replaced by the visible text `⟨U+202E⟩`, so it cannot reorder
    /// what follows it (Trojan Source, CVE-2021-42574), and each other control character (an
    /// escape in a file name) likewise, so it shows; tabs and line breaks are kept.
    public static func markingControls(_ s: String) -> String {
        // Every such character's UTF-8 is below 0x20 (tab and line breaks aside), 0x7F, or starts
        // with C2, D8 or E2: most strings are passed by that byte scan alone.
        let mayHoldOne: (UInt8) -> Bool = { ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D) || $0 == 0x7F || $0 == 0xC2 || $0 == 0xD8 || $0 == 0xE2 }
        guard s.utf8.withContiguousStorageIfAvailable({ $0.contains(where: mayHoldOne) }) ?? s.utf8.contains(where: mayHoldOne),
              s.unicodeScalars.contains(where: isMarked) else { return s }
        var out = ""
        for scalar in s.unicodeScalars {
            if isMarked(scalar) { out += "⟨" + codePoint(scalar.value) + "⟩" } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    private static func isMarked(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: false
        case 0x00...0x1F, 0x7F...0x9F: true
        default: isBidiControl(scalar)
        }
    }

    /// Whether `scalar` is a bidirectional formatting character: U+061C, U+200E–U+200F,
    /// U+202A–U+202E or U+2066–U+2069.
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// `U+202E`.
    static func codePoint(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(4 - hex.count, 0)) + hex
    }

    private static func append(_ s: String, to out: inout String, escapingQuotes: Bool) {
        var contiguous = s
        contiguous.withUTF8 { bytes in
            var runStart = 0
            for offset in bytes.indices {
                guard let replacement = replacement(for: bytes[offset], escapingQuotes: escapingQuotes) else {
                    continue
                }
                if runStart < offset {
                    // Every escaped byte is ASCII, so run boundaries always fall on scalar boundaries.
                    out.append(contentsOf: s.utf8Slice(runStart..<offset))
                }
                out.append(replacement)
                runStart = offset + 1
            }
            if runStart == 0 {
                out.append(s)
            } else if runStart < bytes.count {
                out.append(contentsOf: s.utf8Slice(runStart..<bytes.count))
            }
        }
    }

    /// Appends `s` to the UTF-8 bytes `out`, escaped for an HTML text node.
    public static func appendText(_ s: String, to out: inout [UInt8]) {
        append(s, to: &out, escapingQuotes: false)
    }

    /// Appends `s` to the UTF-8 bytes `out`, escaped for a quoted attribute value.
    public static func appendAttribute(_ s: String, to out: inout [UInt8]) {
        append(s, to: &out, escapingQuotes: true)
    }

    private static func append(_ s: String, to out: inout [UInt8], escapingQuotes: Bool) {
        var contiguous = s
        contiguous.withUTF8 { bytes in
            var runStart = 0
            for offset in bytes.indices {
                guard let replacement = replacement(for: bytes[offset], escapingQuotes: escapingQuotes) else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<offset]))
                out.append(contentsOf: replacement.utf8)
                runStart = offset + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
    }

    @inline(__always)
    private static func replacement(for byte: UInt8, escapingQuotes: Bool) -> String? {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\"") where escapingQuotes: "&quot;"
        case UInt8(ascii: "'") where escapingQuotes: "&#39;"
        case 0: "\u{FFFD}"
        default: nil
        }
    }
}

extension String {
    /// The characters between two UTF-8 offsets, which must fall on scalar boundaries; O(1) for native strings.
    func utf8Slice(_ offsets: Range<Int>) -> Substring {
        let lower = utf8.index(utf8.startIndex, offsetBy: offsets.lowerBound)
        let upper = utf8.index(lower, offsetBy: offsets.count)
        return self[lower..<upper]
    }
}
