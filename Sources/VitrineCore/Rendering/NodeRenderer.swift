/// Draws view nodes as nested HTML boxes that reproduce SwiftUI's layout (rendering.md §3).
///
/// Proposals flow down (a frame bounds its content, a scroll unbounds its axis); fill flows up
/// (a stack fills an axis when a child does), so a stack measures its children before it opens
/// its tag. The outermost box of every node carries `v-fill-x`/`v-fill-y`, whose meaning the
/// parent's CSS decides (flex grow, stretch, …), the node's `data-v-path` and, when the payload
/// names it, its `data-v-id`. Everything is written once, in order, into `out`.
struct NodeRenderer {
    let resources: RenderResources
    /// Relative path from the page to the site root (`../../`), for asset URLs.
    let rootPrefix: String
    /// Relative links of the payload's subpages, by key.
    let subpageLinks: [String: String]
    var styles = StyleSheet()
    var issues: [RenderIssue] = []
    /// The HTML written so far, as UTF-8.
    var out: [UInt8] = []

    init(resources: RenderResources, rootPrefix: String, subpageLinks: [String: String] = [:]) {
        self.resources = resources
        self.rootPrefix = rootPrefix
        self.subpageLinks = subpageLinks
    }

    /// Writes the node's HTML into `out`.
    mutating func render(_ node: ViewNode, proposal: Proposal, in parent: StackAxis? = nil) {
        let modifiers = node.modifiers
        var (content, body) = self.content(node, proposal: Self.proposal(inside: 0, of: modifiers, outer: proposal), in: parent)
        guard !modifiers.isEmpty else {
            // Most nodes: one box, and no array of boxes to allocate.
            (content.path, content.id) = (node.source.pointer.description, node.id)
            content.open(into: &out, styles: &styles)
            write(body)
            content.close(into: &out)
            return
        }
        var boxes = [content]
        let ideal = Self.idealLength(of: node.kind)
        for index in modifiers.indices {
            apply(modifiers[index], to: &boxes, outer: Self.proposal(inside: index + 1, of: modifiers, outer: proposal), ideal: ideal)
        }
        boxes[boxes.count - 1].path = node.source.pointer.description
        boxes[boxes.count - 1].id = node.id
        // By index: a loop over the boxes themselves copies each one, strings and all.
        for index in boxes.indices.reversed() { boxes[index].open(into: &out, styles: &styles) }
        write(body)
        for index in boxes.indices {
            if let overlay = boxes[index].overlay {
                out += "<div class=\"v-overlay v-cell\">"
                render(overlay, proposal: Proposal(widthBounded: true, heightBounded: true))
                out += "</div>"
            }
            boxes[index].close(into: &out)
        }
    }

    /// What a node does on each axis, worked out without writing anything.
    func measure(_ node: ViewNode, proposal: Proposal, in parent: StackAxis? = nil) -> Fill {
        let modifiers = node.modifiers
        var fill = contentFill(node, proposal: Self.proposal(inside: 0, of: modifiers, outer: proposal), in: parent)
        for index in modifiers.indices {
            fill = Self.fill(fill, after: modifiers[index], outer: Self.proposal(inside: index + 1, of: modifiers, outer: proposal))
        }
        return fill
    }

    /// The proposal a layer sees: layer 0 is the content, layer `i + 1` the box around modifier `i`;
    /// only the modifiers outside the layer (`layer...`) bound it.
    private static func proposal(inside layer: Int, of modifiers: [Modifier], outer: Proposal) -> Proposal {
        var current = outer
        for modifier in modifiers[layer...].reversed() {
            switch modifier {
            case .frame(let width, let height):
                if width != nil { current.widthBounded = true }
                if height != nil { current.heightBounded = true }
            case .flexibleFrame(let frame):
                current.widthBounded = Self.boundsContent(max: frame.maxWidth, ideal: frame.idealWidth, current.widthBounded)
                current.heightBounded = Self.boundsContent(max: frame.maxHeight, ideal: frame.idealHeight, current.heightBounded)
            case .overlay, .padding, .background, .cornerRadius, .foreground, .aspectRatio, .fixedSize, .systemForeground, .systemBackground:
                break
            }
        }
        return current
    }

