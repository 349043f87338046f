import Foundation

/// Settings from `vitrine.json` at the input root.
public struct SiteConfiguration: Sendable, Equatable {
    /// The site's name, shown in every page title.
    public var title: String
    /// How home feeds are laid out and how their prices and distances are written.
    public var feed: FeedSettings
    /// Where the site will be published (`https://example.com/previews/`), for canonical links
    /// and absolute URLs in `index.json`; pages link relatively whatever it is.
    public var baseURL: String?
    /// Every page asks search engines not to index it (`vitrine build --noindex`, a private
    /// preview on a public host), not only a `hidden` screen's.
    public var noindex = false
    /// The theme to build with when the command line names none.
    public var theme: String?
    /// The devices a screen page offers, the first one selected.
    public var devices: [DevicePreset] = DevicePreset.standard
    /// Payload paths (globs, `*` within a folder, `**` across folders) never read.
    public var exclude: [PathPattern] = []
    /// Payload paths built but left out of the index, search, gallery and previous/next.
    public var hidden: [PathPattern] = []
    /// How `vitrine diff` compares revisions.
    public var diff = DiffSettings()
    /// How much of each input is read.
    public var limits = Limits()
    /// Where each pattern of `exclude`, `hidden` and `diff.ignore` is in the file, in their
    /// lists' order (by key: `exclude`, `hidden`, `ignore`), for warnings.
    var patternSources: [String: [PatternSource]] = [:]

    /// Where a path pattern is written.
    struct PatternSource: Sendable, Equatable {
        var pointer: JSONPointer
        var location: SourceLocation
    }

    /// The most patterns a list takes, and the longest pattern, in characters: each one is
    /// matched against every payload path.
    static let patternLimits = (count: 100, length: 256)

    /// `diff` in `vitrine.json`.
    public struct DiffSettings: Sendable, Equatable {
        /// JSON Pointer globs whose changes are not reported.
        public var ignore: [PathPattern] = []
        /// Array pointer glob → the member key that identifies its elements, in file order.
        public var identity: [IdentityKey] = []

        /// No diff settings: every change reported, elements paired by their ids.
        public init() {}
    }

    /// One `diff.identity` entry.
    public struct IdentityKey: Sendable, Equatable {
        /// The JSON Pointer glob of the arrays it applies to.
        public var pattern: PathPattern
        /// The member key that identifies their elements.
        public var key: String
    }

    /// A configuration with `title` and `feed` settings and every other key's default.
    public init(title: String = "Vitrine", feed: FeedSettings = FeedSettings()) {
        self.title = title
        self.feed = feed
    }

    /// The `vitrine.json` of `source`, read, with its problems; nil when there is none or it cannot be read.
    public static func read(from source: some InputSource) -> (SiteConfiguration, [Diagnostic])? {
        (try? source.read(InputListing.configFile)).map { read($0) }
    }

    /// Reads `vitrine.json`; unknown keys and wrong types are reported, and defaults stand in.
    public static func read(_ bytes: [UInt8], file: String = InputListing.configFile) -> (SiteConfiguration, [Diagnostic]) {
        let read = settings(bytes, file: file)
        return (read.configuration, read.diagnostics)
    }

