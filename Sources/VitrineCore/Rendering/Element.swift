/// One HTML element of a node: its content box, or one modifier box around it.
///
/// Boxes are planned first (what each modifier merges into or wraps) and written afterwards,
/// outermost first, straight into the renderer's output: no subtree is ever copied.
struct Element {
    var tag: Tag
    /// Space-separated class names.
    private(set) var classList: String
    /// The node's JSON Pointer and payload id, written first on its outermost box.
    var path: String?
    var id: String?
    /// `;`-separated CSS declarations as UTF-8, turned into a generated class when the element is opened.
    private(set) var css: [UInt8] = []
    /// Attribute names are fixed by the renderer; values are escaped on output.
    var attributes: [(name: String, value: String)] = []
    /// The latest modifier stage merged into this element (see `ModifierStage`).
    var stage: ModifierStage = .content
    /// What the element's outer edge does on each axis.
    var fill: Fill
    /// Accumulated `padding` modifiers of a padding box.
    var padding = EdgeInsets()
    /// A view drawn over this box, written after the box's own content.
    var overlay: ViewNode?

    /// - Parameter classes: space-separated class names.
    init(_ tag: Tag = .div, classes: String, fill: Fill) {
        self.tag = tag
        self.classList = classes
        self.fill = fill
    }

    mutating func addClass(_ name: String) {
        classList += " "
        classList += name
    }

    /// Adds one or more `;`-separated declarations.
    mutating func declare(_ declarations: String) {
        if !css.isEmpty { css.append(UInt8(ascii: ";")) }
        css += declarations
    }

    /// Adds `property:value`, the value in pixels (`width:12px`).
    mutating func declare(_ property: StaticString, pixels value: Double) {
        declare(property) { CSSNumber.appendPixels(value, to: &$0) }
    }

    /// Adds `property:value`, a plain number (`aspect-ratio:1.5`).
    mutating func declare(_ property: StaticString, number value: Double) {
        declare(property) { CSSNumber.append(value, to: &$0) }
    }

    /// Adds `property:value`, the value appended by `value` as UTF-8, without an intermediate string.
    mutating func declare(_ property: StaticString, value: (inout [UInt8]) -> Void) {
        if !css.isEmpty { css.append(UInt8(ascii: ";")) }
        css.append(property)
        css.append(UInt8(ascii: ":"))
        value(&css)
    }

    /// Writes the opening tag, its declarations moved into a class of `styles`.
    func open(into out: inout [UInt8], styles: inout StyleSheet) {
        out.append(tag.opening)
        out += classList
        if fill.width { out.append(" v-fill-x") }
        if fill.height { out.append(" v-fill-y") }
        if !css.isEmpty || padding.hasAny {
            out.append(" ")
            styles.appendClassName(for: css, padding: padding, to: &out)
        }
        out.append("\"")
        if let path { appendAttribute("data-v-path", path, to: &out) }
        if let id { appendAttribute("data-v-id", id, to: &out) }
        for attribute in attributes { appendAttribute(attribute.name, attribute.value, to: &out) }
        out.append(">")
    }

    private func appendAttribute(_ name: String, _ value: String, to out: inout [UInt8]) {
        out.append(" ")
        out += name
        out.append("=\"")
        HTMLEscaper.appendAttribute(value, to: &out)
        out.append("\"")
    }

    /// Writes the closing tag.
    func close(into out: inout [UInt8]) {
        out.append(tag.closing)
    }

    /// The elements a render writes, each with its tags as literals: one copy of static memory
    /// where the name and its punctuation were three.
    enum Tag {
        case div, span, button, a

        /// The start of the opening tag, up to its class list.
        var opening: StaticString {
            switch self {
            case .div: "<div class=\""
            case .span: "<span class=\""
            case .button: "<button class=\""
            case .a: "<a class=\""
            }
        }

        var closing: StaticString {
            switch self {
            case .div: "</div>"
            case .span: "</span>"
            case .button: "</button>"
            case .a: "</a>"
            }
        }
    }
}

/// Where a modifier sits in SwiftUI's wrapping order; a later stage never merges into a box
/// that already holds a stage after it, or the box model would change.
enum ModifierStage: Int, Comparable {
    case content, frame, flexibleFrame, background, clip, overlay, padding

    static func < (lhs: ModifierStage, rhs: ModifierStage) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension EdgeInsets {
    /// Whether any edge has padding (or a negative margin).
    var hasAny: Bool { top != 0 || leading != 0 || bottom != 0 || trailing != 0 }

    /// Appends the logical padding declarations, `;`-separated (nothing without padding), after a
    /// `;` when `declarations` has some already; a negative amount becomes a negative margin, as
    /// SwiftUI keeps negative padding and lets the box overlap its neighbours.
    func appendDeclarations(to declarations: inout [UInt8]) {
        Self.declare("block-start:", top, in: &declarations)
        Self.declare("inline-start:", leading, in: &declarations)
        Self.declare("block-end:", bottom, in: &declarations)
        Self.declare("inline-end:", trailing, in: &declarations)
    }

    private static func declare(_ edge: StaticString, _ amount: Double, in declarations: inout [UInt8]) {
        guard amount != 0 else { return }
        if !declarations.isEmpty { declarations.append(UInt8(ascii: ";")) }
        declarations += amount < 0 ? "margin-" : "padding-"
        declarations.append(edge)
        CSSNumber.append(amount, to: &declarations)
        declarations += "px"
    }
}

extension Array where Element == UInt8 {
    /// Appends a literal's UTF-8 bytes: a copy of static memory, with no `String` in between.
    mutating func append(_ literal: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Appends a string's UTF-8 bytes: one copy, which `String +=` is many times slower than.
    static func += (bytes: inout [UInt8], text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends a number's decimal digits without making a `String` (a line number per line).
    mutating func appendDecimal(_ value: Int) {
        guard value >= 0 else { return self += String(value) }
        var divisor = 1
        while divisor <= value / 10 { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }
}
