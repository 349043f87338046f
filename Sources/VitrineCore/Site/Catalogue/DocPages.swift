import VitrineMarkdown

/// The input's `docs/*.md` as pages: rendered by libcmark in safe mode, headings anchored, a
/// table of contents, a sidebar of every document, links to payloads resolved to their pages,
/// and ` ```vitrine-screen path ` blocks replaced by that screen's live render.
struct DocPages {
    var builder: SiteBuilder
    var templates: PageTemplates
    /// Reads an input file.
    var read: (String) throws(FileReader.Failure) -> [UInt8]

    /// Nesting and bracket counts above which libcmark 0.30 (Debian's) takes seconds or worse: its
    /// known quadratic inputs (bad-inputs.md G07) are refused before it sees them.
    static let maxNesting = 200
    static let maxBrackets = 20_000

    /// Why a document is refused before rendering, or nil: block markers nested deeper than
    /// `maxNesting` on one line, or more than `maxBrackets` link brackets. A quote marker (`>`)
    /// counts as one level, and so does a list marker (`-`, `*`, `+`, `1.`, `1)`) followed by
    /// white space; a line of `-` or of `*` and spaces only is a rule (`- - -`), and `----` or
    /// `****` (a heading's underline, a rule) holds no marker at all.
    static func pathology(_ bytes: [UInt8]) -> String? {
        var brackets = 0, deepest = 0
        var line = MarkerLine()
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n"):
                if !line.isRule { deepest = max(deepest, line.depth) }
                line = MarkerLine()
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                break
            case UInt8(ascii: ">") where line.atStart:
                line.depth += 1
                line.canBeRule = false
            default:
                if line.atStart, let width = listMarkerWidth(bytes, at: index) {
                    line.mark(byte, ordered: width > 1)
                    index += width
                    continue
                }
                line.atStart = false
                line.hasContent = true
                if byte == UInt8(ascii: "[") { brackets += 1 }
            }
            index += 1
        }
        if !line.isRule { deepest = max(deepest, line.depth) }
        if deepest > maxNesting { return "document nests lists or quotes \(deepest) levels deep on one line (the limit is \(maxNesting))" }
        if brackets > maxBrackets { return "document has \(brackets) link brackets (the limit is \(maxBrackets))" }
        return nil
    }

    /// The block markers of one line so far, for `pathology`.
    private struct MarkerLine {
        var depth = 0, atStart = true, hasContent = false
        /// Whether the line may still be a thematic break: markers of one of `-` and `*` only.
        var canBeRule = true
        var ruleCharacter: UInt8?

        var isRule: Bool { canBeRule && !hasContent && ruleCharacter != nil }

        mutating func mark(_ byte: UInt8, ordered: Bool) {
            depth += 1
            let bullet = !ordered && (byte == UInt8(ascii: "-") || byte == UInt8(ascii: "*"))
            if bullet, ruleCharacter == nil || ruleCharacter == byte { ruleCharacter = byte } else { canBeRule = false }
        }
    }

    /// The length of the list marker at `index` (`-`, `*`, `+`, or up to nine digits and `.` or
    /// `)`) when white space or the line's end follows it, else nil.
    private static func listMarkerWidth(_ bytes: [UInt8], at index: Int) -> Int? {
        var end = index
        if [UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+")].contains(bytes[index]) {
            end += 1
        } else {
            while end < bytes.count, end - index < 9, bytes[end] &- UInt8(ascii: "0") < 10 { end += 1 }
            guard end > index, end < bytes.count, bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: ")") else { return nil }
            end += 1
        }
        guard end == bytes.count || [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n")].contains(bytes[end]) else { return nil }
        return end - index
    }

    /// `docs/guide/setup.md` → `docs/guide/setup.html`.
    static func page(for doc: String) -> String {
        SitePath.stem(doc) + ".html"
    }

    /// The page the site navigation opens: `docs/index.md` or `docs/README.md` when there is one.
    static func firstPage(_ docs: [String]) -> String? {
        (docs.first { $0 == "docs/index.md" } ?? docs.first { $0 == "docs/README.md" } ?? docs.first).map(page)
    }

    /// One document on its way to its page.
    private struct Entry {
        enum Content {
            /// The rendered document and the CSS of its embedded screens.
            case rendered(MarkdownRenderer.Document, css: String)
            /// Why the document is not rendered; its page says so.
            case notRendered(String)
        }

        var doc: String
        var title: String
        var content: Content
    }

    func pages(_ docs: [String], diagnostics: inout [Diagnostic]) -> [OutputFile] {
        var entries: [Entry] = []
        var anchorLinks: [(from: String, doc: String, anchor: String, location: SourceLocation)] = []
        for doc in docs {
            let page = Self.page(for: doc)
            let bytes: [UInt8]
            do { bytes = try read(doc) } catch {
                diagnostics.append(Diagnostic(.error, error.message, file: doc))
                entries.append(Entry(doc: doc, title: SitePath.title(for: doc), content: .notRendered(error.message)))
                continue
            }
            let maxBytes = builder.configuration.limits.docSizeMiB << 20
            if let problem = bytes.count > maxBytes
                ? "document is \(bytes.count) bytes, over the \(maxBytes >> 20) MiB limit (limits.docSizeMiB in vitrine.json)"
                : Self.pathology(bytes) {
                diagnostics.append(Diagnostic(.error, problem + "; not rendered", file: doc))
                entries.append(Entry(doc: doc, title: SitePath.title(for: doc), content: .notRendered(problem)))
                continue
            }
            var css: [String] = []
            var problems: [Diagnostic] = []
            let document = builder.markdown(bytes, file: doc, page: page, diagnostics: &diagnostics, embed: { [self] path, location in
                let (html, style, problem) = embed(path, page: page, number: css.count)
                css.append(style)
                if let problem { problems.append(Diagnostic(.warning, problem, file: doc, location: location)) }
                return html
            }, anchorLink: { target, anchor, location in anchorLinks.append((doc, target, anchor, location)) })
            diagnostics += problems
            let title = document.headings.first { $0.level == 1 }?.text ?? SitePath.title(for: doc)
            entries.append(Entry(doc: doc, title: title, content: .rendered(document, css: css.joined(separator: "\n"))))
        }
        // Links into a heading: the heading must exist (a document that was not rendered is not judged).
        var anchors: [String: Set<String>] = [:]
        for entry in entries {
            if case .rendered(let document, _) = entry.content { anchors[entry.doc] = Set(document.headings.map(\.anchor)) }
        }
        for link in anchorLinks {
            guard let known = anchors[link.doc], !known.contains(link.anchor) else { continue }
            let place = link.doc == link.from ? "" : " of \(link.doc)"
            diagnostics.append(Diagnostic(.warning, "link to #\(link.anchor), which no heading\(place) has", file: link.from,
                                          location: link.location))
        }
        // The page the site navigation opens (docs/index.md or README.md) leads the sidebar.
        let first = Self.firstPage(docs)
        let sidebar = Sidebar(docs: entries.filter { Self.page(for: $0.doc) == first }.map { ($0.doc, $0.title) }
                                  + entries.filter { Self.page(for: $0.doc) != first }.map { ($0.doc, $0.title) })
        return entries.map { entry in
            let path = Self.page(for: entry.doc)
            var context: [String: Any]
            switch entry.content {
            case .rendered(let document, let css):
                context = builder.frame.context(path: path, title: entry.title, css: css)
                context["contentHTML"] = document.html
                let toc = document.headings.filter { $0.level == 2 || $0.level == 3 }
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
            context["sidebarHTML"] = sidebar.html(current: entry.doc)
            return OutputFile(path: path, bytes: templates.render("doc", context))
        }
    }

    /// The docs navigation: every document at the top of `docs/` and in the current folder, and
    /// each other folder as one link to its first document, so a page stays small however many
    /// documents there are.
    struct Sidebar {
        private var folders: [String] = []
        private var docsByFolder: [String: [(doc: String, title: String)]] = [:]

        init(docs: [(String, String)]) {
            for (doc, title) in docs {
                let folder = SitePath.folder(of: doc)
                if docsByFolder[folder] == nil { folders.append(folder) }
                docsByFolder[folder, default: []].append((doc, title))
            }
        }

        func html(current: String) -> String {
            let currentFolder = SitePath.folder(of: current)
            let root = SitePath.rootPrefix(from: DocPages.page(for: current))
            var out = "<ul>"
            for folder in folders {
                guard let docs = docsByFolder[folder], let first = docs.first else { continue }
                if folder == currentFolder || folder == "docs" {
                    if folder != "docs" { out += "<li class=\"v-doc-folder\">" + HTMLEscaper.markedText(folder.dropFirst("docs/".count) + "/") + "</li>" }
                    for (doc, title) in docs {
                        out += "<li><a href=\"" + HTMLEscaper.attribute(root + SitePath.href(DocPages.page(for: doc))) + "\""
                        out += (doc == current ? " aria-current=\"page\">" : ">") + HTMLEscaper.markedText(title) + "</a></li>"
                    }
                } else {
                    // A folder of one document names it: "guides/ (1)" would not say what is there.
                    let label = String(folder.dropFirst("docs/".count)) + (docs.count == 1 ? "/ · " + first.title : "/ (\(docs.count))")
                    out += "<li class=\"v-doc-folder\"><a href=\"" + HTMLEscaper.attribute(root + SitePath.href(DocPages.page(for: first.doc)))
                        + "\">" + HTMLEscaper.markedText(label) + "</a></li>"
                }
            }
            return out + "</ul>"
        }
    }

    /// The live render of `payload` (relative to the input root) for a doc page, its CSS, and
    /// the problem when it cannot be shown.
    private func embed(_ payload: String, page: String, number: Int) -> (String, String, String?) {
        let root = SitePath.rootPrefix(from: page)
        guard builder.links.payloads.contains(payload), let bytes = try? read(payload),
              let tree = builder.decodedRoot(payload, bytes: bytes) else {
            let problem = "vitrine-screen \(payload): no screen of that name could be drawn"
            return ("<p class=\"v-embed-missing\">" + HTMLEscaper.markedText(problem) + "</p>", "", problem)
        }
        let drawn = builder.renderer.render(tree, rootPrefix: root, classPrefix: "e\(number)s")
        let title = SitePath.title(for: payload)
        let device = builder.screenPage.deviceHTML(title: title, hasNavigationBar: false, rendered: drawn).text
        let html = "<figure class=\"v-embed\">" + device + "<figcaption><a href=\"" + HTMLEscaper.attribute(root + SitePath.href(SitePath.screenPage(for: payload)))
            + "\">" + HTMLEscaper.markedText(title) + "</a> <code>" + HTMLEscaper.markedText(payload) + "</code></figcaption></figure>"
        return (html, drawn.css, nil)
    }
}
