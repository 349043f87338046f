#if DEBUG
import Foundation
#endif

/// What goes inside a node's content element, written after its opening tag.
enum ContentBody {
    case none
    /// Payload text, escaped when written.
    case text(String)
    /// Markup the renderer built itself (an `<img>`, a theme symbol, a template's output).
    case markup(String)
    /// Child nodes, each written with the proposal and in the stack axis given.
    case children([ViewNode], Proposal, StackAxis?)
    /// One child node (a button's label, a scroll's content).
    case node(ViewNode, Proposal)
}

extension NodeRenderer {
    /// The element drawing the node's own content, before any modifier, and what goes inside it.
    mutating func content(_ node: ViewNode, proposal: Proposal, in parent: StackAxis?) -> (Element, ContentBody) {
#if DEBUG
        if let component = Self.testCrashComponent, node.component == component { fatalError("a crash forced by VITRINE_TEST_CRASH_COMPONENT") }
#endif
        let fill = contentFill(node, proposal: proposal, in: parent)
        switch node.kind {
        case .stack(let stack): return self.stack(stack, fill: fill, proposal: proposal)
        case .text(let text): return (self.text(text, node: node), textBody(text, node: node))
        case .image(let image): return self.image(image, node: node, fill: fill)
        case .button(let button): return self.button(button, node: node, fill: fill, proposal: proposal)
        case .shape(let shape): return (self.shape(shape, fill: fill, proposal: proposal), .none)
        case .spacer(let minLength):
            var element = Element(classes: "v-spacer", fill: fill)
            if minLength != 8 { element.declare("--v-spacer-min", pixels: max(0, minLength)) }
            return (element, .none)
        case .scroll(let scroll): return self.scroll(scroll, fill: fill, proposal: proposal)
        case .grid(let grid): return self.grid(grid, fill: fill, proposal: proposal)
        case .custom(let custom): return self.custom(custom, node: node)
        case .placeholder(let placeholder): return self.placeholder(placeholder.label, severity: placeholder.severity)
        }
    }

    /// What the node's content does on each axis; `content` and `measure` both rely on it.
    func contentFill(_ node: ViewNode, proposal: Proposal, in parent: StackAxis?) -> Fill {
        let both = Fill(width: proposal.widthBounded, height: proposal.heightBounded)
        switch node.kind {
        case .stack(let stack):
            var fill = Fill.hug
            for child in stack.children {
                let childFill = measure(child, proposal: proposal, in: stack.axis)
                fill.width = fill.width || childFill.width
                fill.height = fill.height || childFill.height
            }
            // A lazy stack takes the whole length offered across its axis, whatever its children.
            if stack.isLazy, stack.axis == .vertical { fill.width = fill.width || proposal.widthBounded }
            if stack.isLazy, stack.axis == .horizontal { fill.height = fill.height || proposal.heightBounded }
            return fill
        case .image(let image):
            let drawn = Self.sizedByHeight(image, node) ? Fill(width: false, height: proposal.heightBounded) : both
            switch image.source {
            case .remote, .unavailable: return drawn
            case .asset(let name, _): return resources.assets[name] == nil ? .hug : drawn
            case .symbol(let name):
                return (resources.symbols[name] ?? resources.symbols[RenderResources.fallbackSymbol]) == nil ? .hug : both
            }
        case .button(let button):
            return button.label.map { measure($0, proposal: proposal) } ?? .hug
        case .shape:
            return both
        case .spacer:
            switch parent {
            case .horizontal: return Fill(width: proposal.widthBounded, height: false)
            case .vertical: return Fill(width: false, height: proposal.heightBounded)
            case .overlay, nil: return both
            }
        case .scroll:
            return both  // a scroll view takes all it is offered, on both axes
        case .grid:
            return Fill(width: proposal.widthBounded, height: false)
        case .text, .custom, .placeholder:
            return .hug
        }
    }

#if DEBUG
    /// Debug builds only: drawing a component of this type traps, so a test can check what a
    /// renderer bug does to a build (bad-inputs.md I09). Release builds have no such switch.
    static let testCrashComponent = ProcessInfo.processInfo.environment["VITRINE_TEST_CRASH_COMPONENT"]
#endif

