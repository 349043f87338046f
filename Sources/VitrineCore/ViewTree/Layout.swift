/// A layout axis.
public enum Axis: String, Sendable, Hashable {
    case horizontal
    case vertical
}

/// How a stack arranges its children: side by side, one above the other, or layered.
public enum StackAxis: String, Sendable, Hashable {
    case horizontal
    case vertical
    case overlay
}

/// Horizontal placement inside a box; leading and trailing follow the writing direction.
public enum HorizontalAlignment: String, Sendable, Hashable {
    case leading, center, trailing
}

/// Vertical placement inside a box.
public enum VerticalAlignment: String, Sendable, Hashable {
    case top, center, bottom
}

/// A two-axis alignment, as SwiftUI's `Alignment`.
public struct Alignment: Sendable, Hashable, CustomStringConvertible {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment

    public static let center = Alignment(horizontal: .center, vertical: .center)

    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public var description: String { "\(vertical.rawValue)-\(horizontal.rawValue)" }
}

/// A set of box edges.
public struct Edges: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let top = Edges(rawValue: 1)
    public static let leading = Edges(rawValue: 2)
    public static let bottom = Edges(rawValue: 4)
    public static let trailing = Edges(rawValue: 8)
    public static let horizontal: Edges = [.leading, .trailing]
    public static let vertical: Edges = [.top, .bottom]
    public static let all: Edges = [.top, .leading, .bottom, .trailing]
}
