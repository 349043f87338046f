/// The result of building one payload file: its pages, its index entry and its diagnostics.
public struct ScreenBuild: Sendable {
    /// The screen's page (or error page) first, then its subpages.
    public var pages: [OutputFile]
    /// What the index shows of the screen.
    public var summary: ScreenSummary
    /// Every diagnostic of the payload and its pages.
    public var diagnostics: [Diagnostic]
}
