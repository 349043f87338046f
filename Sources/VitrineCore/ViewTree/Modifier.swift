/// A view modifier; SwiftUI wraps a new box around the view for each one, so order is meaning.
public indirect enum Modifier: Sendable, Equatable {
    /// Colour of text and of shape fills, inherited by descendants.
    case foreground(RGBAColor)
    /// A fixed size on either axis; a missing side stays as the content decides.
    case frame(width: Double?, height: Double?)
    /// Minimum, ideal and maximum sizes.
    case flexibleFrame(FlexibleFrame)
    /// A colour filling the box behind the content.
    case background(RGBAColor)
    /// Rounds and clips the box, its background included.
    case cornerRadius(Double)
    /// A view drawn centred over the box, sized like it, not clipped.
    case overlay(ViewNode)
    /// Space around the box; nil amount means the platform default (`defaultPadding`).
    case padding(Edges, Double?)
    /// Width over height of the box; its height follows its width.
    case aspectRatio(Double)
    /// The box keeps its ideal size: it never shrinks and its texts never wrap (SwiftUI's `fixedSize()`).
    case fixedSize
    /// `foreground` in a system colour, which follows light and dark mode.
    case systemForeground(SystemColor)
    /// `background` in a system colour, which follows light and dark mode.
    case systemBackground(SystemColor)

    /// The padding SwiftUI gives when no amount is written, in points.
    public static let defaultPadding = 16.0
}

/// The bounds of a flexible frame; nil members are unconstrained.
public struct FlexibleFrame: Sendable, Equatable {
    /// The narrowest the box may be.
    public var minWidth: FrameLength?
    /// The width the box takes where its container offers an unbounded one.
    public var idealWidth: FrameLength?
    /// The widest the box may be; `.infinity` fills the width offered.
    public var maxWidth: FrameLength?
    /// The shortest the box may be.
    public var minHeight: FrameLength?
    /// The height the box takes where its container offers an unbounded one.
    public var idealHeight: FrameLength?
    /// The tallest the box may be; `.infinity` fills the height offered.
    public var maxHeight: FrameLength?

    /// Bounds of a flexible frame; a bound not given is unconstrained.
    public init(minWidth: FrameLength? = nil, idealWidth: FrameLength? = nil, maxWidth: FrameLength? = nil,
                minHeight: FrameLength? = nil, idealHeight: FrameLength? = nil, maxHeight: FrameLength? = nil) {
        self.minWidth = minWidth
        self.idealWidth = idealWidth
        self.maxWidth = maxWidth
        self.minHeight = minHeight
        self.idealHeight = idealHeight
        self.maxHeight = maxHeight
    }
}

/// A frame bound: a length in points, or unbounded (fill the proposal).
public enum FrameLength: Sendable, Hashable {
    /// A length in points.
    case points(Double)
    /// As large as the proposal (`"infinity"` in a payload).
    case infinity
}
