/// A colour parsed from a payload, re-emitted only from its components.
public struct RGBAColor: Sendable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    /// Opacity from 0 to 255.
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// The CSS form: `#rrggbb` when opaque, otherwise `rgba(r,g,b,a)` with a three-decimal alpha.
    public var css: String {
        if alpha == 255 {
            return "#" + [red, green, blue].map(Self.hex).joined()
        }
        let milli = (Int(alpha) * 1000 + 127) / 255
        let fraction = String(milli % 1000)
        let padded = String(repeating: "0", count: 3 - fraction.count) + fraction
        let trimmed = padded.reversed().drop { $0 == "0" }.reversed()
        let alphaText = milli == 1000 ? "1" : "0." + String(trimmed.isEmpty ? "0" : String(trimmed))
        return "rgba(\(red),\(green),\(blue),\(alphaText))"
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}
