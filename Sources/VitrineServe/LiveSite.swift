import Foundation
import VitrineCore
#if canImport(Glibc)
import Glibc
#endif

/// A site kept up to date while its input changes: each build reuses the last one's cache from
/// memory and the hashes of files the watcher saw unchanged, so a one-screen edit decodes,
/// draws and writes one screen and the catalogue pages that show it (the writer leaves every
/// page whose bytes are the same alone). Each build's changes go out on the live channel.
public final class LiveSite: @unchecked Sendable {
    /// Loads the theme (named on the command line, else `configuredTheme`: the one the
    /// `vitrine.json` in effect names) and says which folders it came from, so they are watched;
    /// a failure is a message for the overlay.
    public typealias ThemeLoading = @Sendable (_ configuredTheme: String?) -> Result<(theme: Theme, folders: [String]), ThemeLoader.Failure>

    /// What one build did, for the terminal.
    public struct Outcome: Sendable {
        /// The build's screens and diagnostics.
        public var report: BuildReport
        /// Site files written with new bytes or removed.
        public var changed: [String]
        /// How long the build took, in milliseconds.
        public var milliseconds: Int
        /// Diagnostics this build has and the previous one had not.
        public var newDiagnostics: [Diagnostic]
        /// Whether the build's diagnostics differ from the previous build's (some new, or some gone).
        public var diagnosticsChanged = false
        /// What started this build (empty for the first one): the input files added, changed or
        /// removed since the last build (`vitrine.json` first), then the theme's files with their
        /// theme folder, then the folders added or removed with nothing else changed in them, each
        /// ending in `/`.
        public var inputs: [String] = []
        /// What the open pages were told.
        var event: BuildEvent
        /// The input the build worked from (walked again when the theme's folders changed).
        var snapshot: InputWatcher.Snapshot
    }

    let channel = LiveChannel()
    /// The pages of failing payloads as they last built without errors, served in their place.
    let lastGood: LastGoodPages
    /// The pages of payloads with errors in the last build; nil before the first.
    private var lastFailed: Set<String>?
    private let writer: LocalSiteWriter
    private let watcher: InputWatcher
    private let source: WatchedSource
    private let reader: FileReader
    private let loadTheme: ThemeLoading
    private let warn: (String) -> Void
    /// The theme folders' files and `vitrine.json`'s signature at the last build: the theme is
    /// loaded again when either changed.
    private var themeInputs: ([String: [String: FileSignature]], FileSignature?)?
    private let toolIdentity: String
    /// `--max-file-size` in bytes; nil follows `vitrine.json`'s `limits.fileSizeMiB` as it changes.
    private let maxFileSize: Int?
    private var theme: Theme
    private var themeFolders: [String]
    private var cache: BuildCache?
    /// Why the theme last failed to load, until it loads again.
    private var themeProblem: Diagnostic?
    /// The last `vitrine.json` that was JSON.
    private var lastGoodConfiguration: [UInt8]?
    /// Each payload's subpages when it last built without errors.
    private var subpages: [PathKey: [String]] = [:]
    private let memo = BuildMemo()
    private var lastDiagnostics: [Diagnostic] = []
    /// What the last build was made of.
    private var lastBuilt: InputWatcher.Snapshot?
    private var builds = 0
    private let stopped = NSLock()
    private var isStopped = false

    /// A site built from `input` into `writer`'s folder; nothing is built until `build` or `watch`.
    /// - Parameters:
    ///   - theme: the theme the first build uses, loaded from `themeFolders`.
    ///   - polling: find changes by polling even where the kernel can notify.
    ///   - warn: hears about trouble with watching (then the watcher polls), an input folder
    ///     that cannot be read, and an output folder deleted and written again.
    ///   - loadTheme: loads it again when its files or `vitrine.json` change.
    ///   - maxFileSize: `--max-file-size` in bytes; nil follows `vitrine.json` as it changes.
    public init(input: String, reader: FileReader, writer: LocalSiteWriter, toolIdentity: String, maxFileSize: Int? = nil,
                theme: Theme, themeFolders: [String], polling: Bool = false, warn: @escaping (String) -> Void = { _ in }, loadTheme: @escaping ThemeLoading) {
        self.writer = writer
        self.lastGood = LastGoodPages(root: writer.root)
        self.theme = theme
        self.themeFolders = themeFolders
        self.watcher = InputWatcher(input: input, output: writer.root, polling: polling)
        watcher.warn = warn
        self.warn = warn
        self.source = WatchedSource(reader: reader)
        self.reader = reader
        self.loadTheme = loadTheme
        self.toolIdentity = toolIdentity
        self.maxFileSize = maxFileSize
    }

