/// Settings from `vitrine.json` at the input root.
public struct SiteConfiguration: Sendable, Equatable {
    /// The site's name, shown in every page title.
    public var title: String

    public init(title: String = "Vitrine") {
        self.title = title
    }

    /// Reads `vitrine.json`; unknown keys and wrong types are warnings, and defaults stand in.
    public static func read(_ bytes: [UInt8], file: String = InputListing.configFile) -> (SiteConfiguration, [Diagnostic]) {
        let parsed = JSONReader.read(bytes)
        let lines = LineTable(parsed.text.bytes)
        var diagnostics = parsed.issues.map {
            Diagnostic($0.severity, $0.message, file: file, location: lines.location(of: $0.offset), pointer: $0.pointer)
        }
        var configuration = SiteConfiguration()
        guard let root = parsed.root else { return (configuration, diagnostics) }
        var context = DecodingContext(file: file, lines: lines)
        if var object = ObjectReader(root, at: .root, what: "a configuration", context: &context) {
            if let title = object.string("title", context: &context) { configuration.title = title }
            object.finish(context: &context, unknownKeyNote: "Vitrine does not know it")
        }
        diagnostics += context.diagnostics
        return (configuration, diagnostics)
    }
}
