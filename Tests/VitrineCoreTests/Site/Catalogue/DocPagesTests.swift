import Foundation
import Testing
@testable import VitrineCore

/// `docs/*.md` through libcmark: safe mode, anchors, contents, links, embeds and limits.
@Suite struct DocPagesTests {
    func build(_ docs: [String: String]) -> (BuildReport, MemorySiteWriter) {
        var files = docs
        files["payloads/home.json"] = CatalogueBuildTests.text("hello", "Hello from the screen")
        let input = MemoryInput(files)
        let writer = MemorySiteWriter()
        return (BuildPipeline(listing: input.listing, source: input, writer: writer, theme: BuildPipelineTests.theme).run(), writer)
    }

    func article(_ page: String) -> String {
        let parts = page.components(separatedBy: "<article class=\"v-prose\">")
        return parts.count > 1 ? parts[1].components(separatedBy: "</article>")[0] : ""
    }

    @Test func headingsGetAnchorsAndTheContentsListsSectionsAndSubsections() throws {
        let (_, writer) = build(["docs/guide.md": "# Guide\n\n## Set up\n\n### On Debian\n\n## Set up\n"])
        let page = try #require(writer.text("docs/guide.html"))
        #expect(page.contains(##"<h2><a class="v-anchor" id="set-up" href="#set-up" aria-hidden="true" tabindex="-1">#</a> Set up</h2>"##))
        #expect(page.contains(#"id="set-up-1""#) && page.contains(#"id="on-debian""#))
        #expect(page.contains(##"<li class="v-toc-2"><a href="#set-up">Set up</a></li>"##))
        #expect(page.contains(##"<li class="v-toc-3"><a href="#on-debian">On Debian</a></li>"##))
        #expect(page.contains("<title>Guide — Vitrine</title>"))
    }

    /// A doc's leading h1 comes before "On this page" (read, and shown on a phone, first), the
    /// rest after it; a doc that starts otherwise is all after it.
    @Test func theLeadingTitleComesBeforeTheContents() throws {
        let (_, writer) = build(["docs/guide.md": "# Guide\n\nIntro\n\n## Set up\n", "docs/plain.md": "Intro\n\n# Late title\n\n## Part\n"])
        let page = try #require(writer.text("docs/guide.html"))
        let title = try #require(page.range(of: "<h1>")), contents = try #require(page.range(of: "On this page"))
        let intro = try #require(page.range(of: "<p>Intro</p>"))
        #expect(title.lowerBound < contents.lowerBound && contents.lowerBound < intro.lowerBound)
        let plain = try #require(writer.text("docs/plain.html"))
        #expect(!plain.contains("v-doc-title"))
        #expect(article(plain).contains("<p>Intro</p>") && article(plain).contains("Late title"))
    }

