/// Maps byte offsets of a UTF-8 text to line:column in O(log lines) after one linear pass.
public struct LineTable: Sendable {
    private let bytes: [UInt8]
    private let lineStarts: [Int]

    /// Indexes `bytes`; `\r\n`, lone `\r` and `\n` each end a line.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == 0x0A {
                starts.append(index + 1)
            } else if byte == 0x0D {
                if index + 1 < count, bytes[index + 1] == 0x0A { index += 1 }
                starts.append(index + 1)
            }
            index += 1
        }
        self.lineStarts = starts
    }

    /// The 1-based line and column (in Unicode scalars) of a byte offset.
    public func location(of offset: Int) -> SourceLocation {
        let clamped = max(0, min(offset, bytes.count))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
        }
        var column = 1
        var index = lineStarts[low]
        while index < clamped {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return SourceLocation(line: low + 1, column: column)
    }
}