    /// Builds from a fresh look at the input (the first build, and tests), calling
    /// `progress(done, total)` now and then.
    public func build(progress: @Sendable (Int, Int) -> Void = { _, _ in }) -> Outcome {
        build(watcher.snapshot(themeFolders: themeFolders), progress: progress)
    }

    /// Looks at the input again whenever it may have changed, building after each change once
    /// the tree is quiet, until `stop()`; `report` hears about every build. Blocks the thread.
    public func watch(report: (Outcome) -> Void) {
        // From what the last build was made of: a file saved while it ran is a change.
        var current = lastBuilt ?? watcher.snapshot(themeFolders: themeFolders)
        // The folders a build met were not all watched while it ran: look at once after one.
        var lookNow = true
        var walkCost = 0.0
        var inputGone = false
        // An output folder that could not be written again is not tried again until the input changes.
        var outputAbandoned = false
        while !stopRequested {
            if inputGone { Thread.sleep(forTimeInterval: InputWatcher.quietPeriod) } else {
                watcher.waitForChange(after: current, walkCost: walkCost, lookNow: lookNow) { stopRequested }
            }
            lookNow = false
            guard !stopRequested else { break }
            let started = Date()
            var next = watcher.snapshot(themeFolders: themeFolders)
            walkCost = Date().timeIntervalSince(started)
            // The input folder gone for a moment (moved away, a branch switched): the site stays
            // as it was, rather than become an empty catalogue, until the folder is back.
            if next.listing.rootUnreadable {
                if !inputGone { warn("the input folder \(watcher.input) cannot be read; the site stays as it is until it is back") }
                inputGone = true
                continue
            }
            inputGone = false
            // An output folder deleted by hand is written again, whatever the input did.
            let outputGone = !outputAbandoned && !hasOutput
            if outputGone { warn("the output folder \(writer.root) was deleted; writing it again") }
            guard next != current || outputGone else { continue }
            // Let a burst finish: walk again until two walks agree (or the longest wait passed).
            let deadline = Date().addingTimeInterval(InputWatcher.longestWait)
            while Date() < deadline, !stopRequested {
                watcher.waitForQuiet()
                let again = watcher.snapshot(themeFolders: themeFolders)
                if again == next { break }
                next = again
            }
            guard !stopRequested else { break }
            var outcome = build(next)
            outcome.inputs = Self.changes(from: current, to: next, input: watcher.input)
            report(outcome)
            current = outcome.snapshot
            lookNow = true
            Self.returnFreeMemory()
            outputAbandoned = !hasOutput
        }
    }

    /// Ends the watch loop, refuses further writes, waits for those under way and removes
    /// temporary files, so the process may exit at once; closes every event stream.
    public func stop() {
        stopped.withLock { isStopped = true }
        writer.stop()
        channel.close()
    }

    private var stopRequested: Bool { stopped.withLock { isStopped } }

    /// What differs between two walks: the input files (as `changedFiles` orders them), the
    /// theme's files with their theme folder, and the folders added or removed with nothing
    /// else changed in them, each ending in `/`.
    /// A theme file inside `input` is named once, as an input file.
    static func changes(from old: InputWatcher.Snapshot, to new: InputWatcher.Snapshot, input: String) -> [String] {
        let files = changedFiles(from: old.signatures, to: new.signatures)
        let themeFolders = Set(old.theme.keys).union(new.theme.keys).sorted(by: DirectoryWalker.byteOrder)
        let inputFiles = Set(files), realInput = DirectoryWalker.realPath(input)
        let theme = themeFolders.flatMap { folder in
            let inside = DirectoryWalker.realPath(folder).flatMap { real in
                realInput.flatMap { DirectoryWalker.relativePath(of: real, inside: $0) }.flatMap { $0.isEmpty ? nil : $0 + "/" }
            }
            return changedFiles(from: old.theme[folder] ?? [:], to: new.theme[folder] ?? [:])
                .filter { file in inside.map { !inputFiles.contains($0 + file) } ?? true }.map { folder + "/" + $0 }
        }
        let folders = Set(old.folders).symmetricDifference(new.folders)
        let changed = files + folders
        let bare = folders.filter { folder in !changed.contains { $0.hasPrefix(folder + "/") } }
        return files + theme + bare.sorted(by: DirectoryWalker.byteOrder).map { $0 + "/" }
    }

