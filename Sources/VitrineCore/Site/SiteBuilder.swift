import VitrineMarkdown

/// Plans the site: payload bytes in, pages out. Pure; the pipeline does the I/O around it.
public struct SiteBuilder: Sendable {
    /// The `vitrine.json` in effect.
    public private(set) var configuration: SiteConfiguration
    /// Reads payload bytes into view trees.
    public private(set) var decoder: PayloadDecoder
    /// Makes the payload formats read of a configuration (`decoding(as:)` makes them again).
    private let dialects: DialectRegistry.Factory
    /// Draws view trees as HTML and CSS.
    public private(set) var renderer: HTMLRenderer
    let frame: PageFrame
    let templates: PageTemplates
    let links: LinkResolver

    /// - Parameters:
    ///   - stylesheets: site paths of the stylesheets every page links, in order.
    ///   - listing: the input, for links between pages.
    ///   - copiedFiles: the input files copied into the site at their own paths (assets, fonts,
    ///     docs' images), which docs and notes may link.
    ///   - navigation: extra links of the site navigation (label, site path), such as a changes report.
    ///   - dialects: the payload formats read, made with the configuration's settings.
    public init(configuration: SiteConfiguration, resources: RenderResources, templates: PageTemplates,
                stylesheets: [String], listing: InputListing, copiedFiles: [String] = [], navigation: [(label: String, page: String)] = [],
                dialects: @escaping DialectRegistry.Factory = DialectRegistry.standard(for:)) {
        self.configuration = configuration
        self.dialects = dialects
        self.decoder = PayloadDecoder(configuration: configuration, dialects: dialects)
        self.renderer = HTMLRenderer(resources: Self.resources(resources, writingPricesAs: configuration))
        self.templates = templates
        self.links = LinkResolver(payloads: Set(listing.payloads), docs: Set(listing.docs), files: Set(copiedFiles),
                                  others: Set(listing.notes.map(\.path)).union(listing.hasConfiguration ? [InputListing.configFile] : []),
                                  excluded: configuration.exclude)
        self.frame = PageFrame(siteTitle: configuration.title, stylesheets: stylesheets,
                               docsPage: DocPages.firstPage(listing.docs), baseURL: configuration.baseURL, noindex: configuration.noindex,
                               navigation: navigation)
    }

    /// This builder decoding payloads as `configuration` says (its feed templates, currency and
    /// limits) and writing component templates' prices so, with the same resources and
    /// templates otherwise: the diff report draws its before side so.
    public func decoding(as configuration: SiteConfiguration) -> SiteBuilder {
        var builder = self
        builder.configuration = configuration
        builder.decoder = PayloadDecoder(configuration: configuration, dialects: dialects)
        builder.renderer = HTMLRenderer(resources: Self.resources(renderer.resources, writingPricesAs: configuration))
        return builder
    }

    /// `resources` with the prices of component templates written as `configuration` says.
    private static func resources(_ resources: RenderResources, writingPricesAs configuration: SiteConfiguration) -> RenderResources {
        var resources = resources
        resources.prices = configuration.feed.amounts
        return resources
    }

    /// What a screen's page needs from outside its payload file.
    public struct Surroundings: Sendable {
        /// The payload file before it in the catalogue, if any.
        public var previous: String?
        /// The payload file after it in the catalogue, if any.
        public var next: String?
        /// The bytes of `name.md` beside `name.json`.
        public var note: [UInt8]?
        /// Why `name.md` could not be read, listed with the payload's diagnostics.
        public var noteProblem: Diagnostic?
        /// Left out of the index, search and gallery (`hidden` in `vitrine.json`).
        public var hidden = false
        /// The site path of its page in a changes report (`build --compare`), if it changed.
        public var changes: String?
        /// Other payloads' pages and folders, which its standalone page and subpages give way to.
        var takenPages = TakenPages()

        /// What surrounds a screen; every part is optional.
        public init(previous: String? = nil, next: String? = nil, note: [UInt8]? = nil, hidden: Bool = false) {
            self.previous = previous
            self.next = next
            self.note = note
            self.hidden = hidden
        }
    }

    var screenPage: ScreenPage {
        ScreenPage(frame: frame, templates: templates, devices: configuration.devices)
    }

    /// Builds the pages of the payload at `path` from its bytes; with `pages` false, only its
    /// summary and diagnostics (`vitrine check`): it is decoded and drawn, but no page is made.
    public func screen(_ path: String, bytes: [UInt8], surroundings: Surroundings = Surroundings(), pages: Bool = true) -> ScreenBuild {
        screen(path, decoded: decoder.decode(path, bytes: bytes), surroundings: surroundings, pages: pages)
    }

