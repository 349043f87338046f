import Foundation

/// Reads header tint colours as the GenericCollectionViewKit does (`UIColor(hex:)`, formats.md
/// §2.3): spaces and line breaks trimmed, every `#` dropped, then 6 or 8 characters read by
/// `Scanner.scanHexInt64` (an optional `0x`, then hex digits up to the first other character),
/// `RRGGBB` or `RRGGBBAA` (alpha last); anything else is black.
public enum FeedColorParser {
    /// What the kit draws for a colour.
    public struct Reading: Equatable, Sendable {
        /// The colour drawn.
        public var color: RGBAColor
        /// Whether the kit read a colour at all (black otherwise).
        public var isReadable: Bool
        /// Set when the kit draws something other than what was plainly written.
        public var warning: String?
    }

    /// The colour the kit draws for `text`.
    public static func parse(_ text: String) -> Reading {
        let shown = String(text.unicodeScalars.prefix(40))
        let cleaned = text.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "#", with: "")
        let length = cleaned.count
        // The scanner skips the spaces that dropping a `#` may leave in front (`# FFA50`).
        var digits = Substring(cleaned).drop { $0.isWhitespace }
        let prefixed = digits.hasPrefix("0x") || digits.hasPrefix("0X")
        if prefixed { digits = digits.dropFirst(2) }
        let values = digits.utf8.prefix { RGBAColor.hexDigitValue($0) != nil }.compactMap(RGBAColor.hexDigitValue)
        guard length == 6 || length == 8, !values.isEmpty || prefixed else {
            return Reading(color: RGBAColor(red: 0, green: 0, blue: 0), isReadable: false,
                           warning: "colour \"\(shown)\" is not #RRGGBB or #RRGGBBAA; the app draws black")
        }
        let number = values.reduce(UInt64(0)) { $0 << 4 | UInt64($1) }
        func byte(_ shift: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: number >> shift) }
        let color = length == 6 ? RGBAColor(red: byte(16), green: byte(8), blue: byte(0))
                                : RGBAColor(red: byte(24), green: byte(16), blue: byte(8), alpha: byte(0))
        let plain = values.count == length && (text.utf8.first == UInt8(ascii: "#") ? text.utf8.count == length + 1 : text.utf8.count == length)
        guard !plain else { return Reading(color: color, isReadable: true, warning: nil) }
        let hex = "#" + [color.red, color.green, color.blue].map { String(format: "%02X", $0) }.joined()
            + (length == 8 ? String(format: "%02X", color.alpha) : "")
        let why = values.count == length ? "it trims spaces and drops every `#`"
            : prefixed ? "it takes `0x` as a prefix and reads on to the first character that is not a hex digit"
            : "it reads up to the first character that is not a hex digit"
        return Reading(color: color, isReadable: true, warning: "colour \"\(shown)\" is read by the app as \(hex) (\(why))")
    }
}