    /// The files of two walks that differ (added, removed, or with another signature):
    /// `vitrine.json` first, then the files still there, then those gone, each in byte order.
    static func changedFiles(from old: [String: FileSignature], to new: [String: FileSignature]) -> [String] {
        let old = Dictionary(old.map { (PathKey($0.key), $0.value) }) { first, _ in first }
        let new = Dictionary(new.map { (PathKey($0.key), $0.value) }) { first, _ in first }
        // What a rebuild line names first: `vitrine.json` (which redraws everything), then a file
        // that is there, not one renamed away.
        func rank(_ key: PathKey) -> Int { key.path == InputListing.configFile ? 0 : new[key] != nil ? 1 : 2 }
        return Set(old.keys).union(new.keys).filter { old[$0] != new[$0] }.sorted {
            rank($0) != rank($1) ? rank($0) < rank($1) : DirectoryWalker.byteOrder($0.path, $1.path)
        }.map(\.path)
    }

    /// Whether the output folder is there with Vitrine's marker (a finished build writes it).
    private var hasOutput: Bool { access(writer.root + "/" + LocalSiteWriter.markerName, F_OK) == 0 }

    private func build(_ snapshot: InputWatcher.Snapshot, progress: @Sendable (Int, Int) -> Void = { _, _ in }) -> Outcome {
        let started = Date()
        var snapshot = snapshot
        // A theme that did not load is tried again at every build: the folder it names may have appeared.
        if let (theme, configuration) = themeInputs,
           themeProblem != nil || theme != snapshot.theme || configuration != snapshot.signatures[InputListing.configFile] {
            snapshot = reloadTheme(snapshot)
        }
        themeInputs = (snapshot.theme, snapshot.signatures[InputListing.configFile])
        source.update(snapshot.signatures)
        let configurationProblems = keepLastGoodConfiguration(snapshot.listing)
        let configured = snapshot.listing.hasConfiguration ? SiteConfiguration.read(from: source)?.0 : nil
        source.limit(to: maxFileSize ?? (configured ?? SiteConfiguration()).limits.fileSizeMiB << 20)
        var pipeline = BuildPipeline(listing: snapshot.listing, source: source, writer: writer, theme: theme,
                                     previousCache: cache, toolIdentity: toolIdentity)
        pipeline.memo = memo
        pipeline.keepsOutputWithoutSettings = true
        // Only a page that was good when written is kept: not one of the run's first build (made
        // before it), nor one its payload's errors already marked in the last build.
        if let failedBefore = lastFailed {
            pipeline.replacingFailedPage = { [lastGood] path in if !failedBefore.contains(path) { lastGood.keep(path) } }
        }
        pipeline.inputProblems = [themeProblem].compactMap { $0 } + configurationProblems
        let report = pipeline.run(progress: progress)
        cache = report.cache
        return finish(report, started: started, snapshot: snapshot)
    }

    /// A `vitrine.json` with an error is not taken as it reads: not a JSON object (half typed, or
    /// `[]`) or an `exclude` that does not read would rebuild every page with the defaults and
    /// publish what they leave out, and a value half typed (`"title": 5`) would retitle every
    /// page. The last one without errors stays, and the new one's errors are reported until it
    /// reads. Returns those errors. With none that read before, a file that cannot be used writes
    /// nothing, as `build` does; one with lesser errors is built as `build` builds it.
    private func keepLastGoodConfiguration(_ listing: InputListing) -> [Diagnostic] {
        source.configuration = nil
        guard listing.hasConfiguration else {
            lastGoodConfiguration = nil  // deleted: a half-typed new one starts from nothing
            return []
        }
        guard let bytes = try? source.read(InputListing.configFile) else { return [] }
        let read = SiteConfiguration.settings(bytes)
        if Self.isClean(read) { lastGoodConfiguration = bytes }
        guard !Self.isClean(read), let lastGood = lastGoodConfiguration else { return [] }
        source.configuration = lastGood
        return read.diagnostics.filter { $0.severity == .error }.map {
            var diagnostic = $0
            diagnostic.message += "; the last vitrine.json that read stays"
            return diagnostic
        }
    }

