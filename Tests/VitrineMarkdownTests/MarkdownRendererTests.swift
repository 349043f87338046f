import Testing
import VitrineMarkdown

@Suite struct MarkdownRendererTests {
    @Test func linksAgainstLibcmark() {
        #expect(MarkdownRenderer.libraryVersion.split(separator: ".").count == 3)
    }

    @Test func rendersCommonMark() {
        #expect(MarkdownRenderer.html(from: "# Title\n\nSome *text*.")
            == "<h1><a class=\"v-anchor\" id=\"title\" href=\"#title\" aria-hidden=\"true\" tabindex=\"-1\">#</a> Title</h1>\n<p>Some <em>text</em>.</p>\n")
    }

    /// Hooks hear where a link starts: its line (CRLF and CR end lines as LF does) and its
    /// column in scalars, a tab one of them.
    @Test func linksAreLocatedByLineAndScalarColumn() {
        var positions: [String: MarkdownRenderer.Position] = [:]
        let hooks = MarkdownRenderer.Hooks(link: { url, at in
            positions[url] = at
            return nil
        })
        _ = MarkdownRenderer.render(Array("# T\r\n\r\nx\t[a](a.md) é [b](b.md)\rx [c](c.md)\n".utf8), hooks: hooks)
        #expect(positions["a.md"] == MarkdownRenderer.Position(line: 3, column: 3))
        #expect(positions["b.md"] == MarkdownRenderer.Position(line: 3, column: 15))
        #expect(positions["c.md"] == MarkdownRenderer.Position(line: 4, column: 3))
    }

    /// libcmark counts a paragraph's inline lines from its first, where link reference
    /// definitions stood (a review saw `1:4 1:8 1:9` for links at `2:4 2:8 2:12`).
    @Test func linksAfterReferenceDefinitionsAreOnTheirOwnLines() {
        var positions: [MarkdownRenderer.Position] = []
        let hooks = MarkdownRenderer.Hooks(link: { _, at in
            positions.append(at)
            return nil
        })
        _ = MarkdownRenderer.render(Array("[x]: /u\n[y]: /v\nab [x] [y] [x]\n*em [y]*\n\npara [z](/z)\n".utf8), hooks: hooks)
        #expect(positions == [(3, 4), (3, 8), (3, 12), (4, 5), (6, 6)].map { MarkdownRenderer.Position(line: $0, column: $1) }, "\(positions)")
    }

    /// Prose is printed as written, as GitHub prints it: a flag stays copyable and quotes stay straight.
    @Test func punctuationIsKeptAsWritten() {
        #expect(MarkdownRenderer.html(from: "Run vitrine build --force -- then \"it's\" done...")
            == "<p>Run vitrine build --force -- then &quot;it's&quot; done...</p>\n")
    }

    /// Headings in any script get their words as anchors, as GitHub gives them, so a link to
    /// `#설치-방법` works; marks, quotes and bidi controls are left out.
    @Test(arguments: [
        ("## 설치 방법", "설치-방법"),
        ("## Kurulum adımları", "kurulum-adımları"),
        ("## Café \"naïve\" \u{202E}x", "café-naïve-x"),
        ("## Payload formats", "payload-formats"),
        ("## !!!", "section"),
        // A heading that starts with U+0338 (found by FuzzMarkdown): the mark stays a mark, never a quote.
        ("## \u{338}e demo's \"x\"", "\u{338}e-demos-x"),
    ])
    func headingAnchorsKeepLettersOfEveryScript(markdown: String, anchor: String) {
        #expect(MarkdownRenderer.html(from: markdown).contains("id=\"\(anchor)\" href=\"#\(anchor)\""))
    }

    @Test(arguments: [
        ("<script>alert(1)</script>", "<!-- raw HTML omitted -->"),
        ("[a](javascript:alert(1))", "href=\"\""),
        ("[a](JaVaScRiPt:alert(1))", "href=\"\""),
    ])
    func staysInSafeMode(input: String, expected: String) {
        let html = MarkdownRenderer.html(from: input)
        #expect(html.contains(expected))
        #expect(!html.contains("<script"))
    }
}
