/// A pre-scan that refuses the Markdown libcmark 0.30 (Debian's) takes seconds or worse on,
/// before it sees it (bad-inputs.md G07): its known quadratic inputs are deep nesting of lists
/// and quotes, worse with many lines after it, and long runs of link brackets.
///
/// A line's depth is its quote markers (`>`), its list markers (`-`, `*`, `+`, `1.`, `1)`)
/// followed by white space, and half its indentation (a line indented into an item nests in
/// it). A line of `-` or of `*` and spaces only is a rule, and `----` or `****` (a heading's
/// underline, a rule) holds no marker at all. Lines end at LF, CR or CRLF, as in CommonMark;
/// a leading BOM is skipped; fenced code counts for nothing.
enum MarkdownPathology {
    /// Deeper than this on one line is refused.
    static let maxNesting = 200
    /// The deepest line times the document's lines: libcmark's time grows with both.
    static let maxNestingTimesLines = 50_000_000
    /// More link brackets than this outside fenced code are refused.
    static let maxBrackets = 20_000

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
                scan.content(byte, bytes, at: index)
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
        if scan.brackets > maxBrackets { return "document has \(scan.brackets) link brackets (the limit is \(maxBrackets))" }
        return nil
    }

    /// The counts so far, and the current line's.
    private struct Scan {
        var brackets = 0, deepest = 0, lines = 0
        /// The character of the open code fence (`` ` `` or `~`), if one is open.
        var fence: UInt8?
        var line = Line()

        struct Line {
            var depth = 0, indent = 0, atStart = true, hasContent = false
            /// Whether the line may still be a thematic break: markers of one of `-` and `*` only.
            var canBeRule = true
            var ruleCharacter: UInt8?
            /// Whether the line opens or closes a code fence.
            var fenceMark: UInt8?

            var isRule: Bool { canBeRule && !hasContent && ruleCharacter != nil }
        }

        mutating func endLine() {
            lines += 1
            if let mark = line.fenceMark { fence = fence == nil ? mark : (fence == mark ? nil : fence) }
            if fence == nil, line.fenceMark == nil, !line.isRule { deepest = max(deepest, line.depth + line.indent / 2) }
            line = Line()
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
            case UInt8(ascii: ">") where fence == nil:
                line.depth += 1
                line.canBeRule = false
                return 1
            default:
                guard fence == nil, let width = Self.listMarkerWidth(bytes, at: index) else { return nil }
                line.depth += 1
                let bullet = width == 1 && (byte == UInt8(ascii: "-") || byte == UInt8(ascii: "*"))
                if bullet, line.ruleCharacter == nil || line.ruleCharacter == byte { line.ruleCharacter = byte } else { line.canBeRule = false }
                return width
            }
        }

        /// A byte of the line's text: a fence when the line starts with three backticks or tildes.
        mutating func content(_ byte: UInt8, _ bytes: [UInt8], at index: Int) {
            if line.atStart, line.depth == 0, line.indent < 4, byte == UInt8(ascii: "`") || byte == UInt8(ascii: "~"),
               index + 2 < bytes.count, bytes[index + 1] == byte, bytes[index + 2] == byte {
                line.fenceMark = byte
            }
            if byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t") {
                line.atStart = false
                line.hasContent = true
            }
            if byte == UInt8(ascii: "["), fence == nil { brackets += 1 }
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
