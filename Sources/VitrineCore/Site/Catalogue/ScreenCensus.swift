/// What the catalogue knows of a screen's content: how many of each component it has, and the
/// words a search should find it by (visible text and ids).
struct ScreenCensus {
    /// Component name → number of nodes (`text` → 12).
    var counts: [String: Int] = [:]
    /// Every node of the tree, overlays and button labels included.
    var nodes = 0
    /// Visible text and ids, space-separated, at most `textLimit` characters.
    var searchText = ""

    static let textLimit = 600

    init(_ root: ViewNode) {
        var words: [String] = []
        var length = 0
        root.forEachNode { node in
            nodes += 1
            if let component = node.component { counts[component, default: 0] += 1 }
            guard length < Self.textLimit else { return }
            var word: String?
            switch node.kind {
            case .text(let text): word = text.string
            case .button(let button) where button.label == nil: word = button.title
            default: word = nil
            }
            for candidate in [node.id, word] {
                guard let candidate, !candidate.isEmpty, !words.contains(candidate) else { continue }
                words.append(candidate)
                length += candidate.count + 1
            }
        }
        searchText = String(words.joined(separator: " ").prefix(Self.textLimit))
    }
}
