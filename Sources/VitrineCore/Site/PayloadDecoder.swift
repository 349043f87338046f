/// Reads one payload file: bytes to JSON to a decoded screen, with every diagnostic located.
public struct PayloadDecoder: Sendable {
    /// The payload formats recognised, in the order they are tried.
    public var dialects: DialectRegistry
    /// The JSON reader's limits (nesting, sizes).
    public var readerOptions: JSONReader.Options
    /// The most view nodes a screen (with its subpages) may have.
    public var maxNodes: Int

    /// A decoder of `dialects` within `limits`.
    public init(dialects: DialectRegistry = .standard, limits: Limits = Limits()) {
        self.dialects = dialects
        self.readerOptions = limits.readerOptions
        self.maxNodes = limits.nodes
    }

    /// The decoder `vitrine.json` asks for: its feed templates, currency and limits, with the
    /// dialects `dialects` makes of it.
    public init(configuration: SiteConfiguration, dialects: DialectRegistry.Factory = DialectRegistry.standard(for:)) {
        self.init(dialects: dialects(configuration), limits: configuration.limits)
    }

    /// What came of decoding a file.
    public struct Result: Sendable {
        /// The screen, unless the file could not be parsed or is no known format.
        public var screen: DecodedScreen?
        /// The name of the dialect that read it (`scene`, `feed`).
        public var dialect: String?
        /// How far it got.
        public var status: ScreenSummary.Status
        /// Every problem found, located.
        public var diagnostics: [Diagnostic]
        /// The payload's text, to locate offsets of the tree (`SourceRef`) in it.
        public var text: SourceText
        /// The JSON document as read, when it could be (a diff compares these).
        public var json: JSONValue?
        /// Where the document has values the app reads past (`DecodingContext.ignoredByApp`).
        public var ignoredByApp: Set<JSONPointer> = []
        /// Values the app reads as another spelling (`DecodingContext.readAs`).
        public var readAs: [JSONPointer: String] = [:]
    }

    /// Whether an error is one of Vitrine's own limits (`limits.nodes`, the nesting of
    /// components), which the app does not have: it says nothing of whether the app decodes.
    public static func isVitrineLimit(_ diagnostic: Diagnostic) -> Bool {
        diagnostic.message.hasPrefix(SceneDialect.nestingMessage) || diagnostic.message.hasPrefix(nodesMessage)
    }

    /// How an error of too many view nodes starts.
    static let nodesMessage = "screen has more than "

    /// Decodes the payload at `path`.
    public func decode(_ path: String, bytes: [UInt8]) -> Result {
        let parsed = JSONReader.read(bytes, options: readerOptions)
        var diagnostics = parsed.issues.map {
            Diagnostic($0.severity, DecodingContext.bounded($0.message), file: path, location: parsed.text.location(of: $0.offset),
                       pointer: DecodingContext.bounded($0.pointer))
        }
        guard let root = parsed.root else {
            return Result(screen: nil, dialect: nil, status: .failed, diagnostics: diagnostics, text: parsed.text, json: nil)
        }
        switch root.kind {
        case .object, .array: break
        default:
            // A lone value is no one's notes either (bad-inputs.md A23): an error where it stands,
            // and no document to compare (a diff says it does not decode, not how its value changed).
            diagnostics.append(Diagnostic(.error, "expected a screen object (a scene) or an array of sections (a feed), found \(root.typeDescription); not drawn",
                                          file: path, location: parsed.text.location(of: root.offset), pointer: .root))
            return Result(screen: nil, dialect: nil, status: .failed, diagnostics: diagnostics, text: parsed.text, json: nil)
        }
        guard let dialect = dialects.dialect(for: root) else {
            diagnostics.append(Diagnostic(.warning, "not a payload format Vitrine knows (a scene is an object with `container`, a feed an array of sections); not drawn", file: path))
            return Result(screen: nil, dialect: nil, status: .unknown, diagnostics: diagnostics, text: parsed.text, json: root)
        }
        // Two dialects that both claim a document: the first draws it, and the user hears of the other.
        let others = dialects.names(recognizing: root).dropFirst()
        if !others.isEmpty {
            diagnostics.append(Diagnostic(.warning, "read as \(dialect.name), though it is also a \(others.joined(separator: " and ")) document "
                                          + "(the first dialect that recognises a file reads it)", file: path, pointer: .root))
        }
        var context = DecodingContext(file: path, text: parsed.text)
        let screen = dialect.decode(root, context: &context)
        // A number too small for a field is its error alone, not the reader's warning too.
        let underflows = Set(context.diagnostics.filter { $0.message == ObjectReader.underflowMessage }.map(\.location))
        if !underflows.isEmpty { diagnostics.removeAll { $0.message == JSONParser.underflowWarning && underflows.contains($0.location) } }
        if case let (node?, total) = firstNodeOverLimit(screen) {
            diagnostics += context.diagnostics
            // The total says how far to raise the limit; a feed's all-list pages draw its items again.
            let counted = screen.subpages.isEmpty ? "\(total) in all" : "\(total) with its all-list pages"
            diagnostics.append(Diagnostic(.error, Self.nodesMessage + "\(maxNodes) view nodes (\(counted); limits.nodes in vitrine.json); not drawn",
                                          file: path, location: parsed.text.location(of: node.source.offset), pointer: node.source.pointer))
            return Result(screen: nil, dialect: dialect.name, status: .failed, diagnostics: diagnostics, text: parsed.text, json: root)
        }
        return Result(screen: screen, dialect: dialect.name, status: .rendered, diagnostics: diagnostics + context.diagnostics, text: parsed.text,
                      json: root, ignoredByApp: context.ignoredByApp, readAs: context.readAs)
    }

    /// The node that takes the screen past `maxNodes`, if one does, and the screen's nodes in
    /// all, its subpages' included.
    private func firstNodeOverLimit(_ screen: DecodedScreen) -> (node: ViewNode?, total: Int) {
        var count = 0
        var over: ViewNode?
        for root in [screen.root] + screen.subpages.map(\.root) {
            root.forEachNode { node in
                count += 1
                if count == maxNodes + 1 { over = node }
            }
        }
        return (over, count)
    }
}
