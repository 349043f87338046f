/// A pre-scan that refuses the Markdown libcmark 0.30 (Debian's) takes seconds or worse on,
/// before it sees it (bad-inputs.md G07): its known quadratic inputs are deep nesting of lists
/// and quotes, worse with many lines after it, and long runs of link brackets.
///
/// A line's depth is its quote markers (`>`), its list markers (`-`, `*`, `+`, `1.`, `1)`)
/// followed by white space, and half its indentation (a line indented into an item nests in
/// it). A line of `-` or of `*` and spaces only is a rule, and `----` or `****` (a heading's
/// underline, a rule) holds no marker at all. Lines end at LF, CR or CRLF, as in CommonMark;
/// a leading BOM is skipped; fenced code counts for nothing.
///
/// Where it cannot tell, the scan takes a line for text rather than code, so that nothing it
/// skips is parsed by libcmark: a backtick fence whose info string holds a backtick is no fence;
/// an indented fence (inside a list item) ends at a line indented less; and no fence opens inside
/// what may be an HTML block (from a line starting with `<` to a blank line, or to its end marker
/// for comments, `<?`, `<!`, `<script`, `<pre`, `<style` and `<textarea`).
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
        /// The character of the open code fence (`` ` `` or `~`), if one is open, and its indentation.
        var fence: UInt8?
        var fenceIndent = 0
        /// What ends the HTML block that may be open: a blank line (empty), or a marker.
        var html: [UInt8]?
        var line = Line()

        struct Line {
            var depth = 0, indent = 0, atStart = true, hasContent = false
            /// Whether the line may still be a thematic break: markers of one of `-` and `*` only.
            var canBeRule = true
            var ruleCharacter: UInt8?
            /// Whether the line opens or closes a code fence.
            var fenceMark: UInt8?
            /// The line's own bytes after its markers, for HTML blocks.
            var text: [UInt8] = []

            var isRule: Bool { canBeRule && !hasContent && ruleCharacter != nil }
        }

        mutating func endLine() {
            lines += 1
            // A line indented less than an indented fence ends the list item the fence is in.
            if fence != nil, line.hasContent, line.depth + line.indent < fenceIndent { fence = nil }
            if let end = html {
                if end.isEmpty ? !line.hasContent : Self.contains(line.text, end) { html = nil }
            } else if fence == nil, line.fenceMark == nil, line.depth == 0, line.indent < 4, let end = Self.htmlEnd(line.text) {
                html = Self.contains(line.text, end) && !end.isEmpty ? nil : end
            }
            if let mark = line.fenceMark, html == nil || fence != nil {
                if fence == nil { fenceIndent = line.indent }
                fence = fence == nil ? mark : (fence == mark ? nil : fence)
            }
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
               index + 2 < bytes.count, bytes[index + 1] == byte, bytes[index + 2] == byte,
               byte == UInt8(ascii: "~") || !Self.backtickFollows(bytes, after: index + 3) {
                line.fenceMark = byte
            }
            if line.text.count < 16 || html != nil || line.text.first == UInt8(ascii: "<") { line.text.append(byte) }
            if byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t") {
                line.atStart = false
                line.hasContent = true
            }
            if byte == UInt8(ascii: "["), fence == nil { brackets += 1 }
        }

        /// Whether a backtick comes later on the line (in a backtick fence's info string, it makes the line text).
        static func backtickFollows(_ bytes: [UInt8], after index: Int) -> Bool {
            var index = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") {
                if bytes[index] == UInt8(ascii: "`") { return true }
                index += 1
            }
            return false
        }

        /// What ends the HTML block a line starting with `text` may open (CommonMark's seven
        /// kinds, loosely: any `<` may open one): its end marker, or empty for a blank line.
        static func htmlEnd(_ text: [UInt8]) -> [UInt8]? {
            guard text.first == UInt8(ascii: "<") else { return nil }
            let start = String(decoding: text.prefix(16), as: UTF8.self).lowercased()
            for (opening, end) in [("<!--", "-->"), ("<?", "?>"), ("<![cdata[", "]]>"), ("<!", ">"), ("<script", "</script>"),
                                   ("<pre", "</pre>"), ("<style", "</style>"), ("<textarea", "</textarea>")] where start.hasPrefix(opening) {
                return Array(end.utf8)
            }
            return []
        }

        /// Whether `text` holds `marker`, letters in any case.
        static func contains(_ text: [UInt8], _ marker: [UInt8]) -> Bool {
            let folded = text.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
            return marker.count <= folded.count && (0...(folded.count - marker.count)).contains { folded[$0..<($0 + marker.count)].elementsEqual(marker) }
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
