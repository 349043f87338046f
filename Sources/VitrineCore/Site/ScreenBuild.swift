/// The result of building one payload file: its pages, its index entry and its diagnostics.
public struct ScreenBuild: Sendable {
    /// The screen's page (or error page) first, then its subpages.
    public var pages: [OutputFile]
    public var summary: ScreenSummary
    public var diagnostics: [Diagnostic]
}
