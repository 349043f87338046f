/// A writer that keeps nothing: for validating an input without producing a site.
public struct DiscardingSiteWriter: SiteWriter {
    /// A writer that keeps nothing.
    public init() {}

    public func write(_ file: OutputFile) throws(SiteWriterError) {}

    public func exists(_ path: String) -> Bool { false }

    public func finish(writing paths: [String]) throws(SiteWriterError) {}

    public func abandon() {}
}