    /// `read(_:file:)`, and whether its settings can be built with: one that does not parse, or
    /// parses as anything but an object, has no settings at all, one whose `exclude` or `hidden`
    /// is not read whole would publish what they leave out, and one whose `theme` is not a
    /// string would publish the site in the default theme.
    public static func settings(_ bytes: [UInt8], file: String = InputListing.configFile) -> (configuration: SiteConfiguration, diagnostics: [Diagnostic], usable: Bool) {
        var options = JSONReader.Options()
        (options.documentName, options.reader) = ("the file", "Vitrine")  // not a payload the app reads
        let parsed = JSONReader.read(bytes, options: options)
        var diagnostics = parsed.issues.map {
            Diagnostic($0.severity, $0.message, file: file, location: parsed.text.location(of: $0.offset), pointer: $0.pointer)
        }
        var configuration = SiteConfiguration()
        guard let root = parsed.root else { return (configuration, diagnostics, false) }
        var context = DecodingContext(file: file, text: parsed.text)
        let object = ObjectReader(root, at: .root, what: "a configuration", context: &context)
        var guarded = true
        if var object {
            if let title = nonBlank("title", of: &object, orElse: "the catalogue keeps the name Vitrine", context: &context) {
                configuration.title = bounded(title, to: textLimits.title, "title", of: &object, context: &context)
            }
            if var feed = object.object("feed", what: "a feed settings", context: &context) {
                configuration.feed = readFeed(&feed, context: &context)
            }
            if let url = object.string("baseURL", context: &context) {
                let read = Self.baseURL(url)
                configuration.baseURL = read.url
                if let problem = read.problem {
                    let outcome = read.url.map { "the site's folder \($0) is used: write that" } ?? "ignored"
                    context.report(.warning, "baseURL \(problem); \(outcome)", at: object.member("baseURL", context: &context) ?? root,
                                   pointer: .root.appending("baseURL"))
                }
            }
            if let theme = nonBlank("theme", of: &object, orElse: "the default theme is used", context: &context) { configuration.theme = theme }
            // One that is no string would publish the site in the default theme, over the one it names.
            let themeRead = object.member("theme", context: &context).map { if case .string = $0.kind { true } else { false } } ?? true
            if let devices = object.array("devices", context: &context) {
                let presets = readDevices(devices, context: &context)
                if !presets.isEmpty { configuration.devices = presets } else if !devices.isEmpty {
                    context.report(.warning, "no device of the list is usable; the built-in presets are offered",
                                   at: object.member("devices", context: &context) ?? root, pointer: .root.appending("devices"))
                }
            }
            if var diff = object.object("diff", what: "a diff settings", context: &context) {
                configuration.diff.ignore = readPatterns("ignore", of: &diff, context: &context, into: &configuration.patternSources).patterns
                if var identity = diff.object("identity", what: "an identity", context: &context) {
                    for pattern in identity.keys {
                        guard let key = identity.string(pattern, context: &context) else { continue }
                        guard pattern.unicodeScalars.count <= patternLimits.length, configuration.diff.identity.count < patternLimits.count else {
                            context.report(.warning, "identity takes at most \(patternLimits.count) patterns of at most \(patternLimits.length) characters; "
                                           + "this one is ignored", at: identity.member(pattern, context: &context) ?? identity.value,
                                           pointer: identity.pointer.appending(pattern))
                            continue
                        }
                        configuration.diff.identity.append(IdentityKey(pattern: PathPattern(pattern), key: key))
                    }
                }
                diff.finish(context: &context, unknownKeyNote: "Vitrine does not know it")
            }
            if var limits = object.object("limits", what: "a limits", context: &context) {
                configuration.limits = Limits.read(&limits, context: &context)
            }
            let exclude = readPatterns("exclude", of: &object, context: &context, into: &configuration.patternSources)
            let hidden = readPatterns("hidden", of: &object, context: &context, into: &configuration.patternSources)
            (configuration.exclude, configuration.hidden) = (exclude.patterns, hidden.patterns)
            guarded = exclude.complete && hidden.complete && themeRead
            object.finish(context: &context, unknownKeyNote: "Vitrine does not know it", elsewhere: Self.nestedKeys)
        }
        diagnostics += context.diagnostics
        return (configuration, diagnostics, object != nil && guarded)
    }

    /// Bounds on what every page carries (the title, the device presets) and on the base URL of
    /// every canonical link: a megabyte's title would be copied into each of 10,000 pages.
    static let textLimits = (title: 200, deviceName: 64, devices: 32, baseURL: 2048)

    /// The string member `key`, or nil with a warning saying `orElse` when it is blank.
    private static func nonBlank(_ key: String, of object: inout ObjectReader, orElse: String, context: inout DecodingContext) -> String? {
        guard let text = object.string(key, context: &context) else { return nil }
        guard text.allSatisfy(\.isWhitespace) else { return text }
        context.report(.warning, "\(key) is empty; \(orElse)", at: object.member(key, context: &context) ?? object.value, pointer: object.pointer.appending(key))
        return nil
    }

