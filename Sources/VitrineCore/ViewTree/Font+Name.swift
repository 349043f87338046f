extension Font {
    /// Weight suffixes of PostScript-style font names (`Family-Weight`) and their CSS weights.
    static let weightSuffixes: [String: Int] = [
        "thin": 100, "hairline": 100, "extralight": 200, "ultralight": 200, "light": 300,
        "regular": 400, "normal": 400, "book": 400, "medium": 500, "semibold": 600, "demibold": 600,
        "bold": 700, "extrabold": 800, "ultrabold": 800, "heavy": 800, "black": 900,
    ]

    /// A font from a payload font name such as `Pretendard-Bold`: family `Pretendard`, weight 700.
    ///
    /// A name without a known weight suffix is a family name at the regular weight.
    public init(payloadName name: String, size: Double) {
        if let dash = name.utf8.lastIndex(of: UInt8(ascii: "-")) {
            let family = String(decoding: name.utf8[..<dash], as: UTF8.self)
            let suffix = String(decoding: name.utf8[name.utf8.index(after: dash)...], as: UTF8.self)
            if !family.isEmpty, let weight = Font.weightSuffixes[suffix.lowercased()] {
                self.init(name: name, family: family, weight: weight, size: size)
                return
            }
        }
        self.init(name: name, family: name, weight: nil, size: size)
    }
}