    /// `screen(_:bytes:surroundings:pages:)` of a payload already decoded (`--dump-tree` prints its tree too).
    public func screen(_ path: String, decoded: PayloadDecoder.Result, surroundings: Surroundings = Surroundings(), pages: Bool = true) -> ScreenBuild {
        var diagnostics = decoded.diagnostics + [surroundings.noteProblem].compactMap { $0 }
        let pagePath = SitePath.screenPage(for: path)
        var summary = ScreenSummary(payload: path, title: SitePath.title(for: path), dialect: decoded.dialect, status: decoded.status,
                                    page: pagePath, components: 0, warnings: 0, errors: 0)
        summary.hidden = surroundings.hidden
        // Laid out only for a page: `check` shows no source.
        let layout = SourceLayout(decoded.text, parsed: pages && decoded.json != nil)
        var panels = panels(surroundings, source: pages ? layout : nil)
        if let note = surroundings.note {
            let notePath = SitePath.stem(path) + ".md"
            if let problem = markdownProblem(note) {
                diagnostics.append(Diagnostic(.error, problem + "; not rendered", file: notePath))
            } else {
                // Under the screen page's own <h1>: a note's `#` is an <h2>.
                panels.notesHTML = markdown(note, file: notePath, page: pagePath, diagnostics: &diagnostics, headingOffset: 1).html
            }
        }
        guard decoded.status == .rendered, let screen = decoded.screen else {
            summary = withCounts(summary, diagnostics)
            return ScreenBuild(pages: pages ? [screenPage.error(summary, path: pagePath, panels: panels, diagnostics: BuildPipeline.sorted(diagnostics))] : [],
                               summary: summary, diagnostics: diagnostics)
        }
        // A subpage whose file name would pass the file systems' limit, or that another payload's
        // page or folder takes (`a.all-1.json`'s), is not made: its button opens nothing.
        let subpages = screen.subpages.filter { subpage in
            let page = SitePath.subpage(subpage.key, of: path), name = SitePath.fileName(page)
            let problem = name.utf8.count > InputListing.maxFileNameBytes
                ? "name too long for the page of “\(subpage.title)”: `\(name)` would pass the file systems' limit of "
                    + "\(InputListing.maxFileNameBytes) bytes; not written: shorten the payload's name"
                : surroundings.takenPages.problem(writing: page)
            guard let problem else { return true }
            diagnostics.append(Diagnostic(.error, problem, file: path, location: decoded.text.location(of: subpage.root.source.offset),
                                          pointer: subpage.root.source.pointer))
            return false
        }
        // Nor is a standalone page another payload's page takes (`a.frame.json`'s): the page links to none.
        let standaloneClash = surroundings.takenPages.problem(writing: SitePath.standalone(for: path))
        if let standaloneClash { diagnostics.append(Diagnostic(.error, standaloneClash, file: path)) }
        let prefix = SitePath.rootPrefix(from: pagePath)
        let subpageLinks = Dictionary(subpages.map { ($0.key, SitePath.href(SitePath.fileName(SitePath.subpage($0.key, of: path)))) }) { first, _ in first }
        let rendered = renderer.render(screen.root, rootPrefix: prefix, subpageLinks: subpageLinks)
        diagnostics += rendered.issues.map {
            Diagnostic($0.severity, $0.message, file: path, location: decoded.text.location(of: $0.source.offset), pointer: $0.source.pointer)
        }
        let name = renderer.resources.templates.catalogueName
        let census = ScreenCensus(screen.root, name: name)
        summary.components = census.components
        summary.componentTypes = census.counts
        summary.searchText = census.searchText
        summary.standalone = standaloneClash == nil ? SitePath.standalone(for: path) : nil
        summary.subpages = subpages.map { SitePath.subpage($0.key, of: path) }
        summary = withCounts(summary, diagnostics)
        guard pages else { return ScreenBuild(pages: [], summary: summary, diagnostics: diagnostics) }
        diagnostics = BuildPipeline.sorted(diagnostics)  // the page lists them by position, as the terminal does
        panels.treeHTML = ComponentOutline.html(screen.root, layout: layout, name: name)
        panels.darkModeRisk = SchemeContrast.darkModeRisk(screen.root).map { ($0.texts, $0.first.pointer) }
        panels.subpages = zip(subpages, summary.subpages).map { ScreenPage.Neighbour(title: $0.title, page: $1) }

        let page = screenPage
        let device = page.deviceHTML(title: summary.title, hasNavigationBar: screen.hasNavigationBar, rendered: rendered)
        var files = [page.screen(summary, path: pagePath, title: summary.title, deviceHTML: device, css: rendered.css, panels: panels, diagnostics: diagnostics)]
        if let standalone = summary.standalone {
            files.append(page.standalone(title: summary.title, path: standalone, of: pagePath, deviceHTML: device, css: rendered.css, hidden: summary.hidden))
        }
        let parent = ScreenPage.Neighbour(title: summary.title, page: pagePath)
        for (subpage, subpagePath) in zip(subpages, summary.subpages) {
            let drawn = renderer.render(subpage.root, rootPrefix: prefix)
            var subpagePanels = ScreenPage.Panels(sourceHTML: nil, sourceBytes: 0, treeHTML: ComponentOutline.html(subpage.root, layout: layout, name: name))
            subpagePanels.parent = parent
            subpagePanels.galleryTypes = Set(summary.componentTypes.keys)
            subpagePanels.changes = panels.changes  // what changed in the payload, which the all-list draws part of
            // The page counts its own components; the payload's diagnostics and standalone page are its parent's.
            let subpageCensus = ScreenCensus(subpage.root, name: name)
            var subpageSummary = summary
            (subpageSummary.components, subpageSummary.componentTypes) = (subpageCensus.components, subpageCensus.counts)
            (subpageSummary.warnings, subpageSummary.errors, subpageSummary.standalone) = (0, 0, nil)
            files.append(page.screen(subpageSummary, path: subpagePath, title: subpage.title,
                                     deviceHTML: page.deviceHTML(title: subpage.title, titleFromPayload: true, hasNavigationBar: true, rendered: drawn),
                                     css: drawn.css, panels: subpagePanels, diagnostics: []))
        }
        return ScreenBuild(pages: files, summary: summary, diagnostics: diagnostics)
    }

