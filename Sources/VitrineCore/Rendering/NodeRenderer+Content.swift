extension NodeRenderer {
    /// The element drawing the node's own content, before any modifier.
    mutating func content(_ node: ViewNode, proposal: Proposal, in parent: StackAxis?) -> Element {
        switch node.kind {
        case .stack(let stack): return self.stack(stack, proposal: proposal)
        case .text(let text): return self.text(text)
        case .image(let image): return self.image(image, node: node, proposal: proposal)
        case .button(let button): return self.button(button, proposal: proposal)
        case .shape(let shape): return self.shape(shape, proposal: proposal)
        case .spacer: return spacer(proposal: proposal, in: parent)
        case .scroll(let scroll): return self.scroll(scroll, proposal: proposal)
        case .grid(let grid): return self.grid(grid, proposal: proposal)
        case .custom(let custom): return self.custom(custom, node: node)
        case .placeholder(let placeholder): return self.placeholder(placeholder.label, severity: placeholder.severity)
        }
    }

    private mutating func stack(_ stack: ViewKind.Stack, proposal: Proposal) -> Element {
        var classes = ["v-stack"]
        switch stack.axis {
        case .horizontal: classes += ["v-h", "v-ai-\(Self.flexValue(stack.alignment.vertical))"]
        case .vertical: classes += ["v-v", "v-ai-\(Self.flexValue(stack.alignment.horizontal))"]
        case .overlay: classes += ["v-z", "v-cell", "v-ji-\(Self.flexValue(stack.alignment.horizontal))", "v-ai-\(Self.flexValue(stack.alignment.vertical))"]
        }
        var element = Element(classes: classes, fill: .hug)
        if stack.axis != .overlay {
            element.declarations.append("gap:\(px(stack.spacing ?? 8))")
        }
        if stack.isLazy { element.attributes.append(("data-v-lazy", "")) }
        for child in stack.children {
            let (html, fill) = render(child, proposal: proposal, in: stack.axis)
            element.inner += html
            element.fill.width = element.fill.width || fill.width
            element.fill.height = element.fill.height || fill.height
        }
        return element
    }

    private mutating func text(_ text: ViewKind.Text) -> Element {
        var element = Element(classes: ["v-text"], fill: .hug)
        if let font = text.font {
            if let family = font.family {
                element.declarations.append("font-family:\(CSSEscaper.string(family)),var(--v-font-system)")
            }
            if let weight = font.weight { element.declarations.append("font-weight:\(weight)") }
            element.declarations.append("font-size:\(px(font.size))")
        }
        if let limit = text.lineLimit {
            element.classes.append("v-clamp")
            element.declarations.append("-webkit-line-clamp:\(max(limit, 1))")
        }
        HTMLEscaper.appendText(text.string, to: &element.inner)
        return element
    }

    private mutating func image(_ image: ViewKind.Image, node: ViewNode, proposal: Proposal) -> Element {
        let fill = Fill(width: proposal.widthBounded, height: proposal.heightBounded)
        var element = Element(classes: ["v-image"] + (image.contentMode == .fill ? ["v-cover"] : []), fill: fill)
        let url: String
        switch image.source {
        case .remote(let remote):
            url = remote
        case .asset(let name):
            guard let path = resources.assets[name] else {
                issues.append(RenderIssue(severity: .warning, message: "asset “\(name)” not found in assets/", source: node.source))
                return placeholder("asset “\(name)”", severity: .warning)
            }
            url = rootPrefix + path
        case .symbol(let name):
            return symbol(name, fill: fill)
        case .unavailable(let reason):
            // The image keeps its slot, drawn as the grey "photo" placeholder, with the reason on hover.
            element.attributes.append(("title", reason))
            return element
        }
        element.inner = "<img src=\"" + HTMLEscaper.attribute(url) + "\" alt=\"\" loading=\"lazy\" decoding=\"async\">"
        return element
    }

    private mutating func button(_ button: ViewKind.Button, proposal: Proposal) -> Element {
        let classes = ["v-button"] + (button.style == .plain ? ["v-plain"] : [])
        var element = Element("button", classes: classes, fill: .hug)
        element.attributes.append(("type", "button"))
        if let key = button.subpage, let link = subpageLinks[key] {
            element = Element("a", classes: classes, fill: .hug)
            element.attributes.append(("href", link))
        } else if let action = button.action {
            let summary = "\(action.type) → \(action.destination)"
            element.attributes += [("title", summary), ("data-v-action", summary)]
        }
        if let label = button.label {
            let rendered = render(label, proposal: proposal)
            element.inner = rendered.html
            element.fill = rendered.fill
        } else {
            element.inner = "<span class=\"v-text\">" + HTMLEscaper.text(button.title) + "</span>"
        }
        return element
    }

    private func shape(_ shape: ViewKind.Shape, proposal: Proposal) -> Element {
        var element = Element(classes: ["v-shape"], fill: Fill(width: proposal.widthBounded, height: proposal.heightBounded))
        // A shape's ideal size is 10 × 10: what it takes where the proposal is unbounded.
        if !proposal.widthBounded { element.declarations.append("width:10px") }
        if !proposal.heightBounded { element.declarations.append("height:10px") }
        switch shape {
        case .rectangle:
            element.classes.append("v-filled")
        case .roundedRectangle(let radius, let stroke):
            element.declarations.append("border-radius:\(px(radius))")
            if let stroke {
                let color = stroke.color?.css ?? "currentColor"
                let half = px(stroke.lineWidth / 2)
                // SwiftUI centres a stroke on the path: half inside, half outside, outside layout.
                element.declarations.append("box-shadow:inset 0 0 0 \(half) \(color),0 0 0 \(half) \(color)")
            } else {
                element.classes.append("v-filled")
            }
        }
        return element
    }

    private func spacer(proposal: Proposal, in parent: StackAxis?) -> Element {
        let fill: Fill
        switch parent {
        case .horizontal: fill = Fill(width: proposal.widthBounded, height: false)
        case .vertical: fill = Fill(width: false, height: proposal.heightBounded)
        case .overlay, nil: fill = Fill(width: proposal.widthBounded, height: proposal.heightBounded)
        }
        return Element(classes: ["v-spacer"], fill: fill)
    }

    private mutating func scroll(_ scroll: ViewKind.Scroll, proposal: Proposal) -> Element {
        let axisClass = scroll.axis == .horizontal ? "v-scroll-h" : "v-scroll-v"
        var element = Element(classes: ["v-scroll", axisClass] + (scroll.showsIndicators ? [] : ["v-no-indicators"]),
                              fill: Fill(width: proposal.widthBounded, height: scroll.axis == .vertical && proposal.heightBounded))
        element.inner = render(scroll.content, proposal: proposal.setting(scroll.axis, bounded: false)).html
        return element
    }

    /// A symbol: the theme's look-alike in the current colour, the input's override as an image,
    /// or the fallback glyph with the name as its tooltip.
    private mutating func symbol(_ name: String, fill: Fill) -> Element {
        let known = resources.symbols[name]
        var element = Element("span", classes: ["v-symbol"], fill: fill)
        element.attributes += [("role", "img"), ("aria-label", name)]
        if known == nil { element.attributes.append(("title", "SF Symbol “\(name)” (no look-alike bundled)")) }
        switch known ?? resources.symbols[RenderResources.fallbackSymbol] {
        case .inline(let svg):
            element.inner = svg
        case .file(let path):
            element.inner = "<img src=\"" + HTMLEscaper.attribute(rootPrefix + SitePath.href(path)) + "\" alt=\"\">"
        case nil:
            return placeholder("symbol “\(name)”", severity: .warning)
        }
        return element
    }

    private mutating func grid(_ grid: ViewKind.Grid, proposal: Proposal) -> Element {
        var element = Element(classes: ["v-grid", grid.direction == .horizontal ? "v-rail" : "v-rows"] + (grid.paging ? ["v-paging"] : []),
                              fill: Fill(width: proposal.widthBounded, height: false))
        element.padding = grid.insets
        element.declarations.append("gap:\(px(grid.spacing))")
        let childProposal: Proposal
        if grid.direction == .horizontal {
            let width: String
            switch grid.itemWidth {
            case .fraction(let fraction): width = "calc(var(--v-device-width) * \(CSSNumber.format(fraction)))"
            case .points(let points): width = px(points)
            }
            element.declarations += ["grid-template-rows:repeat(\(max(grid.lines, 1)),auto)", "grid-auto-columns:\(width)"]
            element.declarations.append("scroll-padding-inline:\(px(grid.insets.leading))")
            childProposal = Proposal(widthBounded: true, heightBounded: false)
        } else {
            element.declarations.append("grid-template-columns:repeat(\(max(grid.lines, 1)),minmax(0,1fr))")
            childProposal = Proposal(widthBounded: proposal.widthBounded, heightBounded: false)
        }
        for child in grid.children {
            element.inner += render(child, proposal: childProposal).html
        }
        return element
    }

    private mutating func custom(_ custom: ViewKind.Custom, node: ViewNode) -> Element {
        guard let html = resources.templates.render(keys: custom.templateKeys, payload: custom.payload) else {
            let keys = custom.templateKeys.map { "components/\($0).mustache" }.joined(separator: " or ")
            issues.append(RenderIssue(severity: .warning, message: "no template for custom component (looked for \(keys))", source: node.source))
            return placeholder("custom “\(node.id ?? custom.templateKeys.first ?? "custom")”", severity: .warning, className: "v-custom-missing")
        }
        var element = Element(classes: ["v-custom"], fill: .hug)
        element.inner = html
        return element
    }

    func placeholder(_ label: String, severity: Severity, className: String = "v-placeholder") -> Element {
        var element = Element(classes: [className, "v-\(severity.rawValue)"], fill: .hug)
        element.inner = HTMLEscaper.text(label)
        return element
    }

    private static func flexValue(_ alignment: HorizontalAlignment) -> String {
        switch alignment {
        case .leading: "start"
        case .center: "center"
        case .trailing: "end"
        }
    }

    private static func flexValue(_ alignment: VerticalAlignment) -> String {
        switch alignment {
        case .top: "start"
        case .center: "center"
        case .bottom: "end"
        }
    }
}
