import Foundation

/// The UTF-8 text of a payload, able to turn byte offsets into lines and columns for diagnostics.
public struct SourceText: Sendable {
    /// The payload's UTF-8 bytes, after BOM removal or UTF-16 transcoding.
    public let bytes: [UInt8]
    private let index = LineIndex()

    /// Wraps bytes that are already UTF-8 with any BOM removed.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The digits of an integer literal as written (`-12`): exact where its `Double` is not (past
    /// 2⁵³). Nil for any other value.
    public func integerDigits(_ value: JSONValue) -> String? {
        guard case .number(let number) = value.kind, number.isIntegerLiteral else { return nil }
        let digits = bytes[value.offset...].prefix { $0 == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        return String(decoding: digits, as: UTF8.self)
    }

    /// Whether a number's literal is too small for a `Double` (`1e-400`): read as 0, though its
    /// digits are not all zeros.
    public func underflows(_ value: JSONValue) -> Bool {
        guard case .number(let number) = value.kind, number.value == 0 else { return false }
        let mantissa = bytes[value.offset...].prefix { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        return mantissa.contains { (UInt8(ascii: "1")...UInt8(ascii: "9")).contains($0) }
    }

    /// The 1-based line and column of a byte offset; `bytes.count` is the end of the file.
    ///
    /// Columns count Unicode scalars (every byte that is not a UTF-8 continuation byte), a tab
    /// is one column, and `\r\n`, a lone `\r` and a lone `\n` are each one line break. Offsets
    /// outside the text are clamped to it.
    public func location(of offset: Int) -> SourceLocation {
        let target = min(max(offset, 0), bytes.count)
        let checkpoints = index.checkpoints(for: bytes)
        let nearest = checkpoints[Self.lastPosition(in: checkpoints) { $0.offset <= target }]
        var column = nearest.column
        for byte in bytes[nearest.offset..<target] where byte & 0xC0 != 0x80 {
            column += 1
        }
        return SourceLocation(line: nearest.line, column: column)
    }

    /// The 1-based line of a byte offset: `location(of:).line` without counting columns, a binary
    /// search however long the line is.
    public func line(of offset: Int) -> Int {
        let target = min(max(offset, 0), bytes.count)
        let checkpoints = index.checkpoints(for: bytes)
        return checkpoints[Self.lastPosition(in: checkpoints) { $0.offset <= target }].line
    }

    /// The byte offset of a line and column: the inverse of `location(of:)`. A column past its
    /// line's end gives the line's end, a line past the last the end of the file.
    public func offset(of location: SourceLocation) -> Int {
        let checkpoints = index.checkpoints(for: bytes)
        let nearest = checkpoints[max(Self.lastPosition(in: checkpoints) { ($0.line, $0.column) <= (location.line, location.column) }, 0)]
        guard nearest.line == location.line else { return nearest.line < location.line ? bytes.count : nearest.offset }
        var (offset, column) = (nearest.offset, nearest.column)
        while offset < bytes.count, bytes[offset] != UInt8(ascii: "\n"), bytes[offset] != UInt8(ascii: "\r") {
            if bytes[offset] & 0xC0 != 0x80 {
                if column == location.column { break }
                column += 1
            }
            offset += 1
        }
        return offset
    }

    /// The position of the last checkpoint satisfying a predicate that holds for a non-empty prefix.
    /// - Returns: That position, or -1 when the predicate holds for none.
    private static func lastPosition(in checkpoints: [Checkpoint], where isBefore: (Checkpoint) -> Bool) -> Int {
        var low = -1
        var high = checkpoints.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if isBefore(checkpoints[middle]) { low = middle } else { high = middle - 1 }
        }
        return low
    }
}

extension SourceText {
    /// A known location: every line start, plus one every few KiB inside long lines, so that a
    /// minified single-line payload with many diagnostics does not rescan its line for each one.
    fileprivate struct Checkpoint {
        let offset: Int
        let line: Int
        let column: Int
    }

    // Built on first use, so the common case of a payload without diagnostics never pays for it;
    // copies of a SourceText share one index, hence the lock.
    private final class LineIndex: @unchecked Sendable {
        private static let spacing = 4096
        private let lock = NSLock()
        private var cached: [Checkpoint]?

        func checkpoints(for bytes: [UInt8]) -> [Checkpoint] {
            lock.lock()
            defer { lock.unlock() }
            if let cached { return cached }
            var checkpoints = [Checkpoint(offset: 0, line: 1, column: 1)]
            bytes.withUnsafeBufferPointer { bytes in
                var line = 1
                var column = 1
                var offset = 0
                var last = 0  // the offset of the last checkpoint
                while offset < bytes.count {
                    let byte = bytes[offset]
                    offset += 1
                    if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                        if byte == UInt8(ascii: "\r"), offset < bytes.count, bytes[offset] == UInt8(ascii: "\n") { offset += 1 }
                        line += 1
                        column = 1
                        checkpoints.append(Checkpoint(offset: offset, line: line, column: column))
                        last = offset
                        continue
                    }
                    if byte & 0xC0 != 0x80 { column += 1 }
                    if offset - last >= Self.spacing {
                        checkpoints.append(Checkpoint(offset: offset, line: line, column: column))
                        last = offset
                    }
                }
            }
            cached = checkpoints
            return checkpoints
        }
    }
}
