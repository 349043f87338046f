/// The HTML pages around rendered screens: head, navigation, diagnostics, the index.
enum PageShell {
    /// Scripts only from the site's own files; styles from files plus each page's generated block.
    static let contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        + "img-src 'self' https: http: data:; font-src 'self'; base-uri 'none'; form-action 'none'"

    static func screen(title: String, payload: String, pagePath: String, siteTitle: String, stylesheets: [String],
                       hasNavigationBar: Bool, rendered: RenderedScreen, diagnostics: [Diagnostic]) -> OutputFile {
        let prefix = SitePath.rootPrefix(from: pagePath)
        var body = topBar(title: title, payload: payload, prefix: prefix)
        body += "<main class=\"v-main\"><div class=\"v-device\" data-v-device=\"390\"><div class=\"v-screen\">"
        if hasNavigationBar {
            body += "<div class=\"v-navbar\"><span>" + HTMLEscaper.text(title) + "</span></div>"
        }
        body += "<div class=\"v-content v-cell\">" + rendered.html + "</div></div></div>"
        body += diagnosticsList(diagnostics) + "</main>"
        return page(path: pagePath, title: "\(title) — \(siteTitle)", stylesheets: stylesheets, css: rendered.css, body: body)
    }

    static func error(title: String, payload: String, pagePath: String, siteTitle: String, stylesheets: [String],
                      diagnostics: [Diagnostic]) -> OutputFile {
        let prefix = SitePath.rootPrefix(from: pagePath)
        var body = topBar(title: title, payload: payload, prefix: prefix)
        body += "<main class=\"v-main\"><p class=\"v-failed\">This payload could not be read, so there is nothing to draw.</p>"
        body += diagnosticsList(diagnostics) + "</main>"
        return page(path: pagePath, title: "\(title) (error) — \(siteTitle)", stylesheets: stylesheets, css: "", body: body)
    }

    static func index(siteTitle: String, stylesheets: [String], summaries: [ScreenSummary]) -> OutputFile {
        var body = "<header class=\"v-topbar\"><h1>" + HTMLEscaper.text(siteTitle) + "</h1>"
        let rendered = summaries.count { $0.status == .rendered }
        body += "<p class=\"v-count\">\(rendered) of \(summaries.count) payload files drawn</p></header><main class=\"v-main\"><ul class=\"v-index\">"
        for summary in summaries {
            body += "<li class=\"v-entry v-status-\(summary.status.rawValue)\">"
            if let page = summary.page {
                body += "<a href=\"" + HTMLEscaper.attribute(SitePath.href(page)) + "\">" + HTMLEscaper.text(summary.title) + "</a>"
            } else {
                body += "<span class=\"v-entry-title\">" + HTMLEscaper.text(summary.title) + "</span>"
            }
            body += " <code>" + HTMLEscaper.text(summary.payload) + "</code>"
            body += " <span class=\"v-kind\">" + HTMLEscaper.text(kindLabel(summary)) + "</span>"
            if summary.status == .rendered { body += " <span class=\"v-components\">\(summary.components) components</span>" }
            if summary.errors > 0 { body += " <span class=\"v-badge v-badge-error\">\(summary.errors) error\(summary.errors == 1 ? "" : "s")</span>" }
            if summary.warnings > 0 { body += " <span class=\"v-badge v-badge-warning\">\(summary.warnings) warning\(summary.warnings == 1 ? "" : "s")</span>" }
            body += "</li>"
        }
        body += "</ul></main>"
        return page(path: "index.html", title: siteTitle, stylesheets: stylesheets, css: "", body: body)
    }

    private static func kindLabel(_ summary: ScreenSummary) -> String {
        switch summary.status {
        case .rendered: summary.dialect ?? ""
        case .failed: "could not be read"
        case .unknown: "unknown format"
        }
    }

    private static func topBar(title: String, payload: String, prefix: String) -> String {
        "<header class=\"v-topbar\"><a class=\"v-back\" href=\"\(prefix)index.html\">All screens</a><h1>"
            + HTMLEscaper.text(title) + "</h1><code>" + HTMLEscaper.text(payload) + "</code></header>"
    }

    private static func diagnosticsList(_ diagnostics: [Diagnostic]) -> String {
        guard !diagnostics.isEmpty else { return "" }
        var out = "<section class=\"v-diagnostics\" aria-label=\"Diagnostics\"><h2>Diagnostics</h2><ul>"
        for diagnostic in diagnostics {
            out += "<li class=\"v-\(diagnostic.severity.rawValue)\">"
            if let location = diagnostic.location { out += "<span class=\"v-at\">\(location)</span> " }
            out += "<strong>\(diagnostic.severity.rawValue)</strong> " + HTMLEscaper.text(diagnostic.message)
            if let pointer = diagnostic.pointer { out += " <code>" + HTMLEscaper.text(pointer.description.isEmpty ? "/" : pointer.description) + "</code>" }
            out += "</li>"
        }
        return out + "</ul></section>"
    }

    private static func page(path: String, title: String, stylesheets: [String], css: String, body: String) -> OutputFile {
        let prefix = SitePath.rootPrefix(from: path)
        var html = "<!doctype html>\n<html lang=\"en\" dir=\"ltr\">\n<head>\n<meta charset=\"utf-8\">\n"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        html += "<meta http-equiv=\"Content-Security-Policy\" content=\"\(contentSecurityPolicy)\">\n"
        html += "<title>" + HTMLEscaper.text(title) + "</title>\n"
        for sheet in stylesheets {
            html += "<link rel=\"stylesheet\" href=\"" + HTMLEscaper.attribute(prefix + SitePath.href(sheet)) + "\">\n"
        }
        if !css.isEmpty { html += "<style>\n" + css + "\n</style>\n" }
        html += "<script src=\"\(prefix)theme/vitrine.js\" defer></script>\n</head>\n<body class=\"v-page\">\n"
        html += body + "\n</body>\n</html>\n"
        return OutputFile(path: path, text: html)
    }
}