    /// Writes what goes inside a content element.
    mutating func write(_ body: ContentBody) {
        switch body {
        case .text, .markup: Self.append(body, to: &out)
        case .none: break
        case .children(let children, let proposal, let axis):
            for child in children { render(child, proposal: proposal, in: axis) }
        case .node(let node, let proposal):
            render(node, proposal: proposal)
        }
    }

    /// Appends a text or markup body to `bytes`.
    static func append(_ body: ContentBody, to bytes: inout [UInt8]) {
        switch body {
        case .text(let text): HTMLEscaper.appendText(Self.lineSeparatorsAsNewlines(text), to: &bytes)
        case .markup(let markup): bytes += markup
        case .none, .children, .node: break
        }
    }

    private func stack(_ stack: ViewKind.Stack, fill: Fill, proposal: Proposal) -> (Element, ContentBody) {
        let (column, row) = (Self.position(stack.alignment.horizontal), Self.position(stack.alignment.vertical))
        let classes = switch stack.axis {
        case .horizontal: Self.horizontalStackClasses[row]
        case .vertical: Self.verticalStackClasses[column]
        case .overlay: Self.overlayStackClasses[row * 3 + column]
        }
        var element = Element(classes: classes, fill: fill)
        if stack.axis != .overlay {
            let spacing = stack.spacing ?? 8
            if spacing < 0 {
                // SwiftUI overlaps the children by that much; CSS refuses a negative gap.
                element.addClass("v-overlap")
                element.declare("--v-gap", pixels: spacing)
            } else {
                element.declare("gap", pixels: spacing)
            }
        }
        if stack.isLazy { element.attributes.append(("data-v-lazy", "")) }
        return (element, .children(stack.children, proposal, stack.axis))
    }

    private mutating func image(_ image: ViewKind.Image, node: ViewNode, fill: Fill) -> (Element, ContentBody) {
        var element = Element(classes: image.contentMode == .fill ? "v-image v-cover" : "v-image", fill: fill)
        if Self.sizedByHeight(image, node) { element.addClass("v-by-height") }
        if Self.roundedInItsFrame(image, node) { element.addClass("v-fitted") }
        let url: String
        switch image.source {
        case .remote(let remote):
            url = remote
        case .asset(let name, let named):
            guard let path = resources.assets[name] else {
                issues.append(RenderIssue(severity: .warning, message: Self.missingAsset(name, among: resources.assets), source: named ?? node.source))
                // The app keeps the image's frame, drawing nothing in it: the placeholder takes it.
                var (element, label) = placeholder("asset “\(name)”", severity: .warning)
                if let frame = Self.innermostFrame(node) { element.fill = Fill(width: frame.width != nil, height: frame.height != nil) }
                return (element, label)
            }
            url = rootPrefix + SitePath.href(path)  // `a#b.png` is a name, not a fragment
        case .symbol(let name):
            return symbol(name, fill: fill)
        case .unavailable(let reason):
            // The image keeps its slot, drawn as the grey "photo" placeholder, with the reason on hover.
            element.attributes.append(("title", reason))
            return (element, .none)
        }
        return (element, .markup("<img src=\"" + HTMLEscaper.attribute(url) + "\" alt=\"\" loading=\"lazy\" decoding=\"async\">"))
    }

    /// Whether an aspect-fit image's first frame fixes its height only: SwiftUI then makes the
    /// frame as wide as the image drawn at that height (`v-by-height`), where CSS would fill the width.
    static func sizedByHeight(_ image: ViewKind.Image, _ node: ViewNode) -> Bool {
        guard image.contentMode == .fit, let frame = innermostFrame(node) else { return false }
        return frame.width == nil && frame.height != nil
    }

