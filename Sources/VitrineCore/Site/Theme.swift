/// A theme made ready for a build: the files copied under `theme/` and the page templates.
public struct Theme: Sendable {
    /// Stylesheets, scripts and images, copied to `theme/`, and the component templates (page
    /// templates and Markdown are not kept).
    public var files: [OutputFile]
    /// The page templates, compiled.
    public var templates: PageTemplates
    /// Every file of the theme, templates included, for the build cache.
    public var fingerprint = ContentHash()
    /// The theme's folder as messages (and `index.json`) name it: as the user named it, or from
    /// the input's folder when it lies inside the input (`default` for the built-in one).
    public var folder = "default"
    /// The theme's folder from the input's, when it lies inside the input (`themes/shop`): its
    /// files are the theme's, and none of them is a payload.
    public var inputFolder: String?
    /// Files of `templates/` that are no template (a misspelt `screen.mustach`): neither read nor published.
    private var misnamedTemplates: [String] = []
    /// Scripts the pages' policy will not run, a `head` without the policy, and links to theme
    /// files the theme lacks, in the page templates.
    private var templateProblems: [(path: String, location: SourceLocation, message: String)] = []

    /// A warning for each template of the theme that no page uses and no template includes (a
    /// misspelt name), or that lies where none is read, and for each script a page template holds
    /// that the pages' Content-Security-Policy will not run (or a `head` without that policy),
    /// and for each theme file a page template links that the theme lacks: reported with the
    /// build's diagnostics.
    public var templateWarnings: [Diagnostic] {
        templates.unused.map { Diagnostic(.warning, "no page uses this template and no template includes it", file: "\(folder)/templates/\($0).mustache") }
            + misplacedTemplates.map { Diagnostic(.warning, "not read: a page template goes in templates/, a component's in components/", file: "\(folder)/\($0)") }
            + misnamedTemplates.map { Diagnostic(.warning, "not read: page templates are the .mustache files of templates/", file: "\(folder)/\($0)") }
            + templateProblems.map { Diagnostic(.warning, $0.message, file: "\(folder)/\($0.path)", location: $0.location) }
    }

    /// `diagnostic` as the published site (`index.json`) names it: a file of a theme outside the
    /// input by the theme folder's own name (`brand/templates/x.mustache`), not by where it lies
    /// on this machine (`/home/alice/themes/brand/…`), which the terminal still prints.
    public func published(_ diagnostic: Diagnostic) -> Diagnostic {
        guard inputFolder == nil, folder != "default", diagnostic.file.hasPrefix(folder + "/") else { return diagnostic }
        var named = diagnostic
        let own = folder.split(separator: "/").last { $0 != "." && $0 != ".." }.map(String.init) ?? "theme"
        named.file = own + diagnostic.file.dropFirst(folder.count)
        return named
    }

    /// Templates outside `templates/` and `components/` (`template/screen.mustache`): read by
    /// nothing, and not published either.
    var misplacedTemplates: [String] {
        files.map(\.path).filter { SitePath.pathExtension($0) == "mustache" && Self.componentTemplateKey($0) == nil }.sorted(by: DirectoryWalker.byteOrder)
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
        misnamedTemplates = files.map(\.path).filter { $0.hasPrefix("templates/") && !["mustache", "md"].contains(SitePath.pathExtension($0)) }
            .sorted(by: DirectoryWalker.byteOrder)
        let pageTemplates = files.filter { $0.path.hasPrefix("templates/") && SitePath.pathExtension($0.path) == "mustache" }
            .sorted { DirectoryWalker.byteOrder($0.path, $1.path) }
        let sources = Dictionary(pageTemplates.map { (SitePath.stem(String($0.path.dropFirst("templates/".count))), $0.bytes) }) { first, _ in first }
        let published = Set(copiedFiles.map(\.path))
        for file in pageTemplates {
            let name = SitePath.stem(String(file.path.dropFirst("templates/".count)))
            let text = SourceText(bytes: file.bytes)
            let problems = TemplateScriptCheck.problems(in: file.bytes, name: name, templates: sources)
                + TemplateLinkCheck.missing(in: file.bytes, files: published).map {
                    ($0.offset, "links theme/\($0.path), which the theme does not have: every page that uses this template shows it missing")
                }
            templateProblems += problems.sorted { $0.offset < $1.offset }.map { (file.path, text.location(of: $0.offset), $0.message) }
        }
    }

    /// The files copied to `theme/`: all but the templates.
    var copiedFiles: [OutputFile] {
        files.filter { SitePath.pathExtension($0.path) != "mustache" }
    }

    /// `rating-stars` for `components/rating-stars.mustache` (`cards/price` for
    /// `components/cards/price.mustache`): the name of the custom component a template of the
    /// input's or the theme's `components/` draws.
    static func componentTemplateKey(_ path: String) -> String? {
        guard path.hasPrefix("components/"), SitePath.pathExtension(path) == "mustache" else { return nil }
        return SitePath.stem(String(path.dropFirst("components/".count)))
    }

    /// Site paths of the theme's stylesheets: its own, `vitrine.css` first, then those of its
    /// component templates (`components/**.css`).
    var stylesheets: [String] {
        let sheets = files.map(\.path).filter { $0.hasSuffix(".css") && !$0.contains("/") }
        let components = files.map(\.path).filter { $0.hasPrefix("components/") && SitePath.pathExtension($0) == "css" }
        return (sheets.sorted { ($0 == "vitrine.css" ? 0 : 1, $0) < ($1 == "vitrine.css" ? 0 : 1, $1) }
                + components.sorted(by: DirectoryWalker.byteOrder)).map { "theme/" + $0 }
    }
}
