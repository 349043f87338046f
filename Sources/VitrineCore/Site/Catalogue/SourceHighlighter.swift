/// A payload's JSON as HTML lines with syntax classes, made at build time so the page needs no
/// script to show it. It never parses: any bytes, broken JSON included, come out escaped.
///
/// Each line is `<span id=L12>…</span>`; keys, strings, numbers and literals are `<i class=k>`,
/// `s`, `n` and `l` (terse on purpose: the source is the largest part of a screen page).
/// Invalid UTF-8 is shown as U+FFFD, and bidi controls as visible `U+202E` marks, so the source
/// reads in the order it is stored.
public enum SourceHighlighter {
    /// Files above this size are not shown (the page would weigh several times as much).
    public static let maxBytes = 1 << 20

    /// The highlighted lines, or nil when the file is larger than `maxBytes`.
    /// - Parameters:
    ///   - idPrefix: starts each line's id (`L12`); two sources on one page need different ones.
    ///   - marked: lines that get the class `v-mark` (a diff's changed lines).
    public static func html(_ bytes: [UInt8], idPrefix: String = "L", marked: Set<Int> = []) -> String? {
        markup(bytes, idPrefix: idPrefix, marked: marked)?.text
    }

    /// The highlighted lines as bytes, or nil when the file is larger than `maxBytes`.
    static func markup(_ bytes: [UInt8], idPrefix: String = "L", marked: Set<Int> = []) -> Markup? {
        guard bytes.count <= maxBytes else { return nil }
        var text = String(decoding: bytes, as: UTF8.self)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        text.withUTF8 { source in
            var line = 1
            var index = 0
            openLine(1, idPrefix, marked, &out)
            while index < source.count {
                let byte = source[index]
                switch byte {
                case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                    // CR LF, LF and a lone CR each end a line, as the reader counts lines for positions.
                    index += byte == UInt8(ascii: "\r") && index + 1 < source.count && source[index + 1] == UInt8(ascii: "\n") ? 2 : 1
                    line += 1
                    out.append("</span>")
                    openLine(line, idPrefix, marked, &out)
                case UInt8(ascii: "\""):
                    let (end, plain) = stringEnd(source, from: index)
                    let isKey = nextSignificant(source, from: end) == UInt8(ascii: ":")
                    if plain {
                        // Nothing to escape (most strings): copied whole, without a second scan.
                        out.append(isKey ? keyTag : stringTag)
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: source[index..<end]))
                        out.append("</i>")
                    } else {
                        token(isKey ? keyTag : stringTag, source, index..<end, &out)
                    }
                    index = end
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    let end = run(source, from: index) { isNumberByte($0) }
                    token(numberTag, source, index..<end, &out)
                    index = end
                case UInt8(ascii: "a")...UInt8(ascii: "z"):
                    let end = run(source, from: index) { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
                    token(literalTag, source, index..<end, &out)
                    index = end
                case 0x20, 0x09, UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"),
                     UInt8(ascii: ","), UInt8(ascii: ":"):
                    // Indentation and punctuation need no escaping: copied a run at a time.
                    let end = run(source, from: index) { isPlainPunctuation($0) }
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: source[index..<end]))
                    index = end
                default:
                    // Whole UTF-8 sequences, so a bidi control outside a string is seen too.
                    let end = min(index + sequenceLength(byte), source.count)
                    appendEscaped(source, index..<end, &out)
                    index = end
                }
            }
        }
        out.append("</span>")
        return Markup(out)
    }

    private static func openLine(_ line: Int, _ idPrefix: String, _ marked: Set<Int>, _ out: inout [UInt8]) {
        out.append(!marked.isEmpty && marked.contains(line) ? "<span class=v-mark id=" : "<span id=")
        out.append(contentsOf: idPrefix.utf8)
        out.appendDecimal(line)
        out.append(UInt8(ascii: ">"))
    }

    // Static strings, not arrays: appending one costs no reference count, once per token.
    private static let keyTag: StaticString = "<i class=k>", stringTag: StaticString = "<i class=s>"
    private static let numberTag: StaticString = "<i class=n>", literalTag: StaticString = "<i class=l>"

    private static func token(_ openTag: StaticString, _ source: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ out: inout [UInt8]) {
        out.append(openTag)
        appendEscaped(source, range, &out)
        out.append("</i>")
    }

    /// The offset after a string's closing quote, or its line's end when it has none, and
    /// whether its bytes are plain: none that `appendEscaped` would change.
    private static func stringEnd(_ source: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, plain: Bool) {
        var index = start + 1
        var plain = true
        while index < source.count {
            let byte = source[index]
            switch byte {
            case UInt8(ascii: "\\"):
                // A backslash never takes the line break after it (an unfinished string): the line ends there.
                if index + 1 < source.count, source[index + 1] == UInt8(ascii: "\n") || source[index + 1] == UInt8(ascii: "\r") { return (index + 1, plain) }
                if index + 1 < source.count, needsEscape(source[index + 1]) { plain = false }
                index += 2
            case UInt8(ascii: "\""): return (index + 1, plain)
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"): return (index, plain)
            default:
                if needsEscape(byte) { plain = false }
                index += 1
            }
        }
        return (source.count, plain)
    }

    /// Whether `appendEscaped` may write something else for this byte: `&`, `<`, `>`, NUL, or
    /// the first byte of a possible bidi control.
    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), 0, 0xD8, 0xE2: true
        default: false
        }
    }

    private static func nextSignificant(_ source: UnsafeBufferPointer<UInt8>, from start: Int) -> UInt8? {
        let end = run(source, from: start) { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        return end < source.count ? source[end] : nil
    }

    private static func run(_ source: UnsafeBufferPointer<UInt8>, from start: Int, while belongs: (UInt8) -> Bool) -> Int {
        var index = start
        while index < source.count, belongs(source[index]) { index += 1 }
        return index
    }

    private static func isPlainPunctuation(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: ":"): true
        default: false
        }
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
             UInt8(ascii: "e"), UInt8(ascii: "E"): true
        default: false
        }
    }

    private static func sequenceLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }

    /// The bidirectional formatting character whose UTF-8 starts at `index`, if any: U+061C,
    /// U+200E–U+200F, U+202A–U+202E and U+2066–U+2069 (Trojan Source, CVE-2021-42574).
    private static func bidiControl(_ source: UnsafeBufferPointer<UInt8>, at index: Int, before end: Int) -> UInt32? {
        guard index + 1 < end else { return nil }
        let (first, second) = (source[index], source[index + 1])
        if first == 0xD8, second == 0x9C { return 0x061C }
        guard first == 0xE2, index + 2 < end else { return nil }
        let third = source[index + 2]
        switch (second, third) {
        case (0x80, 0x8E...0x8F), (0x80, 0xAA...0xAE): return 0x2000 + UInt32(third - 0x80)
        case (0x81, 0xA6...0xA9): return 0x2040 + UInt32(third - 0x80)
        default: return nil
        }
    }

    /// Copies bytes, escaping `&`, `<`, `>` and NUL, and showing each bidi control as a visible
    /// `<b class=v-ctl>U+202E</b>` instead of letting it reorder the line; splits only at
    /// ASCII or before a whole bidi control, so UTF-8 stays whole.
    private static func appendEscaped(_ source: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ out: inout [UInt8]) {
        let range = range.clamped(to: 0..<source.count)
        var plain = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            let replacement: String
            var length = 1
            switch source[index] {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case 0: replacement = "\u{FFFD}"
            case 0xD8, 0xE2:
                guard let control = bidiControl(source, at: index, before: range.upperBound) else {
                    index += 1
                    continue
                }
                replacement = "<b class=v-ctl>" + HTMLEscaper.codePoint(control) + "</b>"
                length = control == 0x061C ? 2 : 3
            default:
                index += 1
                continue
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: source[plain..<index]))
            out.append(contentsOf: replacement.utf8)
            index += length
            plain = index
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: source[plain..<range.upperBound]))
    }
}
