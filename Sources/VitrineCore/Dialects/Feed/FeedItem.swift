/// One data item of a section, read once and drawn on every page that shows it (the home screen
/// and the all-list page), so its problems are reported once.
struct FeedItem {
    var id: String?
    /// The item object.
    var source: SourceRef
    var content: Content

    enum Content {
        /// `OnlyImageDTO` / `ImageAndTitleDTO`.
        case image(FeedImage, title: String?)
        /// `RestaurantInfoDTO`.
        case restaurant(Restaurant)
        /// An item that does not fit its section's `cellType`, or could not be read.
        case placeholder(String, Severity)
    }

    /// A restaurant's fields; nil ones hide their row.
    struct Restaurant {
        var image: FeedImage
        /// The campaigns that are strings, each with its index in `campaignList`.
        var campaigns: [(index: Int, text: String)]
        var name: String
        var rating: Double?
        var reviewCount: Int?
        var category: String?
        var distanceKm: Double?
        var deliveryMinutes: Int?
        var courier: String?
        var minimumPrice: Double?
    }
}

/// The image of a feed cell as read: a sanitised source and where it came from.
struct FeedImage {
    var source: ImageSource
    var ref: SourceRef

    /// Reads an image URL member, reporting a dropped URL; a missing one gives an empty slot.
    static func read(_ key: String, of item: inout ObjectReader, required: Bool, context: inout DecodingContext) -> FeedImage {
        let url = item.string(key, required: required, context: &context)
        let value = item.member(key, context: &context) ?? item.value
        let pointer = item.pointer.appending(key)
        let ref = context.source(of: value, at: pointer)
        guard let url else { return FeedImage(source: .unavailable("no image"), ref: ref) }
        switch URLSanitizer.sanitize(url, for: .image) {
        case .allowed(let safe, let warning):
            if let warning { context.report(.warning, warning, at: value, pointer: pointer) }
            return FeedImage(source: .remote(safe), ref: ref)
        case .rejected(let reason):
            // A bare name reads as an asset's, which a feed's images never are (a scene's are); a
            // host without its scheme (`cdn.example.com/a.jpg`) lacks only that.
            let hint = url.contains(":") || url.isEmpty ? ""
                : url.contains("/") || url.contains(".") ? "; write it with its scheme, https://"
                : "; a feed's images are web addresses, never names of files in assets/"
            context.report(.warning, "image URL dropped (\(reason))" + hint, at: value, pointer: pointer)
            return FeedImage(source: .unavailable("image URL not shown"), ref: ref)
        }
    }

    /// The image covering its box at the template's aspect ratio, rounded, or round for circular templates.
    func node(template: FeedTemplate) -> ViewNode {
        var modifiers: [Modifier] = [.aspectRatio(template.imageAspectRatio)]
        if template.circularImage, case .points(let width) = template.itemWidth {
            modifiers += [.frame(width: width, height: width / template.imageAspectRatio), .cornerRadius(width / 2)]
        } else {
            modifiers.append(.cornerRadius(template.cornerRadius))
        }
        return ViewNode(.image(.init(source, contentMode: .fill)), modifiers: modifiers, source: ref)
    }
}
