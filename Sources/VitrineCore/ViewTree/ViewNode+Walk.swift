extension ViewNode {
    /// The nodes directly below this one in document order: stack, grid and scroll children,
    /// a button's label, then overlays (drawn over the content they follow).
    public var childNodes: [ViewNode] {
        var children: [ViewNode]
        switch kind {
        case .stack(let stack): children = stack.children
        case .button(let button): children = button.label.map { [$0] } ?? []
        case .scroll(let scroll): children = [scroll.content]
        case .grid(let grid): children = grid.children
        case .text, .image, .shape, .spacer, .custom, .placeholder: children = []
        }
        for modifier in modifiers {
            if case .overlay(let overlay) = modifier { children.append(overlay) }
        }
        return children
    }

    /// Calls `body` on this node and every node below it, depth first in document order.
    public func forEachNode(_ body: (ViewNode) -> Void) {
        body(self)
        for child in childNodes { child.forEachNode(body) }
    }
}
