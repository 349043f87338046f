import Foundation
import VitrineMarkdown

/// The input's `docs/*.md` as pages: rendered by libcmark in safe mode, headings anchored, a
/// table of contents, a sidebar of every document, links to payloads resolved to their pages,
/// and ` ```vitrine-screen path ` blocks replaced by that screen's live render.
struct DocPages {
    var builder: SiteBuilder
    var templates: PageTemplates

    /// `docs/guide/setup.md` → `docs/guide/setup.html`.
    static func page(for doc: String) -> String {
        SitePath.stem(doc) + ".html"
    }

    /// The page the site navigation opens: `docs/index.md` or `docs/README.md` when there is one.
    static func firstPage(_ docs: [String]) -> String? {
        landing(of: "docs", in: docs).map(page)
    }

    /// The document that a folder of documents opens at, from the sidebar or a link to the
    /// folder: its `index.md` or `README.md`, else its first document in reading order (of the
    /// folders inside it when it has none of its own).
    static func landing(of folder: String, in docs: some Collection<String>) -> String? {
        if let index = ["index.md", "README.md"].map({ folder + "/" + $0 }).first(where: docs.contains) { return index }
        let inside = docs.filter { $0.hasPrefix(folder + "/") }
        return inside.filter { SitePath.folder(of: $0) == folder }.min(by: readingOrder) ?? inside.min(by: readingOrder)
    }

    /// One document on its way to its page.
    struct Entry: Sendable, Equatable {
        enum Content: Sendable, Equatable {
            /// The rendered document and the CSS of its embedded screens.
            case rendered(MarkdownRenderer.Document, css: String)
            /// Why the document is not rendered; its page says so.
            case notRendered(String)
        }

        var doc: String
        var title: String
        var content: Content
    }

    /// A link into a heading of a document, checked once every document is rendered.
    struct AnchorLink: Sendable, Equatable {
        var from: String
        var doc: String
        var anchor: String
        var location: SourceLocation
    }

    /// What rendering one document made: its entry, what it reported, and its links into headings.
    struct Rendered: Sendable, Equatable {
        var entry: Entry
        var diagnostics: [Diagnostic]
        var anchorLinks: [AnchorLink]
    }

    /// What one page is drawn from: its document, the sidebar it shows and the document's problems.
    struct Page: Sendable, Equatable {
        var entry: Entry
        var sidebarHTML: String
        var diagnostics: [Diagnostic] = []
    }

    /// `doc` rendered: read, checked against the size limit and libcmark's pathologies, its
    /// links resolved and its embedded screens drawn. `read` reads an input file.
    func render(_ doc: String, read: @escaping (String) throws(FileReader.Failure) -> [UInt8]) -> Rendered {
        var diagnostics: [Diagnostic] = []
        let page = Self.page(for: doc)
        let bytes: [UInt8]
        do { bytes = try read(doc) } catch {
            diagnostics.append(Diagnostic(.error, error.message, file: doc))
            return Rendered(entry: Entry(doc: doc, title: SitePath.title(for: doc), content: .notRendered(error.message)),
                            diagnostics: diagnostics, anchorLinks: [])
        }
        if let problem = builder.markdownProblem(bytes) {
            diagnostics.append(Diagnostic(.error, problem + "; not rendered", file: doc))
            return Rendered(entry: Entry(doc: doc, title: SitePath.title(for: doc), content: .notRendered(problem)),
                            diagnostics: diagnostics, anchorLinks: [])
        }
        var css: [String] = []
        var problems: [Diagnostic] = []
        var anchorLinks: [AnchorLink] = []
        var (drawn, drawnBytes) = (0, 0)
        let document = builder.markdown(bytes, file: doc, page: page, diagnostics: &diagnostics, embed: { [self] path, location in
            let (html, style, problem) = drawn < Self.embedLimits.count && drawnBytes < Self.embedLimits.bytes
                ? embed(path, doc: doc, page: page, number: css.count, read: read)
                : Self.notEmbedded(path, because: "a document draws at most \(Self.embedLimits.count) screens, "
                                   + "and none after \(Self.embedLimits.bytes >> 20) MiB of them")
            if problem == nil { (drawn, drawnBytes) = (drawn + 1, drawnBytes + html.utf8.count + style.utf8.count) }
            css.append(style)
            if let problem { problems.append(Diagnostic(.warning, problem, file: doc, location: location)) }
            return html
        }, anchorLink: { target, anchor, location in anchorLinks.append(AnchorLink(from: doc, doc: target, anchor: anchor, location: location)) })
        // The first `#` heading with text, else the first heading of any level, else the file's name.
        let named = document.headings.filter { !$0.text.allSatisfy(\.isWhitespace) }
        let title = (named.first { $0.level == 1 } ?? named.min { $0.level < $1.level })?.text ?? SitePath.title(for: doc)
        return Rendered(entry: Entry(doc: doc, title: title, content: .rendered(document, css: css.joined(separator: "\n"))),
                        diagnostics: diagnostics + problems, anchorLinks: anchorLinks)
    }

