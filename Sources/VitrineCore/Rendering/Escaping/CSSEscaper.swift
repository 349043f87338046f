/// Writes payload strings as CSS string tokens that cannot end the string, the rule or the `<style>` element.
public enum CSSEscaper {
    /// Returns `s` as a double-quoted CSS string with every scalar outside `[A-Za-z0-9 _-]` written as `\hex `.
    ///
    /// No `<`, `"`, `\`, newline, `}` or `;` of the input survives as such (F09, F10); the
    /// space after each escape ends it, so a following hex digit is never read as part of it.
    public static func string(_ s: String) -> String {
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
        guard !x.isNaN else { return "0" }
        let clamped = min(max(x, -limit), limit)
        // |clamped| × 1000 ≤ 10⁸, so the rounded value converts to Int exactly.
        let thousandths = Int((clamped * 1000).rounded(.toNearestOrAwayFromZero))
        let magnitude = thousandths.magnitude
        let sign = thousandths < 0 ? "-" : ""
        let whole = String(magnitude / 1000)
        let fraction = magnitude % 1000
        guard fraction != 0 else { return sign + whole }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.last == "0" {
            digits.removeLast()
        }
        return sign + whole + "." + digits
    }
}
