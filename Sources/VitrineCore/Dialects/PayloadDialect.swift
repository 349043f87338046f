/// A payload format Vitrine can read: recognises its documents and maps them into the view tree.
///
/// A new format is a new folder under `Dialects/` plus one entry in `DialectRegistry.standard`;
/// a program using VitrineCore can also hand its own to `BuildPipeline.dialects`.
public protocol PayloadDialect: Sendable {
    /// Short name shown in the catalogue and in `--dump-tree` (`scene`, `feed`, …).
    var name: String { get }
    /// Whether a document with this top-level value is of this format.
    func recognizes(_ root: JSONValue) -> Bool
    /// Maps a document into a screen, reporting every problem into `context`.
    func decode(_ root: JSONValue, context: inout DecodingContext) -> DecodedScreen
}

/// What a dialect produces for one document.
public struct DecodedScreen: Sendable, Equatable {
    /// Whether the device frame draws a navigation bar, with the screen's title, above the content.
    public var hasNavigationBar: Bool
    /// The screen's view tree.
    public var root: ViewNode
    /// Further pages the document implies (a feed section's all-list page), in document order.
    public var subpages: [Subpage]

    /// A screen drawing `root`, with the pages it implies, if any.
    public init(hasNavigationBar: Bool, root: ViewNode, subpages: [Subpage] = []) {
        self.hasNavigationBar = hasNavigationBar
        self.root = root
        self.subpages = subpages
    }
}

/// A page derived from a document, reached from a button of its screen.
public struct Subpage: Sendable, Equatable {
    /// A file-name-safe key, unique within the document (`all-4`).
    public var key: String
    /// The page's title, also shown in its navigation bar (`Popular — All List`).
    public var title: String
    /// The page's view tree.
    public var root: ViewNode

    /// A page under `key`, titled `title`, drawing `root`.
    public init(key: String, title: String, root: ViewNode) {
        self.key = key
        self.title = title
        self.root = root
    }
}
