extension ViewNode {
    /// Calls `body` on each node directly below this one in document order: stack, grid and
    /// scroll children, a button's label, then overlays (drawn over the content they follow).
    public func forEachChild(_ body: (ViewNode) -> Void) {
        switch kind {
        case .stack(let stack): stack.children.forEach(body)
        case .button(let button): if let label = button.label { body(label) }
        case .scroll(let scroll): body(scroll.content)
        case .grid(let grid): grid.children.forEach(body)
        case .text, .image, .shape, .spacer, .custom, .placeholder: break
        }
        for modifier in modifiers {
            if case .overlay(let overlay) = modifier { body(overlay) }
        }
    }

    /// Calls `body` on this node and every node below it, depth first in document order.
    public func forEachNode(_ body: (ViewNode) -> Void) {
        body(self)
        forEachChild { $0.forEachNode(body) }
    }
}
