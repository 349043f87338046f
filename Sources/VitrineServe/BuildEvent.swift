import VitrineCore

/// What the live-reload channel tells each page after a build: which site files changed, which
/// pages belong to payloads that failed (their last good render stays on screen), and the
/// build's errors for the overlay.
struct BuildEvent: Codable, Sendable, Equatable {
    /// Counts finished builds of this run, from 1.
    var build: Int
    /// The build `changed` starts from: a page older than it missed events and must reload.
    var since: Int
    /// Site paths written with new bytes or removed; `["*"]` when a page cannot know (it is
    /// older than the history kept).
    var changed: [String]
    /// Pages of payloads with errors.
    var failed: [String]
    /// The first errors, sorted by file and position.
    var errors: [Problem]
    /// Errors not listed.
    var moreErrors: Int
    /// How long the build took, in milliseconds.
    var milliseconds: Int

    struct Problem: Codable, Sendable, Equatable {
        var file: String
        var line: Int?
        var column: Int?
        var message: String
    }

    /// Errors listed in an event; the rest are counted.
    static let listedErrors = 20

    init(build: Int, changed: [String], failed: [String], errors: [Problem], moreErrors: Int, milliseconds: Int) {
        (self.build, self.changed, self.failed, self.errors, self.moreErrors, self.milliseconds) = (build, changed, failed, errors, moreErrors, milliseconds)
        since = build - 1
    }

    /// - Parameter subpages: each payload's subpages in the last build that drew it, so those of a
    ///   payload that fails now count as failed too.
    init(build: Int, changed: [String], report: BuildReport, subpages: [PathKey: [String]] = [:], milliseconds: Int) {
        self.build = build
        since = build - 1
        self.changed = changed
        self.milliseconds = milliseconds
        failed = report.screens.filter { $0.errors > 0 }.flatMap {
            [SitePath.screenPage(for: $0.payload), SitePath.standalone(for: $0.payload)] + (subpages[PathKey($0.payload)] ?? $0.subpages)
        }
        let all = report.diagnostics.filter { $0.severity == .error }
        errors = all.prefix(Self.listedErrors).map {
            Problem(file: $0.file, line: $0.location?.line, column: $0.location?.column, message: $0.message)
        }
        moreErrors = all.count - errors.count
    }
}
