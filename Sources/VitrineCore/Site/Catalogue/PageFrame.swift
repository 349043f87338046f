/// What every page template gets besides its own content: the site's name, stylesheets,
/// navigation and the relative way back to the site root.
struct PageFrame: Sendable {
    var siteTitle: String
    /// Site paths of the stylesheets every page links, in order.
    var stylesheets: [String]
    /// The site path of the first docs page, when the input has docs.
    var docsPage: String?
    var baseURL: String?
    /// Every page asks search engines not to index it, not only a hidden screen's.
    var noindex = false
    /// Extra links of the site navigation (label, site path), after Screens, Components and Docs.
    var navigation: [(label: String, page: String)] = []

    /// Scripts only from the site's own files; styles from files plus each page's generated block.
    static let contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        + "img-src 'self' https: http: data:; font-src 'self'; frame-src 'self'; base-uri 'none'; form-action 'none'"

    /// The shared values of the page at `path`; `css` is generated CSS (never payload text).
    /// A `hidden` screen's page asks search engines not to index it (`noindex`); a page that
    /// shows another's content (a screen's standalone page) names that page as its canonical one.
    func context(path: String, title: String, css: String = "", hidden: Bool = false, canonicalPage: String? = nil) -> [String: Any] {
        let root = SitePath.rootPrefix(from: path)
        var context: [String: Any] = [
            "root": root,
            "siteTitle": siteTitle,
            "pageTitle": title == siteTitle ? title : "\(title) — \(siteTitle)",
            "csp": Self.contentSecurityPolicy,
            "stylesheets": stylesheets.map { ["href": root + SitePath.href($0)] as [String: Any] },
            "indexHref": root + "index.html",
            "galleryHref": root + "gallery/index.html",
        ]
        if !css.isEmpty { context["css"] = css }
        if hidden || noindex { context["noindex"] = true }
        if let docsPage { context["docsHref"] = root + SitePath.href(docsPage) }
        if let baseURL { context["canonical"] = baseURL + SitePath.href(canonicalPage ?? path) }
        if !navigation.isEmpty {
            context["navigation"] = navigation.map { link in
                var item: [String: Any] = ["label": link.label, "href": root + SitePath.href(link.page)]
                if let current = Self.current(path, page: link.page) { item["current"] = current }
                return item
            }
        }
        for (key, page) in [("screensCurrent", "index.html"), ("galleryCurrent", "gallery/index.html"), ("docsCurrent", docsPage)] {
            if let page, let current = Self.current(path, page: page, section: page == "index.html" ? "screens/" : nil) { context[key] = current }
        }
        return context
    }

    /// The `aria-current` of a navigation link to `page` on the page at `path`: `page` on that
    /// page, `true` elsewhere in its section (its folder, or `section`), none outside it.
    static func current(_ path: String, page: String, section: String? = nil) -> String? {
        if path == page { return "page" }
        let folder = section ?? SitePath.folder(of: page) + "/"
        return folder != "/" && path.hasPrefix(folder) ? "true" : nil
    }
}

extension Dictionary where Key == String, Value == Any {
    /// The dictionary with `other`'s values added, replacing its own.
    func merging(_ other: [String: Any]) -> [String: Any] {
        merging(other) { _, new in new }
    }
}
