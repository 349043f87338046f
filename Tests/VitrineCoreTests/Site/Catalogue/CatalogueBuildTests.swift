import Foundation
import Testing
@testable import VitrineCore

/// The catalogue around the screens, built in memory: configuration keys, the index and its
/// search data, previous/next, notes and the gallery.
@Suite struct CatalogueBuildTests {
    static func text(_ id: String, _ text: String) -> String {
        SceneFixture.scene(#"{"type":"text","component":{"componentId":"\#(id)","text":"\#(text)"}}"#)
    }

    func build(_ files: [String: String]) -> (BuildReport, MemorySiteWriter) {
        let input = MemoryInput(files)
        let writer = MemorySiteWriter()
        return (BuildPipeline(listing: input.listing, source: input, writer: writer, theme: BuildPipelineTests.theme).run(), writer)
    }

    /// The JSON of a theme kept in the input, as publishing.md advises, is the theme's: not a
    /// payload that fails to be one (it was an unknown format, and a card of the index).
    @Test func aThemeInTheInputHoldsNoPayloads() throws {
        var theme = BuildPipelineTests.theme
        theme.inputFolder = "themes/shop"
        let input = MemoryInput(["a.json": Self.text("a", "A"), "themes/shop/tokens.json": ##"{"accent": "#f00"}"##,
                                 "themes/shopping/b.json": Self.text("b", "B")])
        let writer = MemorySiteWriter()
        let report = BuildPipeline(listing: input.listing, source: input, writer: writer, theme: theme).run()
        #expect(report.screens.map(\.payload) == ["a.json", "themes/shopping/b.json"])
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.message))")
    }

    /// A designer's review: the text sizes were "Small, Default, Large, Extra large", and "Large"
    /// (1.18) was none of iOS's. They are now iOS's Dynamic Type sizes by iOS's names, each the
    /// body style's points (which a payload's custom fonts follow) over its default, 17.
    @Test func textSizesAreIOSDynamicTypeSizes() throws {
        let (_, writer) = build(["a.json": Self.text("a", "A")])
        let page = try #require(writer.text("screens/a.html"))
        let control = try #require(page.components(separatedBy: #"data-v-control="font-scale">"#).dropFirst().first?.components(separatedBy: "</select>").first)
        let options = control.components(separatedBy: "<option value=\"").dropFirst().map { option in
            (value: Double(option.prefix { $0 != "\"" }) ?? 0, name: String(option.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" }))
        }
        let body: [(String, Double)] = [("xSmall", 14), ("Small", 15), ("Medium", 16), ("Large (default)", 17), ("xLarge", 19), ("xxLarge", 21),
                                        ("xxxLarge", 23), ("AX1", 28), ("AX2", 33), ("AX3", 40), ("AX4", 47), ("AX5", 53)]
        #expect(options.map(\.name) == body.map(\.0))
        #expect(zip(options, body).allSatisfy { abs($0.value - $1.1 / 17) < 0.005 }, "\(options)")
        #expect(control.contains(#"<option value="1" selected>"#) && control.contains(#"<optgroup label="Accessibility sizes">"#))
    }

    /// Specimens are drawn on the site's first device, as its screens open (they stayed 390 pt
    /// on a site of 375 pt devices).
    @Test func gallerySpecimensAreDrawnOnTheSitesFirstDevice() throws {
        let (_, writer) = build(["a.json": Self.text("a", "A"), "vitrine.json": #"{"devices": [{"name": "SE", "width": 375, "height": 667}]}"#])
        let page = try #require(writer.text("gallery/text.html"))
        #expect(page.contains(".v-specimen-stage{--v-device-width:375px}") && page.contains("-room{width:375px}"))
    }

    /// A gallery review: five of eleven `container.v` specimens were whole screens, and some
    /// were drawn twice. A screen's root is a specimen only when no other instance is sampled,
    /// and an instance drawn as one before it is not drawn again.
    @Test func gallerySpecimensLeaveOutWholeScreensAndRepeats() throws {
        let nested = SceneFixture.scene(#"{"type":"container","component":{"componentId":"card","layout":{"type":"v","alignment":"leading"},"views":["#
                                        + #"{"type":"text","component":{"componentId":"same","text":"Same"}}]}}"#)
        let (_, writer) = build(["a.json": Self.text("same", "Same"), "b.json": Self.text("same", "Same"), "c.json": nested])
        let specimens = { (page: String) in (writer.text(page) ?? "").components(separatedBy: #"<figure class="v-specimen">"#).count - 1 }
        #expect(specimens("gallery/text.html") == 1, "three texts drawn alike")
        #expect(specimens("gallery/container.v.html") == 1 && writer.text("gallery/container.v.html")?.contains("<code>/container/views/0/component</code>") == true,
                "the nested container, not the three roots")
        let (_, roots) = build(["a.json": Self.text("a", "A")])
        #expect((roots.text("gallery/container.v.html") ?? "").contains("<code>/container</code>"), "a root when there is nothing else")
    }

    /// An SVG that could run script when opened by itself is not copied, with a warning, as an
    /// `.html` is not (a review ran one under `docs/` at the site's address); a plain one is.
    @Test func anSVGThatCouldRunScriptIsNotCopied() throws {
        let plain = #"<svg xmlns="http://www.w3.org/2000/svg" fill="none" opacity="0.5"><path d="M0 0h4"/></svg>"#
        let (report, writer) = build([
            "a.json": Self.text("a", "A"), "assets/plain.svg": plain, "docs/plain.svg": plain, "docs/a.svgz": "x",
            "docs/f/j.svg": #"<svg xmlns="http://www.w3.org/2000/svg"><SCRIPT>alert(1)</SCRIPT></svg>"#,
            "assets/handler.svg": #"<svg xmlns="http://www.w3.org/2000/svg"><rect onload ="alert(1)"/></svg>"#,
            "assets/link.svg": #"<svg xmlns="http://www.w3.org/2000/svg"><a href="JavaScript:alert(1)"><rect/></a></svg>"#,
            // What a review slipped past the first check: a prefixed element, a character reference, an entity.
            "assets/prefixed.svg": #"<svg xmlns="http://www.w3.org/2000/svg"><x:script xmlns:x="http://www.w3.org/2000/svg">alert(1)</x:script></svg>"#,
            "assets/reference.svg": #"<svg xmlns="http://www.w3.org/2000/svg"><a href="&#106;avascript:alert(1)"><rect/></a></svg>"#,
            "assets/entity.svg": #"<!DOCTYPE svg [<!ENTITY s "&#60;script>alert(1)&#60;/script>">]><svg xmlns="http://www.w3.org/2000/svg">&s;</svg>"#,
            // A second review: an SVG that is its own XSLT stylesheet, which writes a script; an attribute a DTD gives by default.
            "assets/xslt.svg": #"<?xml-stylesheet type="text/xsl" href="xslt.svg"?><xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"/>"#,
            "docs/default.svg": #"<!DOCTYPE svg [<!ATTLIST svg xmlns CDATA "http://www.w3.org/2000/svg">]><svg/>"#,
        ])
        #expect(writer.text("assets/plain.svg") == plain && writer.text("docs/plain.svg") == plain)
        let refused = ["assets/entity.svg", "assets/handler.svg", "assets/link.svg", "assets/prefixed.svg", "assets/reference.svg", "assets/xslt.svg",
                       "docs/a.svgz", "docs/default.svg", "docs/f/j.svg"]
        for path in refused { #expect(writer.files[path] == nil, "\(path)") }
        #expect(report.diagnostics.map(\.file).sorted() == refused)
        #expect(report.diagnostics.allSatisfy { $0.severity == .warning && $0.message.hasPrefix("not copied into the site") })
    }

    @Test func excludedPayloadsAreNotReadAndHiddenOnesAreBuiltButNotListed() throws {
        let (report, writer) = build([
            "a.json": Self.text("a", "Alpha"), "drafts/b.json": "{broken", "d.json": Self.text("d", "Delta"),
            "c.json": SceneFixture.scene(#"{"type":"text","component":{"componentId":"c","text":"Gamma"}},{"type":"spacer","component":{"componentId":"s"}}"#),
            "vitrine.json": #"{"exclude": ["drafts/**"], "hidden": ["c.json"]}"#,
        ])
        #expect(report.errorCount == 0)
        #expect(report.screens.map(\.payload) == ["a.json", "c.json", "d.json"])
        #expect(writer.files["screens/drafts/b.html"] == nil)
        #expect(writer.files["screens/c.html"] != nil)
        let index = try #require(writer.text("index.html"))
        #expect(index.contains(">Alpha<") == false && index.contains(">A</a>") && !index.contains(">C</a>") && index.contains(">D</a>"))
        let data = try #require(writer.text("catalogue/screens.js"))
        #expect(data.contains("\"a.json\"") && !data.contains("\"c.json\"") && data.contains("Delta"))
        // Previous/next skip the hidden screen; the hidden one links nowhere.
        #expect(writer.text("screens/a.html")?.contains(#"<a rel="next" href="../screens/d.html">D →</a>"#) == true)
        #expect(writer.text("screens/c.html")?.contains("rel=\"next\"") == false)
        // The gallery leaves it out, so its counts link to no gallery page: spacer has none.
        #expect(writer.files["gallery/spacer.html"] == nil && writer.files["gallery/text.html"] != nil)
        #expect(writer.text("screens/c.html")?.contains("<li>spacer 1</li>") == true)
        #expect(writer.text("screens/a.html")?.contains(#"<li><a href="../gallery/text.html">text</a> 1</li>"#) == true)
        let json = try #require(writer.files["index.json"])
        let screens = try #require((try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any])?["screens"] as? [[String: Any]])
        #expect(screens.map { $0["hidden"] as? Bool } == [false, true, false])
        // Its pages are published, but ask search engines not to index them.
        let noindex = #"<meta name="robots" content="noindex">"#
        #expect(["screens/c.html", "screens/c.frame.html"].allSatisfy { writer.text($0)?.contains(noindex) == true })
        #expect(writer.text("screens/a.html")?.contains(noindex) == false && writer.text("index.html")?.contains(noindex) == false)
    }

    /// A folder's name leaves out or hides what is in it; a pattern that matches nothing says
    /// so at its place in vitrine.json, where it would otherwise change nothing without a word.
    @Test func patternsMatchFoldersAndSayWhenTheyMatchNothing() throws {
        let (report, writer) = build([
            "payloads/a.json": Self.text("a", "Alpha"), "payloads/legacy/b.json": Self.text("b", "Beta"),
            "payloads/drafts/c.json": "{broken",
            "vitrine.json": #"{"exclude": ["./payloads/drafts/", "payload/old/**"],\#n "hidden": ["payloads/legacy", "payloads/drafts/*.json"]}"#,
        ])
        #expect(report.screens.map(\.payload) == ["payloads/a.json", "payloads/legacy/b.json"])
        #expect(report.screens.map(\.hidden) == [false, true])
        #expect(writer.text("index.html")?.contains(">B</a>") == false)
        let suffix = "; patterns are paths from the input folder, `*` within a folder, `**` across folders"
        #expect(report.diagnostics.map(SceneFixture.format) == [
            "1:36: warning: `payload/old/**` in exclude matches no payload file\(suffix) (at /exclude/1)",
            "2:32: warning: `payloads/drafts/*.json` in hidden matches no payload file that `exclude` leaves in\(suffix) (at /hidden/1)",
        ])
        #expect(report.diagnostics.allSatisfy { $0.file == "vitrine.json" })
    }

    /// The JSON reader's words for payloads are put for this file: Vitrine reads it, not the app.
    @Test func vitrineJSONProblemsSpeakOfTheFile() {
        let (report, _) = build(["a.json": Self.text("a", "A"), "vitrine.json": #"{"title": "A", "title": "B"}"#])
        #expect(report.diagnostics.map(\.message) == [#"duplicate key "title" (first at 1:2); Vitrine keeps the first"#])
    }

    /// What every page carries from vitrine.json is bounded: 200,000 presets made a 361 MB site
    /// of 20 screens.
    @Test func theSettingsEveryPageCarriesAreBounded() throws {
        let devices = (0..<40).map { #"{"name": "D\#($0)", "width": 300, "height": 600}"# }.joined(separator: ",")
        let configuration = #"{"title": "\#(String(repeating: "T", count: 300))", "baseURL": "https://x.test/\#(String(repeating: "p", count: 3000))","#
            + #" "devices": [{"name": "\#(String(repeating: "N", count: 100))", "width": 390, "height": 844}, \#(devices)]}"#
        let (report, writer) = build(["a.json": Self.text("a", "A"), "vitrine.json": configuration])
        let messages = report.diagnostics.map { $0.message + " " + ($0.pointer?.description ?? "") }
        #expect(messages == [
            "title is longer than 200 characters; cut there /title",
            "baseURL is longer than 2048 bytes; ignored /baseURL",
            "name is longer than 64 characters; cut there /devices/0/name",
            "devices takes at most 32 presets; the rest are left out /devices/32",
        ])
        let page = try #require(writer.text("screens/a.html"))
        #expect(page.contains("<title>A — " + String(repeating: "T", count: 199) + "…</title>"))
        #expect(page.components(separatedBy: " data-v-width=").count - 1 == 32)
        #expect(!page.contains("canonical"))
    }

    /// Pattern lists are bounded, as each pattern is matched against every payload path; a
    /// pattern that matches nothing is found where it is written, past a value that is no pattern.
    @Test func patternListsAreBoundedAndPlaced() throws {
        let many = (0..<101).map { "\"x\($0)/**\"" }.joined(separator: ",")
        let long = "\"" + String(repeating: "a", count: 257) + "\""
        let configuration = "{\"exclude\": [1, \"b/**\", " + long + "],\n\"hidden\": [" + many + "]}"
        let (report, _) = build(["a.json": Self.text("a", "A"), "vitrine.json": configuration])
        let messages = report.diagnostics.map(SceneFixture.format)
        // A pattern left unread would publish what it leaves out: an error, and the site is not written.
        let unwritten = "unread, it would let the site show what it leaves out, so build writes none"
        #expect(messages.contains("1:14: error: exclude lists path patterns (strings); \(unwritten) (at /exclude/0)"))
        #expect(messages.contains { $0.hasPrefix("1:17: warning: `b/**` in exclude matches no payload file") && $0.hasSuffix("(at /exclude/1)") })
        #expect(messages.contains("1:25: error: a pattern is at most 256 characters long; \(unwritten) (at /exclude/2)"))
        #expect(messages.contains { $0.hasSuffix("error: hidden takes at most 100 patterns; \(unwritten) (at /hidden/100)") })
        #expect(messages.filter { $0.contains("in hidden matches no payload file") }.count == 100)
    }

    /// An index without cards says why: no payload in the input, or every one hidden.
    @Test func anEmptyIndexSaysWhy() throws {
        let (_, nothing) = build(["docs/readme.md": "# Soon\n"])
        #expect(try #require(nothing.text("index.html")).contains(
            #"<p class="v-empty">No payload files in the input: every *.json outside assets/, fonts/, components/ and docs/ is one.</p>"#))
        let (_, excluded) = build(["a.json": Self.text("a", "Alpha"), "vitrine.json": #"{"exclude": ["*.json"]}"#])
        #expect(try #require(excluded.text("index.html")).contains(#"<p class="v-empty">Every payload file (1) is left out by <code>exclude</code> in vitrine.json.</p>"#))
        let (_, hidden) = build(["a.json": Self.text("a", "Alpha"), "vitrine.json": #"{"hidden": ["*.json"]}"#])
        #expect(try #require(hidden.text("index.html")).contains(#"<p class="v-empty">Every payload file is hidden from the index by <code>hidden</code> in vitrine.json.</p>"#))
        let (_, shown) = build(["a.json": Self.text("a", "Alpha")])
        #expect(try #require(shown.text("index.html")).contains("v-empty") == false)
    }

    /// A JSON file that is not a payload is listed (its page says why) but not counted as a
    /// screen, as the build's summary does not count it; a broken payload is still a screen.
    @Test func theIndexCountsOtherJSONFilesApart() throws {
        let (_, writer) = build(["a.json": Self.text("a", "Alpha"), "b.json": "{broken", "corpus.json": #"{"seed": 1}"#])
        let index = try #require(writer.text("index.html"))
        #expect(index.contains(">2 screens and 1 other JSON file</h2>"))
        let (_, one) = build(["a.json": Self.text("a", "Alpha")])
        #expect(try #require(one.text("index.html")).contains(">1 screen</h2>"))
    }

    @Test func searchDataHoldsEveryFieldTheIndexScriptReads() throws {
        let (_, writer) = build(["shop/home.json": Self.text("hero-title", "Summer sale")])
        let data = try #require(writer.text("catalogue/screens.js"))
        #expect(data.hasPrefix("window.vitrineCatalogue = {") && data.hasSuffix(";\n"))
        #expect(data.contains(#""fields":["title","payload","folder","kind","status","href","frameHref","components","warnings","errors","types","text"]"#))
        #expect(data.contains(#"["Home","shop/home.json","shop","scene","rendered","screens/shop/home.html","screens/shop/home.frame.html",2,0,0,["container.v","text"],"Summer sale root hero-title"]"#))
    }

    /// A screen past the miniature limit (a 20,000-item feed) made the index load its megabytes
    /// of render in a card: its card says why it has no miniature, the page script is told the
    /// limit, and the search data keeps its count for the cards the script draws.
    @Test func aScreenPastTheMiniatureLimitHasNoMiniature() throws {
        // With its container, the first has one component past the limit, the second the limit's own number.
        let texts = (0..<IndexPage.miniatureLimit).map { #"{"type":"text","component":{"componentId":"t\#($0)","text":"x"}}"# }
        let (_, writer) = build(["big.json": SceneFixture.scene(texts.joined(separator: ",")),
                                 "small.json": SceneFixture.scene(texts.dropLast().joined(separator: ","))])
        let index = try #require(writer.text("index.html"))
        #expect(index.contains(#"data-v-miniature-limit="\#(IndexPage.miniatureLimit)""#))
        let cards = index.components(separatedBy: "<li class=\"v-card ").dropFirst()
        let big = try #require(cards.first { $0.contains("data-v-payload=\"big.json\"") })
        #expect(!big.contains("<iframe") && big.contains(#"<span class="v-mini-none">too large for a miniature</span>"#), "\(big)")
        let small = try #require(cards.first { $0.contains("data-v-payload=\"small.json\"") })
        #expect(small.contains(#"<iframe src="screens/small.frame.html""#), "\(small)")
        let data = try #require(writer.text("catalogue/screens.js"))
        #expect(data.contains(#""screens/big.frame.html",\#(IndexPage.miniatureLimit + 1),"#) && data.contains(#""screens/small.frame.html",\#(IndexPage.miniatureLimit),"#))
    }

    /// Search finds each word of a screen once, wherever it is: a long screen's last words too.
    /// What the screen shows comes before its ids, so long ids never crowd out its texts.
    @Test func searchTextHoldsEachWordOnceSoALongScreenIsFoundByItsLastWords() throws {
        let texts = (0..<40).map { #"{"type":"text","component":{"componentId":"total-subtotal-spacer-\#($0)","text":"Repeated filler words again and again"}}"# }
        let last = #"{"type":"text","component":{"componentId":"coupon-title","text":"Coupon SAVE10"}}"#
        let (_, writer) = build(["a.json": SceneFixture.scene((texts + [last]).joined(separator: ","))])
        let data = try #require(writer.text("catalogue/screens.js"))
        #expect(data.contains(#""Repeated filler words again and Coupon SAVE10 root total-subtotal-spacer-0 total-subtotal-spacer-1 "#), "\(data)")
        #expect(data.components(separatedBy: "again").count == 2, "“again” once")
    }

    /// The screen page lists diagnostics by position, drawing problems among decoding ones.
    @Test func aScreenPageListsItsDiagnosticsByLine() throws {
        let views = #"{"type":"image","component":{"componentId":"i","imageURL":"missing-asset"}},\#n"#
            + #"{"type":"text","component":{"componentId":"t","text":"x","colour":"red"}}"#
        let (report, writer) = build(["a.json": SceneFixture.scene(views)])
        #expect(report.diagnostics.count == 2)
        let page = try #require(writer.text("screens/a.html"))
        let start = try #require(page.range(of: "id=\"v-diagnostics\""))
        let section = page[start.upperBound...].components(separatedBy: "</section>")[0]
        let lines = section.split(separator: "data-v-line=\"").dropFirst().compactMap { Int($0.prefix { $0 != "\"" }) }
        #expect(lines == [1, 2], "\(report.diagnostics.map(\.message))")
    }

    /// A minified payload's page shows its source laid out, says so, and its tree rows and
    /// diagnostics lead to the lines shown, not all to line 1; the messages keep the file's
    /// own position.
    @Test func aMinifiedPayloadsPageLeadsToTheLinesItShows() throws {
        let texts = (1...6).map { #"{"type":"text","component":{"componentId":"t\#($0)","text":"Row \#($0)"}}"# }
        let minified = #"{"hasNavigationBar":false,"container":{"componentId":"root","layout":{"type":"v","alignment":"leading"},"views":["#
            + texts.joined(separator: ",") + #",{"type":"text","component":{"componentId":"odd","text":"x","colour":"red"}}]}}"#
        let (report, writer) = build(["a.json": minified])
        #expect(report.diagnostics.map { $0.location?.line } == [1])
        let page = try #require(writer.text("screens/a.html"))
        #expect(page.contains("A minified file, laid out here a value to a line"))
        let tree = try #require(page.components(separatedBy: "</ul>\n</section>").first)
        let rowLines = tree.split(separator: "data-v-line=\"").dropFirst().compactMap { Int($0.prefix { $0 != "\"" }) }
        #expect(rowLines == [3, 12, 19, 26, 33, 40, 47, 54], "one line per component, each its own")
        #expect(page.contains("<span id=L57>  ") && page.contains(##"<a class="v-at" href="#L57" data-v-line="57">1:557<span class="v-visually-hidden"> (line 1, column 557 of the JSON)</span></a>"##),
                "the diagnostic of `colour` links to its laid-out line")
    }

    /// A page shows a message's backquoted keys and values as code, escaped like the rest.
    @Test(arguments: [
        ("unknown key `font`; the app ignores it", "unknown key <code>font</code>; the app ignores it"),
        ("unknown key `<b>\u{202E}`", "unknown key <code>&lt;b&gt;⟨U+202E⟩</code>"),
        ("an odd ` backquote", "an odd ` backquote"),
        ("no code at all", "no code at all"),
    ])
    func diagnosticMessagesShowTheirCodeSpansAsCode(message: String, html: String) {
        #expect(HTMLEscaper.messageHTML(message) == html)
    }

    @Test func searchDataCannotEndTheScript() throws {
        // U+2028 ends a line in older JavaScript: it comes in through the file name (the search text splits words at it).
        let (_, writer) = build(["a\u{2028}b.json": Self.text("x", "</script><script>alert(1)</script>\u{2028}")])
        let data = try #require(writer.text("catalogue/screens.js"))
        #expect(!data.contains("</script") && data.contains(#"\u003c/script\u003e"#) && data.contains(#"\u2028"#))
    }

    @Test func configurationKeysAreReadAndUnknownOnesWarnedWithPositions() throws {
        let (report, writer) = build([
            "a.json": Self.text("a", "A"),
            "vitrine.json": """
            {"title": "Shop", "baseURL": "https://example.com/previews", "devices": [{"name": "Fold", "width": 344, "height": 882}],
             "colour": "red", "locale": "tr"}
            """,
        ])
        let page = try #require(writer.text("screens/a.html"))
        #expect(page.contains(#"<option value="344x882" data-v-width="344" data-v-height="882" selected>Fold — 344 × 882</option>"#))
        #expect(!page.contains("iPhone"))
        #expect(page.contains(#"<link rel="canonical" href="https://example.com/previews/screens/a.html">"#))
        // The standalone page shows the screen page's render: that page is its canonical one (it named itself, a duplicate).
        #expect(try #require(writer.text("screens/a.frame.html")).contains(#"<link rel="canonical" href="https://example.com/previews/screens/a.html">"#))
        #expect(page.contains("--v-device-width:344px;--v-device-height:882px"))
        #expect(report.diagnostics.map(SceneFixture.format) == [
            "2:2: warning: unknown key `colour`; Vitrine does not know it (at /colour)",
            "2:19: warning: unknown key `locale`; Vitrine does not know it; did you mean `feed.locale`? (at /locale)",
        ])
    }

    /// A publishing review: a `baseURL` copied from the address bar (`…/repo/index.html`) made
    /// every canonical link `…/index.html/screens/…`, without a word. Its folder is used, with a warning.
    @Test func aBaseURLEndingInAPageUsesItsFolder() throws {
        let (report, writer) = build(["a.json": Self.text("a", "A"), "vitrine.json": #"{"baseURL": "https://org.github.io/repo/Index.HTML"}"#])
        #expect(report.diagnostics.map(SceneFixture.format) == [
            "1:13: warning: baseURL ends in a page, Index.HTML; the site's folder https://org.github.io/repo/ is used: write that (at /baseURL)",
        ])
        #expect(try #require(writer.text("screens/a.html")).contains(#"<link rel="canonical" href="https://org.github.io/repo/screens/a.html">"#))
        #expect(try #require(writer.text("index.json")).contains(#""baseURL" : "https://org.github.io/repo/""#))
        // A folder whose name has a dot, and a host alone, are folders.
        for folder in ["https://x.example/v1.2/", "https://x.example/v1.2", "https://docs.html.example"] {
            #expect(SiteConfiguration.folder(ofPageURL: folder) == nil, "\(folder)")
        }
    }

    /// A setting misspelt so that it changes nothing is a warning: a template name one edit from
    /// a template's and not written as the app's are, a locale of no language, a limit without
    /// its unit. A template of a name of its own, as the app writes them (`banner_01`, `card_04`:
    /// a feed may use it), a legacy language code Android sends (`in`), and a font or template
    /// name that merely starts like another are not.
    @Test func settingsThatChangeNothingSaySo() throws {
        let (report, _) = build([
            "a.json": Self.text("a", "A"),
            "vitrine.json": """
            {"feed": {"locale": "xx", "templates": {"card_2": {"spacing": 4}, "banner_01": {"spacing": 4}, "card_04": {}, "card": {}}},
             "limits": {"fileSize": 4}}
            """,
        ])
        let (legacy, _) = build(["a.json": Self.text("a", "A"), "vitrine.json": #"{"feed": {"locale": "in-ID"}}"#])
        #expect(legacy.diagnostics.isEmpty, "\(legacy.diagnostics.map(\.message))")
        #expect(report.diagnostics.map(SceneFixture.format) == [
            "1:21: warning: locale xx starts with no ISO 639 language code (tr, de, en-GB, …); prices and distances use `.` (at /feed/locale)",
            "1:51: warning: no layout template is called card_2; did you mean card_02? (a feed whose sections use card_2 gets these numbers) (at /feed/templates/card_2)",
            "2:13: warning: unknown key `fileSize`; Vitrine does not know it; did you mean `fileSizeMiB`? (at /limits/fileSize)",
        ])
    }

    /// Two instances of one custom component on a screen take ids of their own and share its
    /// template: no repeated id, one gallery page for both.
    @Test func customComponentsOfOneTemplateNeedNotShareAnId() throws {
        let tag = { (id: String) in #"{"type":"custom","component":{"componentId":"\#(id)","price":"\#(id.suffix(1))"}}"# }
        let (report, writer) = build(["a.json": SceneFixture.scene(tag("price-tag-1") + "," + tag("price-tag-2")),
                                      "components/price-tag.mustache": "<i class=\"tag\">{{price}}</i>"])
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.message))")
        let page = try #require(writer.text("screens/a.html"))
        #expect(page.contains(#"<i class="tag">1</i>"#) && page.contains(#"<i class="tag">2</i>"#))
        #expect(try #require(writer.text("gallery/custom.price-tag.html")).contains("<p class=\"v-meta\">2 instances on 1 screen.</p>"))
    }

    /// Previous and next follow the payloads' path order: the first screen has only a next, the last
    /// only a previous, and each one between has both.
    @Test func previousAndNextEndAtTheFirstAndLastScreens() throws {
        let (_, writer) = build(["a.json": Self.text("a", "A"), "b/c.json": Self.text("c", "C"), "d.json": Self.text("d", "D")])
        let links = { (page: String) -> [String] in
            let text = writer.text(page) ?? ""
            return ["prev", "next"].filter { text.contains(#"<a rel="\#($0)""#) }
        }
        #expect(links("screens/a.html") == ["next"])
        #expect(links("screens/b/c.html") == ["prev", "next"])
        #expect(links("screens/d.html") == ["prev"])
        #expect(writer.text("screens/b/c.html")?.contains(#"<a rel="prev" href="../../screens/a.html">← A</a>"#) == true)
        #expect(writer.text("screens/b/c.html")?.contains(#"<a rel="next" href="../../screens/d.html">D →</a>"#) == true)
    }

    /// `feed.locale` picks the decimal separator of distances (and prices): a comma in Turkish.
    @Test func theFeedLocaleSetsTheDecimalSeparator() throws {
        let feed = try String(contentsOfFile: Repository.path("Site/payloads/feeds/edge-cases.json"), encoding: .utf8)
        for (locale, shown, notShown) in [("tr", "1,1 km", "1.1 km"), ("en_US", "1.1 km", "1,1 km"), ("de-DE", "1,1 km", "1.1 km")] {
            let (_, writer) = build(["f.json": feed, "vitrine.json": #"{"feed": {"locale": "\#(locale)"}}"#])
            let page = try #require(writer.text("screens/f.html"))
            #expect(page.contains(shown) && !page.contains(notShown), "\(locale)")
        }
    }

    /// Issue #4: the index page stays small at any number of screens. It holds the first page
    /// of cards; the rest of the list is in the search data, which grows instead.
    @Test func theIndexPageDoesNotGrowWithTheScreens() throws {
        func site(_ count: Int) -> MemorySiteWriter {
            build(Dictionary(uniqueKeysWithValues: (0..<count).map { (String(format: "s%04d.json", $0), Self.text("t", "Screen \($0)")) })).1
        }
        let (small, large) = (site(60), site(600))
        let (smallIndex, largeIndex) = (try #require(small.text("index.html")), try #require(large.text("index.html")))
        #expect(largeIndex.components(separatedBy: "<li class=\"v-card v-status-").count - 1 == 48, "one page of cards")
        #expect(Double(largeIndex.utf8.count) < Double(smallIndex.utf8.count) * 1.05, "\(smallIndex.utf8.count) → \(largeIndex.utf8.count) bytes")
        let (smallData, largeData) = (small.files["catalogue/screens.js"]?.count ?? 0, large.files["catalogue/screens.js"]?.count ?? 0)
        #expect(largeData > smallData * 8, "the search data holds every screen: \(smallData) → \(largeData) bytes")
    }

    /// Issue #2's registry: a theme brings custom components too, from its own `components/`
    /// (templates and their stylesheets), and the input's template of the same name wins.
    @Test func aThemeDrawsCustomComponentsUnlessTheInputHasTheTemplate() throws {
        var theme = try Theme(files: BuildPipelineTests.themeFiles + [
            OutputFile(path: "components/stars.mustache", text: "<i class=\"stars\">{{rating}} of 5</i>"),
            OutputFile(path: "components/custom.mustache", text: "<b>theme custom</b>"),
            OutputFile(path: "components/stars.css", text: ".stars { color: gold; }"),
        ])
        theme.folder = "brand"
        let stars = { (id: String) in #"{"type":"custom","component":{"componentId":"\#(id)","rating":4}}"# }
        func build(_ files: [String: String]) -> (BuildReport, MemorySiteWriter) {
            let input = MemoryInput(files)
            let writer = MemorySiteWriter()
            return (BuildPipeline(listing: input.listing, source: input, writer: writer, theme: theme).run(), writer)
        }
        let (report, writer) = build(["a.json": SceneFixture.scene(stars("stars") + "," + stars("other"))])
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.message))")
        let page = try #require(writer.text("screens/a.html"))
        #expect(page.contains(#"<i class="stars">4 of 5</i>"#) && page.contains("<b>theme custom</b>"))
        #expect(page.contains(#"<link rel="stylesheet" href="../theme/components/stars.css">"#))
        #expect(writer.text("theme/components/stars.css") == ".stars { color: gold; }")
        #expect(writer.text("theme/components/stars.mustache") == nil, "a template is drawn, not published")
        #expect(writer.text("gallery/custom.stars.html") != nil)

        let (_, own) = build(["a.json": SceneFixture.scene(stars("stars")), "components/stars.mustache": "<u>{{rating}}</u>"])
        #expect(own.text("screens/a.html")?.contains("<u>4</u>") == true, "the input's template wins")

        // Templates in folders and in any letter case, as the input's: drawn, never published; their stylesheets linked.
        theme = try Theme(files: BuildPipelineTests.themeFiles + [
            OutputFile(path: "components/cards/price.Mustache", text: "<i class=\"price\">{{rating}}</i>"),
            OutputFile(path: "components/cards/price.css", text: ".price { color: green; }"),
            OutputFile(path: "components/broken.mustache", text: "{{{rating}}}"),
            OutputFile(path: "components/shadowed.mustache", text: "{{{rating}}}"),
        ])
        theme.folder = "brand"
        let (nested, nestedSite) = build(["a.json": SceneFixture.scene(stars("cards/price") + "," + stars("shadowed")),
                                          "components/shadowed.mustache": "<s>{{rating}}</s>"])
        let nestedPage = try #require(nestedSite.text("screens/a.html"))
        #expect(nestedPage.contains(#"<i class="price">4</i>"#) && nestedPage.contains("<s>4</s>"))
        #expect(nestedPage.contains(#"href="../theme/components/cards/price.css""#))
        #expect(nestedSite.files.keys.filter { $0.hasSuffix(".Mustache") || $0.hasSuffix(".mustache") } == [])
        // A theme template in error is reported, but not one the input's replaces.
        #expect(nested.diagnostics.filter { $0.severity == .error }.map(\.file) == ["brand/components/broken.mustache"], "\(nested.diagnostics)")

        // An input's template that cannot be used gives way to the theme's of the same name, with its error still reported.
        let (refused, refusedSite) = build(["a.json": SceneFixture.scene(stars("cards/price")), "components/cards/price.mustache": "{{{rating}}}"])
        #expect(refusedSite.text("screens/a.html")?.contains(#"<i class="price">4</i>"#) == true)
        #expect(refused.diagnostics.filter { $0.severity == .error }.map(\.file) == ["brand/components/broken.mustache", "brand/components/shadowed.mustache", "components/cards/price.mustache"],
                "\(refused.diagnostics)")
    }

    /// A gallery page lists the first `usageRows` screens using a component, each opening at its
    /// first instance, and links to the index filtered by it for the rest.
    /// A spacer of the screen's own stack is no specimen: the spacer page says why none is drawn.
    @Test func aGalleryPageWithoutSpecimensSaysWhy() throws {
        let scene = SceneFixture.scene(#"{"type":"text","component":{"componentId":"a","text":"A"}},{"type":"spacer","component":{"componentId":"gap"}}"#)
        let (_, writer) = build(["a.json": scene])
        let page = try #require(writer.text("gallery/spacer.html"))
        #expect(!page.contains(#"<figure class="v-specimen">"#))
        #expect(page.contains("None is drawn here: a spacer is drawn in its stack"))
        #expect(writer.text("gallery/text.html")?.contains("None is drawn here") == false)
    }

    @Test func aGalleryPageLinksToTheIndexForTheScreensItDoesNotList() throws {
        var files: [String: String] = [:]
        for index in 0..<(GalleryPages.usageRows + 2) { files[String(format: "s%03d.json", index)] = Self.text("t", "T") }
        let (_, writer) = build(files)
        let page = try #require(writer.text("gallery/text.html"))
        #expect(page.contains(#"<p class="v-meta">And <a href="../index.html#component=text">2 more screens</a>.</p>"#))
        #expect(page.contains(#"<a href="../screens/s000.html#component=text">"#))
        files.removeValue(forKey: String(format: "s%03d.json", GalleryPages.usageRows + 1))
        let (_, one) = build(files)
        #expect(one.text("gallery/text.html")?.contains(#"<a href="../index.html#component=text">1 more screen</a>.</p>"#) == true)
    }

    /// The device select's value goes into the address and the standalone page's link: width
    /// and height, so presets sharing a width are told apart (or the second could never be
    /// chosen), and the standalone page, which has no presets, draws the preset's height.
    @Test func presetValuesHoldWidthAndHeight() throws {
        let (_, writer) = build([
            "a.json": Self.text("a", "A"),
            "vitrine.json": #"{"devices": [{"name": "SE", "width": 375, "height": 667}, {"name": "Mini", "width": 375, "height": 812}, {"name": "Pro", "width": 393, "height": 852}]}"#,
        ])
        let page = try #require(writer.text("screens/a.html"))
        #expect(page.contains(#"<option value="375x667" data-v-width="375" data-v-height="667" selected>SE — 375 × 667</option>"#))
        #expect(page.contains(#"<option value="375x812" data-v-width="375" data-v-height="812">Mini — 375 × 812</option>"#))
        #expect(page.contains(#"<option value="393x852" data-v-width="393" data-v-height="852">Pro — 393 × 852</option>"#))
    }

    @Test(arguments: [
        (#"{"baseURL": "javascript:alert(1)"}"#, "baseURL must be an http or https URL; ignored"),
        (#"{"devices": [{"name": "X", "width": "wide", "height": 1}]}"#, "expected a number, found a string"),
        (#"{"devices": [{"name": "Tiny", "width": -5, "height": 800}]}"#, "a device is 120–4096 pt wide and 120–8192 pt high, as the pages draw them; Tiny is left out"),
        // A page drew the first preset for these, which index.json listed all the same.
        (#"{"devices": [{"name": "Huge", "width": 5000, "height": 9000}]}"#, "a device is 120–4096 pt wide and 120–8192 pt high, as the pages draw them; Huge is left out"),
        (#"{"devices": [{"name": "Watch", "width": 100, "height": 200}]}"#, "Watch is left out"),
        // The five built-in presets took the list's place without a word.
        (#"{"devices": [{"name": "Watch", "width": 100, "height": 200}]}"#, "no device of the list is usable; the built-in presets are offered"),
        (#"{"feed": {"currencyPosition": "front"}}"#, #"currencyPosition is "before" or "after"; after the amount it stays"#),
        (#"{"tittle": "Shop"}"#, "unknown key `tittle`; Vitrine does not know it; did you mean `title`?"),
        (#"{"hidden": [3]}"#, "hidden lists path patterns (strings); unread, it would let the site show what it leaves out, so build writes none"),
        (#"{"diff": {"ignore": [3]}}"#, "ignore lists path patterns (strings); ignored"),
        // Drawn as `gap:-10px` and `grid-auto-columns:-5px`, which browsers drop, or as 0 px items.
        (#"{"feed": {"templates": {"card_02": {"spacing": -10}}}}"#, "spacing is 0 or more; the template keeps its own"),
        (#"{"feed": {"templates": {"card_01": {"itemWidth": -5}}}}"#, "itemWidth is above 0; the template keeps its own"),
        (#"{"feed": {"templates": {"card_01": {"itemWidth": 0}}}}"#, "itemWidth is above 0; the template keeps its own"),
        (#"{"feed": {"templates": {"card_01": {"inset": -10}}}}"#, "inset is 0 or more; the template keeps its own"),
        (#"{"feed": {"templates": {"card_01": {"columns": 0}}}}"#, "columns is 1 to 12; the template keeps its own"),
        (#"{"feed": {"templates": {"card_01": {"imageAspectRatio": 0}}}}"#, "imageAspectRatio is above 0; the template keeps its own"),
        // An empty title made an empty <title> and an unlabelled brand link; a query or fragment broke every canonical link.
        (#"{"title": "  \n "}"#, "title is empty; the catalogue keeps the name Vitrine"),
        (#"{"baseURL": "https://x.example/a/?q=1#frag"}"#, "baseURL has a query or a fragment, which page paths cannot follow; ignored"),
    ])
    func badConfigurationValuesAreReported(configuration: String, message: String) throws {
        let (report, writer) = build(["a.json": Self.text("a", "A"), "vitrine.json": configuration])
        #expect(report.diagnostics.contains { $0.message.contains(message) }, "\(report.diagnostics.map(\.message))")
        let page = try #require(writer.text("screens/a.html"))
        #expect(!page.contains("javascript:") && !page.contains("?q=1") && page.contains("— Vitrine</title>"))
    }

    @Test func aNoteBesideAPayloadIsRenderedAboveTheScreen() throws {
        let (report, writer) = build([
            "home.json": Self.text("a", "A"), "home.md": "Reviewed by **design**. See [other](other.json) and [gone](gone.json).\n\n<script>x</script>",
            "other.json": Self.text("b", "B"),
        ])
        let page = try #require(writer.text("screens/home.html"))
        #expect(page.contains(#"<section id="v-notes" class="v-notes v-prose" aria-label="Notes"><p>Reviewed by <strong>design</strong>. See <a href="../screens/other.html">other</a>"#))
        #expect(!page.contains("<script>x"))
        #expect(report.diagnostics.map { "\($0.file) \(SceneFixture.format($0))" } == ["home.md 1:53: warning: link to gone.json, which is not in the input"])
        // The note's problem names its file and links nowhere: its line is not the payload's.
        #expect(page.contains(#"<li class="v-warning"><span class="v-at">home.md:1:53</span> <strong>warning</strong>"#), "\(page)")
        #expect(!page.contains(##"href="#L1""##))
        // Under the page's own <h1>, a note's headings are a level down: one <h1> a page.
        let (_, headed) = build(["home.json": Self.text("a", "A"), "home.md": "# Review\n\n###### Fine print\n"])
        let notes = try #require(headed.text("screens/home.html"))
        #expect(notes.contains("<h2><a class=\"v-anchor\" id=\"review\"") && notes.contains("<h6><a class=\"v-anchor\" id=\"fine-print\""), "\(notes)")
        #expect(notes.components(separatedBy: "<h1").count == 2)
    }

    /// A note is held to a document's limits: its size and libcmark's slow inputs (a review
    /// found a 3 MiB note rendered and 10,000 nested lists taking 14 s).
    @Test func aNoteOverADocumentsLimitsIsAnErrorAndTheScreenIsDrawn() throws {
        for (note, problem) in [(String(repeating: "- ", count: 10_000) + "q\n", "document nests lists or quotes 10000 levels deep on one line"),
                                (String(repeating: "a", count: 3 << 20), "document is 3145728 bytes, over the 2 MiB limit")] {
            let (report, writer) = build(["home.json": Self.text("a", "A"), "home.md": note])
            #expect(report.diagnostics.map { "\($0.file) \($0.severity) \($0.message.hasPrefix(problem)) \($0.message.hasSuffix("; not rendered"))" }
                    == ["home.md error true true"], "\(report.diagnostics.map(\.message))")
            let page = try #require(writer.text("screens/home.html"))
            #expect(!page.contains("v-notes") && page.contains(">A</div>"))
        }
    }

    @Test func addingAScreenRedrawsItsNeighboursAndTheRebuildEqualsACleanBuild() throws {
        var files = ["a.json": Self.text("a", "A"), "c.json": Self.text("c", "C")]
        let writer = MemorySiteWriter()
        func run(_ cache: BuildCache?, into writer: MemorySiteWriter) {
            let input = MemoryInput(files)
            _ = BuildPipeline(listing: input.listing, source: input, writer: writer, theme: BuildPipelineTests.theme, previousCache: cache).run()
        }
        run(nil, into: writer)
        let cache = try #require(writer.files[BuildCache.fileName].flatMap(BuildCache.read))
        files["b.json"] = Self.text("b", "B")
        writer.clearLog()
        run(cache, into: writer)
        // Workers write in any order; what matters is which pages were drawn again.
        #expect(writer.writes.filter { $0.hasPrefix("screens/") && !$0.contains(".frame.") }.sorted() == ["screens/a.html", "screens/b.html", "screens/c.html"])
        let clean = MemorySiteWriter()
        run(nil, into: clean)
        #expect(writer.files == clean.files)
    }

    /// A link to the configuration says why it has no page: it is read, not published.
    @Test func aLinkToTheConfigurationSaysItIsNotPublished() {
        let input = MemoryInput(["a.json": Self.text("a", "A"), "a.md": "See [the settings](vitrine.json).\n", "vitrine.json": "{}"])
        let report = BuildPipeline(listing: input.listing, source: input, writer: MemorySiteWriter(), theme: BuildPipelineTests.theme).run()
        #expect(report.diagnostics.map(\.message) == ["link to vitrine.json, which is in the input but not in the site: the configuration is read by the build, not published"])
    }

    /// A note's links depend on which other Markdown files the input has: adding a README it
    /// links draws its screen again, with the warning the clean build gives.
    @Test func aNoteIsDrawnAgainWhenAFileItLinksAppears() throws {
        var files = ["a.json": Self.text("a", "A"), "a.md": "See [the readme](README.md).\n"]
        func run(_ cache: BuildCache?, into writer: MemorySiteWriter) -> BuildReport {
            let input = MemoryInput(files)
            return BuildPipeline(listing: input.listing, source: input, writer: writer, theme: BuildPipelineTests.theme, previousCache: cache).run()
        }
        let writer = MemorySiteWriter()
        #expect(run(nil, into: writer).diagnostics.map(\.message) == ["link to README.md, which is not in the input"])
        let cache = try #require(writer.files[BuildCache.fileName].flatMap(BuildCache.read))
        files["README.md"] = "# Read me\n"
        let again = run(cache, into: writer)
        #expect(again.diagnostics.map(\.message) == ["link to README.md, which is in the input but not in the site: Markdown has a page under docs/ or beside its payload"])
        let clean = MemorySiteWriter()
        #expect(run(nil, into: clean).diagnostics == again.diagnostics)
        #expect(writer.files == clean.files)
    }

    @Test func galleryPagesHaveSafeNamesForAnyTemplateName() throws {
        let feed = #"[{"id":1,"title":"T","layoutTemplateDTO":{"layoutTemplate":"../x <y>","scrollDirection":"horizontal","groupOrientation":"horizontal"},"cellType":"card_image","data":[{"id":1,"url":"https://example.com/a.png"}]}]"#
        let (_, writer) = build(["f.json": feed])
        let pages = writer.files.keys.filter { $0.hasPrefix("gallery/") }.sorted()
        let odd = try #require(pages.first { $0.hasPrefix("gallery/section.") })
        #expect(odd.hasPrefix("gallery/section...-x--y--") && !odd.dropFirst("gallery/".count).contains("/"))
        #expect(writer.text(odd)?.contains("<h1>section.../x &lt;y&gt;</h1>") == true)
        #expect(writer.text("gallery/index.html")?.contains("section.../x &lt;y&gt;") == true)
        #expect(pages.contains("gallery/cell.card_image.html"))
    }

    /// Gallery pages of names that differ only in letter case are one file on a case-insensitive
    /// disk: both are written, with a warning, as payload files of such names get.
    @Test func galleryNamesDifferingOnlyInCaseAreAWarning() throws {
        func feed(_ template: String) -> String {
            #"[{"id":1,"title":"T","layoutTemplateDTO":{"layoutTemplate":"\#(template)","scrollDirection":"horizontal","groupOrientation":"horizontal"},"#
                + #""cellType":"card_image","data":[{"id":1,"url":"https://example.com/a.png"}]}]"#
        }
        let (report, writer) = build(["a.json": feed("Promo"), "b.json": feed("promo"), "c.json": feed("PROMO")])
        #expect(writer.files["gallery/section.Promo.html"] != nil && writer.files["gallery/section.promo.html"] != nil)
        let warnings = report.diagnostics.filter { $0.message.contains("letter case") }
        #expect(warnings.map(\.message) == ["Promo", "promo"].map {
            "component names `section.PROMO` and `section.\($0)` differ only in letter case: their gallery pages, gallery/section.PROMO.html and "
                + "gallery/section.\($0).html, are one file on a case-insensitive disk (macOS, Windows), where one overwrites the other"
        })
        #expect(warnings.allSatisfy { $0.file.isEmpty && $0.severity == .warning })
    }

    @Test func theGalleryCountsInstancesAndDrawsSpecimensWithTheirOwnClasses() throws {
        func text(_ id: String, _ size: Int) -> String {
            #"{"type":"text","component":{"componentId":"\#(id)","text":"T","font":{"fontName":"A-Bold","fontSize":\#(size)}}}"#
        }
        let (_, writer) = build(["a.json": SceneFixture.scene(text("x", 20) + "," + text("y", 21)), "b.json": SceneFixture.scene(text("z", 22))])
        let page = try #require(writer.text("gallery/text.html"))
        #expect(page.contains("<p class=\"v-meta\">3 instances on 2 screens.</p>"))
        let (_, one) = build(["a.json": SceneFixture.scene(text("x", 20))])
        #expect(try #require(one.text("gallery/text.html")).contains("<p class=\"v-meta\">1 instance on 1 screen.</p>"))
        #expect(page.contains(".g0s0{") && page.contains(".g1s0{") && page.contains(".g2s0{") && !page.contains(".s0{"))
        #expect(page.contains(#"<figcaption><a href="../screens/a.html">A</a> <a href="../screens/a.html#select=%2Fcontainer%2Fviews%2F1%2Fcomponent" "#
                              + #"title="Open the screen with this component selected"><code>/container/views/1/component</code></a></figcaption>"#))
    }
}