    /// What a payload file that could not be read (too large, no permission) makes: with
    /// `pages`, an error page saying why, so its card and its neighbours' links lead somewhere.
    public func unreadable(_ path: String, problem: Diagnostic, surroundings: Surroundings = Surroundings(), pages: Bool = true) -> ScreenBuild {
        let pagePath = SitePath.screenPage(for: path)
        var summary = ScreenSummary(payload: path, title: SitePath.title(for: path), dialect: nil, status: .failed,
                                    page: pagePath, components: 0, warnings: 0, errors: 1)
        summary.hidden = surroundings.hidden
        guard pages else { return ScreenBuild(pages: [], summary: summary, diagnostics: [problem]) }
        return ScreenBuild(pages: [screenPage.error(summary, path: pagePath, panels: panels(surroundings, source: nil), diagnostics: [problem])],
                           summary: summary, diagnostics: [problem])
    }

    /// The view tree of a payload for a page that shows parts of it beside others (a gallery
    /// specimen); nil when it does not decode. The payload's own page reports its problems.
    func decodedRoot(_ path: String, bytes: [UInt8]) -> ViewNode? {
        decoder.decode(path, bytes: bytes).screen?.root
    }

    /// A payload drawn in a device for a page that is not its own (a diff report); nil when it
    /// does not decode. `classPrefix` keeps its generated CSS apart from other renders on the page.
    public func preview(_ path: String, bytes: [UInt8], on page: String, classPrefix: String) -> (html: String, css: String)? {
        guard let screen = decoder.decode(path, bytes: bytes).screen else { return nil }
        let drawn = renderer.render(screen.root, rootPrefix: SitePath.rootPrefix(from: page), classPrefix: classPrefix)
        return (screenPage.deviceHTML(title: SitePath.title(for: path), hasNavigationBar: screen.hasNavigationBar, rendered: drawn).text, drawn.css)
    }

    /// A page of the theme's template `template`, with the values every page gets (head, site
    /// navigation) and `values`. Values reach the page escaped, except fields named `…HTML`.
    public func page(_ template: String, path: String, title: String, css: String = "", values: [String: Any]) -> OutputFile {
        OutputFile(path: path, bytes: templates.render(template, frame.context(path: path, title: title, css: css).merging(values)))
    }

    /// The panels of a payload's page from what surrounds it, with its highlighted source when given.
    private func panels(_ surroundings: Surroundings, source: SourceLayout?) -> ScreenPage.Panels {
        var panels = ScreenPage.Panels(sourceHTML: source.flatMap { SourceHighlighter.markup($0.shown) }, sourceBytes: source?.text.bytes.count ?? 0,
                                       treeHTML: Markup([]))
        panels.source = source
        panels.previous = surroundings.previous.map(neighbour)
        panels.next = surroundings.next.map(neighbour)
        panels.changes = surroundings.changes
        return panels
    }

