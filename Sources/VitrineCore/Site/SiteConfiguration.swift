/// Settings from `vitrine.json` at the input root.
public struct SiteConfiguration: Sendable, Equatable {
    /// The site's name, shown in every page title.
    public var title: String
    /// How home feeds are laid out and how their prices and distances are written.
    public var feed: FeedSettings

    public init(title: String = "Vitrine", feed: FeedSettings = FeedSettings()) {
        self.title = title
        self.feed = feed
    }

    /// Reads `vitrine.json`; unknown keys and wrong types are reported, and defaults stand in.
    public static func read(_ bytes: [UInt8], file: String = InputListing.configFile) -> (SiteConfiguration, [Diagnostic]) {
        let parsed = JSONReader.read(bytes)
        var diagnostics = parsed.issues.map {
            Diagnostic($0.severity, $0.message, file: file, location: parsed.text.location(of: $0.offset), pointer: $0.pointer)
        }
        var configuration = SiteConfiguration()
        guard let root = parsed.root else { return (configuration, diagnostics) }
        var context = DecodingContext(file: file, text: parsed.text)
        if var object = ObjectReader(root, at: .root, what: "a configuration", context: &context) {
            if let title = object.string("title", context: &context) { configuration.title = title }
            if var feed = object.object("feed", what: "a feed settings", context: &context) {
                configuration.feed = readFeed(&feed, context: &context)
            }
            object.finish(context: &context, unknownKeyNote: "Vitrine does not know it")
        }
        diagnostics += context.diagnostics
        return (configuration, diagnostics)
    }

    /// Languages that write decimals with a comma (`1,2 km`).
    static let commaDecimalLanguages: Set<String> = [
        "tr", "de", "fr", "es", "it", "pt", "ru", "nl", "pl", "sv", "da", "nb", "nn", "fi", "cs", "sk", "hu", "ro", "uk", "el", "id", "az",
    ]

    private static func readFeed(_ feed: inout ObjectReader, context: inout DecodingContext) -> FeedSettings {
        var settings = FeedSettings()
        if let currency = feed.string("currency", context: &context) { settings.currency = currency }
        if let position = feed.string("currencyPosition", context: &context) {
            switch position {
            case "before": settings.currencyBeforeAmount = true
            case "after": settings.currencyBeforeAmount = false
            default:
                context.report(.warning, "currencyPosition is \"before\" or \"after\"", at: feed.member("currencyPosition", context: &context) ?? feed.value,
                               pointer: feed.pointer.appending("currencyPosition"))
            }
        }
        if let locale = feed.string("locale", context: &context) {
            let language = String(locale.lowercased().prefix { $0.isLetter })
            settings.decimalSeparator = commaDecimalLanguages.contains(language) ? "," : "."
        }
        if var templates = feed.object("templates", what: "a templates", context: &context) {
            for name in templates.keys {
                guard var overrides = templates.object(name, what: "a template", context: &context) else { continue }
                var template = settings.templates[name] ?? FeedTemplate.fallback
                readTemplate(&overrides, into: &template, context: &context)
                settings.templates[name] = template
            }
        }
        feed.finish(context: &context, unknownKeyNote: "Vitrine does not know it")
        return settings
    }

    private static func readTemplate(_ object: inout ObjectReader, into template: inout FeedTemplate, context: inout DecodingContext) {
        if let direction = object.string("direction", context: &context) {
            if let axis = Axis(rawValue: direction) { template.direction = axis } else {
                context.report(.warning, "direction is \"horizontal\" or \"vertical\"", at: object.member("direction", context: &context) ?? object.value,
                               pointer: object.pointer.appending("direction"))
            }
        }
        if let width = object.member("itemWidth", context: &context) {
            switch width.kind {
            case .number:
                if let points = ObjectReader.length(width, at: object.pointer.appending("itemWidth"), context: &context) { template.itemWidth = .points(points) }
            case .string(let text) where text.hasSuffix("%"):
                if let percent = Double(text.dropLast()), percent > 0, percent <= 100 { template.itemWidth = .fraction(percent / 100) } else {
                    context.report(.error, "itemWidth must be a number of points or a percentage like \"90%\"", at: width, pointer: object.pointer.appending("itemWidth"))
                }
            default:
                context.report(.error, "itemWidth must be a number of points or a percentage like \"90%\"", at: width, pointer: object.pointer.appending("itemWidth"))
            }
        }
        if let columns = object.integer("columns", context: &context) { template.columns = max(1, min(columns, 12)) }
        if let spacing = object.length("spacing", context: &context) { template.spacing = spacing }
        if let inset = object.length("inset", context: &context) { template.inset = inset }
        if let paging = object.bool("paging", context: &context) { template.paging = paging }
        if let ratio = object.number("imageAspectRatio", context: &context), ratio > 0 { template.imageAspectRatio = ratio }
        if let circular = object.bool("circularImage", context: &context) { template.circularImage = circular }
        object.finish(context: &context, unknownKeyNote: "Vitrine does not know it")
    }
}
