extension JSONParser {
    /// Exact powers of ten: every one up to 10^22 is representable in a `Double`.
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Parses the number literal at `index` with RFC 8259's grammar.
    ///
    /// A literal too large for a `Double` becomes ±infinity: range is the decoder's concern.
    mutating func parseNumber() throws(Failure) -> JSONNumber {
        let start = index
        var cursor = start
        let isNegative = bytes[cursor] == UInt8(ascii: "-")
        if isNegative { cursor += 1 }
        guard cursor < bytes.count, Self.isDigit(bytes[cursor]) else {
            if cursor < bytes.count, Self.isLetter(bytes[cursor]) { throw invalidWord(at: start) }
            throw fail("expected a digit after '-'", at: cursor)
        }
        var digits = DecimalDigits()
        if bytes[cursor] == UInt8(ascii: "0") {
            cursor += 1
            if cursor < bytes.count, Self.isDigit(bytes[cursor]) {
                throw fail("leading zeros are not allowed in JSON numbers", at: start)
            }
            if cursor < bytes.count, bytes[cursor] | 0x20 == UInt8(ascii: "x") {
                throw fail("hexadecimal numbers are not allowed in JSON", at: start)
            }
        } else {
            while cursor < bytes.count, Self.isDigit(bytes[cursor]) {
                digits.append(bytes[cursor])
                cursor += 1
            }
        }
        var isInteger = true
        var fractionDigits = 0
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ".") {
            isInteger = false
            cursor += 1
            guard cursor < bytes.count, Self.isDigit(bytes[cursor]) else {
                throw fail("expected a digit after the decimal point", at: cursor)
            }
            while cursor < bytes.count, Self.isDigit(bytes[cursor]) {
                digits.append(bytes[cursor])
                fractionDigits += 1
                cursor += 1
            }
        }
        var exponent = 0
        if cursor < bytes.count, bytes[cursor] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            cursor += 1
            let isNegativeExponent = cursor < bytes.count && bytes[cursor] == UInt8(ascii: "-")
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "-") || bytes[cursor] == UInt8(ascii: "+") {
                cursor += 1
            }
            guard cursor < bytes.count, Self.isDigit(bytes[cursor]) else {
                throw fail("expected a digit in the exponent", at: cursor)
            }
            while cursor < bytes.count, Self.isDigit(bytes[cursor]) {
                // Saturates far beyond any Double exponent, so absurd exponents cannot overflow.
                if exponent < 1_000_000 { exponent = exponent * 10 + Int(bytes[cursor] - UInt8(ascii: "0")) }
                cursor += 1
            }
            if isNegativeExponent { exponent = -exponent }
        }
        // A letter straight after the digits (`1f`, `0b1`, `1_000`) makes no number: said here,
        // rather than "expected ',' … found 'f'" after a number that looked whole.
        if cursor < bytes.count, Self.isLetter(bytes[cursor]) || bytes[cursor] == UInt8(ascii: "_") {
            var end = cursor
            while end < bytes.count, end - start < 24, Self.isWordByte(bytes[end]) || bytes[end] == UInt8(ascii: "-") || bytes[end] == UInt8(ascii: "+") { end += 1 }
            throw fail("invalid number '\(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))'", at: start)
        }
        index = cursor
        let magnitude = digits.fastValue(scaledBy: exponent - fractionDigits)
            ?? Self.slowValue(UnsafeBufferPointer(rebasing: bytes[(isNegative ? start + 1 : start)..<cursor]))
        if magnitude == 0, digits.count > 0 {
            warn(Self.underflowWarning, at: start)
        }
        return JSONNumber(value: isNegative ? -magnitude : magnitude, isIntegerLiteral: isInteger)
    }

    /// The warning of a number too small for a `Double`, wherever it is.
    static let underflowWarning = "number too small for a Double: read as 0, though the app's JSONDecoder rejects it where it reads a number"

    // The standard library's strtod-backed parser rounds correctly for any literal; it is only needed for
    // long mantissas and large exponents, which payloads rarely have.
    private static func slowValue(_ unsignedLiteral: UnsafeBufferPointer<UInt8>) -> Double {
        Double(String(decoding: unsignedLiteral, as: UTF8.self)) ?? .infinity
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// The significant digits of a literal, accumulated while they fit Clinger's fast path.
    private struct DecimalDigits {
        var mantissa: UInt64 = 0
        var count = 0

        mutating func append(_ digit: UInt8) {
            // Leading zeros are not significant; wrapping keeps over-long mantissas from trapping
            // (`count` then rules the fast path out).
            if mantissa != 0 || digit != UInt8(ascii: "0") { count += 1 }
            mantissa = mantissa &* 10 &+ UInt64(digit - UInt8(ascii: "0"))
        }

        /// The exact value `mantissa × 10^power` when both fit a `Double` exactly, else nil.
        func fastValue(scaledBy power: Int) -> Double? {
            if mantissa == 0, count == 0 { return 0 }
            guard count <= 19, mantissa <= 1 << 53, (-22...22).contains(power) else { return nil }
            let value = Double(mantissa)
            return power < 0 ? value / JSONParser.exactPowersOfTen[-power] : value * JSONParser.exactPowersOfTen[power]
        }
    }
}