    /// A shape's ideal length on each axis: what it takes where nothing is offered (a scroll's axis).
    static let shapeIdealLength = 10.0

    /// The length a view takes on an axis that offers nothing, for the views that fill otherwise.
    private static func idealLength(of kind: ViewKind) -> Double? {
        switch kind {
        case .shape: shapeIdealLength
        case .spacer(let minLength): minLength
        default: nil
        }
    }

    /// A finite maximum bounds the content; so does an ideal size standing in for a missing proposal.
    private static func boundsContent(max: FrameLength?, ideal: FrameLength?, _ bounded: Bool) -> Bool {
        if case .points = max { return true }
        if !bounded, case .points = ideal { return true }
        return bounded
    }

    /// A background colour on the outermost box, or on a new one around a box that has one already.
    private func background(_ css: String, to boxes: inout [Element]) {
        if boxes[boxes.count - 1].stage >= .background { boxes.append(wrapper(around: boxes, stage: .background)) }
        boxes[boxes.count - 1].declare("background-color:" + css)
        boxes[boxes.count - 1].stage = .background
    }

    /// Merges `modifier` into the outermost box, or wraps it in a new one (`boxes` is innermost first).
    private func apply(_ modifier: Modifier, to boxes: inout [Element], outer: Proposal, ideal: Double?) {
        let fill = Self.fill(boxes[boxes.count - 1].fill, after: modifier, outer: outer)
        switch modifier {
        case .foreground(let color):
            let css = color.css
            boxes[boxes.count - 1].declare("color:" + css + ";--v-tint:" + css)
        case .systemForeground(let color):
            boxes[boxes.count - 1].declare("color:" + color.css + ";--v-tint:" + color.css)
        case .frame(let width, let height):
            var box = wrapper(around: boxes, stage: .frame)
            if let width { box.declare("width", pixels: width) }
            if let height { box.declare("height", pixels: height) }
            box.declare("flex-shrink:0")
            boxes.append(box)
        case .flexibleFrame(let frame):
            var box = wrapper(around: boxes, stage: .flexibleFrame)
            let inner = boxes[boxes.count - 1].fill
            for axis in [Axis.horizontal, .vertical] {
                Self.flexibleFrame(frame, declarationsOn: &box, axis: axis, outer: outer, contentFills: inner[axis], ideal: ideal)
            }
            boxes.append(box)
        case .background(let color):
            background(color.css, to: &boxes)
        case .systemBackground(let color):
            background(color.css, to: &boxes)
        case .cornerRadius(let radius):
            if boxes[boxes.count - 1].stage >= .clip { boxes.append(wrapper(around: boxes, stage: .clip)) }
            boxes[boxes.count - 1].declare("border-radius", pixels: radius)
            boxes[boxes.count - 1].declare("overflow:hidden")
            boxes[boxes.count - 1].stage = .clip
        case .overlay(let node):
            var box = wrapper(around: boxes, stage: .overlay)
            box.addClass("v-overlaid")
            box.overlay = node
            boxes.append(box)
        case .padding(let edges, let amount):
            if boxes[boxes.count - 1].stage != .padding { boxes.append(wrapper(around: boxes, stage: .padding)) }
            addPadding(edges, amount ?? Modifier.defaultPadding, to: &boxes[boxes.count - 1])
        case .fixedSize:
            boxes[boxes.count - 1].addClass("v-fixed")
        case .aspectRatio(let ratio):
            if boxes[boxes.count - 1].stage != .content { boxes.append(wrapper(around: boxes, stage: .frame)) }
            boxes[boxes.count - 1].declare("aspect-ratio", number: ratio)
            boxes[boxes.count - 1].stage = .frame
        }
        boxes[boxes.count - 1].fill = fill
    }

    /// A new grid box around the outermost one, keeping its fill.
    private func wrapper(around boxes: [Element], stage: ModifierStage) -> Element {
        var box = Element(classes: "v-box v-cell", fill: boxes[boxes.count - 1].fill)
        box.stage = stage
        return box
    }

