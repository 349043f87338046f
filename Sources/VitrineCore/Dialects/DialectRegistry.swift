/// The dialects a build knows, tried in order.
public struct DialectRegistry: Sendable {
    public var dialects: [any PayloadDialect]

    /// Every built-in dialect.
    public static let standard = DialectRegistry(dialects: [SceneDialect()])

    public init(dialects: [any PayloadDialect]) {
        self.dialects = dialects
    }

    /// The first dialect that recognises the document, if any.
    public func dialect(for root: JSONValue) -> (any PayloadDialect)? {
        dialects.first { $0.recognizes(root) }
    }
}