    /// Whether an aspect-fit image clipped to a radius has a first frame of both sizes: SwiftUI
    /// rounds the picture as fitted into it (`v-fitted`), where CSS would round the frame.
    static func roundedInItsFrame(_ image: ViewKind.Image, _ node: ViewNode) -> Bool {
        guard image.contentMode == .fit, case .cornerRadius? = node.modifiers.first, let frame = innermostFrame(node) else { return false }
        return frame.width != nil && frame.height != nil
    }

    /// The frame a node's content sits in directly: its first `frame` modifier, when only a
    /// colour or a corner radius comes before it.
    static func innermostFrame(_ node: ViewNode) -> (width: Double?, height: Double?)? {
        for modifier in node.modifiers {
            switch modifier {
            case .foreground, .systemForeground, .cornerRadius: continue
            case .frame(let width, let height): return (width, height)
            default: return nil
            }
        }
        return nil
    }

    private mutating func button(_ button: ViewKind.Button, node: ViewNode, fill: Fill, proposal: Proposal) -> (Element, ContentBody) {
        let classes = button.style == .plain ? "v-button v-plain" : "v-button"
        var element = Element(.button, classes: classes, fill: fill)
        element.attributes.append(("type", "button"))
        if let key = button.subpage, let link = subpageLinks[key] {
            element = Element(.a, classes: classes, fill: fill)
            element.attributes.append(("href", link))
        } else if let action = button.action {
            let summary = "\(action.type) → \(action.destination)"
            element.attributes += [("title", summary), ("data-v-action", summary)]
        }
        if let label = button.label {
            return (element, .node(label, proposal))
        }
        var title = Array((Self.hasLongWord(button.title) ? "<span class=\"v-text v-long-word\">" : "<span class=\"v-text\">").utf8)
        Self.append(drawnText(button.title, node: node), to: &title)
        return (element, .markup(String(decoding: title, as: UTF8.self) + "</span>"))
    }

    private func shape(_ shape: ViewKind.Shape, fill: Fill, proposal: Proposal) -> Element {
        var element = Element(classes: "v-shape", fill: fill)
        // A shape's ideal size is 10 × 10: what it takes where the proposal is unbounded.
        if !proposal.widthBounded { element.declare("width", pixels: Self.shapeIdealLength) }
        if !proposal.heightBounded { element.declare("height", pixels: Self.shapeIdealLength) }
        switch shape {
        case .rectangle:
            element.addClass("v-filled")
        case .roundedRectangle(let radius, let stroke):
            element.declare("border-radius", pixels: radius)
            if let stroke {
                let color = stroke.color?.css ?? "currentColor"
                let half = px(stroke.lineWidth / 2)
                // SwiftUI centres a stroke on the path: half inside, half outside, outside layout.
                element.declare("box-shadow:inset 0 0 0 \(half) \(color),0 0 0 \(half) \(color)")
            } else {
                element.addClass("v-filled")
            }
        }
        return element
    }

    private func scroll(_ scroll: ViewKind.Scroll, fill: Fill, proposal: Proposal) -> (Element, ContentBody) {
        let classes = switch (scroll.axis == .horizontal, scroll.showsIndicators) {
        case (true, true): "v-scroll v-scroll-h"
        case (true, false): "v-scroll v-scroll-h v-no-indicators"
        case (false, true): "v-scroll v-scroll-v"
        case (false, false): "v-scroll v-scroll-v v-no-indicators"
        }
        var element = Element(classes: classes, fill: fill)
        // It scrolls, so the browser gives it the keyboard's focus: it needs a name.
        element.attributes += [("role", "group"), ("aria-label", scroll.axis == .horizontal ? "Horizontal scroll view" : "Scroll view")]
        return (element, .node(scroll.content, proposal.setting(scroll.axis, bounded: false)))
    }

