/// What a build did: one summary per payload file and every diagnostic, in a stable order.
public struct BuildReport: Sendable {
    /// One summary per payload file, in catalogue order.
    public var screens: [ScreenSummary]
    /// Sorted by file (byte-wise), then position.
    public var diagnostics: [Diagnostic]
    /// What the build leaves for the next one (also written to the output as `.vitrine-cache`).
    public var cache: BuildCache
    /// `--fail-fast` ended the build at its first problem: nothing was written.
    public var stopped = false
    /// The disk refused a file, so the build wrote nothing: the output is the last build's.
    public var unwritten = false

    /// How many diagnostics are errors.
    public var errorCount: Int { diagnostics.count { $0.severity == .error } }
    /// How many diagnostics are warnings.
    public var warningCount: Int { diagnostics.count { $0.severity == .warning } }

    /// `--strict`: every warning becomes an error.
    public mutating func makeWarningsErrors() {
        for index in diagnostics.indices { diagnostics[index].severity = .error }
    }
}
