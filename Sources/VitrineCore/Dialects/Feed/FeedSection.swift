/// One home-feed section as read from its `ListUIDTO` (formats.md §2.3), before layout.
struct FeedSection {
    var id: Int?
    var title: String
    var icon: Icon?
    var templateName: String
    var template: FeedTemplate
    var scrollDirection: Axis?
    var groupOrientation: Axis?
    var cellType: String?
    var buttons: [(text: String, value: JSONValue, pointer: JSONPointer)]
    /// The data items, read once as the section's cell kind.
    var items: [FeedItem]
    var value: JSONValue
    var pointer: JSONPointer

    /// The header icon: an SF Symbol or an asset, tinted.
    struct Icon {
        var source: ImageSource
        var tint: RGBAColor?
        var value: JSONValue
        var pointer: JSONPointer
    }

    /// The key of the section's all-list page, when one of its buttons opens it.
    var allListKey: String? {
        guard buttons.contains(where: { $0.text.lowercased() == "alllist" }) else { return nil }
        return "all-" + (id.map(String.init) ?? "s" + (pointer.tokens.last ?? "0"))
    }

    /// Whether the items are restaurants (`RestaurantInfoDTO`).
    var isRestaurantList: Bool {
        CellKind(cellType) == .restaurant
    }
}
