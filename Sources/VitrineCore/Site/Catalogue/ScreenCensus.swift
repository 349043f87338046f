/// What the catalogue knows of a screen's content: how many of each component it has, and the
/// words a search should find it by (visible text, then ids).
struct ScreenCensus {
    /// Component name → number of nodes (`text` → 12).
    var counts: [String: Int] = [:]
    /// The components of the tree (the nodes a payload names, as the outline lists them),
    /// overlays and button labels included: the sum of `counts`.
    var components = 0
    /// The visible texts and the ids, in tree order, for `searchText`.
    private var texts: [String] = [], ids: [String] = []

    static let textLimit = 1_200

    init(_ root: ViewNode) {
        root.forEachNode { node in
            if let component = node.component {
                counts[component, default: 0] += 1
                components += 1
            }
            switch node.kind {
            case .text(let drawn): texts.append(drawn.string)
            case .button(let button) where button.label == nil: texts.append(button.title)
            default: break
            }
            if let id = node.id { ids.append(id) }
        }
    }

    /// The words of the visible text, then of the ids, each in tree order and each once
    /// (whatever its case), space-separated, at most `textLimit` characters: repeated words take
    /// no room, so more of a long screen is found while the search data stays small at 10,000
    /// screens, and ids (`total-subtotal-spacer`) never crowd out what the screen shows. Made
    /// on demand: pages that are not searched for (a feed's all-lists) only need the counts.
    var searchText: String {
        var words: [Substring] = []
        var seen = Set<String>()
        var length = 0
        for candidate in [texts, ids].joined() {
            for word in Self.words(candidate) where length < Self.textLimit {
                guard seen.insert(Self.folded(word)).inserted else { continue }
                words.append(word)
                length += Self.isASCII(word) ? word.utf8.count + 1 : word.count + 1
            }
            if length >= Self.textLimit { break }
        }
        let joined = words.joined(separator: " ")
        return joined.utf8.count <= Self.textLimit ? joined : String(joined.prefix(Self.textLimit))
    }

    /// The word in lower case; an ASCII word without capitals is itself (the common case, and
    /// `lowercased()` copies even then).
    private static func folded(_ word: Substring) -> String {
        word.utf8.allSatisfy({ $0 < 0x80 && !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) ? String(word) : word.lowercased()
    }

    /// One character per byte: a word holds no line break, so not even `\r\n` joins two.
    private static func isASCII(_ word: Substring) -> Bool {
        word.utf8.allSatisfy { $0 < 0x80 }
    }

    /// The runs of `text` between white space, split per Unicode scalar: a split per grapheme
    /// finds the same words and cost a tenth of a build's CPU time.
    static func words(_ text: String) -> [Substring] {
        var words: [Substring] = []
        let scalars = text.unicodeScalars
        var start: String.Index?
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let isSpace = scalar.isASCII ? (scalar == " " || (0x09...0x0D).contains(scalar.value)) : scalar.properties.isWhitespace
            if isSpace {
                if let first = start { words.append(text[first..<index]) }
                start = nil
            } else if start == nil {
                start = index
            }
            index = scalars.index(after: index)
        }
        if let first = start { words.append(text[first..<scalars.endIndex]) }
        return words
    }
}
