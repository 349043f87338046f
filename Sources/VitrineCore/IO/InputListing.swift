/// The files of an input tree, sorted byte-wise, grouped by what Vitrine does with them.
public struct InputListing: Sendable, Equatable {
    /// Payload files (`*.json` outside the reserved folders), relative to the input root.
    public var payloads: [String] = []
    /// Files under `assets/`.
    public var assets: [String] = []
    /// Font files under `fonts/`.
    public var fonts: [String] = []
    /// Templates (`*.mustache`) and stylesheets (`*.css`) under `components/`.
    public var components: [String] = []
    /// Markdown documents under `docs/`.
    public var docs: [String] = []
    /// The other files under `docs/` (images, PDFs), copied into the site where they are.
    public var docFiles: [String] = []
    /// Markdown notes beside payloads (`scenes/home.md` for `scenes/home.json`), byte for byte:
    /// `café.md` in NFD is not the note of `café.json` in NFC.
    public var notes: Set<PathKey> = []
    /// Whether the input root has a `vitrine.json`.
    public var hasConfiguration = false
    /// Problems met while walking (links leaving the root, special files, bad names).
    public var diagnostics: [Diagnostic] = []
    /// Whether the input folder itself could not be read (gone, or not readable): then nothing
    /// is listed for that reason alone, and one of `diagnostics` says why.
    public var rootUnreadable = false
    /// Whether some folder or entry of the input could not be read (no permission): what it
    /// holds is missing from the listing, though it is there.
    public var partlyUnread = false

    /// An empty listing.
    public init() {}

    /// Folders at the input root that hold resources rather than payloads.
    public static let reservedFolders: Set<String> = ["assets", "fonts", "components", "docs"]
    /// The configuration file at the input root, never read as a payload.
    public static let configFile = "vitrine.json"

    /// The payloads without those that would make another's page (`home.JSON` beside
    /// `home.json`: one page, whatever the file system), with an error for each one left out.
    /// The one spelt `.json` keeps the page, else the first in byte order. Applied once `exclude`
    /// has left its files out, so that excluding one settles the pair.
    public static func onePagePerPayload(_ payloads: [String]) -> (payloads: [String], diagnostics: [Diagnostic]) {
        let settled = onePagePerFile(payloads, spelt: ".json", page: SitePath.screenPage(for:))
        let pages = noPageOnAFolder(settled.kept, besides: settled.kept.map(SitePath.screenPage(for:)), page: SitePath.screenPage(for:))
        return (pages.kept, settled.diagnostics + pages.diagnostics)
    }

    /// `paths` without those whose page would be a folder that other files of the site go in
    /// (`a.json`'s `a.html`, beside `a.html/b.json`'s `a.html/b.html`), with an error for each.
    /// - Parameter files: the site paths of the files written beside the pages.
    static func noPageOnAFolder(_ paths: [String], besides files: [String], page: (String) -> String) -> (kept: [String], diagnostics: [Diagnostic]) {
        var folders = Set<PathKey>()
        for file in files {
            var folder = SitePath.folder(of: file)
            while !folder.isEmpty, folders.insert(PathKey(folder)).inserted { folder = SitePath.folder(of: folder) }
        }
        var kept: [String] = [], diagnostics: [Diagnostic] = []
        for path in paths {
            let page = page(path)
            guard folders.contains(PathKey(page)) else {
                kept.append(path)
                continue
            }
            diagnostics.append(Diagnostic(.error, "makes the page \(page), which is a folder of the site (for the files of \(SitePath.stem(path)).html/), "
                                          + "so this one is skipped: rename the file or the folder", file: path))
        }
        return (kept, diagnostics)
    }

    /// `paths` without those that would make the page of another (`page`), with an error for each
    /// one left out: the one whose name ends in `spelt` keeps the page, else the first.
    static func onePagePerFile(_ paths: [String], spelt: String, page: (String) -> String) -> (kept: [String], diagnostics: [Diagnostic]) {
        var owners: [String: String] = [:]
        for path in paths {
            let page = page(path)
            if let owner = owners[page], owner.hasSuffix(spelt) || !path.hasSuffix(spelt) { continue }
            owners[page] = path
        }
        var kept: [String] = [], diagnostics: [Diagnostic] = []
        for path in paths {
            let page = page(path)
            guard let owner = owners[page], owner != path else {
                kept.append(path)
                continue
            }
            diagnostics.append(Diagnostic(.error, "makes the same page as \(owner), \(page) (only the extension's case differs), "
                                          + "so this one is skipped: rename one", file: path))
        }
        return (kept, diagnostics)
    }

    /// Files the walker lists, by folder; a file elsewhere is ignored unless it is a payload,
    /// a note (`.md`) or the configuration file.
    public mutating func add(_ path: String) {
        let slash = path.utf8.firstIndex(of: UInt8(ascii: "/"))
        let top = slash.map { String(path[..<$0]) } ?? path
        let isNested = slash != nil
        switch top {
        case "assets" where isNested:
            assets.append(path)
        case "fonts" where isNested && Self.hasExtension(path, in: ["ttf", "otf", "woff", "woff2"]):
            fonts.append(path)
        case "components" where isNested && Self.hasExtension(path, in: ["mustache", "css"]):
            components.append(path)
        case "docs" where isNested && Self.hasExtension(path, in: ["md"]):
            let page = SitePath.fileName(SitePath.stem(path) + ".html")
            guard page.utf8.count <= Self.maxFileNameBytes else {
                diagnostics.append(Diagnostic(.error, "name too long for its page: `\(page)` would pass the file systems' limit of "
                                              + "\(Self.maxFileNameBytes) bytes; skipped: shorten it", file: path))
                return
            }
            docs.append(path)
        case "docs" where isNested:
            docFiles.append(path)
        case _ where Self.reservedFolders.contains(top) && isNested:
            break
        case Self.configFile:
            hasConfiguration = true
        default:
            if Self.hasExtension(path, in: ["json"]) {
                guard Self.fitsFileNames(path) else {
                    diagnostics.append(Diagnostic(.error, "name too long for its pages: `\(SitePath.fileName(SitePath.standalone(for: path)))` would pass "
                                                  + "the file systems' limit of \(Self.maxFileNameBytes) bytes; skipped: shorten it", file: path))
                    return
                }
                payloads.append(path)
            }
            if Self.hasExtension(path, in: ["md"]) { notes.insert(PathKey(path)) }
        }
    }

    /// The files besides payloads that change how payloads are drawn: `vitrine.json`, assets,
    /// fonts, component templates and notes (docs only make docs pages).
    public var drawingInputs: [String] {
        ((hasConfiguration ? [Self.configFile] : []) + assets + fonts + components + notes.map(\.path)).sorted(by: DirectoryWalker.byteOrder)
    }

    /// The longest file name (in UTF-8 bytes) that Linux, macOS and Windows file systems take.
    static let maxFileNameBytes = 255

    /// Whether a payload's standalone page name (`<stem>.frame.html`) is one file systems take.
    private static func fitsFileNames(_ path: String) -> Bool {
        SitePath.fileName(SitePath.standalone(for: path)).utf8.count <= maxFileNameBytes
    }

    static func hasExtension(_ path: String, in extensions: Set<String>) -> Bool {
        extensions.contains(SitePath.pathExtension(path))
    }
}
