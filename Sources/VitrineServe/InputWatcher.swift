import Foundation
import VitrineCore

/// Watches the input tree, `vitrine.json` and the theme folders. A change is always found by
/// a walk (one `lstat` per file, compared with the last walk), so nothing is missed whatever
/// made it: atomic saves, deleted or new folders, `git checkout`.
///
/// What starts a walk: on Linux, inotify on every folder, so an idle preview costs little and
/// an edit is seen at once, with a safety walk every five seconds; elsewhere, or when the
/// kernel's watch limit is reached (said once), polling, with the pause between walks ten
/// times what the last walk cost (at least 50 ms, at most a second): a walk costs about
/// 10 ms for 1,000 payloads and 150 ms for 10,000 here.
final class InputWatcher: @unchecked Sendable {
    let input: String
    /// The output folder's real path: never watched, so writing the site triggers nothing.
    let output: String
    /// The input's real path, for the notifier (which follows no link).
    private let realInput: String
#if canImport(Glibc)
    /// What wakes the watcher; nil polls (a test may stand in its own).
    var notifier = ChangeNotifier()
#endif
    /// Reports a problem with watching (the watch limit), once.
    var warn: (String) -> Void = { _ in }

    /// - Parameter polling: poll even where notifications work (network and container mounts
    ///   often deliver none).
    init(input: String, output: String, polling: Bool = false) {
        self.input = input
        self.output = output
        realInput = DirectoryWalker.realPath(input) ?? input
#if canImport(Glibc)
        if polling { notifier = nil }
#endif
    }

    /// One look at everything watched.
    struct Snapshot: Equatable, Sendable {
        var listing: InputListing
        var signatures: [String: FileSignature]
        /// The theme folders' files, by folder.
        var theme: [String: [String: FileSignature]]
        /// The input's folders (relative) and the theme's (absolute), for the notifier.
        var folders: [String]
        var themeFolders: [String]

        /// Equal when everything compares equal and the input's and the theme's files are named
        /// with the same bytes: `String` keys take `café` renamed from NFC to NFD for the same
        /// file, which only its changed ctime would tell (not within one clock tick).
        static func == (lhs: Snapshot, rhs: Snapshot) -> Bool {
            lhs.listing == rhs.listing && lhs.signatures == rhs.signatures && lhs.theme == rhs.theme
                && lhs.folders == rhs.folders && lhs.themeFolders == rhs.themeFolders
                && Set(lhs.signatures.keys.map(PathKey.init)) == Set(rhs.signatures.keys.map(PathKey.init))
                && lhs.theme.allSatisfy { folder, files in Set(files.keys.map(PathKey.init)) == Set((rhs.theme[folder] ?? [:]).keys.map(PathKey.init)) }
        }
    }

    func snapshot(themeFolders: [String]) -> Snapshot {
        let (listing, signatures, folders) = DirectoryWalker(root: input, excluding: output).snapshot()
        var theme: [String: [String: FileSignature]] = [:]
        var themeSubfolders: [String] = []
        for folder in themeFolders {
            let (_, files, subfolders) = DirectoryWalker(root: folder).snapshot()
            theme[folder] = files
            themeSubfolders += subfolders.map { $0.isEmpty ? folder : folder + "/" + $0 }
        }
        return Snapshot(listing: listing, signatures: signatures, theme: theme, folders: folders, themeFolders: themeSubfolders)
    }

    /// Waits until something may have changed, given the last walk and what it cost, or until
    /// `stopped()` says so (checked every few tenths of a second). With `lookNow`, it only
    /// starts watching the snapshot's folders and returns: what changed while they were not
    /// yet watched (during the build of that snapshot) is for the walk that follows to find.
    func waitForChange(after snapshot: Snapshot, walkCost: Double, lookNow: Bool = false, stopped: () -> Bool) {
#if canImport(Glibc)
        if let notifier {
            let folders = snapshot.folders.map { $0.isEmpty ? realInput : realInput + "/" + $0 }
                + snapshot.themeFolders.map { DirectoryWalker.realPath($0) ?? $0 }
            if notifier.watch(folders) {
                if lookNow { return }
                let deadline = Date().addingTimeInterval(Self.safetyWalk)
                while Date() < deadline, !stopped(), !notifier.wait(0.2) {}
                return
            }
            warn(notifier.failure ?? "inotify failed; watching by polling instead")
            self.notifier = nil
        }
#endif
        if !lookNow { Thread.sleep(forTimeInterval: Self.interval(afterWalkTaking: walkCost)) }
    }

    /// Waits for the tree to be quiet for a moment after a change: each further event restarts
    /// the wait, up to `longestWait`.
    func waitForQuiet() {
#if canImport(Glibc)
        if let notifier {
            let deadline = Date().addingTimeInterval(Self.longestWait)
            while Date() < deadline, notifier.wait(Self.quietPeriod) {}
            return
        }
#endif
        Thread.sleep(forTimeInterval: Self.quietPeriod)
    }

    /// The pause between two polling walks, from what the last one cost.
    static func interval(afterWalkTaking seconds: Double) -> Double {
        min(max(seconds * 10, 0.05), 1)
    }

    /// With notifications, a walk happens anyway this often (a missed event is found late, not never).
    static let safetyWalk = 5.0
    /// How long the tree must stay unchanged before a build starts, so a burst of saves (an
    /// editor's rename, write and delete, which vim spaces by tens of milliseconds; a `git
    /// checkout`) makes one build, and a page is not removed between its file's old and new name.
    static let quietPeriod = 0.15
    /// Longest wait for quiet: a file rewritten without pause still gets built this often.
    static let longestWait = 1.0
}
