/// A layout axis.
public enum Axis: String, Sendable, Hashable {
    /// Left to right (leading to trailing).
    case horizontal
    /// Top to bottom.
    case vertical
}

/// How a stack arranges its children: side by side, one above the other, or layered.
public enum StackAxis: String, Sendable, Hashable {
    /// Side by side (`h`, `lh`).
    case horizontal
    /// One above the other (`v`, `lv`).
    case vertical
    /// Layered, the first child at the back (`z`).
    case overlay
}

/// Horizontal placement inside a box; leading and trailing follow the writing direction.
public enum HorizontalAlignment: String, Sendable, Hashable {
    /// At the start, the middle or the end of the line, in the writing direction.
    case leading, center, trailing
}

/// Vertical placement inside a box.
public enum VerticalAlignment: String, Sendable, Hashable {
    /// At the top, the middle or the bottom.
    case top, center, bottom
}

/// A two-axis alignment, as SwiftUI's `Alignment`.
public struct Alignment: Sendable, Hashable, CustomStringConvertible {
    /// Where along the width a child sits: the part a vertical stack uses.
    public var horizontal: HorizontalAlignment
    /// Where along the height a child sits: the part a horizontal stack uses.
    public var vertical: VerticalAlignment

    /// Centred on both axes.
    public static let center = Alignment(horizontal: .center, vertical: .center)

    /// Combines a horizontal and a vertical placement.
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// `vertical-horizontal`, as tree dumps write it (`center-leading`).
    public var description: String { "\(vertical.rawValue)-\(horizontal.rawValue)" }
}

/// A set of box edges.
public struct Edges: OptionSet, Sendable, Hashable {
    /// One bit an edge: top 1, leading 2, bottom 4, trailing 8.
    public let rawValue: UInt8
    /// The edges whose bits `rawValue` has.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The edge above the content.
    public static let top = Edges(rawValue: 1)
    /// The edge where lines start: the left in left-to-right text.
    public static let leading = Edges(rawValue: 2)
    /// The edge below the content.
    public static let bottom = Edges(rawValue: 4)
    /// The edge where lines end: the right in left-to-right text.
    public static let trailing = Edges(rawValue: 8)
    /// The leading and trailing edges.
    public static let horizontal: Edges = [.leading, .trailing]
    /// The top and bottom edges.
    public static let vertical: Edges = [.top, .bottom]
    /// Every edge.
    public static let all: Edges = [.top, .leading, .bottom, .trailing]
}
