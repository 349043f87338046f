extension RenderResources {
    /// The catalogue's name for a node: what its dialect calls it (`text`, `section.card_01`),
    /// except that a custom component drawn by a template of its own is `custom.` and the
    /// template's name (`custom.rating-stars`), so each has its counts and gallery page; one
    /// drawn by `custom.mustache` or by no template stays `custom`. Nil for parts a dialect adds.
    func catalogueName(of node: ViewNode) -> String? {
        if case .custom(let custom) = node.kind, let key = custom.templateKeys.first(where: templates.has), key != "custom" {
            return "custom." + key
        }
        return node.component
    }
}
