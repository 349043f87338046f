/// Writes payload strings as CSS string tokens that cannot end the string, the rule or the `<style>` element.
public enum CSSEscaper {
    /// Returns `s` as a double-quoted CSS string with every scalar outside `[A-Za-z0-9 _-]` written as `\hex `.
    ///
    /// No `<`, `"`, `\`, newline, `}` or `;` of the input survives as such (F09, F10); the
    /// space after each escape ends it, so a following hex digit is never read as part of it.
    public static func string(_ s: String) -> String {
        // A font family's name is mostly kept whole (`Pretendard`): then it is only quoted.
        if s.utf8.allSatisfy({ isKeptAsIs(Unicode.Scalar($0)) }) { return "\"" + s + "\"" }
        var out = "\""
        for scalar in s.unicodeScalars {
            if isKeptAsIs(scalar) {
                out.unicodeScalars.append(scalar)
            } else {
                out.append("\\")
                out.append(String(scalar.value, radix: 16))
                out.append(" ")
            }
        }
        out.append("\"")
        return out
    }

    private static func isKeptAsIs(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", " ", "_", "-": true
        default: false
        }
    }
}

/// Formats CSS numbers deterministically: no exponent, no `nan`, no `inf`, at most three decimals.
public enum CSSNumber {
    /// The largest magnitude ever written; larger values are clamped to it (B08).
    public static let limit: Double = 100_000

    /// Returns `x` clamped to ±``limit``, rounded to thousandths, with trailing zeros trimmed; NaN and `-0` give `0`.
    public static func format(_ x: Double) -> String {
        var bytes: [UInt8] = []
        append(x, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `format(x)` to `out` without making a string: the renderer writes thousands of them.
    static func append(_ x: Double, to out: inout [UInt8]) {
        appendUnit(x, "", to: &out)
    }

    /// Appends `x` in pixels (`12px`), or `0` without a unit.
    static func appendPixels(_ x: Double, to out: inout [UInt8]) {
        appendUnit(x, "px", to: &out)
    }

    private static func appendUnit(_ x: Double, _ unit: StaticString, to out: inout [UInt8]) {
        guard !x.isNaN else { return out.append(UInt8(ascii: "0")) }
        let clamped = min(max(x, -limit), limit)
        // |clamped| × 1000 ≤ 10⁸, so the rounded value converts to Int exactly.
        let thousandths = Int((clamped * 1000).rounded(.toNearestOrAwayFromZero))
        guard thousandths != 0 else { return out.append(UInt8(ascii: "0")) }
        if thousandths < 0 { out.append(UInt8(ascii: "-")) }
        let magnitude = Int(thousandths.magnitude)
        out.appendDecimal(magnitude / 1000)
        var fraction = magnitude % 1000
        if fraction != 0 {
            out.append(UInt8(ascii: "."))
            var divisor = 100
            while fraction != 0 {
                out.append(UInt8(ascii: "0") + UInt8(fraction / divisor))
                fraction %= divisor
                divisor /= 10
            }
        }
        out.append(unit)
    }
}
