private let quote = UInt8(ascii: "\"")
private let backslash = UInt8(ascii: "\\")

extension JSONParser {
    /// Parses the string literal whose opening quote is at `index`, validating its UTF-8 strictly.
    mutating func parseString() throws(Failure) -> String {
        let open = index
        var cursor = open + 1
        var chunkStart = cursor
        var hasEscapes = false
        while true {
            cursor = skipPlainWords(from: cursor)
            // `byte &- 0x20 >= 0x60` is true for control characters (they wrap) and non-ASCII.
            while cursor < bytes.count {
                let byte = bytes[cursor]
                if byte == quote || byte == backslash || byte &- 0x20 >= 0x60 { break }
                cursor += 1
            }
            guard cursor < bytes.count else {
                index = cursor
                throw unterminated("string", openedAt: open)
            }
            let byte = bytes[cursor]
            if byte == quote { break }
            if byte == backslash {
                if !hasEscapes {
                    scratch.removeAll(keepingCapacity: true)
                    hasEscapes = true
                }
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<cursor]))
                cursor = try decodeEscape(at: cursor, openedAt: open)
                chunkStart = cursor
            } else if byte < 0x20 {
                throw fail(Self.controlCharacterMessage(byte), at: cursor)
            } else {
                let length = utf8SequenceLength(at: cursor)
                guard length > 0 else { throw fail(invalidUTF8Message(at: cursor), at: cursor) }
                cursor += length
            }
        }
        guard cursor - open - 1 <= options.maxStringBytes else {
            throw fail("string longer than \(options.maxStringBytes) bytes as written in the file" + (options.stringBytesSetting.map { " (\($0))" } ?? ""), at: open)
        }
        index = cursor + 1
        let tail = UnsafeBufferPointer(rebasing: bytes[chunkStart..<cursor])
        guard hasEscapes else { return String(decoding: tail, as: UTF8.self) }
        scratch.append(contentsOf: tail)
        return String(decoding: scratch, as: UTF8.self)
    }

    /// Skips eight bytes at a time while none is a quote, a backslash, a control character or non-ASCII.
    private func skipPlainWords(from start: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        var cursor = start
        while bytes.count - cursor >= 8 {
            let word = raw.loadUnaligned(fromByteOffset: cursor, as: UInt64.self)
            // SWAR: subtracting sets a byte's high bit when that byte is below the subtrahend (or a
            // lower byte already was); with non-ASCII bytes rejected by the same mask, a clear mask
            // means no byte is a control character, a quote or a backslash.
            let quotes = word ^ (ones &* UInt64(quote))
            let backslashes = word ^ (ones &* UInt64(backslash))
            let special = (word &- ones &* 0x20) | (quotes &- ones) | (backslashes &- ones)
            guard (special | word) & highBits == 0 else { return cursor }
            cursor += 8
        }
        return cursor
    }

    /// Decodes the escape sequence at `escape` into `scratch`.
    /// - Returns: The offset just past the sequence.
    private mutating func decodeEscape(at escape: Int, openedAt open: Int) throws(Failure) -> Int {
        guard escape + 1 < bytes.count else {
            index = bytes.count
            throw unterminated("string", openedAt: open)
        }
        let decoded: UInt8
        switch bytes[escape + 1] {
        case quote, backslash, UInt8(ascii: "/"): decoded = bytes[escape + 1]
        case UInt8(ascii: "b"): decoded = 0x08
        case UInt8(ascii: "f"): decoded = 0x0C
        case UInt8(ascii: "n"): decoded = 0x0A
        case UInt8(ascii: "r"): decoded = 0x0D
        case UInt8(ascii: "t"): decoded = 0x09
        case UInt8(ascii: "u"): return try decodeUnicodeEscape(at: escape, openedAt: open)
        case let other where (0x21..<0x7F).contains(other):
            throw fail("invalid escape '\\\(Character(Unicode.Scalar(other)))' in a string", at: escape)
        default:
            throw fail("invalid escape in a string: a backslash must be followed by one of \" \\ / b f n r t u", at: escape)
        }
        scratch.append(decoded)
        return escape + 2
    }

    /// Decodes `\uXXXX`, or a `\uXXXX\uXXXX` surrogate pair, at `escape` into `scratch`.
    private mutating func decodeUnicodeEscape(at escape: Int, openedAt open: Int) throws(Failure) -> Int {
        let unit = try hexQuad(at: escape + 2, escapeAt: escape, openedAt: open)
        var end = escape + 6
        var scalar = unit
        switch unit {
        case 0xD800...0xDBFF:
            var low: UInt32 = 0
            if end + 1 < bytes.count, bytes[end] == backslash, bytes[end + 1] == UInt8(ascii: "u") {
                low = try hexQuad(at: end + 2, escapeAt: end, openedAt: open)
            }
            guard (0xDC00...0xDFFF).contains(low) else { throw loneSurrogate(unit, at: escape) }
            scalar = 0x10000 + (unit - 0xD800) << 10 + (low - 0xDC00)
            end += 6
        case 0xDC00...0xDFFF:
            throw loneSurrogate(unit, at: escape)
        default:
            break
        }
        JSONTextEncoding.appendUTF8(scalar, to: &scratch)
        return end
    }

    private mutating func hexQuad(at start: Int, escapeAt escape: Int, openedAt open: Int) throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for offset in start..<start + 4 {
            guard offset < bytes.count else {
                index = bytes.count
                throw unterminated("string", openedAt: open)
            }
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fail("invalid \\u escape; expected four hex digits", at: escape)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private mutating func loneSurrogate(_ unit: UInt32, at escape: Int) -> Failure {
        let digits = String(unit, radix: 16, uppercase: true)
        return fail("lone surrogate \\u\(digits) in a string; the app rejects it", at: escape)
    }

    /// The length of the well-formed UTF-8 sequence at `offset`, or 0 when it is ill-formed.
    ///
    /// Strict per Unicode Table 3-7: no overlongs, no encoded surrogates, nothing above U+10FFFF.
    func utf8SequenceLength(at offset: Int) -> Int {
        let length: Int
        let second: ClosedRange<UInt8>
        switch bytes[offset] {
        case 0x00..<0x80: return 1
        case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
        case 0xE0: (length, second) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
        case 0xED: (length, second) = (3, 0x80...0x9F)
        case 0xF0: (length, second) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
        case 0xF4: (length, second) = (4, 0x80...0x8F)
        default: return 0
        }
        guard length <= bytes.count - offset, second.contains(bytes[offset + 1]) else { return 0 }
        for continuation in offset + 2 ..< offset + length where bytes[continuation] & 0xC0 != 0x80 {
            return 0
        }
        return length
    }

    /// Explains why the UTF-8 sequence at `offset` is ill-formed, naming its first byte.
    func invalidUTF8Message(at offset: Int) -> String {
        let lead = bytes[offset]
        // A missing second byte reads as 0, which no rule below accepts: a truncated sequence.
        let next: UInt8 = offset + 1 < bytes.count ? bytes[offset + 1] : 0
        let reason: String
        switch (lead, next) {
        case (0x80...0xBF, _): reason = "unexpected continuation byte"
        case (0xC0...0xC1, _): reason = "overlong encoding"
        case (0xF5...0xF7, _): reason = "encodes a value above U+10FFFF"
        case (0xF8..., _): reason = "never valid in UTF-8"
        case (0xE0, 0x80..<0xA0), (0xF0, 0x80..<0x90): reason = "overlong encoding"
        case (0xED, 0xA0...0xBF): reason = "encodes a UTF-16 surrogate"
        case (0xF4, 0x90...0xBF): reason = "encodes a value above U+10FFFF"
        default: reason = "truncated sequence"
        }
        return "invalid UTF-8 byte \(Self.hexByte(lead)) (\(reason))"
    }

    /// The scalar value of the well-formed sequence at `offset`, or U+FFFD when it is ill-formed.
    func decodeScalar(at offset: Int) -> UInt32 {
        let length = utf8SequenceLength(at: offset)
        guard length > 1 else { return length == 1 ? UInt32(bytes[offset]) : 0xFFFD }
        var value = UInt32(bytes[offset]) & (0x7F >> length)
        for continuation in offset + 1 ..< offset + length {
            value = value << 6 | UInt32(bytes[continuation] & 0x3F)
        }
        return value
    }

    static func controlCharacterMessage(_ byte: UInt8) -> String {
        let escape = switch byte {
        case 0x08: "\\b"
        case 0x09: "\\t"
        case 0x0A: "\\n"
        case 0x0C: "\\f"
        case 0x0D: "\\r"
        default: "\\u" + codePoint(UInt32(byte)).dropFirst(2)
        }
        // A line break inside a string is most often a closing quote left out.
        let hint = byte == 0x0A || byte == 0x0D ? " (or is the string's closing quote missing?)" : ""
        return "raw control character \(codePoint(UInt32(byte))) in a string; escape it as \(escape)" + hint
    }

    static func hexByte(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0x0" + digits : "0x" + digits
    }
}