    /// The pages of the rendered documents, in their order, each with the sidebar of them all;
    /// a link into a heading that its document does not have is a warning.
    static func pages(_ rendered: [Rendered], diagnostics: inout [Diagnostic]) -> [Page] {
        // Links into a heading: the heading must exist (a document that was not rendered is not judged).
        var anchors: [String: Set<String>] = [:]
        for entry in rendered.map(\.entry) {
            if case .rendered(let document, _) = entry.content { anchors[entry.doc] = Set(document.headings.map(\.anchor)) }
        }
        var problems = Dictionary(grouping: rendered.flatMap(\.diagnostics), by: \.file)
        var anchorProblems: [String: [Diagnostic]] = [:]
        for link in rendered.flatMap(\.anchorLinks) {
            guard let known = anchors[link.doc], !known.contains(link.anchor) else { continue }
            let place = link.doc == link.from ? "" : " of \(link.doc)"
            anchorProblems[link.from, default: []].append(Diagnostic(.warning, "link to #\(link.anchor), which no heading\(place) has",
                                                                     file: link.from, location: link.location))
        }
        for doc in rendered.map(\.entry.doc) {
            guard let found = anchorProblems[doc] else { continue }
            let kept = Diagnostic.capped(found)
            diagnostics += kept
            problems[doc, default: []] += kept
        }
        // The page the site navigation opens (docs/index.md or README.md) leads the sidebar; the
        // others follow in reading order.
        let entries = rendered.map(\.entry)
        let first = firstPage(entries.map(\.doc))
        let others = entries.filter { page(for: $0.doc) != first }.sorted { Self.readingOrder($0.doc, $1.doc) }
        let sidebar = Sidebar(docs: (entries.filter { page(for: $0.doc) == first } + others).map { ($0.doc, $0.title) })
        // Each page lists its document's problems, as a screen's page does.
        return entries.map { Page(entry: $0, sidebarHTML: sidebar.html(current: $0.doc), diagnostics: BuildPipeline.sorted(problems[$0.doc] ?? [])) }
    }

    /// Numbers by their value and letters whatever their case (`2-setup.md` before
    /// `10-faq.md`, `Guide.md` beside `glossary.md`), then byte order: the order a reader
    /// expects of numbered chapters, the same on every machine.
    static func readingOrder(_ lhs: String, _ rhs: String) -> Bool {
        switch lhs.compare(rhs, options: [.caseInsensitive, .numeric], locale: nil) {
        case .orderedAscending: true
        case .orderedDescending: false
        case .orderedSame: DirectoryWalker.byteOrder(lhs, rhs)
        }
    }

    /// The page of one document.
    func file(_ page: Page) -> OutputFile {
        let entry = page.entry
        let path = Self.page(for: entry.doc)
        var context: [String: Any]
        switch entry.content {
        case .rendered(let document, let css):
            context = builder.frame.context(path: path, title: entry.title, css: css)
            context["contentHTML"] = document.html
            // The title before "On this page": read (and shown on a phone) first.
            if let (title, body) = Self.leadingTitle(document.html) {
                (context["hasTitle"], context["titleHTML"], context["bodyHTML"]) = (true, title, body)
            } else {
                context["bodyHTML"] = document.html
                // A document without headings is titled by its file's name, as its sidebar link
                // is, so that the page has a title too.
                if document.headings.allSatisfy({ $0.text.allSatisfy(\.isWhitespace) }) {
                    (context["hasTitle"], context["titleHTML"]) = (true, "<h1>" + HTMLEscaper.markedText(entry.title) + "</h1>")
                }
            }
            // A heading without text (`## ` alone) would be a link without a name.
            let toc = document.headings.filter { ($0.level == 2 || $0.level == 3) && !$0.text.allSatisfy(\.isWhitespace) }
            if !toc.isEmpty {
                context["hasTOC"] = true
                context["toc"] = toc.map { ["text": $0.text, "anchor": $0.anchor, "level": $0.level] as [String: Any] }
            }
        case .notRendered(let reason):
            context = builder.frame.context(path: path, title: entry.title)
            context["notRendered"] = reason
        }
        context["title"] = entry.title
        context["source"] = entry.doc
        context["sidebarHTML"] = page.sidebarHTML
        ScreenPage.addDiagnostics(page.diagnostics, linkingLinesOf: nil, source: nil, to: &context)
        return OutputFile(path: path, bytes: templates.render("doc", context))
    }

    /// The document's leading `<h1>` and the rest, when it starts with one.
    static func leadingTitle(_ html: String) -> (title: String, body: String)? {
        guard html.hasPrefix("<h1"), let end = html.range(of: "</h1>\n") else { return nil }
        return (String(html[..<end.upperBound]), String(html[end.upperBound...]))
    }

    /// The docs navigation: every document at the top of `docs/` and in the current folder, and
    /// each other folder as one link to the document it opens at (`landing`), so a page stays
    /// small however many documents there are.
    struct Sidebar {
        private var folders: [String] = []
        private var docsByFolder: [String: [(doc: String, title: String)]] = [:]
        /// Each folder's `landing`, found once: every page's sidebar links the other folders.
        private var landings: [String: String] = [:]

