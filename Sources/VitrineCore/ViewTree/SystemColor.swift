/// A colour of the system's palette, which follows light and dark mode: what a screen draws
/// where the payload sets no colour of its own (a feed card's grey rows).
public enum SystemColor: String, Sendable, Hashable {
    /// UIKit's `secondaryLabel`: grey text.
    case secondaryLabel = "secondary"
    /// UIKit's `systemFill`: a translucent grey ground.
    case fill

    /// The theme's variable for it, set for light and for dark.
    public var css: String { "var(--v-\(rawValue))" }
}
