extension ComponentTemplates {
    /// The catalogue's name for a node: what its dialect calls it (`text`, `section.card_01`),
    /// except that a custom component drawn by a template of its own is `custom.` and the
    /// template's name (`custom.rating-stars`), so each has its counts and gallery page; one
    /// drawn by `custom.mustache` or by no template stays `custom`. Nil for parts a dialect adds.
    /// (Here, not on `RenderResources`: a closure over this method copies only the templates,
    /// and one over the resources' copied all of them at every node, a fifth of a build.)
    func catalogueName(of node: ViewNode) -> String? {
        if case .custom(let custom) = node.kind, let key = custom.templateKeys.first(where: has), key != "custom" {
            return "custom." + key
        }
        return node.component
    }
}
