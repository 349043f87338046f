import Foundation

/// The pages of payloads that fail, as their last good build wrote them: `serve` keeps serving
/// these while the payload has errors, so a page opened afresh shows the last good render under
/// the error overlay, as an open page does (on disk, each page is what a clean build writes).
final class LastGoodPages: @unchecked Sendable {
    private let lock = NSLock()
    private var pages: [String: [UInt8]] = [:]
    private let folder: OutputFolder

    /// The pages of the output folder at `root`.
    init(root: String) {
        folder = OutputFolder(root: root)
    }

    /// Keeps the page at the site path `path` as it is on disk now, about to be replaced by a
    /// failing build, unless a last good version is kept already.
    func keep(_ path: String) {
        guard lock.withLock({ pages[path] == nil }) else { return }
        // Read as the server reads: no symlink followed.
        guard case .file(_, let bytes) = folder.lookup(path, trailingSlash: false) else { return }
        lock.withLock { if pages[path] == nil { pages[path] = bytes } }
    }

    /// Drops every page but those of payloads that still fail.
    func retain(only failed: Set<String>) {
        lock.withLock { pages = pages.filter { failed.contains($0.key) } }
    }

    /// The last good version of the page at `path`, while its payload fails.
    func bytes(for path: String) -> [UInt8]? {
        lock.withLock { pages[path] }
    }
}
