/// A colour parsed from a payload, re-emitted only from its components.
public struct RGBAColor: Sendable, Hashable {
    /// Red, from 0 to 255.
    public var red: UInt8
    /// Green, from 0 to 255.
    public var green: UInt8
    /// Blue, from 0 to 255.
    public var blue: UInt8
    /// Opacity from 0 to 255.
    public var alpha: UInt8

    /// A colour from its components, opaque unless `alpha` says otherwise.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// The CSS form: `#rrggbb` when opaque, otherwise `rgba(r,g,b,a)` with a three-decimal alpha.
    public var css: String {
        guard alpha == 255 else {
            let milli = (Int(alpha) * 1000 + 127) / 255
            var fraction = String(milli)
            fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
            while fraction.hasSuffix("0") { fraction.removeLast() }
            let alphaText = milli == 1000 ? "1" : "0." + (fraction.isEmpty ? "0" : fraction)
            return "rgba(\(red),\(green),\(blue),\(alphaText))"
        }
        return String(unsafeUninitializedCapacity: 7) { buffer in
            let digits: StaticString = "0123456789abcdef"
            buffer[0] = UInt8(ascii: "#")
            for (index, byte) in [red, green, blue].enumerated() {
                buffer[1 + index * 2] = digits.utf8Start[Int(byte >> 4)]
                buffer[2 + index * 2] = digits.utf8Start[Int(byte & 0xF)]
            }
            return 7
        }
    }

    /// The value of one ASCII hex digit, or nil for any other byte; shared by the dialects' colour parsers.
    static func hexDigitValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