    /// What a box does on each axis once `modifier` is applied to it.
    static func fill(_ fill: Fill, after modifier: Modifier, outer: Proposal) -> Fill {
        var result = fill
        switch modifier {
        case .frame(let width, let height):
            if width != nil { result.width = false }
            if height != nil { result.height = false }
        case .flexibleFrame(let frame):
            for axis in [Axis.horizontal, .vertical] {
                let (ideal, maximum) = axis == .horizontal ? (frame.idealWidth, frame.maxWidth) : (frame.idealHeight, frame.maxHeight)
                if !outer.bounded(axis), case .points = ideal {
                    result[axis] = false
                } else if case .points = maximum, axis == .horizontal {
                    result[axis] = false  // sized by its grid track, up to the maximum: its parent hugs it
                } else if maximum != nil {
                    result[axis] = outer.bounded(axis)  // a finite maximum height fills up to it (`v-cap-y`)
                }
            }
        case .fixedSize:
            result = .hug
        case .foreground, .background, .systemForeground, .systemBackground, .cornerRadius, .overlay, .padding, .aspectRatio:
            break
        }
        return result
    }

    /// - Parameters:
    ///   - contentFills: whether what the frame holds fills the axis (it is offered the maximum).
    ///   - contentIdeal: the length the content takes where nothing is offered, when it is known.
    private static func flexibleFrame(_ frame: FlexibleFrame, declarationsOn box: inout Element, axis: Axis, outer: Proposal,
                                      contentFills: Bool, ideal contentIdeal: Double?) {
        let (minimum, ideal, maximum) = axis == .horizontal
            ? (frame.minWidth, frame.idealWidth, frame.maxWidth)
            : (frame.minHeight, frame.idealHeight, frame.maxHeight)
        let horizontal = axis == .horizontal
        if case .points(let value) = minimum { box.declare(horizontal ? "min-width" : "min-height", pixels: value) }
        if case .points(let value) = maximum {
            box.declare(horizontal ? "max-width" : "max-height", pixels: value)
            // SwiftUI gives a frame with a finite maximum the size offered, up to that maximum,
            // whatever its content, and a stack around it is only as large as its children. Across,
            // a grid track does both: the box's max-content size is the maximum, which a stack
            // around it adds up, and its min-content size none; in a row it shares what there is
            // as a filling view does (`v-cap-x`). Heights do not shrink in a column, so a maximum
            // height fills what is offered, capped (`v-cap-y`), and its stack fills too.
            if outer.bounded(axis), horizontal {
                // From 0, as a frame may be narrower than what it holds, which it centres.
                box.declare("grid-template-columns") { css in
                    css += "minmax(0,"
                    CSSNumber.appendPixels(value, to: &css)
                    css += ")"
                }
                box.addClass("v-cap-x")
            } else if outer.bounded(axis) {
                box.addClass("v-cap-y")
            }
        }
        if !outer.bounded(axis), case .points(let value) = ideal {
            box.declare(horizontal ? "width" : "height", pixels: value)
        } else if !outer.bounded(axis), contentFills, case .points(let value) = maximum {
            // On a scroll's axis the frame takes its content's ideal size up to the maximum
            // (a shape's is 10 pt: `maxHeight: 1` is a 1 pt divider), where a content that fills
            // would have no size at all in a box that hugs it; one of unknown ideal size takes the maximum.
            box.declare(horizontal ? "width" : "height", pixels: min(value, contentIdeal ?? value))
        }
    }

    private func addPadding(_ edges: Edges, _ amount: Double, to box: inout Element) {
        if edges.contains(.top) { box.padding.top += amount }
        if edges.contains(.leading) { box.padding.leading += amount }
        if edges.contains(.bottom) { box.padding.bottom += amount }
        if edges.contains(.trailing) { box.padding.trailing += amount }
    }

    func px(_ value: Double) -> String {
        Self.pixels(value)
    }

    static func pixels(_ value: Double) -> String {
        let number = CSSNumber.format(value)
        return number == "0" ? "0" : number + "px"
    }
}
