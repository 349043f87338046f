import Foundation

/// The UTF-8 text of a payload, able to turn byte offsets into lines and columns for diagnostics.
public struct SourceText: Sendable {
    /// The payload's UTF-8 bytes, after BOM removal or UTF-16 transcoding.
    public let bytes: [UInt8]
    private let lineStarts = LineStarts()

    /// Wraps bytes that are already UTF-8 with any BOM removed.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The 1-based line and column of a byte offset; `bytes.count` is the end of the file.
    ///
    /// Columns count Unicode scalars (every byte that is not a UTF-8 continuation byte), a tab
    /// is one column, and `\r\n`, a lone `\r` and a lone `\n` are each one line break. Offsets
    /// outside the text are clamped to it.
    public func location(of offset: Int) -> SourceLocation {
        let target = min(max(offset, 0), bytes.count)
        let starts = lineStarts.table(for: bytes)
        let line = Self.lastIndex(in: starts, notAfter: target)
        var column = 1
        for byte in bytes[starts[line]..<target] where byte & 0xC0 != 0x80 {
            column += 1
        }
        return SourceLocation(line: line + 1, column: column)
    }

    /// The text of a 1-based line without its line break, or an empty string past the end.
    ///
    /// Invalid UTF-8 is shown as U+FFFD; callers that print it still escape control characters.
    public func lineText(_ line: Int) -> String {
        let starts = lineStarts.table(for: bytes)
        guard line >= 1, line <= starts.count else { return "" }
        var end = line < starts.count ? starts[line] : bytes.count
        if end > starts[line - 1], bytes[end - 1] == UInt8(ascii: "\n") { end -= 1 }
        if end > starts[line - 1], bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return String(decoding: bytes[starts[line - 1]..<end], as: UTF8.self)
    }

    /// The index of the last element of a sorted, non-empty table that is `<= value`.
    private static func lastIndex(in table: [Int], notAfter value: Int) -> Int {
        var low = 0
        var high = table.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if table[middle] <= value { low = middle } else { high = middle - 1 }
        }
        return low
    }
}

extension SourceText {
    // Built on first use, so the common case of a payload without diagnostics never pays for it;
    // copies of a SourceText share one table, hence the lock.
    private final class LineStarts: @unchecked Sendable {
        private let lock = NSLock()
        private var cached: [Int]?

        func table(for bytes: [UInt8]) -> [Int] {
            lock.lock()
            defer { lock.unlock() }
            if let cached { return cached }
            var starts = [0]
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\n") {
                    starts.append(index)
                } else if byte == UInt8(ascii: "\r") {
                    if index < bytes.count, bytes[index] == UInt8(ascii: "\n") { index += 1 }
                    starts.append(index)
                }
            }
            cached = starts
            return starts
        }
    }
}
