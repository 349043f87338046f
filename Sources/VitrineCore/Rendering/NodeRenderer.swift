/// Draws view nodes as nested HTML boxes that reproduce SwiftUI's layout (rendering.md §3).
///
/// Proposals flow down (a frame bounds its content, a scroll unbounds its axis); fill flows up
/// (a stack fills an axis when a child does). The outermost box of every node carries
/// `v-fill-x`/`v-fill-y`, whose meaning the parent's CSS decides (flex grow, stretch, …), the
/// node's `data-v-path` and, when the payload names it, its `data-v-id`.
struct NodeRenderer {
    let resources: RenderResources
    /// Relative path from the page to the site root (`../../`), for asset URLs.
    let rootPrefix: String
    /// Relative links of the payload's subpages, by key.
    let subpageLinks: [String: String]
    var styles = StyleSheet()
    var issues: [RenderIssue] = []

    init(resources: RenderResources, rootPrefix: String, subpageLinks: [String: String] = [:]) {
        self.resources = resources
        self.rootPrefix = rootPrefix
        self.subpageLinks = subpageLinks
    }

    /// The node's HTML and what it does on each axis.
    mutating func render(_ node: ViewNode, proposal: Proposal, in parent: StackAxis? = nil) -> (html: String, fill: Fill) {
        let proposals = innerProposals(node.modifiers, outer: proposal)
        var element = content(node, proposal: proposals[0], in: parent)
        for (index, modifier) in node.modifiers.enumerated() {
            apply(modifier, to: &element, outer: proposals[index + 1])
        }
        element.attributes.insert(("data-v-path", node.source.pointer.description), at: 0)
        if let id = node.id { element.attributes.insert(("data-v-id", id), at: 1) }
        return (element.serialized(styles: &styles), element.fill)
    }

    /// The proposal each layer sees: `[0]` for the content, `[i + 1]` around modifier `i`.
    private func innerProposals(_ modifiers: [Modifier], outer: Proposal) -> [Proposal] {
        var proposals = [outer]
        var current = outer
        for modifier in modifiers.reversed() {
            switch modifier {
            case .frame(let width, let height):
                if width != nil { current.widthBounded = true }
                if height != nil { current.heightBounded = true }
            case .flexibleFrame(let frame):
                current.widthBounded = Self.boundsContent(max: frame.maxWidth, ideal: frame.idealWidth, current.widthBounded)
                current.heightBounded = Self.boundsContent(max: frame.maxHeight, ideal: frame.idealHeight, current.heightBounded)
            case .overlay, .padding, .background, .cornerRadius, .foreground, .aspectRatio, .fixedSize:
                break
            }
            proposals.append(current)
        }
        return proposals.reversed()
    }

    /// A finite maximum bounds the content; so does an ideal size standing in for a missing proposal.
    private static func boundsContent(max: FrameLength?, ideal: FrameLength?, _ bounded: Bool) -> Bool {
        if case .points = max { return true }
        if !bounded, case .points = ideal { return true }
        return bounded
    }

    private mutating func apply(_ modifier: Modifier, to element: inout Element, outer: Proposal) {
        switch modifier {
        case .foreground(let color):
            let css = color.css
            element.declarations += ["color:" + css, "--v-tint:" + css]
        case .frame(let width, let height):
            var box = wrap(&element, stage: .frame)
            if let width { box.declarations.append("width:\(px(width))"); box.fill.width = false }
            if let height { box.declarations.append("height:\(px(height))"); box.fill.height = false }
            box.declarations.append("flex-shrink:0")
            element = box
        case .flexibleFrame(let frame):
            var box = wrap(&element, stage: .flexibleFrame)
            flexibleFrame(frame, on: &box, axis: .horizontal, outer: outer)
            flexibleFrame(frame, on: &box, axis: .vertical, outer: outer)
            element = box
        case .background(let color):
            if element.stage >= .background { element = wrap(&element, stage: .background) }
            element.declarations.append("background-color:\(color.css)")
            element.stage = .background
        case .cornerRadius(let radius):
            if element.stage >= .clip { element = wrap(&element, stage: .clip) }
            element.declarations += ["border-radius:\(px(radius))", "overflow:hidden"]
            element.stage = .clip
        case .overlay(let node):
            var box = wrap(&element, stage: .overlay)
            box.classes.append("v-overlaid")
            let overlay = render(node, proposal: Proposal(widthBounded: true, heightBounded: true))
            box.inner += "<div class=\"v-overlay v-cell\">" + overlay.html + "</div>"
            element = box
        case .padding(let edges, let amount):
            if element.stage != .padding { element = wrap(&element, stage: .padding) }
            addPadding(edges, amount ?? 16, to: &element)
        case .fixedSize:
            element.classes.append("v-fixed")
            element.fill = .hug
        case .aspectRatio(let ratio):
            if element.stage != .content { element = wrap(&element, stage: .frame) }
            element.declarations.append("aspect-ratio:\(CSSNumber.format(ratio))")
            element.stage = .frame
        }
    }

    /// Serialises `element` into a new grid box around it that keeps its fill.
    private mutating func wrap(_ element: inout Element, stage: ModifierStage) -> Element {
        var box = Element(classes: ["v-box", "v-cell"], fill: element.fill)
        box.inner = element.serialized(styles: &styles)
        box.stage = stage
        return box
    }

    private func flexibleFrame(_ frame: FlexibleFrame, on box: inout Element, axis: Axis, outer: Proposal) {
        let (minimum, ideal, maximum) = axis == .horizontal
            ? (frame.minWidth, frame.idealWidth, frame.maxWidth)
            : (frame.minHeight, frame.idealHeight, frame.maxHeight)
        let dimension = axis == .horizontal ? "width" : "height"
        if case .points(let value) = minimum { box.declarations.append("min-\(dimension):\(px(value))") }
        if case .points(let value) = maximum { box.declarations.append("max-\(dimension):\(px(value))") }
        if !outer.bounded(axis), case .points(let value) = ideal {
            box.declarations.append("\(dimension):\(px(value))")
            box.fill[axis] = false
        } else if maximum == .infinity {
            box.fill[axis] = outer.bounded(axis)
        }
    }

    private func addPadding(_ edges: Edges, _ amount: Double, to box: inout Element) {
        if edges.contains(.top) { box.padding.top += amount }
        if edges.contains(.leading) { box.padding.leading += amount }
        if edges.contains(.bottom) { box.padding.bottom += amount }
        if edges.contains(.trailing) { box.padding.trailing += amount }
    }

    func px(_ value: Double) -> String {
        let number = CSSNumber.format(value)
        return number == "0" ? "0" : number + "px"
    }
}
