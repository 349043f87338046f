/// Reads one payload file: bytes to JSON to a decoded screen, with every diagnostic located.
public struct PayloadDecoder: Sendable {
    public var dialects: DialectRegistry
    public var readerOptions: JSONReader.Options

    public init(dialects: DialectRegistry = .standard, readerOptions: JSONReader.Options = .init()) {
        self.dialects = dialects
        self.readerOptions = readerOptions
    }

    /// What came of decoding a file.
    public struct Result: Sendable {
        public var screen: DecodedScreen?
        public var dialect: String?
        public var status: ScreenSummary.Status
        public var diagnostics: [Diagnostic]
        /// The payload's text, to locate offsets of the tree (`SourceRef`) in it.
        public var text: SourceText
        /// The JSON document as read, when it could be (a diff compares these).
        public var json: JSONValue?
    }

    /// Decodes the payload at `path`.
    public func decode(_ path: String, bytes: [UInt8]) -> Result {
        let parsed = JSONReader.read(bytes, options: readerOptions)
        var diagnostics = parsed.issues.map {
            Diagnostic($0.severity, $0.message, file: path, location: parsed.text.location(of: $0.offset), pointer: $0.pointer)
        }
        guard let root = parsed.root else {
            return Result(screen: nil, dialect: nil, status: .failed, diagnostics: diagnostics, text: parsed.text, json: nil)
        }
        guard let dialect = dialects.dialect(for: root) else {
            diagnostics.append(Diagnostic(.warning, "not a payload format Vitrine knows (a scene is an object with `container`, a feed an array of sections); skipped", file: path))
            return Result(screen: nil, dialect: nil, status: .unknown, diagnostics: diagnostics, text: parsed.text, json: root)
        }
        var context = DecodingContext(file: path, text: parsed.text)
        let screen = dialect.decode(root, context: &context)
        return Result(screen: screen, dialect: dialect.name, status: .rendered, diagnostics: diagnostics + context.diagnostics, text: parsed.text,
                      json: root)
    }
}
