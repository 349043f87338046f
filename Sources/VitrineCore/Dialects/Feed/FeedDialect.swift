/// The TrendyolGo home feed: an array of sections, or one section (the all-list response)
/// (formats.md §2).
public struct FeedDialect: PayloadDialect {
    /// The dialect's name in `index.json` and the catalogue (`feed`).
    public let name = "feed"
    /// How sections are laid out and prices and distances written, from `vitrine.json`.
    public let settings: FeedSettings

    /// The feed dialect with `settings`, the defaults unless given.
    public init(settings: FeedSettings = FeedSettings()) {
        self.settings = settings
    }

    /// An array of objects, or an array with one section (an object with `layoutTemplateDTO`)
    /// among other values, which is a broken feed (an error at each), not a file of some other
    /// format; or one section with no `container`, the all-list response.
    public func recognizes(_ root: JSONValue) -> Bool {
        switch root.kind {
        case .array(let elements):
            return elements.allSatisfy { if case .object = $0.kind { return true } else { return false } }
                || elements.contains { $0["layoutTemplateDTO"] != nil }
        case .object:
            return root["layoutTemplateDTO"] != nil && root["container"] == nil
        default:
            return false
        }
    }

    public func decode(_ root: JSONValue, context: inout DecodingContext) -> DecodedScreen {
        var decoder = FeedDecoder(settings: settings, context: context)
        defer { context = decoder.context }
        let sections: [(JSONValue, JSONPointer)]
        if case .array(let elements) = root.kind {
            sections = elements.enumerated().map { ($1, JSONPointer.root.appending($0)) }
            if elements.isEmpty { decoder.context.report(.warning, "the feed has no sections: the app draws an empty screen", at: root, pointer: .root) }
        } else {
            sections = [(root, .root)]
        }
        var nodes: [ViewNode] = []
        var subpages: [Subpage] = []
        var firstWithKey: [String: JSONValue] = [:]
        for (value, pointer) in sections {
            let problemsBefore = decoder.context.keptCount
            guard let section = decoder.section(value, at: pointer) else {
                nodes.append(decoder.placeholder(decoder.context.couldNotRead("section", since: problemsBefore), at: value, pointer))
                continue
            }
            let key = section.allListKey
            nodes.append(decoder.node(for: section, allListKey: key))
            if let key, let first = firstWithKey[key] {
                // The app asks the server for `/allList?id=…`: two sections of one id cannot both have their own list.
                let id = value["id"] ?? value
                decoder.context.report(.warning, "section id \(section.id.map(String.init) ?? key) is used again by a section with All List (first on line "
                                       + "\(decoder.context.line(of: first.offset))); its All List opens the first one's page", at: id, pointer: pointer.appending("id"))
            } else if let key {
                firstWithKey[key] = value["id"] ?? value
                // An untitled section is named by its id: "— All List" alone says nothing of which.
                let name = section.title.allSatisfy(\.isWhitespace) ? "Section \(section.id.map(String.init) ?? key)" : section.title
                subpages.append(Subpage(key: key, title: "\(name) — All List", root: decoder.allListNode(for: section)))
            }
        }
        // Sections follow each other with no space between: the kit sets none (its header and insets space them).
        let stack = ViewKind.Stack(axis: .vertical, spacing: 0, alignment: Alignment(horizontal: .leading, vertical: .center), children: nodes)
        return DecodedScreen(hasNavigationBar: false, root: ViewNode(.stack(stack), source: context.source(of: root, at: .root)),
                             subpages: subpages)
    }
}
