/// What `Fixtures/measure.js` records of a rendered screen, in CSS px relative to the viewport.
struct Measurement: Decodable {
    /// The `.v-screen` scroll area (the device's width).
    var screen: Box?
    /// The screen's scrollHeight and clientHeight.
    var screenScroll: [Double]?
    /// Every node's element, keyed by its `data-v-path` (JSON Pointer).
    var nodes: [String: MeasuredNode]
    /// The web fonts loaded, as `family weight`.
    var loadedFonts: [String]
}

/// A border box, with the computed styles the tests look at.
struct Box: Decodable, CustomStringConvertible {
    var left: Double
    var top: Double
    var width: Double
    var height: Double
    /// Computed `background-color`, e.g. `rgb(255, 204, 0)` or `rgba(0, 0, 0, 0)`.
    var background: String
    /// Computed `line-height` in px; nil when it is `normal`.
    var lineHeight: Double?
    /// Computed top-left `border-radius` in px (0 for none); nil where it is not recorded.
    var radius: Double?

    var right: Double { left + width }
    var bottom: Double { top + height }
    var midX: Double { left + width / 2 }
    var midY: Double { top + height / 2 }

    var description: String { "(\(left), \(top)) \(width)×\(height)" }
}

/// One node's element: its modifier boxes, scroll extents and whether its corners are drawn.
struct MeasuredNode: Decodable {
    /// The element with `data-v-path` and its chain of first children down to the content, outermost first.
    var layers: [Box]
    var scrollWidth: Double
    var clientWidth: Double
    var scrollHeight: Double
    var clientHeight: Double
    /// Whether it is a scroll box (`overflow-x` auto or scroll) that moves when scrolled to its far end.
    var scrollsSideways: Bool
    /// Whether a hit test 1 px inside the top-left, top-right, bottom-left, bottom-right corner lands on the node.
    var corners: [Bool]
    /// For an element whose first child is text: the right edge of its first line box.
    var firstLineRight: Double?
    /// For a button with an action: the left and right edges, the height and the top of the action label it shows when focused.
    var actionTip: [Double]?
    /// For a button with an action: whether its label shows after Escape, and after it is focused again.
    var actionDismissal: [Bool]?

    /// The outermost box: the space the node takes in its parent (padding included).
    var box: Box { layers[0] }
    /// The innermost box: the node's own content, inside every modifier.
    var content: Box { layers[layers.count - 1] }

    /// The outermost layer painted with `color` (a computed colour such as `rgb(255, 204, 0)`).
    func layer(background color: String) -> Box? {
        layers.first { $0.background == color }
    }
}
