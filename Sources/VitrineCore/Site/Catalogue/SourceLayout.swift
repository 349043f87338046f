/// The lines a screen page shows of a payload: the file as written, or, when it is minified
/// (its lines average more than `minifiedLineBytes`), laid out one member or element per line,
/// two spaces a level, so the tree's rows, a selection and the diagnostics' links each lead to
/// a line of their own instead of all to line 1. Only the whitespace between tokens changes;
/// every shown line maps back to where it starts in the file.
public struct SourceLayout: Sendable {
    /// The file's text: what diagnostics' positions count in.
    let text: SourceText
    /// The bytes shown: the file's, or its laid-out copy.
    public let shown: [UInt8]
    /// For a laid-out copy, the file offset of each shown line's first token; empty otherwise.
    private let lineStarts: [Int]

    /// Nesting deeper than this is not indented further: a line stays readable, the copy small.
    static let maxIndent = 24

    /// Lines longer than this on average mark a file as minified.
    static let minifiedLineBytes = 160

    /// - Parameter parsed: whether the text is valid JSON; only then is a minified file laid out.
    public init(_ text: SourceText, parsed: Bool) {
        self.text = text
        // A copy that would pass the size the page shows is not made: the file is shown as written.
        if parsed, Self.isMinified(text), let laidOut = Self.laidOut(text.bytes, limit: SourceHighlighter.maxBytes) {
            (shown, lineStarts) = laidOut
        } else {
            (shown, lineStarts) = (text.bytes, [])
        }
    }

    var isLaidOut: Bool { !lineStarts.isEmpty }

    /// The shown line of a file offset.
    func line(of offset: Int) -> Int {
        guard isLaidOut else { return text.line(of: offset) }
        var (low, high) = (0, lineStarts.count - 1)  // the last line starting at or before `offset`
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    /// The shown line of a position in the file (a diagnostic's).
    public func line(of location: SourceLocation) -> Int {
        isLaidOut ? line(of: text.offset(of: location)) : location.line
    }

    private static func isMinified(_ text: SourceText) -> Bool {
        let size = text.bytes.count
        guard size > 2 * minifiedLineBytes, size <= SourceHighlighter.maxBytes else { return false }
        return size / text.line(of: size) > minifiedLineBytes
    }

    /// Valid JSON with a line break after each `{`, `[` and `,` and before each `}` and `]`
    /// (an empty object or array stays `{}`), `": "` between key and value, two spaces a level
    /// up to `maxIndent` levels, and the file offset of each line's first token; nil once it
    /// passes `limit` bytes.
    private static func laidOut(_ source: [UInt8], limit: Int) -> (bytes: [UInt8], starts: [Int])? {
        var out: [UInt8] = [], starts: [Int] = []
        out.reserveCapacity(source.count * 2)
        var depth = 0, index = 0
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        /// Whether a number's or literal's run stops at `byte`.
        func endsLiteral(_ byte: UInt8) -> Bool {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "\""): true
            default: false
            }
        }
        func nextToken(after offset: Int) -> Int {
            var next = offset
            while next < source.count, isSpace(source[next]) { next += 1 }
            return next
        }
        func breakLine(startingAt offset: Int) {
            out.append(UInt8(ascii: "\n"))
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * min(depth, maxIndent)))
            starts.append(offset)
        }
        starts.append(nextToken(after: 0))
        while index < source.count {
            guard out.count <= limit else { return nil }
            let byte = source[index]
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D:
                index += 1
            case UInt8(ascii: "\""):
                var end = index + 1
                while end < source.count, source[end] != UInt8(ascii: "\"") { end += source[end] == UInt8(ascii: "\\") ? 2 : 1 }
                end = min(end + 1, source.count)
                out.append(contentsOf: source[index..<end])
                index = end
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                out.append(byte)
                let next = nextToken(after: index + 1)
                if next < source.count, source[next] == byte + 2 {  // `}` and `]` follow `{` and `[` by two
                    out.append(source[next])
                    index = next + 1
                } else {
                    depth += 1
                    breakLine(startingAt: next)
                    index = next
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth = max(depth - 1, 0)
                breakLine(startingAt: index)
                out.append(byte)
                index += 1
            case UInt8(ascii: ","):
                out.append(byte)
                let next = nextToken(after: index + 1)
                breakLine(startingAt: next)
                index = next
            case UInt8(ascii: ":"):
                out.append(contentsOf: ": ".utf8)
                index += 1
            default:
                let start = index
                repeat { index += 1 } while index < source.count && !endsLiteral(source[index])
                out.append(contentsOf: source[start..<index])
            }
        }
        return (out, starts)
    }
}
