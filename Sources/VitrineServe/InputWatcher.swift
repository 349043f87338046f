import VitrineCore

/// Watches the input tree, `vitrine.json` and the theme folders by polling: one `lstat` walk
/// per tick, compared with the last one.
///
/// Polling rather than inotify: it sees atomic saves (write + rename), deleted and new folders
/// and files behind symlinked paths alike, needs no per-folder watch (no `max_user_watches`
/// limit to hit, no overflow to recover from) and works the same on macOS. Its cost is one
/// walk per tick: about 3 ms for 1,000 payloads and 35 ms for 10,000 here, so the interval
/// adapts to ten times the walk (at least 50 ms, at most one second), keeping the watcher
/// under a tenth of one core.
struct InputWatcher: Sendable {
    let input: String
    /// The output folder's real path: never watched, so writing the site triggers nothing.
    let output: String

    /// One look at everything watched.
    struct Snapshot: Equatable, Sendable {
        var listing: InputListing
        var signatures: [String: FileSignature]
        /// The theme folders' files, by folder.
        var theme: [String: [String: FileSignature]]
    }

    func snapshot(themeFolders: [String]) -> Snapshot {
        let (listing, signatures) = DirectoryWalker(root: input, excluding: output).snapshot()
        var theme: [String: [String: FileSignature]] = [:]
        for folder in themeFolders { theme[folder] = DirectoryWalker(root: folder).signatures() }
        return Snapshot(listing: listing, signatures: signatures, theme: theme)
    }

    /// The pause between two looks, from what the last look cost.
    static func interval(afterWalkTaking seconds: Double) -> Double {
        min(max(seconds * 10, 0.05), 1)
    }

    /// How long the tree must stay unchanged before a build starts, so a burst of saves (an
    /// editor's write, rename and delete; a `git checkout`) makes one build.
    static let quietPeriod = 0.06
    /// Longest wait for quiet: a file rewritten without pause still gets built this often.
    static let longestWait = 1.0
}
