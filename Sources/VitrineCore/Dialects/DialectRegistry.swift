/// The dialects a build knows, tried in order.
public struct DialectRegistry: Sendable {
    /// The dialects in the order they are tried: the first that recognises a document decodes it.
    public var dialects: [any PayloadDialect]

    /// Every built-in dialect, with default settings.
    public static let standard = standard(feed: FeedSettings())

    /// Every built-in dialect, the feed dialect with `feed` settings.
    public static func standard(feed: FeedSettings) -> DialectRegistry {
        DialectRegistry(dialects: [SceneDialect(), FeedDialect(settings: feed)])
    }

    /// The dialects of a build with its `vitrine.json` settings: what `BuildPipeline.dialects`
    /// and `SiteBuilder` take, so that a program can build with a dialect of its own.
    public typealias Factory = @Sendable (SiteConfiguration) -> DialectRegistry

    /// Every built-in dialect, with the settings of `configuration`.
    @Sendable public static func standard(for configuration: SiteConfiguration) -> DialectRegistry {
        standard(feed: configuration.feed)
    }

    /// A registry that tries `dialects` in order.
    public init(dialects: [any PayloadDialect]) {
        self.dialects = dialects
    }

    /// The first dialect that recognises the document, if any.
    public func dialect(for root: JSONValue) -> (any PayloadDialect)? {
        dialects.first { $0.recognizes(root) }
    }

    /// The names of every dialect that recognises the document, in the order they are tried.
    public func names(recognizing root: JSONValue) -> [String] {
        dialects.filter { $0.recognizes(root) }.map(\.name)
    }
}
