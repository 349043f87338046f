/// Turns a decoded screen into HTML and CSS: pure, value in and value out.
public struct HTMLRenderer: Sendable {
    /// The assets, symbols, fonts and templates the renderer may draw with.
    public let resources: RenderResources

    /// A renderer that draws with `resources`.
    public init(resources: RenderResources) {
        self.resources = resources
    }

    /// Renders a screen's content for a page.
    /// - Parameters:
    ///   - root: the tree to draw: the screen's own, or one of its subpages'.
    ///   - rootPrefix: the relative path from the page to the site root, e.g. `../../`.
    ///   - subpageLinks: relative links of the payload's subpages, by key.
    ///   - classPrefix: starts the generated class names; renders that share a page need different ones.
    ///   - unboundedWidth: the root is offered an unbounded width, as inside a horizontal scroll
    ///     (a gallery specimen taken from one), rather than the screen's.
    /// - Returns: the content fragment, its generated CSS and any problems found while drawing.
    public func render(_ root: ViewNode, rootPrefix: String, subpageLinks: [String: String] = [:], classPrefix: String = "s",
                       unboundedWidth: Bool = false) -> RenderedScreen {
        var renderer = NodeRenderer(resources: resources, rootPrefix: rootPrefix, subpageLinks: subpageLinks)
        renderer.styles.prefix = classPrefix
        renderer.out.reserveCapacity(32 << 10)
        renderer.render(root, proposal: Proposal.screen.setting(.horizontal, bounded: !unboundedWidth))
        return RenderedScreen(markup: Markup(renderer.out), css: renderer.styles.css, issues: renderer.issues)
    }
}