    /// A symbol: the theme's look-alike in the current colour, the input's override as a mask
    /// in it (as an image when too large), or the fallback glyph with the name as its tooltip.
    private func symbol(_ name: String, fill: Fill) -> (Element, ContentBody) {
        let known = resources.symbols[name]
        var element = Element(.span, classes: "v-symbol", fill: fill)
        element.attributes += [("role", "img"), ("aria-label", name)]
        if known == nil { element.attributes.append(("title", "SF Symbol “\(name)” (no look-alike bundled)")) }
        switch known ?? resources.symbols[RenderResources.fallbackSymbol] {
        case .inline(let svg):
            return (element, .markup(svg))
        case .mask(let mask):
            element.addClass("v-symbol-mask")
            element.declare("--v-mask:url(\"" + mask.url + "\")")
            return (element, .none)
        case .file(let path):
            return (element, .markup("<img src=\"" + HTMLEscaper.attribute(rootPrefix + SitePath.href(path)) + "\" alt=\"\">"))
        case nil:
            return placeholder("symbol “\(name)”", severity: .warning)
        }
    }

    private func grid(_ grid: ViewKind.Grid, fill: Fill, proposal: Proposal) -> (Element, ContentBody) {
        var element = Element(classes: (grid.direction == .horizontal ? "v-grid v-rail" : "v-grid v-rows") + (grid.paging ? " v-paging" : ""), fill: fill)
        element.padding = grid.insets
        element.declare("gap", pixels: grid.spacing)
        let childProposal: Proposal
        if grid.direction == .horizontal {
            element.declare("grid-template-rows:repeat(\(max(grid.lines, 1)),auto);grid-auto-columns:\(Self.railItemWidth(grid))")
            element.declare("scroll-padding-inline", pixels: grid.insets.leading)
            // A rail scrolls, so the browser gives it the keyboard's focus: it needs a name.
            element.attributes += [("role", "group"), ("aria-label", grid.label ?? "Items")]
            childProposal = Proposal(widthBounded: true, heightBounded: false)
        } else {
            switch grid.itemWidth {
            case .fraction where grid.stacked && grid.lines > 1:
                // One item to a row, as wide as a column of `lines` (a vertical group stacks them).
                element.declare("grid-template-columns") { css in
                    css += "minmax(0,calc((100% - "
                    CSSNumber.appendPixels(grid.spacing * Double(grid.lines - 1), to: &css)
                    css += ") / \(grid.lines)))"
                }
            case .points(let width) where grid.lines > 1 && !grid.stacked:
                // Items of a fixed width in rows: as many to a row as the device's width holds, from the leading edge.
                element.declare("grid-template-columns") { css in
                    css += "repeat(auto-fill,"
                    CSSNumber.appendPixels(width, to: &css)
                    css += ")"
                }
            case .points(let width):
                element.declare("grid-template-columns", pixels: width)
            case .fraction:
                element.declare("grid-template-columns:repeat(\(max(grid.lines, 1)),minmax(0,1fr))")
            }
            childProposal = Proposal(widthBounded: proposal.widthBounded, heightBounded: false)
        }
        return (element, .children(grid.children, childProposal, nil))
    }

    /// The CSS width of an item of a rail: its points, or its share of the device but no wider
    /// than the rail inside its insets (a full-width card). The gallery draws rail items so too.
    static func railItemWidth(_ grid: ViewKind.Grid) -> String {
        switch grid.itemWidth {
        case .fraction(let fraction):
            let insets = CSSNumber.format(grid.insets.leading + grid.insets.trailing)
            return "min(calc(var(--v-device-width) * \(CSSNumber.format(fraction))),calc(var(--v-device-width) - \(insets)px))"
        case .points(let points):
            return pixels(points)
        }
    }

