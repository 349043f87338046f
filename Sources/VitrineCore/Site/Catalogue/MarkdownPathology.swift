/// A pre-scan that refuses the Markdown libcmark 0.30 (Debian's) takes seconds or worse on,
/// before it sees it (bad-inputs.md G07): its known quadratic inputs are deep nesting of lists
/// and quotes, worse with many lines after it, and image openers (`![`) left open before many
/// link brackets (measured: 20,000 of each, 0.5 s; 20,000 before 100,000, 6 s).
///
/// A line's depth is its quote markers (`>`), its list markers (`-`, `*`, `+`, `1.`, `1)`)
/// followed by white space, and half its indentation (a line indented into an item nests in
/// it). A line of `-` or of `*` and spaces only is a rule, and `----` or `****` (a heading's
/// underline, a rule) holds no marker at all. Lines end at LF, CR or CRLF, as in CommonMark;
/// a leading BOM is skipped.
///
/// Every line counts, fenced code too: telling code from text needs CommonMark's whole block
/// parse (fences in list items, HTML blocks, lazy lines), and each shortcut a review tried let
/// a fence libcmark does not see hide a slow document. Code rarely nests 200 deep on a line or
/// holds thousands of `![`, so counting it refuses little that is real.
enum MarkdownPathology {
    /// Deeper than this on one line is refused.
    static let maxNesting = 200
    /// The deepest line times the document's lines: libcmark's time grows with both.
    static let maxNestingTimesLines = 50_000_000
    /// Image openers (`![`) times closing brackets (`]`): libcmark's time grows with both.
    static let maxImageBrackets = 400_000_000

    /// Why a document is refused, or nil.
    static func problem(_ bytes: [UInt8]) -> String? {
        var scan = Scan()
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                scan.endLine()
                if byte == UInt8(ascii: "\r"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
            } else if scan.line.atStart, let width = scan.marker(bytes, at: index) {
                index += width
                continue
            } else {
                scan.content(byte)
            }
            index += 1
        }
        scan.endLine()
        if scan.deepest > maxNesting {
            return "document nests lists or quotes \(scan.deepest) levels deep on one line (the limit is \(maxNesting))"
        }
        if scan.deepest * scan.lines > maxNestingTimesLines {
            return "document nests lists or quotes \(scan.deepest) levels deep above \(scan.lines) lines (levels × lines is limited to \(maxNestingTimesLines))"
        }
        if scan.imageOpeners * scan.closingBrackets > maxImageBrackets {
            return "document has \(scan.imageOpeners) image openers (`![`) and \(scan.closingBrackets) closing brackets "
                + "(their product is limited to \(maxImageBrackets))"
        }
        return nil
    }

    /// The counts so far, and the current line's.
    private struct Scan {
        var imageOpeners = 0, closingBrackets = 0, deepest = 0, lines = 0
        var line = Line()
        /// Whether the byte before is a `!` (an image opener is `![`) or a backslash (`\[` is text).
        var previous: UInt8 = 0

        struct Line {
            var depth = 0, indent = 0, atStart = true, hasContent = false
            /// Whether the line may still be a thematic break: markers of one of `-` and `*` only.
            var canBeRule = true
            var ruleCharacter: UInt8?

            var isRule: Bool { canBeRule && !hasContent && ruleCharacter != nil }
        }

        mutating func endLine() {
            lines += 1
            if !line.isRule { deepest = max(deepest, line.depth + line.indent / 2) }
            line = Line()
            previous = 0
        }

        /// Takes the marker or indentation at `index` when there is one: its width.
        mutating func marker(_ bytes: [UInt8], at index: Int) -> Int? {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: " "):
                if line.depth == 0 { line.indent += 1 }
                return 1
            case UInt8(ascii: "\t"):
                if line.depth == 0 { line.indent += 4 }
                return 1
            case UInt8(ascii: ">"):
                line.depth += 1
                line.canBeRule = false
                return 1
            default:
                guard let width = Self.listMarkerWidth(bytes, at: index) else { return nil }
                line.depth += 1
                let bullet = width == 1 && (byte == UInt8(ascii: "-") || byte == UInt8(ascii: "*"))
                if bullet, line.ruleCharacter == nil || line.ruleCharacter == byte { line.ruleCharacter = byte } else { line.canBeRule = false }
                return width
            }
        }

        /// A byte of the line's text.
        mutating func content(_ byte: UInt8) {
            if byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t") {
                line.atStart = false
                line.hasContent = true
            }
            if previous != UInt8(ascii: "\\") {
                if byte == UInt8(ascii: "["), previous == UInt8(ascii: "!") { imageOpeners += 1 }
                if byte == UInt8(ascii: "]") { closingBrackets += 1 }
            }
            // An escaped backslash escapes nothing after it, and an escaped `!` opens no image.
            previous = previous == UInt8(ascii: "\\") && (byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "!")) ? 0 : byte
        }

        /// The length of the list marker at `index` (`-`, `*`, `+`, or up to nine digits and
        /// `.` or `)`) when white space or the line's end follows it, else nil.
        static func listMarkerWidth(_ bytes: [UInt8], at index: Int) -> Int? {
            var end = index
            if [UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+")].contains(bytes[index]) {
                end += 1
            } else {
                while end < bytes.count, end - index < 9, bytes[end] &- UInt8(ascii: "0") < 10 { end += 1 }
                guard end > index, end < bytes.count, bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: ")") else { return nil }
                end += 1
            }
            guard end == bytes.count || [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n")].contains(bytes[end]) else {
                return nil
            }
            return end - index
        }
    }
}
