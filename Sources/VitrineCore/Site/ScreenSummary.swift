/// What the index needs to know about one payload file after it was built.
public struct ScreenSummary: Sendable, Equatable, Codable {
    /// How far the file got.
    public enum Status: String, Sendable, Codable {
        /// Decoded and drawn (possibly with placeholders).
        case rendered
        /// Could not be read or parsed: an error page stands in for it.
        case failed
        /// Not a payload format Vitrine knows: not drawn; its page says so.
        case unknown
    }

    /// The payload file's path in the input.
    public var payload: String
    /// The screen's name in the catalogue, made from its file name.
    public var title: String
    /// The format that read it (`scene`, `feed`); nil when none did.
    public var dialect: String?
    /// How far it got.
    public var status: Status
    /// The page's path in the site, when one was written.
    public var page: String?
    /// How many components its tree has: the nodes its payload names (a scene's views, a feed's
    /// sections and cells), as its outline lists them; not the boxes drawn around them.
    public var components: Int
    /// How many of its diagnostics are warnings.
    public var warnings: Int
    /// How many of its diagnostics are errors.
    public var errors: Int
    /// Paths of the pages derived from the payload (a feed's all-list pages), in document order.
    public var subpages: [String] = []
    /// The chrome-free page of the render, for sharing and screenshot tools.
    public var standalone: String?
    /// Component name → number of nodes (`text` → 12).
    public var componentTypes: [String: Int] = [:]
    /// Visible text and ids, for the catalogue's search.
    public var searchText = ""
    /// Left out of the index, search, gallery and previous/next (`hidden` in `vitrine.json`).
    public var hidden = false
}
