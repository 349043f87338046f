/// A file of the generated site: its path relative to the output root, and its bytes.
public struct OutputFile: Sendable, Equatable {
    /// Where the file goes, relative to the output folder (`screens/home.html`).
    public var path: String
    /// The file's content.
    public var bytes: [UInt8]

    /// A file of `bytes` at `path`.
    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    /// A file of `text` in UTF-8 at `path`.
    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }
}

/// Where a build puts its files: the output directory, or memory in tests.
public protocol SiteWriter: Sendable {
    /// Writes one file; it replaces any previous version, atomically, by the time `finish` returns.
    func write(_ file: OutputFile) throws(SiteWriterError)
    /// Whether a regular file is at `path` (a cached page can be kept only while it is still there).
    func exists(_ path: String) -> Bool
    /// Ends the build: `paths` is every file of this build (one whose write failed keeps its
    /// last version); anything a previous build listed and this one does not is removed.
    func finish(writing paths: [String]) throws(SiteWriterError)
    /// Ends the build without it: what it wrote is dropped and the previous site stays (`--fail-fast`).
    func abandon()
}

/// Why the output could not be written.
public struct SiteWriterError: Error, Equatable, Sendable {
    /// What kept a folder of the output from being opened, where the writer acts on the kind.
    public enum Folder: Equatable, Sendable {
        /// Nothing is at its path.
        case missing
        /// A file, or a symlink (never followed), is in its place.
        case notAFolder
    }

    /// The output path concerned, relative to the output folder (or the folder itself).
    public var path: String
    /// What went wrong, for a person.
    public var message: String
    /// Set when a folder on the way to `path` could not be opened for one of these reasons.
    public var folder: Folder?
    /// The build's files are all in place all the same (a stale file could not be removed): what
    /// the build drew stays good for the next one.
    public var siteInPlace = false

    /// An error at `path`; `folder` says when a folder on the way was missing or not a folder.
    public init(path: String, message: String, folder: Folder? = nil, siteInPlace: Bool = false) {
        self.path = path
        self.message = message
        self.folder = folder
        self.siteInPlace = siteInPlace
    }
}