        init(docs: [(String, String)]) {
            for (doc, title) in docs {
                let folder = SitePath.folder(of: doc)
                if docsByFolder[folder] == nil { folders.append(folder) }
                docsByFolder[folder, default: []].append((doc, title))
            }
            for (folder, docs) in docsByFolder { landings[folder] = DocPages.landing(of: folder, in: docs.map(\.doc)) }
        }

        func html(current: String) -> String {
            let currentFolder = SitePath.folder(of: current)
            let root = SitePath.rootPrefix(from: DocPages.page(for: current))
            var out = "<ul>"
            for folder in folders {
                guard let docs = docsByFolder[folder], let first = landings[folder] else { continue }
                if folder == currentFolder || folder == "docs" {
                    if folder != "docs" { out += "<li class=\"v-doc-folder\">" + HTMLEscaper.markedText(folder.dropFirst("docs/".count) + "/") + "</li>" }
                    for (doc, title) in docs {
                        out += "<li><a href=\"" + HTMLEscaper.attribute(root + SitePath.href(DocPages.page(for: doc))) + "\""
                        out += (doc == current ? " aria-current=\"page\">" : ">") + HTMLEscaper.markedText(title) + "</a></li>"
                    }
                } else {
                    // A folder of one document names it: "guides/ (1)" would not say what is there.
                    let label = String(folder.dropFirst("docs/".count)) + (docs.count == 1 ? "/ · " + docs[0].title : "/ (\(docs.count))")
                    out += "<li class=\"v-doc-folder\"><a href=\"" + HTMLEscaper.attribute(root + SitePath.href(DocPages.page(for: first)))
                        + "\">" + HTMLEscaper.markedText(label) + "</a></li>"
                }
            }
            return out + "</ul>"
        }
    }

    /// The most screens a document draws, and the bytes of their renders after which it draws
    /// no more: past these an embed says so instead (a few lines of Markdown could otherwise
    /// make a page of gigabytes).
    static let embedLimits = (count: 32, bytes: 16 << 20)

    /// What stands for an embed that is not drawn, and the warning.
    private static func notEmbedded(_ written: String, because why: String) -> (String, String, String?) {
        let problem = "vitrine-screen\(written.isEmpty ? "" : " " + written): not drawn: \(why)"
        return ("<p class=\"v-embed-missing\">" + HTMLEscaper.markedText(problem) + "</p>", "", problem)
    }

    /// The live render of the payload at `written` for a doc page, its CSS, and the problem when
    /// it cannot be shown. The path is from the input folder, or from the document's folder
    /// when it starts with `./` or `../`, as a link's is.
    private func embed(_ written: String, doc: String, page: String, number: Int,
                       read: (String) throws(FileReader.Failure) -> [UInt8]) -> (String, String, String?) {
        guard !written.isEmpty else {
            return Self.notEmbedded(written, because: "the block names no payload: write its path after vitrine-screen, on the fence's line")
        }
        let root = SitePath.rootPrefix(from: page)
        let relative = written.hasPrefix("./") || written.hasPrefix("../")
        let named = relative ? LinkResolver.normalised(written, relativeTo: SitePath.folder(of: doc)) ?? written : written
        let payload = LinkResolver.spelling(of: named, in: builder.links.payloads) ?? named  // as the disk spells it (NFC, NFD)
        var bytes: [UInt8]?
        if builder.links.payloads.contains(payload) {
            do throws(FileReader.Failure) { bytes = try read(payload) } catch { return Self.notEmbedded(written, because: "it could not be read: \(error.message)") }
        }
        guard let bytes,
              let (device, css) = builder.preview(payload, bytes: bytes, on: page, classPrefix: "e\(number)s") else {
            // Its first error says why (a limit of vitrine.json, a missing key); the page lists every one.
            let error = bytes.flatMap { builder.decoder.decode(payload, bytes: $0).diagnostics.first { $0.severity == .error }?.message }
                .map { $0.hasSuffix("; not drawn") ? String($0.dropLast("; not drawn".count)) : $0 }  // the warning says so already
            return Self.notEmbedded(written, because: builder.links.payloads.contains(payload) ? "\(error ?? "it could not be decoded") (see its page)"
                : builder.links.excluded.contains(where: { $0.matchesFile(payload) }) ? "`exclude` in vitrine.json leaves it out of the site"
                : builder.links.payloads.contains(payload + ".json") ? "no payload file has that path; did you mean \(written).json?"  // written without its `.json`
                : relative ? "no payload file is at \(payload), from the document's folder"
                : "no payload file has that path, from the input folder (or from the document's, written with ./ or ../)")
        }
        let title = SitePath.title(for: payload)
        let html = "<figure class=\"v-embed\">" + device + "<figcaption><a href=\"" + HTMLEscaper.attribute(root + SitePath.href(SitePath.screenPage(for: payload)))
            + "\">" + HTMLEscaper.markedText(title) + "</a> <code>" + HTMLEscaper.markedText(payload) + "</code></figcaption></figure>"
        return (html, css, nil)
    }
}