    /// Whether a `vitrine.json` reads whole and without errors, so it becomes the last good one.
    private static func isClean(_ read: (configuration: SiteConfiguration, diagnostics: [Diagnostic], usable: Bool)) -> Bool {
        read.usable && !read.diagnostics.contains { $0.severity == .error }
    }

    /// Hands what the allocator holds free back to the system: a large payload's build leaves
    /// hundreds of megabytes free but held (glibc keeps freed memory of its arenas), which an
    /// idle preview would otherwise keep for good.
    private static func returnFreeMemory() {
#if canImport(Glibc)
        // `malloc_trim` is glibc's alone, and its header is not in the Glibc module.
        typealias Trim = @convention(c) (Int) -> Int32
        if let trim = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {  // RTLD_DEFAULT
            _ = unsafeBitCast(trim, to: Trim.self)(0)
        }
#endif
    }

    private func finish(_ report: BuildReport, started: Date, snapshot: InputWatcher.Snapshot) -> Outcome {
        let changed = writer.takeChanges().filter { !$0.hasPrefix(".") }  // the cache and manifest are no page
        let milliseconds = Int(Date().timeIntervalSince(started) * 1000)
        builds += 1
        let event = BuildEvent(build: builds, changed: changed, report: report, subpages: subpages, milliseconds: milliseconds)
        lastFailed = Set(event.failed)
        // Kept pages go as soon as their payload draws again, errors or not: a page drawn with an
        // error shows each edit.
        lastGood.retain(only: Set(report.screens.filter { $0.status == .failed }.flatMap {
            [SitePath.screenPage(for: $0.payload), SitePath.standalone(for: $0.payload)] + (subpages[PathKey($0.payload)] ?? [])
        }))
        channel.publish(event)
        for screen in report.screens where screen.errors == 0 { subpages[PathKey(screen.payload)] = screen.subpages }
        var fresh: [Diagnostic] = []
        lastBuilt = snapshot
        let diagnosticsChanged = report.diagnostics != lastDiagnostics
        if diagnosticsChanged {
            let previous = Set(lastDiagnostics)
            fresh = report.diagnostics.filter { !previous.contains($0) }
            lastDiagnostics = report.diagnostics
        }
        return Outcome(report: report, changed: changed, milliseconds: milliseconds, newDiagnostics: fresh,
                       diagnosticsChanged: diagnosticsChanged, event: event, snapshot: snapshot)
    }

    /// The theme the `vitrine.json` in effect names: the file's, or while it has errors (half
    /// typed), the last good one's, so its theme stays with it.
    private func configuredTheme(_ listing: InputListing) -> String? {
        guard listing.hasConfiguration, let bytes = try? reader.read(InputListing.configFile) else { return nil }
        let read = SiteConfiguration.settings(bytes)
        guard !Self.isClean(read), let lastGood = lastGoodConfiguration else { return read.configuration.theme }
        return SiteConfiguration.read(lastGood).0.theme
    }

    /// Loads the theme again; on failure the last good one stays and the problem is reported by
    /// every build until the theme loads.
    private func reloadTheme(_ snapshot: InputWatcher.Snapshot) -> InputWatcher.Snapshot {
        switch loadTheme(configuredTheme(snapshot.listing)) {
        case .success(let loaded):
            theme = loaded.theme
            themeProblem = nil
            if loaded.folders != themeFolders {
                themeFolders = loaded.folders
                return watcher.snapshot(themeFolders: themeFolders)
            }
        case .failure(let failure):
            // A problem of the theme's files, not of vitrine.json (which may not name the theme at all).
            themeProblem = Diagnostic(.error, "theme: \(failure.message); the last good theme stays", file: "")
        }
        return snapshot
    }
}
