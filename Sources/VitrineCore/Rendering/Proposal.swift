/// Whether the parent proposes a bounded size on each axis, as SwiftUI's `ProposedViewSize`.
///
/// Inside a scroll view the scroll axis is unbounded: views that would fill it take their
/// ideal size instead (10 pt for shapes, the minimum length for spacers, `idealWidth`/`idealHeight`).
struct Proposal: Equatable {
    var widthBounded: Bool
    var heightBounded: Bool

    /// The screen: the device width, and a vertical scroll's unbounded height.
    static let screen = Proposal(widthBounded: true, heightBounded: false)

    func bounded(_ axis: Axis) -> Bool {
        axis == .horizontal ? widthBounded : heightBounded
    }

    func setting(_ axis: Axis, bounded: Bool) -> Proposal {
        var copy = self
        if axis == .horizontal { copy.widthBounded = bounded } else { copy.heightBounded = bounded }
        return copy
    }
}

/// Whether a view takes all the space proposed on each axis (fills) or only what it needs (hugs).
struct Fill: Equatable {
    var width: Bool
    var height: Bool

    static let hug = Fill(width: false, height: false)

    subscript(axis: Axis) -> Bool {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }
}
