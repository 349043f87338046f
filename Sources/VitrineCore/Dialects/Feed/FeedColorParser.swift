/// Reads header tint colours as the GenericCollectionViewKit does: `#RRGGBB`, `RRGGBB`,
/// `#RRGGBBAA`, `RRGGBBAA` (alpha last); anything else is black (formats.md §2.3).
public enum FeedColorParser {
    /// The colour, and a warning when the kit would draw something other than what was written.
    public static func parse(_ text: String) -> (color: RGBAColor, warning: String?) {
        var digits = Array(text.utf8)
        if digits.first == UInt8(ascii: "#") { digits.removeFirst() }
        let values = digits.compactMap(RGBAColor.hexDigitValue)
        guard values.count == digits.count, digits.count == 6 || digits.count == 8 else {
            return (RGBAColor(red: 0, green: 0, blue: 0), "colour \"\(String(text.unicodeScalars.prefix(40)))\" is not #RRGGBB or #RRGGBBAA; the app draws black")
        }
        func byte(_ index: Int) -> UInt8 { values[index] << 4 | values[index + 1] }
        let alpha = digits.count == 8 ? byte(6) : 255
        return (RGBAColor(red: byte(0), green: byte(2), blue: byte(4), alpha: alpha), nil)
    }
}
