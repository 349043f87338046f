/// The HTML of one screen's content and the CSS rules it needs.
public struct RenderedScreen: Sendable, Equatable {
    /// The content fragment, to be placed inside the device frame.
    public var markup: Markup
    /// The content fragment as text.
    public var html: String { markup.text }
    /// Generated rules for the classes the fragment uses.
    public var css: String
    /// Problems found while drawing (missing assets, template errors), located by pointer.
    public var issues: [RenderIssue]
}

/// A problem the renderer found at a node.
public struct RenderIssue: Sendable, Equatable {
    /// How serious the problem is.
    public var severity: Severity
    /// What is wrong (`asset "logo" not found in assets/`).
    public var message: String
    /// The node the problem was found at, in its payload.
    public var source: SourceRef
}
