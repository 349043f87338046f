/// HTML that Vitrine built and escaped itself, kept as UTF-8 bytes from where it is written to
/// the page that holds it: a screen page's render, outline and source pass through no `String`.
public struct Markup: Sendable, Equatable {
    /// The markup as UTF-8 bytes.
    public var bytes: [UInt8]

    /// Wraps `bytes`, which must already be escaped HTML: nothing checks them.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The markup as text, for callers that compose strings.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}
