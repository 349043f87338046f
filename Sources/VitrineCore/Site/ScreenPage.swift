/// The pages of one payload file: its screen page (render, tools, source, tree, diagnostics),
/// its standalone frame page, and the error page of a file that could not be drawn.
struct ScreenPage {
    var frame: PageFrame
    var templates: PageTemplates
    var devices: [DevicePreset]

    /// A neighbour in the catalogue's order, for previous/next links.
    struct Neighbour: Sendable, Equatable {
        var title: String
        var page: String
    }

    /// What the screen page shows besides the render.
    struct Panels {
        var sourceHTML: Markup?
        var sourceBytes: Int
        /// The source's lines as shown, which the diagnostics' links count.
        var source: SourceLayout?

        /// Whether the source shown is a minified file laid out (`SourceLayout`).
        var isSourceLaidOut: Bool { sourceHTML != nil && source?.isLaidOut == true }
        var treeHTML: Markup
        var notesHTML: String?
        var previous: Neighbour?
        var next: Neighbour?
        var subpages: [Neighbour] = []
        /// The page of the screen a subpage belongs to.
        var parent: Neighbour?
        /// The component types the gallery has a page for, when not all of this page's: a
        /// subpage's all-list layout (`section.featured_01`) is the gallery's only if its screen uses it.
        var galleryTypes: Set<String>?
        /// The site path of the payload's page in a changes report.
        var changes: String?
        /// Texts left in the system's colour on light backgrounds the payload fixes, unreadable
        /// in dark mode (`SchemeContrast`), and the first one's pointer.
        var darkModeRisk: (texts: Int, first: JSONPointer)?
    }

    /// The render inside a device of the first preset, as both pages show it.
    /// - Parameter titleFromPayload: the title is payload text (a subpage's), drawn as the app
    ///   would; otherwise it is Vitrine's (from the file name) and its bidi controls are marked.
    func deviceHTML(title: String, titleFromPayload: Bool = false, hasNavigationBar: Bool, rendered: RenderedScreen) -> Markup {
        let device = devices.first ?? DevicePreset.standard[0]
        var html: [UInt8] = []
        html.reserveCapacity(rendered.markup.bytes.count + 512)
        html += "<div class=\"v-device\" data-v-device style=\"--v-device-width:" + CSSNumber.format(device.width)
            + "px;--v-device-height:" + CSSNumber.format(device.height) + "px\"><div class=\"v-screen\">"
        if hasNavigationBar {
            html += "<div class=\"v-navbar\"><span>" + (titleFromPayload ? HTMLEscaper.text(title) : HTMLEscaper.markedText(title)) + "</span></div>"
        }
        html += "<div class=\"v-content v-cell\">"
        html.append(contentsOf: rendered.markup.bytes)
        html += "</div></div></div>"
        return Markup(html)
    }

    func screen(_ summary: ScreenSummary, path: String, title: String, deviceHTML: Markup, css: String,
                panels: Panels, diagnostics: [Diagnostic]) -> OutputFile {
        let root = SitePath.rootPrefix(from: path)
        var context = frame.context(path: path, title: title, css: css, hidden: summary.hidden).merging(common(summary, diagnostics: diagnostics, source: panels.source, galleryTypes: panels.galleryTypes, root: root))
        context["title"] = title
        context["deviceHTML"] = deviceHTML
        context["treeHTML"] = panels.treeHTML
        context["sourceLaidOut"] = panels.isSourceLaidOut
        if let source = panels.sourceHTML { context["sourceHTML"] = source } else if panels.sourceBytes > 0 {
            context["sourceTooLarge"] = "\(panels.sourceBytes) bytes"
        }
        if let notes = panels.notesHTML { context["notesHTML"] = notes }
        if let risk = panels.darkModeRisk {
            context["darkModeRisk"] = ["texts": risk.texts == 1 ? "1 text" : "\(risk.texts) texts",
                                       "firstHref": SitePath.selecting(risk.first.description)]
        }
        if let frameHref = summary.standalone.map({ root + SitePath.href($0) }) { context["frameHref"] = frameHref }
        if let changes = panels.changes { context["changesHref"] = root + SitePath.href(changes) }
        context["previous"] = panels.previous.map { link($0, root: root) }
        context["next"] = panels.next.map { link($0, root: root) }
        context["parent"] = panels.parent.map { link($0, root: root) }
        if !panels.subpages.isEmpty {
            context["subpages"] = panels.subpages.map { link($0, root: root) }
            context["hasSubpages"] = true
        }
        context["devices"] = devices.enumerated().map { index, device in
            let (width, height) = (CSSNumber.format(device.width), CSSNumber.format(device.height))
            // The select's value, kept in the address and the standalone page's link: width and
            // height, so the standalone page, which has no presets, draws the preset's size.
            return ["name": device.name, "value": device.setting, "width": width, "height": height, "selected": index == 0] as [String: Any]
        }
        return OutputFile(path: path, bytes: templates.render("screen", context))
    }