    private func neighbour(_ payload: String) -> ScreenPage.Neighbour {
        ScreenPage.Neighbour(title: SitePath.title(for: payload), page: SitePath.screenPage(for: payload))
    }

    private func withCounts(_ summary: ScreenSummary, _ diagnostics: [Diagnostic]) -> ScreenSummary {
        var summary = summary
        summary.errors = diagnostics.count { $0.severity == .error }
        summary.warnings = diagnostics.count - summary.errors
        return summary
    }

    /// Why a document or note is not rendered: over `limits.docSizeMiB`, or one of libcmark's slow inputs.
    func markdownProblem(_ bytes: [UInt8]) -> String? {
        let maxBytes = configuration.limits.docSizeMiB << 20
        return bytes.count > maxBytes
            ? "document is \(bytes.count) bytes, over the \(maxBytes >> 20) MiB limit (limits.docSizeMiB in vitrine.json)"
            : MarkdownPathology.problem(bytes)
    }

    /// Renders a Markdown file of the input for the page at `page`, resolving its links to
    /// payloads and docs (broken ones are warnings) and its `vitrine-screen` embeds through `embed`.
    /// `anchorLink` hears of each link into a document's heading (the document, the anchor and
    /// where the link is), for a check once every document is rendered. `headingOffset` levels are
    /// added to its headings (a note sits under its page's `<h1>`).
    func markdown(_ bytes: [UInt8], file: String, page: String, diagnostics: inout [Diagnostic], headingOffset: Int = 0,
                  embed: @escaping (String, SourceLocation) -> String? = { _, _ in nil },
                  anchorLink: @escaping (_ doc: String, _ anchor: String, _ at: SourceLocation) -> Void = { _, _, _ in }) -> MarkdownRenderer.Document {
        var problems: [Diagnostic] = []
        let links = self.links
        var hooks = MarkdownRenderer.Hooks(link: { url, position in
            let location = SourceLocation(position)
            if let (doc, anchor) = links.anchor(url, from: file) { anchorLink(doc, anchor, location) }
            let problem: String
            switch links.resolve(url, from: file, page: page) {
            case .unchanged: return nil
            case .rewritten(let href): return href
            case .broken(let target): problem = "link to \(target), which is not in the input"
            case .notCopied(let target): problem = "link to \(target), which is not copied into the site: only files under assets/, fonts/ and docs/ are"
            case .notInSite(let target):
                let why = target == InputListing.configFile ? "the configuration is read by the build, not published"
                    : "Markdown has a page under docs/ or beside its payload"
                problem = "link to \(target), which is in the input but not in the site: \(why)"
            case .excluded(let target): problem = "link to \(target), which `exclude` in vitrine.json leaves out of the site"
            case .noSuchPage(let target): problem = "link to \(target), which is not a page of the site"
            case .fromRoot(let url):
                problem = "link \(url) starts at the host's root: it breaks when the site is opened from disk or published in a sub-folder; write it relative"
            }
            problems.append(Diagnostic(.warning, problem, file: file, location: location))
            return nil
        }, codeBlock: { info, text, position in
            // Spaces or tabs apart, `vitrine-screen` in any case (a misspelt fence is no embed: it is code).
            let words = info.split { $0 == " " || $0 == "\t" }
            guard words.first?.lowercased() == "vitrine-screen" else { return nil }
            guard let html = embed(words.dropFirst().joined(separator: " "), SourceLocation(position)) else {
                problems.append(Diagnostic(.warning, "a vitrine-screen block is drawn on a page under docs/, not in a note; shown as code",
                                           file: file, location: SourceLocation(position)))
                return nil
            }
            if !text.allSatisfy(\.isWhitespace) {
                problems.append(Diagnostic(.warning, "the lines inside a vitrine-screen block are not shown: the block draws the screen its fence names; "
                                           + "write text outside the block", file: file, location: SourceLocation(position)))
            }
            return html
        })
        hooks.headingOffset = headingOffset
        let document = MarkdownRenderer.render(bytes, hooks: hooks)
        for line in TableSyntax.tableLines(in: bytes) {
            problems.append(Diagnostic(.warning, "a GitHub-style table, which CommonMark does not have: it is drawn as lines of text",
                                       file: file, location: SourceLocation(line: line, column: 1)))
        }
        diagnostics += Diagnostic.capped(problems)
        return document
    }
}

extension SourceLocation {
    /// Where libcmark says a Markdown node starts, its column already counted in scalars.
    init(_ position: MarkdownRenderer.Position) {
        self.init(line: position.line, column: position.column)
    }
}
