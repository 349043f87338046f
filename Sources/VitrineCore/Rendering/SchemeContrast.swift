import Foundation

/// Texts that dark mode makes unreadable, in the app as in the preview: the system's text
/// colour turns white while a light background the payload fixes stays (white on a white card),
/// and the system's background turns black while a dark text colour the payload fixes stays
/// (a `#1C1C1E` heading on black).
enum SchemeContrast {
    /// Below this contrast ratio (WCAG's, 1 to 21) a text is taken as unreadable.
    static let minimumContrast = 3.0
    /// The system's text colour (`label`) and background (`systemBackground`) in dark mode.
    static let darkModeText = RGBAColor(red: 255, green: 255, blue: 255)
    static let darkModeBackground = RGBAColor(red: 0, green: 0, blue: 0)

    /// A text's colour: the system's, one the payload fixes, or another (a button's accent).
    private enum Ink { case system, fixed(RGBAColor), other }
    /// What a text is drawn on: the system's background, one the payload fixes, or what cannot
    /// be known (see-through, a z-stack's upper layer or an overlay, which lie over other views).
    private enum Ground { case system, fixed(RGBAColor), unknown }

    /// How many texts are unreadable in dark mode, and the first of them; nil when none is.
    static func darkModeRisk(_ root: ViewNode) -> (texts: Int, first: SourceRef)? {
        var texts = 0
        var first: SourceRef?
        func unreadable(_ ink: Ink, on ground: Ground) -> Bool {
            switch (ink, ground) {
            case (.system, .fixed(let background)): contrast(background, darkModeText) < minimumContrast
            case (.fixed(let color), .system): color.alpha >= 230 && contrast(color, darkModeBackground) < minimumContrast
            default: false
            }
        }
        // Colours are inherited: a foreground set here or above, a background here or below an ancestor's.
        func walk(_ node: ViewNode, ink: Ink, ground: Ground) {
            var (ink, ground) = (ink, ground)
            for modifier in node.modifiers {
                switch modifier {
                case .foreground(let color): ink = .fixed(color)
                case .background(let color): ground = color.alpha >= 230 ? .fixed(color) : .unknown
                case .systemForeground: ink = .system
                case .systemBackground: ground = .unknown  // translucent: what shows through is not known here
                default: break
                }
            }
            switch node.kind {
            case .text where unreadable(ink, on: ground):
                texts += 1
                if first == nil { first = node.source }
            case .button(let button):
                // A button's label takes the accent colour, unless the button is plain.
                if let label = button.label { walk(label, ink: button.style == .automatic ? .other : ink, ground: ground) }
            case .stack(let stack) where stack.axis == .overlay:
                // Each layer lies on what the layers under it paint.
                var layerGround = ground
                for child in stack.children {
                    walk(child, ink: ink, ground: layerGround)
                    layerGround = Self.ground(under: child, ink: ink, over: layerGround)
                }
            case .stack(let stack):
                for child in stack.children { walk(child, ink: ink, ground: ground) }
            case .scroll(let scroll):
                walk(scroll.content, ink: ink, ground: ground)
            case .grid(let grid):
                for child in grid.children { walk(child, ink: ink, ground: ground) }
            case .text, .image, .shape, .spacer, .custom, .placeholder:
                break
            }
            for case .overlay(let overlay) in node.modifiers { walk(overlay, ink: ink, ground: .unknown) }
        }
        walk(root, ink: .system, ground: .system)
        return first.map { (texts, $0) }
    }

    /// What a z-stack's layer leaves beneath the layers above it: a text, a spacer or a stroked
    /// outline paint no ground, so it stays; a shape filled with an opaque colour the payload
    /// fixes, filling the stack, is the new ground; anything else (an image, a stack, a framed
    /// shape, a background of a layer's own size) leaves it unknown.
    private static func ground(under layer: ViewNode, ink: Ink, over ground: Ground) -> Ground {
        var fill: RGBAColor? = if case .fixed(let color) = ink { color } else { nil }
        var sized = false
        for modifier in layer.modifiers {
            switch modifier {
            case .foreground(let color): fill = color
            case .systemForeground: fill = nil
            case .background, .systemBackground, .overlay: return .unknown
            case .frame, .flexibleFrame, .padding, .aspectRatio: sized = true
            default: break
            }
        }
        switch layer.kind {
        case .text, .spacer, .shape(.roundedRectangle(_, stroke: .some)): return ground
        case .shape where !sized: return fill.map { $0.alpha >= 230 ? .fixed($0) : .unknown } ?? .unknown
        default: return .unknown
        }
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
