/// The three item shapes a `cellType` draws (formats.md §2.5–2.6).
enum CellKind: Equatable {
    case image
    case imageTitle
    case restaurant
    case unknown(String)

    /// The cell types the app draws, and how.
    private static let known: [String: CellKind] = [
        "card_image": .image, "card_image_title": .imageTitle, "card_info": .restaurant, "featured_01_info": .restaurant, "featured_02_info": .restaurant,
    ]
    /// The names of the cell types the app draws.
    static var names: Dictionary<String, CellKind>.Keys { known.keys }

    init(_ cellType: String?) {
        self = cellType.flatMap { Self.known[$0] } ?? .unknown(cellType ?? "")
    }
}

extension FeedDecoder {
    /// The cell kind of a section, warning when its `cellType` is unknown or cannot come with its template.
    mutating func checkedCellKind(_ cellType: String?, template: String, section value: JSONValue, at pointer: JSONPointer) -> CellKind {
        let kind = CellKind(cellType)
        let where_ = value["cellType"] ?? value
        let expectedTemplates: [String: Set<String>] = [
            "featured_01_info": ["featured_01"], "featured_02_info": ["featured_02"], "card_info": ["card_01", "card_02", "card_03"],
        ]
        if case .unknown(let name) = kind, cellType != nil {
            let meant = Misspelling.likelyMeant(name, among: CellKind.names).map { " (did you mean \"\($0)\"?)" } ?? ""
            context.report(.warning, "unknown cellType \"\(name)\"\(meant); its items are drawn as placeholders", at: where_, pointer: pointer.appending("cellType"))
        } else if let cellType, let templates = expectedTemplates[cellType], !templates.contains(template) {
            context.report(.warning, "cellType \"\(cellType)\" does not go with template \"\(template)\" (the backend pairs it with \(templates.sorted().joined(separator: ", ")))",
                           at: where_, pointer: pointer.appending("cellType"))
        }
        return kind
    }

    /// Reads one data item as its section's cell kind.
    mutating func item(_ value: JSONValue, at pointer: JSONPointer, kind: CellKind) -> FeedItem {
        let source = context.source(of: value, at: pointer)
        let problemsBefore = context.keptCount
        guard var item = ObjectReader(value, at: pointer, what: "an item", context: &context) else {
            return FeedItem(id: nil, source: source, content: .placeholder(context.couldNotRead("item", since: problemsBefore), .error))
        }
        let isRestaurantShape = value["imageUrl"] != nil || value["name"] != nil
        let fits: Bool
        switch kind {
        case .image, .imageTitle: fits = !isRestaurantShape || value["url"] != nil
        case .restaurant: fits = isRestaurantShape || value["url"] == nil
        case .unknown: fits = false
        }
        guard fits else {
            if case .unknown = kind {} else {
                context.report(.warning, "this item does not fit its section's cellType (\(isRestaurantShape ? "a restaurant" : "an image item"))",
                               at: value, pointer: pointer)
            }
            return FeedItem(id: nil, source: source, content: .placeholder("cell does not fit", .warning))
        }
        let id = item.integer("id", context: &context).map(String.init)
        let content: FeedItem.Content
        switch kind {
        case .image, .imageTitle:
            let image = FeedImage.read("url", of: &item, required: true, context: &context)
            let title = kind == .imageTitle ? (item.string("title", required: true, context: &context) ?? "") : nil
            content = .image(image, title: title)
        case .restaurant, .unknown:
            content = .restaurant(RestaurantCard.read(&item, context: &context))
        }
        item.finish(context: &context)
        return FeedItem(id: id, source: source, content: content)
    }
}

extension FeedItem {
    /// The item's cell, laid out for `template`.
    func node(template: FeedTemplate, settings: FeedSettings) -> ViewNode {
        var node: ViewNode
        switch content {
        case .placeholder(let label, let severity):
            return ViewNode(.placeholder(.init(label, severity: severity)), source: source)
        case .restaurant(let restaurant):
            node = RestaurantCard(settings: settings, template: template).node(restaurant, item: source)
        case .image(let image, let title):
            let picture = image.node(template: template)
            if let title {
                let text = ViewNode(.text(.init(title, font: Font(name: nil, family: nil, weight: nil, size: 13), lineLimit: 1)),
                                    source: SourceRef(pointer: source.pointer.appending("title"), offset: source.offset))
                let alignment = Alignment(horizontal: template.circularImage ? .center : .leading, vertical: .center)
                node = ViewNode(.stack(.init(axis: .vertical, spacing: 6, alignment: alignment, children: [picture, text])), source: source)
            } else {
                node = ViewNode(.stack(.init(axis: .vertical, spacing: 0, alignment: .center, children: [picture])), source: source)
            }
        }
        node.id = id
        return node
    }
}