    private mutating func custom(_ custom: ViewKind.Custom, node: ViewNode) -> (Element, ContentBody) {
        guard let drawing = resources.templates.render(keys: custom.templateKeys, payload: custom.payload, prices: resources.prices) else {
            let keys = custom.templateKeys.map { "components/\($0).mustache" }.joined(separator: " or ")
            // A template that is there but refused is named as such: "looked for" it sent the reader looking for a missing file.
            let refused = Self.unusable(custom.templateKeys, in: resources.templates)
            let why = refused.map { "; " + $0 } ?? ""
            issues.append(RenderIssue(severity: .warning, message: "no usable template for custom component (looked for \(keys), in the input and the theme)" + why,
                                      source: node.source))
            return placeholder("custom “\(node.id ?? custom.templateKeys.first ?? "custom")”", severity: .warning, className: "v-custom-missing")
        }
        guard let html = drawing.html else {
            let limit = ComponentTemplates.outputLimit >> 20
            issues.append(RenderIssue(severity: .error, message: "components/\(drawing.key).mustache draws more than \(limit) MiB for this component "
                                      + "(sections repeating over lists within lists, or long values printed often); drawn as a placeholder",
                                      source: node.source))
            return placeholder("custom “\(node.id ?? drawing.key)”: its template draws more than \(limit) MiB", severity: .error)
        }
        // A broken template of its own, passed over for a more general one, is named where the component is.
        if let passedOver = Self.unusable(custom.templateKeys.prefix { $0 != drawing.key }, in: resources.templates) {
            issues.append(RenderIssue(severity: .warning, message: "drawn with components/\(drawing.key).mustache: " + passedOver, source: node.source))
        }
        if let unbalanced = drawing.unbalanced {
            issues.append(RenderIssue(severity: .warning, message: "components/\(drawing.key).mustache " + unbalanced, source: node.source))
        }
        if let refused = drawing.refusedCSS {
            let shown = refused.count > 60 ? refused.prefix(60) + "…" : refused
            issues.append(RenderIssue(severity: .warning, message: "components/\(drawing.key).mustache prints “\(shown)” into CSS (a style attribute "
                                      + "or element), where only a plain value (letters, digits, spaces and # . , % + - _ ( ) /) is printed; it is left out",
                                      source: node.source))
        }
        return (Element(classes: "v-custom", fill: .hug), .markup(html))
    }

    /// "components/x.mustache is there but not usable (see its error)" for those of `keys`
    /// whose template is there but refused or broken; nil when none is.
    private static func unusable(_ keys: some Sequence<String>, in templates: ComponentTemplates) -> String? {
        let files = keys.filter(templates.isUnusable).map { "components/\($0).mustache" }
        guard !files.isEmpty else { return nil }
        return "\(files.joined(separator: " and ")) \(files.count == 1 ? "is" : "are") there but not usable (see \(files.count == 1 ? "its error" : "their errors"))"
    }

    /// Why `name` is no asset; with the fix when it names one with its extension, as the app
    /// does not (`logo.svg` for `logo`).
    static func missingAsset(_ name: String, among assets: [String: String]) -> String {
        let stem = SitePath.stem(name)
        guard stem != name, assets[stem] != nil else { return "asset \"\(name)\" not found in assets/" }
        return "asset \"\(name)\" not found in assets/: the app names an asset without its extension; write \"\(stem)\""
    }

    func placeholder(_ label: String, severity: Severity, className: String = "v-placeholder") -> (Element, ContentBody) {
        var element = Element(classes: className + " v-" + severity.rawValue, fill: .hug)
        element.attributes.append(("title", label))
        return (element, .text(label))
    }

    // A stack's classes, made once rather than joined for every stack (each join a new string).
    private static let flexValues = ["start", "center", "end"]
    private static let horizontalStackClasses = flexValues.map { "v-stack v-h v-ai-" + $0 }
    private static let verticalStackClasses = flexValues.map { "v-stack v-v v-ai-" + $0 }
    /// By vertical then horizontal position.
    private static let overlayStackClasses = flexValues.flatMap { vertical in
        flexValues.map { horizontal in "v-stack v-z v-cell v-ji-" + horizontal + " v-ai-" + vertical }
    }

    /// The position of an alignment in `flexValues`.
    private static func position(_ alignment: HorizontalAlignment) -> Int {
        switch alignment {
        case .leading: 0
        case .center: 1
        case .trailing: 2
        }
    }

    private static func position(_ alignment: VerticalAlignment) -> Int {
        switch alignment {
        case .top: 0
        case .center: 1
        case .bottom: 2
        }
    }
}
