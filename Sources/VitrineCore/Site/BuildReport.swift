/// What a build did: one summary per payload file and every diagnostic, in a stable order.
public struct BuildReport: Sendable {
    public var screens: [ScreenSummary]
    /// Sorted by file (byte-wise), then position.
    public var diagnostics: [Diagnostic]

    public var errorCount: Int { diagnostics.count { $0.severity == .error } }
    public var warningCount: Int { diagnostics.count { $0.severity == .warning } }

    /// `--strict`: every warning becomes an error.
    public mutating func makeWarningsErrors() {
        for index in diagnostics.indices { diagnostics[index].severity = .error }
    }
}