    /// `text` cut to `limit` characters (Unicode scalars), with a warning when it is longer.
    private static func bounded(_ text: String, to limit: Int, _ key: String, of object: inout ObjectReader, context: inout DecodingContext) -> String {
        guard text.unicodeScalars.count > limit else { return text }
        context.report(.warning, "\(key) is longer than \(limit) characters; cut there", at: object.member(key, context: &context) ?? object.value,
                       pointer: object.pointer.appending(key))
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.prefix(limit - 1))
        return String(scalars) + "…"
    }

    /// The keys of `vitrine.json`'s objects, for a warning at one written at the top level.
    static let nestedKeys: [String: String] = Dictionary(uniqueKeysWithValues:
        ["currency", "currencyPosition", "locale", "templates"].map { ($0, "feed." + $0) }
        + ["ignore", "identity"].map { ($0, "diff." + $0) }
        + Limits.keys.map { ($0.name, "limits." + $0.name) })

    private static func readDevices(_ values: [JSONValue], context: inout DecodingContext) -> [DevicePreset] {
        var presets: [DevicePreset] = []
        for (index, value) in values.enumerated() {
            let pointer = JSONPointer.root.appending("devices").appending(String(index))
            guard presets.count < textLimits.devices else {
                context.report(.warning, "devices takes at most \(textLimits.devices) presets; the rest are left out", at: value, pointer: pointer)
                break
            }
            guard var device = ObjectReader(value, at: pointer, what: "a device", context: &context) else { continue }
            let name = device.string("name", required: true, context: &context).map {
                bounded($0, to: textLimits.deviceName, "name", of: &device, context: &context)
            }
            let width = device.length("width", required: true, context: &context)
            let height = device.length("height", required: true, context: &context)
            device.finish(context: &context, unknownKeyNote: "Vitrine does not know it")
            guard let name, let width, let height else { continue }
            // The sizes the pages draw (screen.js reads no other from an address, `#width=WxH`).
            guard DevicePreset.widths.contains(width), DevicePreset.heights.contains(height) else {
                context.report(.warning, "a device is \(CSSNumber.format(DevicePreset.widths.lowerBound))–\(CSSNumber.format(DevicePreset.widths.upperBound)) pt wide "
                               + "and \(CSSNumber.format(DevicePreset.heights.lowerBound))–\(CSSNumber.format(DevicePreset.heights.upperBound)) pt high, "
                               + "as the pages draw them; \(name) is left out", at: value, pointer: pointer)
                continue
            }
            presets.append(DevicePreset(name: name, width: width, height: height))
        }
        return presets
    }

    /// The patterns listed under `key`, and whether every one was read. One left unread in
    /// `exclude` or `hidden` would publish what it leaves out: an error there (the site is then
    /// not written), a warning in `diff.ignore`.
    private static func readPatterns(_ key: String, of object: inout ObjectReader, context: inout DecodingContext,
                                     into sources: inout [String: [PatternSource]]) -> (patterns: [PathPattern], complete: Bool) {
        let guards = key == "exclude" || key == "hidden"
        let (severity, dropped) = guards ? (Severity.error, "unread, it would let the site show what it leaves out, so build writes none") : (.warning, "ignored")
        guard let values = object.array(key, context: &context) else { return ([], object.member(key, context: &context) == nil) }
        var patterns: [PathPattern] = [], complete = true
        for (index, value) in values.enumerated() {
            let pointer = object.pointer.appending(key).appending(String(index))
            guard case .string(let text) = value.kind else {
                context.report(severity, "\(key) lists path patterns (strings); \(dropped)", at: value, pointer: pointer)
                complete = false
                continue
            }
            guard patterns.count < patternLimits.count else {
                context.report(severity, "\(key) takes at most \(patternLimits.count) patterns; \(guards ? dropped : "the rest are ignored")", at: value, pointer: pointer)
                complete = false
                break
            }
            guard text.unicodeScalars.count <= patternLimits.length else {
                context.report(severity, "a pattern is at most \(patternLimits.length) characters long; \(dropped)", at: value, pointer: pointer)
                complete = false
                continue
            }
            patterns.append(PathPattern(text))
            sources[key, default: []].append(PatternSource(pointer: pointer, location: context.location(of: value.offset)))
        }
        return (patterns, complete)
    }

    /// Warnings for patterns of `exclude` that match none of the input's payload files (`found`)
    /// and of `hidden` that match none of those `exclude` leaves in (`kept`): a misspelt path
    /// leaves out or hides nothing, and says nothing else.
    public func unmatchedPatterns(found: [String], kept: [String]) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        for (key, patterns, paths) in [("exclude", exclude, found), ("hidden", hidden, kept)] {
            let sources = patternSources[key] ?? []
            for (index, pattern) in patterns.enumerated() where !paths.contains(where: pattern.matchesFile) {
                let source = sources.indices.contains(index) ? sources[index] : nil
                let excluded = key == "hidden" && found.contains(where: pattern.matchesFile)
                let message = "`\(pattern.text)` in \(key) matches no payload file" + (excluded ? " that `exclude` leaves in" : "")
                    + "; patterns are paths from the input folder, `*` within a folder, `**` across folders"
                warnings.append(Diagnostic(.warning, message, file: InputListing.configFile, location: source?.location, pointer: source?.pointer))
            }
        }
        return warnings
    }

    /// Language codes ISO 639 has replaced that Java and Android still send (Indonesian, Hebrew, Yiddish).
    static let legacyLanguageCodes: Set<String> = ["in", "iw", "ji"]

    /// Languages that write decimals with a comma (`1,2 km`).
    static let commaDecimalLanguages: Set<String> = [
        "tr", "de", "fr", "es", "it", "pt", "ru", "nl", "pl", "sv", "da", "nb", "nn", "fi", "cs", "sk", "hu", "ro", "uk", "el", "id", "az",
    ]

    private static func readFeed(_ feed: inout ObjectReader, context: inout DecodingContext) -> FeedSettings {
        var settings = FeedSettings()
        if let currency = feed.string("currency", context: &context) { settings.amounts.currency = currency }
        if let position = feed.string("currencyPosition", context: &context) {
            switch position {
            case "before": settings.amounts.currencyBeforeAmount = true
            case "after": settings.amounts.currencyBeforeAmount = false
            default:
                context.report(.warning, "currencyPosition is \"before\" or \"after\"; \(settings.amounts.currencyBeforeAmount ? "before" : "after") the amount it stays",
                               at: feed.member("currencyPosition", context: &context) ?? feed.value,
                               pointer: feed.pointer.appending("currencyPosition"))
            }
        }
        if let locale = feed.string("locale", context: &context) {
            let language = String(locale.lowercased().prefix { $0.isLetter })
            settings.amounts.decimalSeparator = commaDecimalLanguages.contains(language) ? "," : "."
            if !Self.legacyLanguageCodes.contains(language), !Locale.LanguageCode.isoLanguageCodes.contains(Locale.LanguageCode(language)) {
                context.report(.warning, "locale \(locale) starts with no ISO 639 language code (tr, de, en-GB, …); prices and distances use `.`",
                               at: feed.member("locale", context: &context) ?? feed.value, pointer: feed.pointer.appending("locale"))
            }
        }
        if var templates = feed.object("templates", what: "a templates", context: &context) {
            for name in templates.keys {
                // A name of no template is one a feed may use (drawn as a list, these numbers over
                // it), as the app's are written (`card_04`); one near a template's, written
                // otherwise (`card_2`, `Card_02`), misspells it.
                if FeedTemplate.defaults[name] == nil, let meant = FeedTemplate.likelyMeant(name, among: FeedTemplate.defaults.keys) {
                    context.report(.warning, "no layout template is called \(name); did you mean \(meant)? (a feed whose sections use \(name) gets these numbers)",
                                   at: templates.member(name, context: &context) ?? templates.value, pointer: templates.pointer.appending(name))
                }
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
        // A number the layout cannot take (a negative gap is no CSS) keeps the template's own, with a warning.
        let pointer = object.pointer, value = object.value
        func keep(_ key: String, _ range: String, _ found: JSONValue?) {
            context.report(.warning, "\(key) is \(range); the template keeps its own", at: found ?? value, pointer: pointer.appending(key))
        }
        if let direction = object.string("direction", context: &context) {
            if let axis = Axis(rawValue: direction) { template.direction = axis } else {
                context.report(.warning, "direction is \"horizontal\" or \"vertical\"", at: object.member("direction", context: &context) ?? object.value,
                               pointer: object.pointer.appending("direction"))
            }
        }
        if let width = object.member("itemWidth", context: &context) {
            switch width.kind {
            case .number:
                if let points = ObjectReader.length(width, at: object.pointer.appending("itemWidth"), context: &context) {
                    if points > 0 { template.itemWidth = .points(points) } else { keep("itemWidth", "above 0", width) }
                }
            case .string(let text) where text.hasSuffix("%"):
                if let percent = Double(text.dropLast()), percent > 0, percent <= 100 { template.itemWidth = .fraction(percent / 100) } else {
                    context.report(.error, "itemWidth must be a number of points or a percentage like \"90%\"", at: width, pointer: object.pointer.appending("itemWidth"))
                }
            default:
                context.report(.error, "itemWidth must be a number of points or a percentage like \"90%\"", at: width, pointer: object.pointer.appending("itemWidth"))
            }
        }
        if let columns = object.integer("columns", context: &context) {
            if (1...12).contains(columns) { template.columns = columns } else { keep("columns", "1 to 12", object.member("columns", context: &context)) }
        }
        if let spacing = object.length("spacing", context: &context) {
            if spacing >= 0 { template.spacing = spacing } else { keep("spacing", "0 or more", object.member("spacing", context: &context)) }
        }
        if let inset = object.length("inset", context: &context) {
            if inset >= 0 { template.inset = inset } else { keep("inset", "0 or more", object.member("inset", context: &context)) }
        }
        if let paging = object.bool("paging", context: &context) { template.paging = paging }
        if let ratio = object.number("imageAspectRatio", context: &context) {
            if ratio > 0 { template.imageAspectRatio = ratio } else { keep("imageAspectRatio", "above 0", object.member("imageAspectRatio", context: &context)) }
        }
        if let circular = object.bool("circularImage", context: &context) { template.circularImage = circular }
        if let radius = object.size("cornerRadius", context: &context) { template.cornerRadius = radius }
        object.finish(context: &context, unknownKeyNote: "Vitrine does not know it")
    }
}

extension SiteConfiguration {
    /// A `baseURL` as the site uses it (ending in `/`), and what is wrong with it, to follow the
    /// setting's name (`is longer than 2048 bytes`): one over `textLimits.baseURL` bytes, with a
    /// query or a fragment, or no http(s) URL gives no URL; one ending in a page
    /// (`…/repo/index.html`, copied from the address bar) gives its folder.
    public static func baseURL(_ url: String) -> (url: String?, problem: String?) {
        if url.utf8.count > textLimits.baseURL { return (nil, "is longer than \(textLimits.baseURL) bytes") }
        if url.contains("?") || url.contains("#") { return (nil, "has a query or a fragment, which page paths cannot follow") }
        guard case .allowed(let clean, _) = URLSanitizer.sanitize(url, for: .link), clean.hasPrefix("http") else {
            return (nil, "must be an http or https URL")
        }
        // Page paths follow a folder, not a page (`…/index.html/screens/…`).
        if let folder = folder(ofPageURL: clean) { return (folder, "ends in a page, \(clean.dropFirst(folder.count))") }
        return (clean.hasSuffix("/") ? clean : clean + "/", nil)
    }

    /// The folder of `url` when its path ends in an HTML page (`https://x.io/repo/index.html` →
    /// `https://x.io/repo/`); nil otherwise.
    static func folder(ofPageURL url: String) -> String? {
        guard let scheme = url.range(of: "://"), let path = url[scheme.upperBound...].firstIndex(of: "/"),
              let last = url[path...].lastIndex(of: "/") else { return nil }
        let page = url[url.index(after: last)...].lowercased()
        guard page.hasSuffix(".html") || page.hasSuffix(".htm") else { return nil }
        return String(url[...last])
    }
}
