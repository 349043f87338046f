/// The result of building one payload file: its page, its index entry and its diagnostics.
public struct ScreenBuild: Sendable {
    public var page: OutputFile?
    public var summary: ScreenSummary
    public var diagnostics: [Diagnostic]
}
