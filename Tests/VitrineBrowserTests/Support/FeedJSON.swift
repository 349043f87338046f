import Foundation

/// Builds small TrendyolGo home-feed payloads (formats.md §2) for the feed layout fixtures.
///
/// Sections are `[String: Any]` objects serialised with `JSONSerialization`, shaped like the
/// backend's `ListUIDTO` (every key present, `headerImageDTO` null when there is no icon).
enum FeedJSON {
    /// The feed: a JSON array of sections, in order (section `i` is `/i` in the page).
    static func feed(_ sections: [[String: Any]]) -> String {
        let data = try! JSONSerialization.data(withJSONObject: sections, options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    static func section(id: Int, title: String, icon: [String: Any]? = nil, template: String, scroll: String, group: String = "horizontal",
                        cellType: String, buttons: [String] = [], items: [[String: Any]]) -> [String: Any] {
        [
            "id": id,
            "title": title,
            "headerImageDTO": icon ?? NSNull(),
            "layoutTemplateDTO": ["layoutTemplate": template, "scrollDirection": scroll, "groupOrientation": group],
            "cellType": cellType,
            "buttonTypes": buttons,
            "data": items,
        ]
    }

    /// A `SYSTEM` (SF Symbol) header icon tinted with `color`.
    static func systemIcon(_ name: String, color: String) -> [String: Any] {
        ["id": 1, "type": "SYSTEM", "imageText": name, "color": color]
    }

    /// `count` `OnlyImageDTO` items (`card_image`).
    static func images(_ count: Int, firstID: Int = 1) -> [[String: Any]] {
        (0..<count).map { ["id": firstID + $0, "url": "https://cdn.example.com/banner-\(firstID + $0).jpg"] }
    }

    /// `count` `ImageAndTitleDTO` items (`card_image_title`).
    static func imageTitles(_ count: Int, firstID: Int = 1) -> [[String: Any]] {
        (0..<count).map { ["id": firstID + $0, "url": "https://cdn.example.com/category-\(firstID + $0).png", "title": "Item \(firstID + $0)"] }
    }

    /// `count` `RestaurantInfoDTO` items (`card_info`, `featured_01_info`, `featured_02_info`).
    static func restaurants(_ count: Int, firstID: Int = 1) -> [[String: Any]] {
        (0..<count).map { index in
            [
                "id": firstID + index,
                "imageUrl": "https://cdn.example.com/restaurant-\(firstID + index).jpg",
                "rating": 4.5,
                "reviewCount": 120,
                "name": "Restaurant \(firstID + index)",
                "minimumPrice": 50.0,
                "distanceKm": 1.2,
                "category": "Burger",
                "deliveryTime": 25,
                "deliveryType": index % 2 == 0 ? "restaurantCourier" : "goCourier",
                "campaignList": ["%20 Discount"],
            ]
        }
    }
}
