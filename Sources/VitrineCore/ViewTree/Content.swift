/// A font: a named family and weight, or the system font, at a size in points.
public struct Font: Sendable, Hashable {
    /// The name as the payload wrote it, e.g. `Pretendard-Bold`.
    public var name: String?
    /// The family part of the name, e.g. `Pretendard`; nil for the system font.
    public var family: String?
    /// The CSS weight (100 thin to 900 black, 700 bold); nil leaves the regular weight.
    public var weight: Int?
    /// The size in points, at the reader's default text size.
    public var size: Double
    /// Whether the size follows the reader's text size (Dynamic Type), as SwiftUI's custom
    /// fonts do; UIKit's `systemFont(ofSize:)` (a feed header's) keeps its size.
    public var scalesWithTextSize: Bool

    /// The size of a text without a font, in points (the theme draws it so).
    public static let systemSize = 17.0

    /// A font from its parts; `init(payloadName:size:)` splits a payload's font name into them.
    public init(name: String?, family: String?, weight: Int?, size: Double, scalesWithTextSize: Bool = true) {
        self.name = name
        self.family = family
        self.weight = weight
        self.size = size
        self.scalesWithTextSize = scalesWithTextSize
    }
}

/// Where an image comes from.
public enum ImageSource: Sendable, Hashable {
    /// An http(s) or data URL, already sanitised.
    case remote(String)
    /// A name resolved in the input's `assets/` folder, and where the payload gives it (so an
    /// asset that is not there is reported at the name, not at its component).
    case asset(String, at: SourceRef? = nil)
    /// A platform symbol name (SF Symbols).
    case symbol(String)
    /// Nothing can be shown; the reason is shown instead.
    case unavailable(String)
}

/// What a button does when tapped; shown, never performed.
public struct Action: Sendable, Hashable {
    /// How the app opens the destination: `push` or `modal` (any other it only logs).
    public var type: String
    /// The key the app looks the screen up by in its destination registry (`searchNew`).
    public var destination: String

    /// An action of `type` that opens `destination`.
    public init(type: String, destination: String) {
        self.type = type
        self.destination = destination
    }
}

/// The outline of a shape.
public struct Stroke: Sendable, Hashable {
    /// The line's colour; nil draws it in the current foreground colour.
    public var color: RGBAColor?
    /// The line's width in points, centred on the shape's edge.
    public var lineWidth: Double

    /// An outline `lineWidth` points wide in `color`.
    public init(color: RGBAColor?, lineWidth: Double) {
        self.color = color
        self.lineWidth = lineWidth
    }
}

/// How an image meets its box: whole and letterboxed (fit), or covering and cropped (fill).
public enum ContentMode: String, Sendable, Hashable {
    /// The whole image, letterboxed.
    case fit
    /// The box covered, the image cropped.
    case fill
}

/// The width of one item in a rail, or of a column of a vertical grid given in points.
public enum GridItemWidth: Sendable, Hashable {
    /// A share of the device width (0.9 = 90 %).
    case fraction(Double)
    /// A width in points.
    case points(Double)
}

/// Space around a box, per edge, in points; leading and trailing follow the writing direction.
public struct EdgeInsets: Sendable, Hashable {
    /// Space above the content, in points.
    public var top: Double
    /// Space on the side where lines start (left in left-to-right text), in points.
    public var leading: Double
    /// Space below the content, in points.
    public var bottom: Double
    /// Space on the side where lines end (right in left-to-right text), in points.
    public var trailing: Double

    /// Insets of the given amounts; an edge not named gets none.
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// The same amount on every edge.
    public init(all amount: Double) {
        self.init(top: amount, leading: amount, bottom: amount, trailing: amount)
    }
}

/// How a button colours its label, as SwiftUI's `.buttonStyle(.automatic / .plain)`.
public enum ButtonStyle: String, Sendable, Hashable {
    /// The accent colour, as SwiftUI's default button style draws it.
    case automatic
    /// The label's own colours.
    case plain
}