    /// A link into a heading that does not exist, in the same document or another, is a
    /// warning with the line; links to headings that exist, and anchors of other sites, are not.
    @Test func linksToMissingHeadingsAreWarnings() throws {
        let (report, _) = build([
            "docs/a.md": "# A\n\n## Set up\n\n[ok](#set-up) [bad](#nope)\n\n[ok](b.md#install) [bad](b.md#missing) [web](https://example.com/#x)\n\n[query](b.md?v=2#nowhere)\n",
            "docs/b.md": "# B\n\n## Install\n\n[back](a.md#set-up) [설치](#설치-방법)\n\n## 설치 방법\n",
        ])
        let warnings = report.diagnostics.filter { $0.file.hasPrefix("docs/") }.map { "\($0.file):\($0.location?.line ?? 0) \($0.message)" }
        #expect(warnings == [
            "docs/a.md:5 link to #nope, which no heading has",
            "docs/a.md:7 link to #missing, which no heading of docs/b.md has",
            "docs/a.md:9 link to #nowhere, which no heading of docs/b.md has",
        ])
    }

    /// Images and files beside the docs are copied into the site and their links checked, as
    /// links to payloads are; a note's links to them are rewritten for its deeper page.
    @Test func filesBesideTheDocsAreCopiedAndTheirLinksChecked() throws {
        let (report, writer) = build([
            "docs/guide.md": "# Guide\n\n![Flow](img/flow.svg)\n\n![Gone](img/gone.png)\n\n[Spec](files/spec.pdf?v=2#page=3)\n\n[Shot](../payloads/shot.png)\n\n[Home](../index.html)\n",
            "docs/img/flow.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
            "docs/files/spec.pdf": "%PDF-1.4",
            "docs/Guide.html": "<p>an old export</p>",  // the page's name, in another case: the same file on some disks
            "payloads/shot.png": "PNG",
            "payloads/home.md": "![Flow](../docs/img/flow.svg)\n",
        ])
        #expect(writer.text("docs/img/flow.svg") == "<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
        #expect(writer.text("docs/files/spec.pdf") == "%PDF-1.4")
        #expect(writer.text("payloads/shot.png") == nil)
        let page = article(try #require(writer.text("docs/guide.html")))
        #expect(page.contains(#"<img src="../docs/img/flow.svg" alt="Flow" />"#))
        #expect(page.contains(#"<a href="../docs/files/spec.pdf?v=2#page=3">Spec</a>"#))
        #expect(page.contains(#"<a href="../index.html">Home</a>"#))
        #expect(!page.contains("an old export"))
        #expect(try #require(writer.text("screens/payloads/home.html")).contains(#"<img src="../../docs/img/flow.svg" alt="Flow" />"#))
        let warnings = report.diagnostics.filter { $0.file.hasPrefix("docs/") }.map { "\($0.file):\($0.location?.line ?? 0) \($0.message)" }
        #expect(warnings == [
            "docs/Guide.html:0 not copied into the site: the page made from docs/guide.md has this name but for letter case, the same file on a case-insensitive disk",
            "docs/guide.md:5 link to docs/img/gone.png, which is not in the input",
            "docs/guide.md:9 link to payloads/shot.png, which is not copied into the site: only files under assets/, fonts/ and docs/ are",
        ])
    }

    /// A page or script beside the docs or among the assets would run at the site's address (and
    /// under `serve`, at the preview's, where it could read every page) without the CSP of the
    /// pages Vitrine makes: it is not copied, with a warning. Images, SVG ones too, are.
    @Test func pagesAndScriptsBesideTheDocsOrAmongTheAssetsAreNotCopied() throws {
        let (report, writer) = build([
            "docs/guide.md": "# Guide\n\n[Export](export.html)\n",
            "docs/export.html": "<script>fetch('/index.json')</script>",
            "docs/diagram.XML": "<html xmlns=\"http://www.w3.org/1999/xhtml\"><script>1</script></html>",
            "docs/tools/run.mjs": "export {}",
            "docs/notes.html.": "<script>1</script>",  // some hosts drop the dot
            "assets/widget.js": "alert(1)",
            "assets/logo.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
            // A host's table of types makes hundreds of extensions XML documents, which run an
            // XHTML script element (a review ran `.xhtm` and `.rdf`); a name without one is sniffed.
            "docs/feed.rdf": "<rdf xmlns:h=\"http://www.w3.org/1999/xhtml\"><h:script>1</h:script></rdf>",
            "docs/page.xhtm": "<html xmlns=\"http://www.w3.org/1999/xhtml\"><script>1</script></html>",
            "docs/LICENSE": "MIT",
            // What a doc links to in practice is copied.
            "docs/spec.pdf": "%PDF-1.4", "docs/data.CSV": "a,b", "docs/shot.webp": "RIFF", "docs/mock.sketch": "PK", "docs/demo.mp4": "ftyp",
        ])
        #expect(writer.text("assets/logo.svg") != nil)
        for path in ["docs/spec.pdf", "docs/data.CSV", "docs/shot.webp", "docs/mock.sketch", "docs/demo.mp4"] { #expect(writer.text(path) != nil, "\(path)") }
        for path in ["docs/export.html", "docs/diagram.XML", "docs/tools/run.mjs", "docs/notes.html.", "assets/widget.js", "docs/feed.rdf", "docs/page.xhtm", "docs/LICENSE"] {
            #expect(writer.text(path) == nil, "\(path)")
        }
        let warnings = report.diagnostics.filter { $0.message.hasPrefix("not copied") }.map { "\($0.file): \($0.message)" }
        #expect(warnings == [("assets/widget.js", ".js"), ("docs/LICENSE", ""), ("docs/diagram.XML", ".xml"), ("docs/export.html", ".html"),
                             ("docs/feed.rdf", ".rdf"), ("docs/notes.html.", ".html"), ("docs/page.xhtm", ".xhtm"), ("docs/tools/run.mjs", ".mjs")].map {
            "\($0): not copied into the site: \($1.isEmpty ? "a file without an extension" : "a \($1) file") could open as a page of its own, "
                + "running at the site's address outside the pages Vitrine makes and their Content-Security-Policy; Vitrine copies images, "
                + "fonts, documents, text, audio, video and archives (see the README)"
        }, "\(warnings)")
        #expect(report.diagnostics.contains { $0.file == "docs/guide.md" && $0.message == "link to docs/export.html, which is not a page of the site" })
    }

    /// A 1.2 MB document of 300,000 links made as many warnings (a 49 MB log, a 74 MB page): a
    /// document's problems stop at 500, as a payload's do, then one counts the rest.
    @Test func aDocumentsProblemsStopAtFiveHundred() throws {
        let (report, writer) = build([
            "docs/flood.md": "# Flood\n\n" + String(repeating: "[x](/u) ", count: 600) + "\n\n" + String(repeating: "[y](#nowhere) ", count: 700) + "\n",
        ])
        let problems = report.diagnostics.filter { $0.file == "docs/flood.md" }
        #expect(problems.count == 1_002, "\(problems.count)")
        #expect(problems.filter { $0.message.hasPrefix("link /u starts at the host's root") }.count == 500)
        #expect(problems.filter { $0.message == "link to #nowhere, which no heading has" }.count == 500)
        #expect(problems.filter { $0.message.hasSuffix("more problems in this file not shown (0 errors)") }.map(\.message)
                == ["100 more problems in this file not shown (0 errors)", "200 more problems in this file not shown (0 errors)"])
        let page = try #require(writer.text("docs/flood.html"))
        #expect(page.components(separatedBy: "link to #nowhere").count - 1 == 500, "the page lists what the build reports")
    }

    @Test func headingSlugsComeFromPlainTextAndRepeatDeterministically() throws {
        let (_, writer) = build(["docs/x.md": "# Heading <img src=x onerror=alert(1)>\n\n## Heading\n\n## Heading\n\n## ***\n\n## `code` *and* text\n"])
        let page = try #require(writer.text("docs/x.html"))
        #expect(page.contains(##"id="heading""##) && page.contains(##"id="heading-1""##) && page.contains(##"id="heading-2""##))
        #expect(page.contains(##"id="code-and-text""##))
        #expect(!page.contains("onerror=alert"))
    }

    /// libcmark 0.30's known slow inputs (bad-inputs.md G07): each renders at once or is refused
    /// with an error, and the rest of the site still builds.
    @Test(arguments: [
        ("brackets", String(repeating: "![[]()", count: 40_000)),
        ("lists", String(repeating: "- ", count: 10_000) + "x" + String(repeating: "\n", count: 10_000)),
        ("quotes", String(repeating: ">", count: 50_000) + String(repeating: "a*", count: 50_000)),
        ("nested", String(repeating: "[", count: 25_000) + "a" + String(repeating: "]", count: 25_000)),
        ("quote-a", String(repeating: "> ", count: 25_000) + "a"),
        ("emphasis", String(repeating: "*a **a ", count: 32_500) + "b" + String(repeating: " a** a*", count: 32_500)),
    ])
    func pathologicalDocumentsAreRefusedOrRenderedQuickly(name: String, markdown: String) throws {
        let started = Date()
        let (report, writer) = build(["docs/\(name).md": markdown])
        #expect(Date().timeIntervalSince(started) < 10, "a hang guard, not a timing test")
        #expect(writer.text("screens/payloads/home.html") != nil)
        let page = try #require(writer.text("docs/\(name).html"))
        if page.contains(#"<p class="v-failed">Not rendered: document "#) {
            #expect(report.diagnostics.contains { $0.file == "docs/\(name).md" && $0.severity == .error && $0.message.contains("not rendered") })
        }
        // Emphasis, and brackets that open no image (libcmark 0.30 draws 25,000 nested in 0.01 s), are drawn.
        if !["emphasis", "nested"].contains(name) { #expect(page.contains(#"<p class="v-failed">Not rendered: document "#), "\(name) should be refused") }
    }

    /// Long rules and heading underlines are not nesting: they render (a review found them refused).
    @Test(arguments: [
        "Title\n" + String(repeating: "-", count: 250) + "\n",
        String(repeating: "*", count: 250) + "\n\ntext\n",
        String(repeating: "- ", count: 250) + "\n",
        "**" + String(repeating: "a", count: 10) + "**\n",
        String(repeating: "- ", count: 250) + "\r\n",  // CRLF
        "1. One\n2) Two\n10. Ten\n",
    ])
    func longRulesAndUnderlinesAreNotNesting(markdown: String) {
        #expect(MarkdownPathology.problem(Array(markdown.utf8)) == nil)
        #expect(MarkdownPathology.problem(Array((String(repeating: "- ", count: 250) + "x").utf8))
                == "document nests lists or quotes 250 levels deep on one line (the limit is \(MarkdownPathology.maxNesting))")
        #expect(MarkdownPathology.problem(Array((String(repeating: "> - ", count: 101) + "x").utf8)) != nil, "a quote and a list, 202 deep")
        // `+` never makes a rule, and ordered lists nest as bullets do (a review found both let through).
        #expect(MarkdownPathology.problem(Array((String(repeating: "+ ", count: 250) + String(repeating: "\n", count: 250)).utf8)) != nil)
        #expect(MarkdownPathology.problem(Array((String(repeating: "1. ", count: 250) + "x").utf8)) != nil)
        #expect(MarkdownPathology.problem(Array((String(repeating: "2) ", count: 250) + "x").utf8)) != nil)
        #expect(MarkdownPathology.problem(Array((String(repeating: "> -", count: 201) + " x").utf8)) == nil, "no space after the dash: not a list")
        // Nor through a lone CR, a BOM, depth built over indented lines, or many lines below (a review's finds).
        #expect(MarkdownPathology.problem(Array(("x\r" + String(repeating: "- ", count: 250) + "x").utf8)) != nil)
        #expect(MarkdownPathology.problem([0xEF, 0xBB, 0xBF] + Array((String(repeating: "- ", count: 250) + "x").utf8)) != nil)
        let indented = (0..<5).map { String(repeating: " ", count: 400 * $0) + String(repeating: "- ", count: 100) + "x\n" }.joined()
        #expect(MarkdownPathology.problem(Array(indented.utf8)) != nil)
        #expect(MarkdownPathology.problem(Array((String(repeating: "- ", count: 200) + "x" + String(repeating: "\n", count: 300_000)).utf8))?
                .hasPrefix("document nests lists or quotes 200 levels deep above 300001 lines") == true)
        // A JSON sample of 30,000 `[` renders: brackets that open no image are not slow.
        let sample = "# Sample\n\n```json\n" + String(repeating: "[", count: 30_000) + "\n```\n"
        #expect(MarkdownPathology.problem(Array(sample.utf8)) == nil)
    }

    /// `a.MD` beside `a.md` makes the same page: the `.md` one keeps it and the other is an error
    /// (one was silently lost, and the sidebar listed both).
    @Test func twoDocsOfOnePageKeepTheOneSpeltMd() throws {
        let (report, writer) = build(["docs/a.md": "# Kept\n", "docs/a.MD": "# Lost\n"])
        #expect(report.diagnostics.map { "\($0.file) \($0.severity) \($0.message)" }
                == ["docs/a.MD error makes the same page as docs/a.md, docs/a.html (only the extension's case differs), so this one is skipped: rename one"])
        let page = try #require(writer.text("docs/a.html"))
        #expect(page.contains("<title>Kept — Vitrine</title>") && !page.contains("Lost"))
    }

    /// A doc's title is its first `#` heading with text, else its highest heading, else its file's
    /// name (an empty `#` gave an empty <title> and sidebar link; `##` headings alone were passed over).
    @Test func aDocsTitleIsItsFirstHeadingWithText() throws {
        let (_, writer) = build(["docs/empty-heading.md": "#\n\ntext\n", "docs/second.md": "text\n\n### Third\n\n## Only second\n"])
        #expect(writer.text("docs/empty-heading.html")?.contains("<title>Empty heading — Vitrine</title>") == true)
        #expect(writer.text("docs/second.html")?.contains("<title>Only second — Vitrine</title>") == true)
    }

    /// Nesting and image brackets count wherever they are: what only looks like a fence to a line
    /// scan, or an HTML block, or a fence in a list item, hid them from an earlier scan (two
    /// reviews' finds, each taking libcmark from seconds to minutes). Brackets that are not
    /// images (a JSON sample's), escaped or in fenced code, are not slow, and pass.
    @Test func nestingAndImageBracketsCountWhereverTheyAre() {
        let deep = String(repeating: "- ", count: 300) + "q\n"
        let images = String(repeating: "![[]()", count: 40_000)
        for opening in ["```json\n", "```x`y\n", "- a\n\n  ```\nx\n\n", "  ```\nx\n  ```\n", "<div>\n```\n", "<!--\n```-->\n",
                        "<https://example.com>\n```\n\n```\n", "<div>\n>\n```\n\n", "````\n```\n````\n", "~~~ `x`\n"] {
            #expect(MarkdownPathology.problem(Array(("# F\n\n" + opening + deep).utf8))?.hasPrefix("document nests lists or quotes 300 levels deep") == true,
                    "\(opening)")
            #expect(MarkdownPathology.problem(Array(("# F\n\n" + opening + images).utf8))
                    == "document has 40000 image openers (`![`) and 40000 closing brackets (their product is limited to 400000000)", "\(opening)")
        }
        let sample = "# Sample\n\n```json\n" + String(repeating: "[", count: 30_000) + String(repeating: "]", count: 30_000) + "\n```\n\n"
            + String(repeating: "\\![x] ", count: 30_000) + "\n"
        #expect(MarkdownPathology.problem(Array(sample.utf8)) == nil)
    }

    /// Repeated headings and many links on one line render in linear time (a review's finds:
    /// 40,000 `#` lines took 149 s, 20,000 links on one line 21 s).
    @Test func repeatedHeadingsAndLongLinesOfLinksRenderQuickly() throws {
        let started = Date()
        let (report, writer) = build(["docs/headings.md": String(repeating: "#\n", count: 40_000) + "## Main\n## v-docs\n## Vitrine live errors\n",
                                 "docs/links.md": "# Links\n\n" + String(repeating: "[x](https://e.example) aaaa ", count: 19_000) + "[last](nowhere.md)\n"])
        #expect(Date().timeIntervalSince(started) < 30, "a hang guard, not a timing test")
        let page = try #require(writer.text("docs/headings.html"))
        #expect(page.contains(##"id="section-39999""##))
        // The page's own ids are never a heading's.
        #expect(page.contains(##"id="main-1""##) && page.contains(##"id="v-docs-1""##))
        #expect(page.contains(##"id="vitrine-live-errors-1""##), "serve's error overlay is found by its id")
        #expect(report.diagnostics.filter { $0.file == "docs/links.md" }.map { "\($0.location?.description ?? "") \($0.message)" } == ["3:532001 link to docs/nowhere.md, which is not in the input"])
    }

    @Test func aGitHubTableIsAWarningWithItsLine() throws {
        let (report, _) = build(["docs/tokens.md": "# Tokens\n\n| Token | Light |\n|---|---|\n| a | b |\n"])
        let warning = try #require(report.diagnostics.first { $0.file == "docs/tokens.md" })
        #expect(warning.severity == .warning && warning.location?.line == 3)
        #expect(warning.message == "a GitHub-style table, which CommonMark does not have: it is drawn as lines of text")
    }

    /// A document without headings is titled on its page by its file's name, as in the sidebar;
    /// a heading without text is left out of the contents (a link without a name); lines written
    /// inside an embed's block, which are not shown, are a warning.
    @Test func aDocumentWithoutHeadingsAnEmptyHeadingAndAFilledEmbed() throws {
        let (report, writer) = build(["docs/no-heading.md": "Just words.\n",
                                      "docs/odd.md": "# Odd\n\n## \n\n## Real\n\n## More\n\n```vitrine-screen payloads/home.json\nthe home screen\n```\n"])
        let plain = try #require(writer.text("docs/no-heading.html"))
        #expect(plain.contains("<h1>No heading</h1>"))
        let odd = try #require(writer.text("docs/odd.html"))
        #expect(odd.components(separatedBy: "<h1").count == 2, "its own title only")
        #expect(odd.contains(##"<li class="v-toc-2"><a href="#real">Real</a></li>"##))
        #expect(!odd.contains(#"></a></li>"#), "no empty link in the contents")
        #expect(report.diagnostics.map(SceneFixture.format) == [
            "9:1: warning: the lines inside a vitrine-screen block are not shown: the block draws the screen its fence names; write text outside the block",
        ])
    }

    /// A folder's README is where it opens, from the sidebar and from a link to the folder alike
    /// (the sidebar opened the first document in reading order).
    @Test func aFoldersReadmeIsWhereItOpens() throws {
        let (report, writer) = build(["docs/index.md": "# Start\n[the guide](guide/)\n", "docs/guide/README.md": "# Guide\n",
                                      "docs/guide/anchors.md": "# Anchors\n"])
        let start = try #require(writer.text("docs/index.html"))
        #expect(start.contains(#"<li class="v-doc-folder"><a href="../docs/guide/README.html">guide/ (2)</a></li>"#), "\(start)")
        #expect(start.contains(#"<a href="../docs/guide/README.html">the guide</a>"#))
        #expect(report.diagnostics.isEmpty)
    }

    @Test func theSidebarListsEveryDocumentAndMarksTheCurrentOne() throws {
        let (_, writer) = build(["docs/index.md": "# Start\n", "docs/more/deep.md": "# Deep\n[back](../index.md)",
                                 "docs/guides/a.md": "# A\n", "docs/guides/b.md": "# B\n"])
        let deep = try #require(writer.text("docs/more/deep.html"))
        #expect(deep.contains(#"<li><a href="../../docs/index.html">Start</a></li>"#))
        #expect(deep.contains(#"<li><a href="../../docs/more/deep.html" aria-current="page">Deep</a></li>"#))
        #expect(deep.contains(#"<a href="../../docs/index.html">back</a>"#))
        // Another folder is one link to its first document, not a list of all of them.
        let start = try #require(writer.text("docs/index.html"))
        // One of several documents, it counts them; the only one, it names it.
        #expect(start.contains(#"<li class="v-doc-folder"><a href="../docs/guides/a.html">guides/ (2)</a></li>"#))
        #expect(start.contains(#"<li class="v-doc-folder"><a href="../docs/more/deep.html">more/ · Deep</a></li>"#))
        #expect(!start.contains(">Deep</a>") && !start.contains(">A</a>"))
        #expect(writer.text("payloads/home.json") == nil)
        #expect(writer.text("screens/payloads/home.html")?.contains(#"<a href="../../docs/index.html">Docs</a>"#) == true)
    }

    /// Numbered documents follow their numbers, and case does not part them (in byte order,
    /// `10-faq` came before `2-setup`, and `Zebra` before `apple`).
    @Test func theSidebarIsInReadingOrder() throws {
        let names = ["10-faq", "2-setup", "1-intro", "Zebra", "apple", "02-setup"]
        let (_, writer) = build(Dictionary(uniqueKeysWithValues: names.map { ("docs/\($0).md", "# \($0)\n") }))
        let page = try #require(writer.text("docs/apple.html"))
        let listed = names.compactMap { name in page.range(of: ">\(name)</a>").map { (name, $0.lowerBound) } }.sorted { $0.1 < $1.1 }.map(\.0)
        #expect(listed == ["1-intro", "02-setup", "2-setup", "10-faq", "apple", "Zebra"])
        #expect(DocPages.readingOrder("a2b", "a10") && !DocPages.readingOrder("a10", "a2b") && DocPages.readingOrder("a", "a1"))
    }

    @Test(arguments: [
        ("<script>alert(1)</script>\n", "<!-- raw HTML omitted -->"),
        ("<img src=x onerror=alert(1)>\n", "<!-- raw HTML omitted -->"),
        ("Text <b onclick=\"x\">bold</b>\n", "<!-- raw HTML omitted -->"),
        ("[click](javascript:alert(1))\n", #"<a href="">click</a>"#),
        ("[click](JAVASCRIPT:alert(1))\n", #"<a href="">click</a>"#),
        ("![x](data:text/html;base64,PHNjcmlwdD4=)\n", #"<img src="" alt="x" />"#),
        ("x <img src=x onerror=alert(1)> y\n", "<!-- raw HTML omitted -->"),
        ("<details open ontoggle=alert(1)>\n", "<!-- raw HTML omitted -->"),
        ("[a](&#106;avascript:alert(1))\n", #"<a href="">a</a>"#),
        ("<javascript:alert(1)>\n", #"<a href="">javascript:alert(1)</a>"#),
        ("[d](vbscript:x)\n", #"<a href="">d</a>"#),
        ("[b](file:///etc/passwd)\n", #"<a href="">b</a>"#),
        ("[c](data:text/html,x)\n", #"<a href="">c</a>"#),
        ("[t](http://x \"a\\\" onmouseover=\\\"alert(1)\")\n", #"title="a&quot; onmouseover=&quot;alert(1)""#),
        ("```\"><script>alert(1)</script>\nx\n```\n", #"<code class="language-&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">"#),
    ])
    func rawHTMLAndScriptLinksAreSuppressed(markdown: String, expected: String) throws {
        let (_, writer) = build(["docs/x.md": markdown])
        let article = article(try #require(writer.text("docs/x.html")))
        #expect(article.contains(expected), "\(article)")
        #expect(!article.contains("<script") && !article.contains("onerror=") && !article.contains("onclick=") 
                && !article.lowercased().contains("=\"javascript:") && !article.lowercased().contains("=\"vbscript:"))
    }

    /// A broken link is warned at its line and column, the column counted in scalars as every
    /// column Vitrine prints (libcmark counts bytes: `Ünd` is 4 of them).
    @Test func linksToPayloadsBecomeScreenPagesAndBrokenOnesAreWarnedWhereTheyAre() throws {
        let (report, writer) = build(["docs/x.md": "# X\n\nSee [home](../payloads/home.json).\n\nÜnd [gone](../payloads/gone.json)."])
        let page = try #require(writer.text("docs/x.html"))
        #expect(page.contains(#"<a href="../screens/payloads/home.html">home</a>"#))
        #expect(page.contains(#"<a href="../payloads/gone.json">gone</a>"#))
        #expect(report.diagnostics.map { "\($0.file) \(SceneFixture.format($0))" } == ["docs/x.md 5:5: warning: link to payloads/gone.json, which is not in the input"])
    }

    /// A doc's page lists its own problems, as a screen's page does, named by line and column
    /// (they were only printed and in index.json); another doc's are not on it.
    @Test func aDocsPageListsItsOwnDiagnostics() throws {
        let (_, writer) = build(["docs/x.md": "# X\n\n[gone](../payloads/gone.json) and [y](y.md#nope)\n", "docs/y.md": "# Y\n\n[self](#none)\n"])
        let x = try #require(writer.text("docs/x.html")), y = try #require(writer.text("docs/y.html"))
        #expect(x.contains(#"<li class="v-warning"><span class="v-at">docs/x.md:3:1</span> <strong>warning</strong> link to payloads/gone.json, which is not in the input</li>"#), "\(x)")
        #expect(x.contains(#"<span class="v-at">docs/x.md:3:35</span> <strong>warning</strong> link to #nope, which no heading of docs/y.md has</li>"#))
        #expect(y.contains("link to #none, which no heading has") && !y.contains("gone.json"))
    }

    @Test func aVitrineScreenBlockEmbedsTheLiveRender() throws {
        let (report, writer) = build(["docs/x.md": "# X\n\n```vitrine-screen payloads/home.json\n```\n\n```vitrine-screen payloads/none.json\n```\n\n```json\n{}\n```\n"])
        let page = try #require(writer.text("docs/x.html"))
        #expect(page.contains(#"<figure class="v-embed"><div class="v-device""#))
        #expect(page.contains("Hello from the screen") && page.contains(#"data-v-path="/container/views/0/component""#))
        #expect(page.contains(#"<a href="../screens/payloads/home.html">Home</a> <code>payloads/home.json</code></figcaption>"#))
        #expect(page.contains("<pre><code class=\"language-json\">{}"))
        let missing = "vitrine-screen payloads/none.json: not drawn: no payload file has that path, from the input folder (or from the document&#39;s, written with ./ or ../)"
        #expect(page.contains(#"<p class="v-embed-missing">"# + missing + "</p>"))
        #expect(report.diagnostics.map(SceneFixture.format) == ["6:1: warning: " + missing.replacingOccurrences(of: "&#39;", with: "'")])
        // A path without its `.json` names the payload that has it.
        let bare = build(["docs/x.md": "```vitrine-screen payloads/home\n```\n"]).0
        #expect(bare.diagnostics.map(SceneFixture.format) == ["1:1: warning: vitrine-screen payloads/home: not drawn: no payload file has that path; did you mean payloads/home.json?"])
    }

    /// The fence's words may be apart by a tab and `vitrine-screen` in capitals (both were code,
    /// silently); a block naming no payload says how to name one; in a note, the block is code,
    /// with a warning (it was code, silently).
    @Test func aVitrineScreenFenceIsReadLooselyAndSaysWhatItLacks() throws {
        let (report, writer) = build(["docs/x.md": "# X\n\n```vitrine-screen\tpayloads/home.json\n```\n\n```VITRINE-SCREEN payloads/home.json\n```\n\n```vitrine-screen\n```\n",
                                      "payloads/home.md": "Seen in:\n\n```vitrine-screen payloads/home.json\n```\n"])
        let page = try #require(writer.text("docs/x.html"))
        #expect(page.components(separatedBy: #"<figure class="v-embed">"#).count == 3)
        #expect(report.diagnostics.map { "\($0.file) \(SceneFixture.format($0))" } == [
            "docs/x.md 9:1: warning: vitrine-screen: not drawn: the block names no payload: write its path after vitrine-screen, on the fence's line",
            "payloads/home.md 3:1: warning: a vitrine-screen block is drawn on a page under docs/, not in a note; shown as code",
        ])
    }

    /// A path from the document's folder (`../`, as a link's) is read as such; a screen with a
    /// navigation bar is drawn with it, as on its page; a screen left out says why.
    @Test func anEmbedPathMayStartFromTheDocumentAndSaysWhyAScreenIsMissing() throws {
        let (report, writer) = build([
            "docs/guide/x.md": "```vitrine-screen ../../payloads/bar.json\n```\n\n```vitrine-screen ../payloads/bar.json\n```\n\n```vitrine-screen payloads/old.json\n```\n",
            "payloads/bar.json": #"{"hasNavigationBar":true,"container":{"componentId":"r","layout":{"type":"v","alignment":"leading"},"views":[]}}"#,
            "payloads/old.json": CatalogueBuildTests.text("o", "Old"), "vitrine.json": #"{"exclude": ["payloads/old.json"]}"#,
        ])
        let page = try #require(writer.text("docs/guide/x.html"))
        #expect(page.contains(#"<div class="v-screen"><div class="v-navbar"><span>Bar</span></div>"#))
        #expect(report.diagnostics.map(SceneFixture.format) == [
            "4:1: warning: vitrine-screen ../payloads/bar.json: not drawn: no payload file is at docs/payloads/bar.json, from the document's folder",
            "7:1: warning: vitrine-screen payloads/old.json: not drawn: `exclude` in vitrine.json leaves it out of the site",
        ])
    }

    /// A payload that is not drawn says why, as its first error (it said "could not be read or
    /// decoded" of a screen refused by `limits.nodes`).
    @Test func anEmbedOfAScreenNotDrawnGivesItsError() throws {
        let (report, _) = build([
            "docs/x.md": "```vitrine-screen payloads/big.json\n```\n",
            "payloads/big.json": CatalogueBuildTests.text("b", "Big"), "vitrine.json": #"{"limits": {"nodes": 1}}"#,
        ])
        let embed = report.diagnostics.filter { $0.file == "docs/x.md" }.map(SceneFixture.format)
        #expect(embed == ["1:1: warning: vitrine-screen payloads/big.json: not drawn: screen has more than 1 view nodes (2 in all; limits.nodes in vitrine.json) "
                          + "(see its page)"], "\(embed)")
    }

    /// Embeds are bounded per document: 300 blocks of one large screen made a page of 578 MB.
    @Test func aDocumentEmbedsABoundedNumberOfScreens() throws {
        // A block that draws nothing does not count: the first one here.
        let blocks = "```vitrine-screen payloads/none.json\n```\n"
            + String(repeating: "```vitrine-screen payloads/home.json\n```\n", count: DocPages.embedLimits.count + 2)
        let (report, writer) = build(["docs/x.md": blocks])
        let page = try #require(writer.text("docs/x.html"))
        #expect(page.components(separatedBy: #"<figure class="v-embed">"#).count - 1 == DocPages.embedLimits.count)
        let message = "vitrine-screen payloads/home.json: not drawn: a document draws at most 32 screens, and none after 16 MiB of them"
        #expect(Array(report.diagnostics.map(SceneFixture.format).dropFirst()) == [67, 69].map { "\($0):1: warning: " + message })
    }

    @Test func twoEmbedsOnOnePageKeepTheirStylesApart() throws {
        let styled = SceneFixture.scene(#"{"type":"text","component":{"componentId":"t","text":"Big","font":{"fontName":"A-Bold","fontSize":40}}}"#)
        var files = ["docs/x.md": "```vitrine-screen payloads/home.json\n```\n```vitrine-screen payloads/big.json\n```\n"]
        files["payloads/big.json"] = styled
        let (_, writer) = build(files)
        let page = try #require(writer.text("docs/x.html"))
        #expect(page.contains(".e1s1{") && page.contains("font-size:calc(40px") && !page.contains(".s0{"))
        // Each figure uses only its own classes, and each class is defined once.
        let figures = page.components(separatedBy: #"<figure class="v-embed">"#).dropFirst().map { $0.components(separatedBy: "</figure>")[0] }
        #expect(figures.count == 2)
        for (index, figure) in figures.enumerated() {
            let used = Set(try Self.matches(of: #"\be[0-9]+s[0-9]+\b"#, in: figure))
            #expect(!used.isEmpty && used.allSatisfy { $0.hasPrefix("e\(index)s") }, "figure \(index) uses \(used.sorted())")
        }
        let defined = try Self.matches(of: #"\.e[0-9]+s[0-9]+\{"#, in: page)
        #expect(!defined.isEmpty && Set(defined).count == defined.count, "\(defined)")
    }

    private static func matches(of pattern: String, in text: String) throws -> [String] {
        try NSRegularExpression(pattern: pattern).matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { Range($0.range, in: text).map { String(text[$0]) } }
    }

    @Test func aOneMebibyteDocumentRendersAndALargerOneThanTheLimitIsAnError() throws {
        let paragraph = String(repeating: "word ", count: 200) + "\n\n"
        let big = String(repeating: paragraph, count: (1 << 20) / paragraph.utf8.count + 1)
        let limit = Limits().docSizeMiB << 20
        let tooBig = String(repeating: "x", count: limit + 1)
        let started = Date()
        let (report, writer) = build(["docs/big.md": big, "docs/huge.md": tooBig])
        #expect(Date().timeIntervalSince(started) < 30, "a 1 MiB document must not take long")  // a hang guard, not a timing test
        #expect(writer.text("docs/big.html")?.contains("<p>word word") == true)
        #expect(writer.text("docs/huge.html")?.contains(#"<p class="v-failed">Not rendered: document is \#(limit + 1) bytes, over the 2 MiB limit (limits.docSizeMiB in vitrine.json)</p>"#) == true)
        #expect(report.diagnostics.map(\.message) == ["document is \(limit + 1) bytes, over the 2 MiB limit (limits.docSizeMiB in vitrine.json); not rendered"])
    }

    @Test func invalidUTF8BecomesReplacementCharacters() throws {
        let input = MemoryInput(["docs/x.md": ""])
        var bytes = input.files
        bytes["docs/x.md"] = Array("# Caf".utf8) + [0xE9, 0x0A, 0xFF, 0xFE] + Array(" text\n".utf8)
        let source = BytesInput(files: bytes)
        let writer = MemorySiteWriter()
        _ = BuildPipeline(listing: input.listing, source: source, writer: writer, theme: BuildPipelineTests.theme).run()
        let page = try #require(writer.text("docs/x.html"))
        #expect(page.contains("Caf\u{FFFD}</h1>") && page.contains("\u{FFFD}\u{FFFD} text"))
    }
}

/// An input of raw bytes, for files that are not valid UTF-8.
private struct BytesInput: InputSource {
    let files: [String: [UInt8]]

    func read(_ path: String) throws(FileReader.Failure) -> [UInt8] {
        guard let bytes = files[path] else { throw FileReader.Failure(message: "no such file") }
        return bytes
    }
}
