/// The restaurant cell of `card_info` / `featured_01_info` / `featured_02_info` (rendering.md §4):
/// image with its first campaign as a badge, name, rating, category and distance, delivery, minimum price.
/// Read once per item (`read`), drawn for each page's template (`node`); a missing optional field
/// hides its row.
struct RestaurantCard {
    let settings: FeedSettings
    let template: FeedTemplate

    /// The campaign badge's brand colours, the same in both schemes; the grey rows and the
    /// courier chip are in system colours, which follow light and dark mode.
    static let badgeBackground = RGBAColor(red: 0xff, green: 0x60, blue: 0x00)
    static let white = RGBAColor(red: 255, green: 255, blue: 255)

    /// Reads a `RestaurantInfoDTO`; a missing optional field stays nil, a wrong type is a located error.
    static func read(_ item: inout ObjectReader, context: inout DecodingContext) -> FeedItem.Restaurant {
        let image = FeedImage.read("imageUrl", of: &item, required: false, context: &context)
        let campaigns = strings("campaignList", &item, context: &context)
        let name = item.string("name", required: true, context: &context) ?? ""
        return FeedItem.Restaurant(
            image: image, campaigns: campaigns, name: name,
            rating: shown("rating", of: &item, context: &context), reviewCount: item.integer("reviewCount", context: &context),
            category: item.string("category", context: &context), distanceKm: shown("distanceKm", of: &item, context: &context),
            deliveryMinutes: item.integer("deliveryTime", context: &context), courier: courierLabel(&item, context: &context),
            minimumPrice: shown("minimumPrice", of: &item, context: &context))
    }

    /// A number the card shows, brought within ±`AmountFormat.largestShown` (a rating, a
    /// distance, a price, as its digits fit a card) with a warning.
    private static func shown(_ key: String, of item: inout ObjectReader, context: inout DecodingContext) -> Double? {
        guard let value = item.member(key, context: &context), let number = ObjectReader.number(value, at: item.pointer.appending(key), context: &context)
        else { return nil }
        let largest = AmountFormat.largestShown
        guard abs(number) > largest else { return number }
        let bound = (number < 0 ? "-" : "") + String(Int64(largest))
        context.report(.warning, "number beyond ±\(Int64(largest)) drawn as \(bound)", at: value, pointer: item.pointer.appending(key))
        return number < 0 ? -largest : largest
    }

    /// The card of `restaurant`, whose item object is at `item`.
    func node(_ restaurant: FeedItem.Restaurant, item: SourceRef) -> ViewNode {
        func ref(_ key: String) -> SourceRef { SourceRef(pointer: item.pointer.appending(key), offset: item.offset) }
        func text(_ string: String, _ key: String, size: Double, weight: Int? = nil, color: SystemColor? = nil) -> ViewNode {
            ViewNode(.text(.init(string, font: Font(name: nil, family: nil, weight: weight, size: size), lineLimit: 1)),
                     modifiers: color.map { [.systemForeground($0)] } ?? [], source: ref(key))
        }

        var image = restaurant.image.node(template: template)
        image.modifiers.insert(.flexibleFrame(FlexibleFrame(maxWidth: .infinity)), at: 1)
        var children: [ViewNode] = []
        if let first = restaurant.campaigns.first {
            // The first campaign, cut to one line, then "+N" for the others, which a long first one never hides.
            let font = Font(name: nil, family: nil, weight: 600, size: 12)
            let list = item.pointer.appending("campaignList")
            var parts = [ViewNode(.text(.init(first.text, font: font, lineLimit: 1)), source: SourceRef(pointer: list.appending(first.index), offset: item.offset))]
            if restaurant.campaigns.count > 1 {  // at the second campaign, the first it counts
                parts.append(ViewNode(.text(.init("+\(restaurant.campaigns.count - 1)", font: font, lineLimit: 1)),
                                      source: SourceRef(pointer: list.appending(restaurant.campaigns[1].index), offset: item.offset)))
            }
            let badge = ViewNode(.stack(.init(axis: .horizontal, spacing: 4, alignment: .center, children: parts)),
                                 modifiers: [.foreground(Self.white), .padding(.horizontal, 8), .padding(.vertical, 4),
                                             .background(Self.badgeBackground), .cornerRadius(8), .padding(.all, 8)],
                                 source: ref("campaignList"))
            let layered = ViewKind.Stack(axis: .overlay, spacing: nil, alignment: Alignment(horizontal: .leading, vertical: .top), children: [image, badge])
            children.append(ViewNode(.stack(layered), source: image.source))
        } else {
            children.append(image)
        }
        children.append(text(restaurant.name, "name", size: 16, weight: 600))

        if restaurant.rating != nil || restaurant.reviewCount != nil {
            var parts: [String] = []
            if let rating = restaurant.rating { parts.append("★ " + settings.amounts.decimal(rating, digits: 1)) }
            if let reviews = restaurant.reviewCount { parts.append("(\(reviews))") }
            children.append(text(parts.joined(separator: " "), "rating", size: 13, weight: 500))
        }
        let place = [restaurant.category, restaurant.distanceKm.map { settings.amounts.decimal($0, digits: 1) + " km" }].compactMap { $0 }
        if !place.isEmpty { children.append(text(place.joined(separator: " · "), "category", size: 13, color: .secondaryLabel)) }

        if restaurant.deliveryMinutes != nil || restaurant.courier != nil {
            var row: [ViewNode] = []
            if let minutes = restaurant.deliveryMinutes {
                // Short and less flexible than the label beside it, the time is offered room first
                // and keeps its width (SwiftUI's HStack); the label is cut.
                var time = text("\(minutes) min", "deliveryTime", size: 13, color: .secondaryLabel)
                time.modifiers.append(.fixedSize)
                row.append(time)
            }
            if let courier = restaurant.courier {
                row.append(ViewNode(.text(.init(courier, font: Font(name: nil, family: nil, weight: 600, size: 11), lineLimit: 1)),
                                    modifiers: [.padding(.horizontal, 6), .padding(.vertical, 2),
                                                .systemBackground(.fill), .cornerRadius(6)], source: ref("deliveryType")))
            }
            children.append(ViewNode(.stack(.init(axis: .horizontal, spacing: 6, alignment: .center, children: row)), source: ref("deliveryTime")))
        }
        if let price = restaurant.minimumPrice {
            children.append(text("Min. " + settings.amounts.price(of: price), "minimumPrice", size: 13, color: .secondaryLabel))
        }
        return ViewNode(.stack(.init(axis: .vertical, spacing: 4, alignment: Alignment(horizontal: .leading, vertical: .center), children: children)),
                        source: item)
    }

    private static func strings(_ key: String, _ item: inout ObjectReader, context: inout DecodingContext) -> [(index: Int, text: String)] {
        (item.array(key, context: &context) ?? []).enumerated().compactMap { index, element in
            guard case .string(let string) = element.kind else {
                context.report(.error, "expected a string, found \(element.typeDescription)", at: element,
                               pointer: item.pointer.appending(key).appending(index))
                return nil
            }
            return (index, string)
        }
    }

    private static func courierLabel(_ item: inout ObjectReader, context: inout DecodingContext) -> String? {
        guard let type = item.string("deliveryType", context: &context) else { return nil }
        switch type {
        case "restaurantCourier": return "Restaurant courier"
        case "goCourier": return "Go courier"
        default:
            context.report(.warning, "deliveryType \"\(type)\" is neither restaurantCourier nor goCourier", at: item.member("deliveryType", context: &context) ?? item.value,
                           pointer: item.pointer.appending("deliveryType"))
            return type
        }
    }
}
