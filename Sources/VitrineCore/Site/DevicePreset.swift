/// A device a screen can be previewed on: its width is the screen's, its height the frame's.
public struct DevicePreset: Sendable, Equatable {
    /// What the device picker shows (`iPhone 15`).
    public var name: String
    /// The screen's width, in points.
    public var width: Double
    /// The frame's height, in points.
    public var height: Double

    /// A preset of `width` × `height` points.
    public init(name: String, width: Double, height: Double) {
        self.name = name
        self.width = width
        self.height = height
    }

    /// The widths a page draws, from a preset or an address (`screen.js` checks the same
    /// bounds): a screen narrower than a watch's or wider than a wall's is a mistake.
    public static let widths = 120.0...4096.0
    /// The heights a page draws, likewise.
    public static let heights = 120.0...8192.0

    /// The value of a page's `#width=` setting that selects this preset: `390x844`.
    var setting: String {
        CSSNumber.format(width) + "x" + CSSNumber.format(height)
    }

    /// The presets of rendering.md §2, the default device first.
    public static let standard = [
        DevicePreset(name: "iPhone 15", width: 390, height: 844),
        DevicePreset(name: "iPhone SE", width: 375, height: 667),
        DevicePreset(name: "iPhone 15 Pro", width: 393, height: 852),
        DevicePreset(name: "iPhone 15 Pro Max", width: 430, height: 932),
        DevicePreset(name: "iPad", width: 820, height: 1180),
    ]
}
