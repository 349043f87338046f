/// A theme made ready for a build: the files copied under `theme/` and the page templates.
public struct Theme: Sendable {
    /// Stylesheets, scripts and images, copied to `theme/` (templates and Markdown are not).
    public var files: [OutputFile]
    /// The page templates, compiled.
    public var templates: PageTemplates
    /// Every file of the theme, templates included, for the build cache.
    public var fingerprint = ContentHash()
    /// The folder the theme was read from, as messages name it (`default` for the built-in one).
    public var folder = "default"

    /// A warning for each template of the theme that no page uses and no template includes (a
    /// misspelt name): reported with the build's diagnostics.
    public var unusedTemplateWarnings: [Diagnostic] {
        templates.unusedWarnings(themeFolder: folder).map { Diagnostic(.warning, $0, file: "") }
    }

    /// - Parameter files: the theme folder's files, paths relative to it.
    /// - Throws: when a page template does not parse or is missing.
    public init(files: [OutputFile]) throws(PageTemplates.Problem) {
        self.templates = try PageTemplates(theme: files)
        for file in files {
            fingerprint.combine(file.path)
            fingerprint.combine(file.bytes)
        }
        self.files = files.filter { !$0.path.hasPrefix("templates/") && !$0.path.hasSuffix(".md") }
    }

    /// Site paths of the theme's stylesheets, `vitrine.css` first.
    var stylesheets: [String] {
        let sheets = files.map(\.path).filter { $0.hasSuffix(".css") && !$0.contains("/") }
        return sheets.sorted { ($0 == "vitrine.css" ? 0 : 1, $0) < ($1 == "vitrine.css" ? 0 : 1, $1) }.map { "theme/" + $0 }
    }
}
