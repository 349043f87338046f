import Foundation

/// Texts the app draws in the system's colour on a light background the payload fixes. The
/// system's text colour turns white in dark mode and the payload's background does not change,
/// so there the text all but disappears, as it does in the app: white on a white card.
enum SchemeContrast {
    /// Below this contrast ratio (WCAG's, 1 to 21) a text is taken as unreadable.
    static let minimumContrast = 3.0
    /// The system's text colour (`label`) in dark mode.
    static let darkModeText = RGBAColor(red: 255, green: 255, blue: 255)

    /// How many texts are unreadable in dark mode, and the first of them; nil when none is.
    static func darkModeRisk(_ root: ViewNode) -> (texts: Int, first: SourceRef)? {
        var texts = 0
        var first: SourceRef?
        /// `tinted`: a foreground colour is set here or above (it is inherited), or the text is a
        /// button's label, which takes the accent colour (unless the button is plain). `light`: the node is drawn on a background
        /// the payload fixes and that white text cannot be read on; false when the payload leaves
        /// it to the system or it cannot be known (see-through, or a z-stack's upper layer or an
        /// overlay, which lie over other views).
        func walk(_ node: ViewNode, tinted: Bool, light: Bool) {
            var (tinted, light) = (tinted, light)
            for modifier in node.modifiers {
                switch modifier {
                case .foreground: tinted = true
                case .background(let color): light = color.alpha >= 230 && contrast(color, darkModeText) < minimumContrast
                default: break
                }
            }
            switch node.kind {
            case .text where !tinted && light:
                texts += 1
                if first == nil { first = node.source }
            case .button(let button):
                if let label = button.label { walk(label, tinted: tinted || button.style == .automatic, light: light) }
            case .stack(let stack):
                for (index, child) in stack.children.enumerated() {
                    walk(child, tinted: tinted, light: light && !(stack.axis == .overlay && index > 0))
                }
            case .scroll(let scroll):
                walk(scroll.content, tinted: tinted, light: light)
            case .grid(let grid):
                for child in grid.children { walk(child, tinted: tinted, light: light) }
            case .text, .image, .shape, .spacer, .custom, .placeholder:
                break
            }
            for case .overlay(let overlay) in node.modifiers { walk(overlay, tinted: tinted, light: false) }
        }
        walk(root, tinted: false, light: false)
        return first.map { (texts, $0) }
    }

    /// WCAG's contrast ratio of two opaque colours.
    static func contrast(_ a: RGBAColor, _ b: RGBAColor) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    /// WCAG's relative luminance, 0 (black) to 1 (white).
    static func luminance(_ color: RGBAColor) -> Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.03928 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
    }
}
