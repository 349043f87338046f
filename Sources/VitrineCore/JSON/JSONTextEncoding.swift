/// The encodings a payload file may arrive in, and the conversion of UTF-16 to UTF-8.
enum JSONTextEncoding {
    case utf8
    case utf8WithBOM
    case utf16(bigEndian: Bool, bomLength: Int)
    /// Not read: JSON is never UTF-32, and no tool writes it by mistake often enough to convert.
    case utf32

    /// Sniffs the encoding from a BOM or, without one, from where the NUL bytes of ASCII text fall.
    static func detect(in data: [UInt8]) -> JSONTextEncoding {
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { return .utf8WithBOM }
        // UTF-32's BOMs and its ASCII (three NULs a character) first: LE starts as UTF-16 LE's BOM does.
        if data.starts(with: [0xFF, 0xFE, 0x00, 0x00]) || data.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return .utf32 }
        if data.count >= 4, data[0] == 0, data[1] == 0, data[2] == 0, data[3] != 0 { return .utf32 }
        if data.count >= 4, data[0] != 0, data[1] == 0, data[2] == 0, data[3] == 0 { return .utf32 }
        if data.starts(with: [0xFF, 0xFE]) { return .utf16(bigEndian: false, bomLength: 2) }
        if data.starts(with: [0xFE, 0xFF]) { return .utf16(bigEndian: true, bomLength: 2) }
        // JSON text starts with ASCII, so UTF-16 shows as a NUL in every other byte (RFC 4627 §3).
        // Four bytes are checked rather than two so that UTF-8 like `[<NUL>]` stays UTF-8 and is
        // rejected for its NUL byte instead of being misread as UTF-16.
        switch data.count {
        case 2:
            if data[0] == 0, data[1] != 0 { return .utf16(bigEndian: true, bomLength: 0) }
            if data[0] != 0, data[1] == 0 { return .utf16(bigEndian: false, bomLength: 0) }
        case 4...:
            if data[0] == 0, data[1] != 0, data[2] == 0, data[3] != 0 { return .utf16(bigEndian: true, bomLength: 0) }
            if data[0] != 0, data[1] == 0, data[2] != 0, data[3] == 0 { return .utf16(bigEndian: false, bomLength: 0) }
        default:
            break
        }
        return .utf8
    }

    /// Converts UTF-16 to UTF-8, stopping at the first ill-formed code unit.
    /// - Returns: The UTF-8 bytes converted so far, and a message when the input was ill-formed.
    static func transcodeUTF16(_ data: ArraySlice<UInt8>, bigEndian: Bool) -> (bytes: [UInt8], failure: String?) {
        var output: [UInt8] = []
        output.reserveCapacity(data.count)
        var index = data.startIndex
        func unit(at position: Int) -> UInt32 {
            let first = UInt32(data[position])
            let second = UInt32(data[position + 1])
            return bigEndian ? first << 8 | second : second << 8 | first
        }
        while index < data.endIndex {
            guard index + 1 < data.endIndex else {
                return (output, "invalid UTF-16: odd number of bytes")
            }
            var scalar = unit(at: index)
            index += 2
            if scalar & 0xFC00 == 0xD800 {
                guard index + 1 < data.endIndex, unit(at: index) & 0xFC00 == 0xDC00 else {
                    return (output, "invalid UTF-16: unpaired surrogate \(hex(scalar))")
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (unit(at: index) - 0xDC00)
                index += 2
            } else if scalar & 0xFC00 == 0xDC00 {
                return (output, "invalid UTF-16: unpaired surrogate \(hex(scalar))")
            }
            appendUTF8(scalar, to: &output)
        }
        return (output, nil)
    }

    /// Appends the UTF-8 encoding of a scalar value already known to be valid.
    static func appendUTF8(_ scalar: UInt32, to output: inout [UInt8]) {
        switch scalar {
        case ..<0x80:
            output.append(UInt8(truncatingIfNeeded: scalar))
        case ..<0x800:
            output.append(UInt8(truncatingIfNeeded: 0xC0 | scalar >> 6))
            output.append(UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F))
        case ..<0x10000:
            output.append(UInt8(truncatingIfNeeded: 0xE0 | scalar >> 12))
            output.append(UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F))
        default:
            output.append(UInt8(truncatingIfNeeded: 0xF0 | scalar >> 18))
            output.append(UInt8(truncatingIfNeeded: 0x80 | scalar >> 12 & 0x3F))
            output.append(UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F))
        }
    }

    private static func hex(_ unit: UInt32) -> String {
        "0x" + String(unit, radix: 16, uppercase: true)
    }
}
