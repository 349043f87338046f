import Foundation
import VitrineCore

/// A site kept up to date while its input changes: each build reuses the last one's cache from
/// memory and the hashes of files the watcher saw unchanged, so a one-screen edit decodes,
/// draws and writes one screen and the catalogue pages that show it (the writer leaves every
/// page whose bytes are the same alone). Each build's changes go out on the live channel.
public final class LiveSite: @unchecked Sendable {
    /// Loads the theme (named on the command line or in `vitrine.json`) and says which folders it
    /// came from, so they are watched; a failure is a message for the overlay.
    public typealias ThemeLoading = @Sendable () -> Result<(theme: Theme, folders: [String]), ThemeLoader.Failure>

    /// What one build did, for the terminal.
    public struct Outcome: Sendable {
        public var report: BuildReport
        /// Site files written with new bytes or removed.
        public var changed: [String]
        public var milliseconds: Int
        /// Diagnostics this build has and the previous one had not.
        public var newDiagnostics: [Diagnostic]
    }

    let channel = LiveChannel()
    private let writer: LocalSiteWriter
    private let watcher: InputWatcher
    private let source: WatchedSource
    private let loadTheme: ThemeLoading
    private let toolIdentity: String
    private var theme: Theme
    private var themeFolders: [String]
    private var cache: BuildCache?
    private let memo = BuildMemo()
    private var lastDiagnostics: [Diagnostic] = []
    private var builds = 0
    private let stopped = NSLock()
    private var isStopped = false

    /// - Parameters:
    ///   - theme: the theme the first build uses, loaded from `themeFolders`.
    ///   - polling: find changes by polling even where the kernel can notify.
    ///   - warn: hears about trouble with watching (then the watcher polls).
    ///   - loadTheme: loads it again when its files or `vitrine.json` change.
    public init(input: String, reader: FileReader, writer: LocalSiteWriter, toolIdentity: String,
                theme: Theme, themeFolders: [String], polling: Bool = false, warn: @escaping (String) -> Void = { _ in }, loadTheme: @escaping ThemeLoading) {
        self.writer = writer
        self.theme = theme
        self.themeFolders = themeFolders
        self.watcher = InputWatcher(input: input, output: writer.root, polling: polling)
        watcher.warn = warn
        self.source = WatchedSource(reader: reader)
        self.loadTheme = loadTheme
        self.toolIdentity = toolIdentity
    }

    /// Builds from a fresh look at the input (the first build, and tests).
    public func build() -> Outcome {
        build(watcher.snapshot(themeFolders: themeFolders), themeProblem: nil)
    }

    /// Looks at the input again whenever it may have changed, building after each change once
    /// the tree is quiet, until `stop()`; `report` hears about every build. Blocks the thread.
    public func watch(report: (Outcome) -> Void) {
        var current = watcher.snapshot(themeFolders: themeFolders)
        var walkCost = 0.0
        while !stopRequested {
            watcher.waitForChange(after: current, themeFolders: themeFolders, walkCost: walkCost) { stopRequested }
            guard !stopRequested else { break }
            let started = Date()
            var next = watcher.snapshot(themeFolders: themeFolders)
            walkCost = Date().timeIntervalSince(started)
            guard next != current else { continue }
            // Let a burst finish: walk again until two walks agree (or the longest wait passed).
            let deadline = Date().addingTimeInterval(InputWatcher.longestWait)
            while Date() < deadline, !stopRequested {
                watcher.waitForQuiet()
                let again = watcher.snapshot(themeFolders: themeFolders)
                if again == next { break }
                next = again
            }
            guard !stopRequested else { break }
            var problem: Diagnostic?
            if next.theme != current.theme || next.signatures[InputListing.configFile] != current.signatures[InputListing.configFile] {
                (next, problem) = reloadTheme(next)
            }
            report(build(next, themeProblem: problem))
            current = next
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

    private func build(_ snapshot: InputWatcher.Snapshot, themeProblem: Diagnostic?) -> Outcome {
        let started = Date()
        source.update(snapshot.signatures)
        var pipeline = BuildPipeline(listing: snapshot.listing, source: source, writer: writer, theme: theme,
                                     previousCache: cache, toolIdentity: toolIdentity)
        pipeline.memo = memo
        var report = pipeline.run()
        cache = report.cache
        if let themeProblem { report.diagnostics.insert(themeProblem, at: 0) }
        return finish(report, started: started)
    }

    private func finish(_ report: BuildReport, started: Date) -> Outcome {
        let changed = writer.takeChanges()
        let milliseconds = Int(Date().timeIntervalSince(started) * 1000)
        builds += 1
        channel.publish(BuildEvent(build: builds, changed: changed, report: report, milliseconds: milliseconds))
        var fresh: [Diagnostic] = []
        if report.diagnostics != lastDiagnostics {
            let previous = Set(lastDiagnostics)
            fresh = report.diagnostics.filter { !previous.contains($0) }
            lastDiagnostics = report.diagnostics
        }
        return Outcome(report: report, changed: changed, milliseconds: milliseconds, newDiagnostics: fresh)
    }

    /// Loads the theme again; on failure the last good one stays and the problem is returned.
    private func reloadTheme(_ snapshot: InputWatcher.Snapshot) -> (InputWatcher.Snapshot, Diagnostic?) {
        switch loadTheme() {
        case .success(let loaded):
            theme = loaded.theme
            if loaded.folders != themeFolders {
                themeFolders = loaded.folders
                return (watcher.snapshot(themeFolders: themeFolders), nil)
            }
            return (snapshot, nil)
        case .failure(let failure):
            return (snapshot, Diagnostic(.error, "theme: \(failure.message); the last good theme stays", file: InputListing.configFile))
        }
    }
}
