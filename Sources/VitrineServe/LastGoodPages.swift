import Foundation

/// The pages of payloads that draw nothing now (they do not parse, or cannot be read), as their
/// last good build wrote them: `serve` keeps serving these until the payload is fixed, so a page
/// opened afresh shows the last good render under the error overlay, as an open page does (on
/// disk, each page is what a clean build writes).
final class LastGoodPages: @unchecked Sendable {
    private let lock = NSLock()
    private var pages: [String: [UInt8]] = [:]
    private var heldBytes = 0
    private let folder: OutputFolder

    /// The most bytes held: past it, a failing payload's page is served as it is on disk (a
    /// branch switched to hundreds of broken payloads would otherwise hold them all).
    static let maxBytes = 64 << 20

    /// The pages of the output folder at `root`.
    init(root: String) {
        folder = OutputFolder(root: root)
    }

    /// Keeps the page at the site path `path` as it is on disk now, about to be replaced by a
    /// build that draws nothing of its payload, unless a version is kept already. The caller
    /// knows the page on disk is good (its payload had no errors when it was written).
    func keep(_ path: String) {
        guard lock.withLock({ pages[path] == nil && heldBytes < Self.maxBytes }) else { return }
        // Read as the server reads: no symlink followed.
        guard case .file(_, let bytes) = folder.lookup(path, trailingSlash: false) else { return }
        lock.withLock {
            guard pages[path] == nil, heldBytes + bytes.count <= Self.maxBytes else { return }
            pages[path] = bytes
            heldBytes += bytes.count
        }
    }

    /// Drops every page but those of payloads that still fail.
    func retain(only failed: Set<String>) {
        lock.withLock {
            pages = pages.filter { failed.contains($0.key) }
            heldBytes = pages.values.reduce(0) { $0 + $1.count }
        }
    }

    /// The last good version of the page at `path`, while its payload fails.
    func bytes(for path: String) -> [UInt8]? {
        lock.withLock { pages[path] }
    }
}
