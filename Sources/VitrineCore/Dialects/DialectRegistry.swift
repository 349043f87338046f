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

    /// A registry that tries `dialects` in order.
    public init(dialects: [any PayloadDialect]) {
        self.dialects = dialects
    }

    /// The first dialect that recognises the document, if any.
    public func dialect(for root: JSONValue) -> (any PayloadDialect)? {
        dialects.first { $0.recognizes(root) }
    }
}
