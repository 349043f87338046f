/// How a home-feed layout template lays out its items: data, overridable in `vitrine.json`.
///
/// The app's own numbers are not public (formats.md §2.4), so these defaults are Vitrine's,
/// from rendering.md §4.
public struct FeedTemplate: Sendable, Equatable {
    /// The flow when the payload does not say: a sideways rail or rows down the page.
    public var direction: Axis
    /// Width of one item: in a rail, and down the page when in points.
    public var itemWidth: GridItemWidth
    /// Items per row when the section flows down the page and its items are a share of its
    /// width; items of a width in points fill each row instead (one per row when this is 1).
    public var columns: Int
    /// Gap between items.
    public var spacing: Double
    /// Space around the items, on every edge.
    public var inset: Double
    /// Whether a rail snaps item by item.
    public var paging: Bool
    /// Width over height of a cell's image.
    public var imageAspectRatio: Double
    /// Whether image cells are drawn as circles.
    public var circularImage: Bool
    /// The corner radius of a cell's image, unless it is a circle.
    public var cornerRadius: Double

    /// A template from its numbers.
    public init(direction: Axis, itemWidth: GridItemWidth, columns: Int, spacing: Double, inset: Double,
                paging: Bool, imageAspectRatio: Double, circularImage: Bool = false, cornerRadius: Double = 12) {
        self.direction = direction
        self.itemWidth = itemWidth
        self.columns = columns
        self.spacing = spacing
        self.inset = inset
        self.paging = paging
        self.imageAspectRatio = imageAspectRatio
        self.circularImage = circularImage
        self.cornerRadius = cornerRadius
    }

    /// The five templates of the backend's `LayoutTemplate` enum.
    public static let defaults: [String: FeedTemplate] = [
        "card_01": FeedTemplate(direction: .horizontal, itemWidth: .points(84), columns: 4, spacing: 12, inset: 10,
                                paging: false, imageAspectRatio: 1, circularImage: true),
        "card_02": FeedTemplate(direction: .horizontal, itemWidth: .fraction(0.9), columns: 1, spacing: 10, inset: 10,
                                paging: true, imageAspectRatio: 2),
        "card_03": FeedTemplate(direction: .horizontal, itemWidth: .fraction(0.75), columns: 1, spacing: 10, inset: 10,
                                paging: false, imageAspectRatio: 16.0 / 9.0),
        "featured_01": FeedTemplate(direction: .vertical, itemWidth: .fraction(1), columns: 1, spacing: 16, inset: 10,
                                    paging: false, imageAspectRatio: 16.0 / 9.0),
        "featured_02": FeedTemplate(direction: .vertical, itemWidth: .fraction(0.5), columns: 2, spacing: 10, inset: 10,
                                    paging: false, imageAspectRatio: 1),
    ]

    /// The template `name` most likely misspells among `names`: none for a name written as the
    /// app writes its templates' (`card_04`, which may be one Vitrine does not know yet), else
    /// the nearest (`card_02` for `card_2` or `Card_02`).
    static func likelyMeant(_ name: String, among names: some Collection<String>) -> String? {
        name.wholeMatch(of: /[a-z]+_[0-9]{2}/) == nil ? Misspelling.likelyMeant(name, among: names) : nil
    }

    /// What an unknown template falls back to: a vertical list.
    public static let fallback = FeedTemplate(direction: .vertical, itemWidth: .fraction(1), columns: 1, spacing: 10, inset: 10,
                                              paging: false, imageAspectRatio: 16.0 / 9.0)
}

/// Settings of the feed dialect, from the `feed` object of `vitrine.json`.
public struct FeedSettings: Sendable, Equatable {
    /// Templates by name; a configuration overrides single numbers of the defaults.
    public var templates: [String: FeedTemplate] = FeedTemplate.defaults
    /// How prices and distances are written.
    public var amounts = AmountFormat()

    /// The defaults: the built-in templates, amounts followed by `TL`, and a decimal point.
    public init() {}
}