    func standalone(title: String, path: String, of screenPath: String, deviceHTML: Markup, css: String, hidden: Bool) -> OutputFile {
        // Named apart from the screen's page, in a tab or a history list; its content is the
        // screen page's, so that is the one search engines are pointed to.
        var context = frame.context(path: path, title: title + " (standalone)", css: css, hidden: hidden, canonicalPage: screenPath)
        context["title"] = title
        context["deviceHTML"] = deviceHTML
        return OutputFile(path: path, bytes: templates.render("frame", context))
    }

    func error(_ summary: ScreenSummary, path: String, panels: Panels, diagnostics: [Diagnostic]) -> OutputFile {
        let root = SitePath.rootPrefix(from: path)
        var context = frame.context(path: path, title: summary.title, hidden: summary.hidden).merging(common(summary, diagnostics: diagnostics, source: panels.source, root: root))
        context["title"] = summary.title
        context["reason"] = summary.status == .unknown
            ? "Vitrine does not know this file's format, so there is nothing to draw."
            : "This payload could not be read, so there is nothing to draw."
        if let source = panels.sourceHTML { context["sourceHTML"] = source }
        context["sourceLaidOut"] = panels.isSourceLaidOut
        context["previous"] = panels.previous.map { link($0, root: root) }
        context["next"] = panels.next.map { link($0, root: root) }
        return OutputFile(path: path, bytes: templates.render("error", context))
    }

    /// - Parameters:
    ///   - source: the source's lines as shown, which a diagnostic's link goes to.
    ///   - galleryTypes: the component types the gallery has a page for (`Panels.galleryTypes`).
    private func common(_ summary: ScreenSummary, diagnostics: [Diagnostic], source: SourceLayout?, galleryTypes: Set<String>? = nil, root: String) -> [String: Any] {
        var context: [String: Any] = [
            "payload": summary.payload,
            "kind": summary.dialect ?? "unknown",
            "components": summary.components,
            "componentsText": counted(summary.components, "component"),
        ]
        if summary.errors > 0 { context["errors"] = counted(summary.errors, "error") }
        if summary.warnings > 0 { context["warnings"] = counted(summary.warnings, "warning") }
        if !summary.componentTypes.isEmpty {
            context["hasComponentTypes"] = true
            // The gallery leaves hidden screens out and may have no page for a type only they
            // use, which a screen's page cannot know when it is made: a hidden one links none.
            context["componentTypes"] = summary.componentTypes.sorted { $0.key < $1.key }.map { type -> [String: Any] in
                var row: [String: Any] = ["name": type.key, "count": type.value]
                if !summary.hidden, galleryTypes?.contains(type.key) ?? true { row["href"] = root + GalleryPages.page(for: type.key) }
                return row
            }
        }
        Self.addDiagnostics(diagnostics, linkingLinesOf: summary.payload, source: source, to: &context)
        return context
    }

    /// The `diagnostics` partial's fields: a problem of `file` links to its line of the page's
    /// JSON source (`source` lays it out); another file's (a note's), or any on a page without
    /// source (`file` nil), is named with its line and column instead.
    static func addDiagnostics(_ diagnostics: [Diagnostic], linkingLinesOf file: String?, source: SourceLayout?, to context: inout [String: Any]) {
        guard !diagnostics.isEmpty else { return }
        context["hasDiagnostics"] = true
        context["diagnostics"] = diagnostics.map { diagnostic -> [String: Any] in
            var item: [String: Any] = ["severity": diagnostic.severity.rawValue, "message": diagnostic.message,
                                       "messageHTML": HTMLEscaper.messageHTML(diagnostic.message)]
            if let location = diagnostic.location, diagnostic.file == file {
                item["location"] = location.description
                item["locationWords"] = "line \(location.line), column \(location.column) of the JSON"
                item["line"] = source?.line(of: location) ?? location.line
            } else if let location = diagnostic.location {
                item["elsewhere"] = diagnostic.file + ":" + location.description
            }
            if let pointer = diagnostic.pointer { item["pointer"] = pointer.description.isEmpty ? "/" : pointer.description }
            return item
        }
    }

    private func link(_ neighbour: Neighbour, root: String) -> [String: Any] {
        ["title": neighbour.title, "href": root + SitePath.href(neighbour.page)]
    }
}
