/// The component tree of a screen page: one row per payload component, nested as in the payload,
/// each naming the JSON Pointer its render carries in `data-v-path` and the line it starts on.
/// An ARIA tree whose items are the rows' buttons themselves (they take the focus), their depth
/// in `aria-level`; the lists only nest them visually.
enum ComponentOutline {
    /// Nested `<ul>` rows; parts a dialect adds itself are skipped, their components kept.
    /// - Parameters:
    ///   - layout: the source's lines as the page shows them, which the rows' line numbers count.
    ///   - name: the catalogue's name of a node (`ComponentTemplates.catalogueName(of:)`).
    static func html(_ root: ViewNode, layout: SourceLayout, name: (ViewNode) -> String?) -> Markup {
        var out: [UInt8] = []
        out.reserveCapacity(16 << 10)
        out.append("<ul class=\"v-tree\" role=\"tree\" aria-label=\"Components\">")
        append(root, level: 1, layout: layout, name: name, to: &out)
        out.append("</ul>")
        return Markup(out)
    }

    private static func append(_ node: ViewNode, level: Int, layout: SourceLayout, name: (ViewNode) -> String?, to out: inout [UInt8]) {
        guard let component = name(node) else {
            node.forEachChild { append($0, level: level, layout: layout, name: name, to: &out) }
            return
        }
        let line = layout.line(of: node.source.offset)
        out.append("<li role=\"none\"><button type=\"button\" role=\"treeitem\" aria-level=\"")
        out.appendDecimal(level)
        out.append("\" class=\"v-tree-row\" data-v-target=\"")
        HTMLEscaper.appendAttribute(node.source.pointer.description, to: &out)
        out.append("\" data-v-line=\"")
        out.appendDecimal(line)
        out.append("\"><span class=\"v-tree-kind\">")
        HTMLEscaper.appendAttribute(HTMLEscaper.markingControls(component), to: &out)  // `markedText`, appended in place
        out.append("</span>")
        if let id = node.id {
            out.append(" <span class=\"v-tree-id\">")
            HTMLEscaper.appendAttribute(HTMLEscaper.markingControls(id), to: &out)
            out.append("</span>")
        }
        out.append(" <span class=\"v-tree-line\">")
        out.appendDecimal(line)
        out.append("</span></button>")
        // The group is written only when a child has a row: a dialect's own parts have none.
        let group = out.count
        out.append("<ul role=\"none\">")
        let rows = out.count
        node.forEachChild { append($0, level: level + 1, layout: layout, name: name, to: &out) }
        if out.count == rows { out.removeSubrange(group...) } else { out.append("</ul>") }
        out.append("</li>")
    }
}
