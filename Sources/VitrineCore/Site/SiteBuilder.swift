/// Plans the site: payload bytes in, pages out. Pure; the pipeline does the I/O around it.
public struct SiteBuilder: Sendable {
    public let configuration: SiteConfiguration
    public let decoder: PayloadDecoder
    public let renderer: HTMLRenderer
    public let stylesheets: [String]

    /// - Parameters:
    ///   - stylesheets: site paths of the stylesheets every page links, in order.
    public init(configuration: SiteConfiguration, resources: RenderResources, stylesheets: [String]) {
        self.configuration = configuration
        self.decoder = PayloadDecoder(dialects: .standard(feed: configuration.feed))
        self.renderer = HTMLRenderer(resources: resources)
        self.stylesheets = stylesheets
    }

    /// Builds the page of the payload at `path` from its bytes.
    public func screen(_ path: String, bytes: [UInt8]) -> ScreenBuild {
        let decoded = decoder.decode(path, bytes: bytes)
        var diagnostics = decoded.diagnostics
        let pagePath = SitePath.screenPage(for: path)
        var summary = ScreenSummary(payload: path, title: SitePath.title(for: path), dialect: decoded.dialect, status: decoded.status,
                                    page: nil, components: 0, warnings: 0, errors: 0)
        switch decoded.status {
        case .failed:
            summary.page = pagePath
            return finish(summary, diagnostics, pages: errorPage(summary, diagnostics).map { [$0] } ?? [])
        case .unknown:
            return finish(summary, diagnostics, pages: [])
        case .rendered:
            break
        }
        guard let screen = decoded.screen else { return finish(summary, diagnostics, pages: []) }
        let prefix = SitePath.rootPrefix(from: pagePath)
        let links = Dictionary(screen.subpages.map { ($0.key, SitePath.href(SitePath.fileName(SitePath.subpage($0.key, of: path)))) }) { first, _ in first }
        let rendered = renderer.render(screen.root, rootPrefix: prefix, subpageLinks: links)
        diagnostics += rendered.issues.map {
            Diagnostic($0.severity, $0.message, file: path, location: decoded.text.location(of: $0.source.offset), pointer: $0.source.pointer)
        }
        summary.page = pagePath
        summary.components = screen.root.count
        var pages = [PageShell.screen(title: summary.title, payload: path, pagePath: pagePath, siteTitle: configuration.title,
                                      stylesheets: stylesheets, hasNavigationBar: screen.hasNavigationBar, rendered: rendered, diagnostics: diagnostics)]
        for subpage in screen.subpages {
            let subpagePath = SitePath.subpage(subpage.key, of: path)
            let drawn = renderer.render(subpage.root, rootPrefix: prefix)
            pages.append(PageShell.screen(title: subpage.title, payload: path, pagePath: subpagePath, siteTitle: configuration.title,
                                          stylesheets: stylesheets, hasNavigationBar: true, rendered: drawn, diagnostics: []))
            summary.subpages.append(subpagePath)
        }
        return finish(summary, diagnostics, pages: pages)
    }

    private func errorPage(_ summary: ScreenSummary, _ diagnostics: [Diagnostic]) -> OutputFile? {
        guard let pagePath = summary.page else { return nil }
        return PageShell.error(title: summary.title, payload: summary.payload, pagePath: pagePath, siteTitle: configuration.title,
                               stylesheets: stylesheets, diagnostics: diagnostics)
    }

    private func finish(_ summary: ScreenSummary, _ diagnostics: [Diagnostic], pages: [OutputFile]) -> ScreenBuild {
        var summary = summary
        summary.errors = diagnostics.count { $0.severity == .error }
        summary.warnings = diagnostics.count - summary.errors
        return ScreenBuild(pages: pages, summary: summary, diagnostics: diagnostics)
    }

    /// The site's front page, listing every payload file.
    public func index(_ summaries: [ScreenSummary]) -> OutputFile {
        PageShell.index(siteTitle: configuration.title, stylesheets: stylesheets, summaries: summaries)
    }

    /// `index.json`: the same list for tools (CI checks, screenshot runners), in the schema of `SiteIndex`.
    public func indexJSON(_ summaries: [ScreenSummary]) -> OutputFile {
        SiteIndex(title: configuration.title, screens: summaries).file
    }
}

extension ViewNode {
    /// The number of nodes in this subtree, overlays and button labels included.
    public var count: Int {
        var total = 1
        for modifier in modifiers {
            if case .overlay(let overlay) = modifier { total += overlay.count }
        }
        switch kind {
        case .stack(let stack): total += stack.children.reduce(0) { $0 + $1.count }
        case .button(let button): total += button.label?.count ?? 0
        case .scroll(let scroll): total += scroll.content.count
        case .grid(let grid): total += grid.children.reduce(0) { $0 + $1.count }
        case .text, .image, .shape, .spacer, .custom, .placeholder: break
        }
        return total
    }
}
