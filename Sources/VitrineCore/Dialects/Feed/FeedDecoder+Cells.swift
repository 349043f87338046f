/// The three item shapes a `cellType` draws (formats.md §2.5–2.6).
enum CellKind: Equatable {
    case image
    case imageTitle
    case restaurant
    case unknown(String)

    init(_ cellType: String?) {
        switch cellType ?? "" {
        case "card_image": self = .image
        case "card_image_title": self = .imageTitle
        case "card_info", "featured_01_info", "featured_02_info": self = .restaurant
        case let other: self = .unknown(other)
        }
    }
}

extension FeedDecoder {
    /// The cell kind of a section, warning when its `cellType` is unknown or cannot come with its template.
    mutating func checkedCellKind(_ section: FeedSection) -> CellKind {
        let kind = CellKind(section.cellType)
        let value = section.value["cellType"] ?? section.value
        let pointer = section.pointer.appending("cellType")
        let expectedTemplates: [String: Set<String>] = [
            "featured_01_info": ["featured_01"], "featured_02_info": ["featured_02"], "card_info": ["card_01", "card_02", "card_03"],
        ]
        if case .unknown(let name) = kind, section.cellType != nil {
            context.report(.warning, "unknown cellType \"\(name)\"; its items are drawn as placeholders", at: value, pointer: pointer)
        } else if let cellType = section.cellType, let templates = expectedTemplates[cellType], !templates.contains(section.templateName) {
            context.report(.warning, "cellType \"\(cellType)\" does not go with template \"\(section.templateName)\" (the backend pairs it with \(templates.sorted().joined(separator: ", ")))",
                           at: value, pointer: pointer)
        }
        return kind
    }

    /// One item's cell.
    mutating func cell(_ value: JSONValue, at pointer: JSONPointer, kind: CellKind, template: FeedTemplate) -> ViewNode {
        guard var item = ObjectReader(value, at: pointer, what: "an item", context: &context) else {
            return placeholder("item could not be read", at: value, pointer)
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
            return ViewNode(.placeholder(.init("cell does not fit", severity: .warning)), source: context.source(of: value, at: pointer))
        }
        let id = item.integer("id", context: &context).map(String.init)
        let node: ViewNode
        switch kind {
        case .image, .imageTitle:
            node = imageCell(&item, withTitle: kind == .imageTitle, template: template)
        case .restaurant, .unknown:
            node = RestaurantCard(settings: settings, template: template).node(&item, context: &context)
        }
        item.finish(context: &context)
        var result = node
        result.id = id
        return result
    }

    private mutating func imageCell(_ item: inout ObjectReader, withTitle: Bool, template: FeedTemplate) -> ViewNode {
        let source = context.source(of: item.value, at: item.pointer)
        let image = FeedImage.node(item.string("url", required: true, context: &context), member: item.member("url", context: &context),
                                   pointer: item.pointer.appending("url"), template: template, context: &context)
        guard withTitle else {
            return ViewNode(.stack(.init(axis: .vertical, spacing: 0, alignment: .center, children: [image])), source: source)
        }
        let title = item.string("title", required: true, context: &context) ?? ""
        let text = ViewNode(.text(.init(title, font: Font(name: nil, family: nil, weight: nil, size: 13), lineLimit: 1)),
                            source: SourceRef(pointer: item.pointer.appending("title"), offset: source.offset))
        let alignment = Alignment(horizontal: template.circularImage ? .center : .leading, vertical: .center)
        return ViewNode(.stack(.init(axis: .vertical, spacing: 6, alignment: alignment, children: [image, text])), source: source)
    }
}
