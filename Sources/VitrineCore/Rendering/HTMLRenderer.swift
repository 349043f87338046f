/// Turns a decoded screen into HTML and CSS: pure, value in and value out.
public struct HTMLRenderer: Sendable {
    public let resources: RenderResources

    public init(resources: RenderResources) {
        self.resources = resources
    }

    /// Renders the screen's content for a page `depth` folders below the site root.
    /// - Parameters:
    ///   - screen: the decoded screen.
    ///   - rootPrefix: the relative path from the page to the site root, e.g. `../../`.
    /// - Returns: the content fragment, its generated CSS and any problems found while drawing.
    public func render(_ screen: DecodedScreen, rootPrefix: String) -> RenderedScreen {
        var renderer = NodeRenderer(resources: resources, rootPrefix: rootPrefix)
        let (html, _) = renderer.render(screen.root, proposal: .screen)
        return RenderedScreen(html: html, css: renderer.styles.css, issues: renderer.issues)
    }
}
