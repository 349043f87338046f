import Foundation
import Testing
@testable import VitrineCore

/// A whole build in memory: every output path, the diagnostics, and determinism.
@Suite struct BuildPipelineTests {
    static let good = SceneFixture.scene(#"{"type":"text","component":{"componentId":"t","text":"Hello"}}"#)
    // The repository's own theme: if it stops loading or compiling, every test here is meaningless
    // anyway, so the run stops, saying why.
    static let themeFiles: [OutputFile] = {
        do { return try ThemeLoader.load(Repository.path("Themes/default")) } catch { fatalError("Themes/default does not load: \(error)") }
    }()
    static let theme: Theme = {
        do { return try Theme(files: themeFiles) } catch { fatalError("Themes/default does not compile: \(error)") }
    }()

    func build(_ files: [String: String]) -> (BuildReport, MemorySiteWriter) {
        let input = MemoryInput(files)
        let writer = MemorySiteWriter()
        let report = BuildPipeline(listing: input.listing, source: input, writer: writer, theme: Self.theme).run()
        return (report, writer)
    }

    /// I05: a payload whose pages' names would pass 255 bytes is skipped with an error before
    /// any page is written (its `.frame.html` failed to write, and the catalogue linked it).
    @Test func payloadNameTooLongForItsPagesIsSkipped() {
        let long = String(repeating: "x", count: 245) + ".json"  // 245 + ".frame.html" = 256 bytes
        let fits = String(repeating: "y", count: 244) + ".json"
        let (report, writer) = build(["s/" + long: Self.good, "s/" + fits: Self.good])
        #expect(report.diagnostics.map { "\($0.file): \($0.severity.rawValue): \($0.message)" } == [
            "s/\(long): error: name too long for its pages: `\(long.dropLast(5)).frame.html` would pass the file systems' limit of 255 bytes; skipped: shorten it",
        ])
        #expect(report.screens.map(\.payload) == ["s/" + fits])
        #expect(writer.files["screens/s/\(fits.dropLast(5)).frame.html"] != nil)
        #expect(!writer.files.keys.contains { $0.contains(long.dropLast(5)) })
        // Alone, it leaves an input that does have a payload file: the warning does not say it has none.
        #expect(build(["s/" + long: Self.good]).0.diagnostics.map(\.message).contains("no payload files in the input but those skipped for their errors"))
    }

    /// An all-list page's name is longer than the payload's standalone page when the section's
    /// id is long: such a page is not made, and the build says where, instead of failing to write it.
    @Test func allListPageNameTooLongIsAnErrorAtItsSection() {
        let stem = String(repeating: "f", count: 240)  // .frame.html: 251 bytes; .all-1234567.html: 257
        let feed = #"[{"id":1234567,"title":"T","layoutTemplateDTO":{"layoutTemplate":"card_01","scrollDirection":"horizontal","groupOrientation":"horizontal"},"cellType":"card_image","buttonTypes":["alllist"],"data":[]}]"#
        let (report, writer) = build([stem + ".json": feed])
        #expect(report.diagnostics.map { "\($0.severity.rawValue) \($0.location.map { "\($0.line):\($0.column)" } ?? "-") \($0.pointer?.description ?? "-"): \($0.message)" } == [
            "error 1:2 /0: name too long for the page of “T — All List”: `\(stem).all-1234567.html` would pass the file systems' limit of 255 bytes; "
                + "not written: shorten the payload's name",
        ])
        #expect(writer.files["screens/\(stem).frame.html"] != nil)
        #expect(!writer.files.keys.contains { $0.contains(".all-") })
        #expect(writer.text("screens/\(stem).html")?.contains("href=\"\(stem).all-") == false, "the header's button links nowhere")
    }

    /// A missing asset is reported where the payload names it, as any other bad value is: it was
    /// at the image's component (or a feed header's icon), a line or a screen away in a long one.
    @Test func aMissingAssetIsReportedAtItsName() {
        let scene = SceneFixture.scene(#"{"type":"image","component":{"componentId":"i","imageURL":"hero"}}"#)
        let feed = "[" + FeedDecoderTests.section(header: #"{"id":2,"type":"ASSETS","imageText":"go","color":null}"#) + "]"
        let (report, _) = build(["p/scene.json": scene, "p/feed.json": feed])
        let located = report.diagnostics.map { "\($0.file) \($0.location.map { "\($0.line):\($0.column)" } ?? "-") \($0.pointer?.description ?? "-"): \($0.message)" }
        // The value's column: one-line payloads, so its byte offset plus one.
        func column(of value: String, in payload: String) -> Int {
            payload.range(of: value).map { payload.utf8.distance(from: payload.startIndex, to: $0.lowerBound) + 1 } ?? 0
        }
        let sceneColumn = column(of: #""hero""#, in: scene), feedColumn = column(of: #""go""#, in: feed)
        #expect(located == [
            #"p/feed.json 1:\#(feedColumn) /0/headerImageDTO/imageText: asset "go" not found in assets/"#,
            #"p/scene.json 1:\#(sceneColumn) /container/views/0/component/imageURL: asset "hero" not found in assets/"#,
        ])
    }

    /// An all-list page links only to gallery pages there are: its layout (`section.featured_01`,
    /// `cell.featured_01_info` for restaurant cards) is the gallery's only if a screen uses it.
    @Test func anAllListPageLinksOnlyToGalleryPagesThereAre() throws {
        let card = #"{"id":9,"imageUrl":"https://cdn.example/b.jpg","rating":4.5,"reviewCount":120,"name":"Burger House","minimumPrice":50.0,"#
            + #""distanceKm":1.2,"category":"Burger","deliveryTime":25,"deliveryType":"goCourier","campaignList":[]}"#
        let feed = "[" + FeedDecoderTests.section(template: "card_03", cellType: "card_info", data: "[\(card)]") + "]"
        let (_, writer) = build(["p/feed.json": feed])
        let page = try #require(writer.text("screens/p/feed.all-7.html"))
        let links = page.components(separatedBy: "href=\"../../gallery/").dropFirst().map { "gallery/" + $0.prefix { $0 != "\"" } }
        #expect(!links.isEmpty)
        #expect(links.allSatisfy { writer.files[$0] != nil }, "\(links.filter { writer.files[$0] == nil })")
        #expect(page.contains(">section.featured_01<"), "the type is still counted")
    }

    /// A page a payload derives gives way to another payload's page or folder (`foo.frame.json`'s
    /// page, the folder of `b.frame.html/y.json`'s), and the payload's pages link to none of them.
    /// A payload whose own page would be a folder of the site (`a.json` beside `a.html/x.json`)
    /// is skipped. These pages had been written into folders, or over the other payload's.
    @Test func derivedPagesGiveWayToOtherPayloadsPagesAndFolders() {
        let feed = "[" + FeedDecoderTests.section(id: 1) + "]"
        let (report, writer) = build([
            "p/foo.json": Self.good, "p/foo.frame.json": Self.good,
            "p/feed.json": feed, "p/feed.all-1.html/z.json": Self.good,
            "p/bar.json": feed, "p/bar.all-1.json": Self.good,
            "p/a.json": Self.good, "p/a.html/x.json": Self.good,
            "p/b.json": Self.good, "p/b.frame.html/y.json": Self.good,
            "docs/g.md": "# G\n", "docs/g.html/h.md": "# H\n",
            // A script beside the docs is not copied, so it makes no folder `k.html/`.
            "docs/k.md": "# K\n", "docs/k.html/x.js": "alert(1)",
            // The same name in NFC and NFD: one file on a Mac's disk.
            "p/caf\u{E9}.json": Self.good, "p/cafe\u{301}.frame.json": Self.good,
        ])
        #expect(report.diagnostics.map { "\($0.file) \($0.pointer?.description ?? "-"): \($0.message)" } == [
            "docs/g.md -: makes the page docs/g.html, which is a folder of the site (for the files of docs/g.html/), "
                + "so this one is skipped: rename the file or the folder",
            "docs/k.html/x.js -: not copied into the site: a .js file could open as a page of its own, running at the site's address "
                + "outside the pages Vitrine makes and their Content-Security-Policy; Vitrine copies images, fonts, documents, text, "
                + "audio, video and archives (see the README)",
            "p/a.json -: makes the page screens/p/a.html, which is a folder of the site (for the files of p/a.html/), "
                + "so this one is skipped: rename the file or the folder",
            "p/b.json -: page screens/p/b.frame.html would be the folder of the pages of p/b.frame.html/; not written: rename the folder or this file",
            "p/bar.json /0: page screens/p/bar.all-1.html is the page of p/bar.all-1.json; not written",
            "p/caf\u{E9}.json -: page screens/p/caf\u{E9}.frame.html is the page of p/cafe\u{301}.frame.json; not written",
            "p/feed.json /0: page screens/p/feed.all-1.html would be the folder of the pages of p/feed.all-1.html/; not written: rename the folder or this file",
            "p/foo.json -: page screens/p/foo.frame.html is the page of p/foo.frame.json; not written",
        ])
        #expect(!report.screens.map(\.payload).contains("p/a.json") && writer.files["screens/p/a.html"] == nil && writer.files["docs/g.html"] == nil)
        #expect(writer.files["screens/p/b.frame.html"] == nil && writer.files["screens/p/feed.all-1.html"] == nil && writer.files["docs/k.html"] != nil)
        #expect(writer.text("screens/p/foo.frame.html")?.contains("data-v-source") == true, "foo.frame.json's own page, not foo.json's standalone page")
        #expect(writer.text("screens/p/foo.html")?.contains("data-v-standalone") == false, "no link to foo.frame.json's page")
        #expect(writer.text("screens/p/b.html")?.contains("data-v-standalone") == false)
        // Neither the header's button nor the list of all-list pages leads to bar.all-1.json's page (the pager may: it is the screen before).
        let bar = writer.text("screens/p/bar.html") ?? ""
        #expect(!bar.contains("href=\"bar.all-1.html\"") && !bar.contains("Camping — All List"), "\(bar)")
        #expect(writer.text("screens/p/bar.frame.html")?.contains("bar.all-1.html") == false)
        let byPayload = Dictionary(uniqueKeysWithValues: report.screens.map { ($0.payload, $0) })
        #expect(byPayload["p/foo.json"]?.standalone == nil && byPayload["p/bar.json"]?.subpages == [] && byPayload["p/feed.json"]?.subpages == [])
    }

    /// A payload whose subpage another payload took gets it back once that payload is gone,
    /// from a rebuild with the cache too (the two payloads need not be neighbours).
    @Test func aSubpageTakenByAPayloadNowGoneIsDrawnAgainFromTheCache() throws {
        var files = ["feed.json": "[" + FeedDecoderTests.section(id: 1) + "]", "feed.all-1.json": Self.good, "feed.b.json": Self.good]
        let writer = MemorySiteWriter()
        func run(_ cache: BuildCache?) -> BuildReport {
            let input = MemoryInput(files)
            return BuildPipeline(listing: input.listing, source: input, writer: writer, theme: Self.theme, previousCache: cache).run()
        }
        #expect(run(nil).screens.first { $0.payload == "feed.json" }?.subpages == [])
        let cache = try #require(writer.files[BuildCache.fileName].flatMap(BuildCache.read))
        files["feed.all-1.json"] = nil
        let rebuilt = run(cache)
        #expect(rebuilt.errorCount == 0 && rebuilt.screens.first { $0.payload == "feed.json" }?.subpages == ["screens/feed.all-1.html"])
        #expect(writer.text("screens/feed.all-1.html")?.contains("All List") == true)
    }

    /// A note spelt in another Unicode form than its payload (NFC beside NFD) is not shown, and
    /// says so (it was left out silently); an embed in NFC finds the payload spelt in NFD.
    @Test func aNoteInAnotherNormalisationIsAWarningAndAnEmbedFindsItsPayload() {
        let nfd = "cafe\u{301}", nfc = "caf\u{E9}"
        let (report, writer) = build(["p/\(nfd).json": Self.good, "p/\(nfc).md": "A note\n", "docs/index.md": "```vitrine-screen p/\(nfc).json\n```\n"])
        #expect(report.diagnostics.map { "\($0.file): \($0.message)" } == [
            "p/\(nfc).md: not shown as the note of p/\(nfd).json: its name is spelt in another Unicode form (NFC, NFD) than the payload's; rename it to match",
        ])
        let doc = writer.text("docs/index.html") ?? ""
        #expect(doc.contains("class=\"v-embed\"") && doc.contains("href=\"../screens/p/cafe%CC%81.html\""), "\(doc.suffix(600))")
    }

    /// A document whose page name would pass 255 bytes is skipped with an error, as a payload
    /// is; its page had failed to write at the end of the build, and the sidebar linked it.
    @Test func docNameTooLongForItsPageIsSkipped() {
        let long = String(repeating: "d", count: 251), fits = String(repeating: "e", count: 250)  // + ".html": 256 and 255 bytes
        let (report, writer) = build(["a.json": Self.good, "docs/\(long).md": "# Long\n", "docs/\(fits).md": "# Fits\n"])
        #expect(report.diagnostics.map { "\($0.file): \($0.message)" } == [
            "docs/\(long).md: name too long for its page: `\(long).html` would pass the file systems' limit of 255 bytes; skipped: shorten it",
        ])
        #expect(writer.files["docs/\(fits).html"] != nil && !writer.files.keys.contains { $0.contains(long) })
    }

    /// I05: pages are named after payload files, never after the ids inside them.
    @Test func componentIdsNeverBecomeFileNames() {
        let ids = ["../../x", "..", ".", "", "a/b", "..%2f..%2fetc", String(repeating: "x", count: 300), "CON", "Home", "home"]
        let views = ids.map { #"{"type":"text","component":{"componentId":"\#($0)","text":"t"}}"# }.joined(separator: ",")
        let (report, writer) = build(["s.json": SceneFixture.scene(views)])
        #expect(report.errorCount == 0)
        let pages = writer.files.keys.filter { !$0.hasPrefix("theme/") && !$0.hasPrefix("gallery/") }.sorted()
        #expect(pages == [".vitrine-cache", "catalogue/screens.js", "index.html", "index.json", "screens/s.frame.html", "screens/s.html"])
        #expect(writer.files.keys.allSatisfy { !$0.contains("..") && !$0.contains("etc") && !$0.contains("xxxx") && !$0.contains("CON") })
    }

    @Test func writesEveryPageAndResourceAtItsPath() {
        let (report, writer) = build([
            "home.json": Self.good,
            "flows/checkout/pay.json": Self.good,
            "feed.json": "[]",
            "notes.json": #"{"a":1}"#,
            "vitrine.json": #"{"title":"Shop"}"#,
            "assets/logo.svg": "<svg/>",
            "fonts/Brand-Bold.woff2": "font",
            "components/custom.mustache": "<b>{{componentId}}</b>",
            "components/extra.css": ".x{}",
            "docs/readme.md": "# not yet",
            "README.txt": "ignored",
        ])
        let themePaths = Set(Self.theme.files.map { "theme/" + $0.path })
        #expect(themePaths.isSuperset(of: ["theme/vitrine.css", "theme/vitrine.js", "theme/screen.js", "theme/catalogue.js", "theme/gallery.js"]))
        #expect(!themePaths.contains { $0.hasPrefix("theme/templates/") })
        #expect(Set(writer.files.keys).subtracting(themePaths) == [
            "index.html", "catalogue/screens.js", "index.json", ".vitrine-cache",
            "screens/home.html", "screens/home.frame.html", "screens/flows/checkout/pay.html", "screens/flows/checkout/pay.frame.html",
            "screens/feed.html", "screens/feed.frame.html", "screens/notes.html",
            "gallery/index.html", "gallery/container.v.html", "gallery/text.html", "docs/readme.html",
            "assets/logo.svg", "fonts/Brand-Bold.woff2", "fonts/fonts.css", "components/extra.css",
        ])
        #expect(Set(writer.finished) == Set(writer.files.keys))
        #expect(report.screens.map(\.status) == [.rendered, .rendered, .rendered, .unknown])
        #expect(writer.text("fonts/fonts.css") == "@font-face{font-family:\"Brand\";font-weight:700;src:url(\"Brand-Bold\\2e woff2\");font-display:swap}\n")
        let page = writer.text("screens/flows/checkout/pay.html") ?? ""
        #expect(page.contains(#"<link rel="stylesheet" href="../../../theme/vitrine.css">"#))
        #expect(page.contains(#"<link rel="stylesheet" href="../../../components/extra.css">"#))
        #expect(page.contains("<title>Pay — Shop</title>"))
        #expect(writer.text("index.html")?.contains(#"<a class="v-card-title" href="screens/flows/checkout/pay.html">Pay</a>"#) == true)
        #expect(writer.text("screens/notes.html")?.contains("Vitrine does not know this file") == true)
    }

    /// A template whose sections repeat over a list inside itself eight deep (under a kilobyte)
    /// never finished drawing: it is an error at the component, drawn as a placeholder, and the
    /// rest of the screen and site is built.
    @Test func aTemplateThatDrawsTooMuchIsAnErrorAtItsComponent() {
        let list = "[" + (0..<30).map(String.init).joined(separator: ",") + "]"
        let (report, writer) = build([
            "a.json": SceneFixture.scene(#"{"type":"custom","component":{"componentId":"bomb","a":\#(list),"x":"xxxxxxxxxx"}},"#
                                         + #"{"type":"text","component":{"componentId":"after","text":"Still drawn"}}"#),
            "components/bomb.mustache": String(repeating: "{{#a}}", count: 8) + "{{x}}" + String(repeating: "{{/a}}", count: 8),
        ])
        let problem = report.diagnostics.first { $0.message.hasPrefix("components/bomb.mustache draws more than 4 MiB") }
        #expect(problem?.severity == .error && problem?.pointer?.description == "/container/views/0/component", "\(report.diagnostics)")
        let page = writer.text("screens/a.html") ?? ""
        #expect(page.contains("Still drawn") && page.contains("its template draws more than 4 MiB"))
        #expect(page.utf8.count < 100_000)
    }

    /// A component whose template is there but refused says so: "looked for components/promo.mustache"
    /// sent the reader looking for a file that was there.
    @Test func aRefusedTemplateIsNamedAsThereButNotUsable() {
        let (report, _) = build([
            "a.json": SceneFixture.scene(#"{"type":"custom","component":{"componentId":"promo","title":"T"}}"#),
            "components/promo.mustache": #"<b onclick="go()">{{title}}</b>"#,
        ])
        let messages = report.diagnostics.map(\.message)
        #expect(messages.contains { $0.hasPrefix("template holds `onclick=`") }, "\(messages)")
        #expect(messages.contains("no usable template for custom component (looked for components/promo.mustache or components/custom.mustache, "
                                  + "in the input and the theme); components/promo.mustache is there but not usable (see its error)"), "\(messages)")
        // So is one that is not UTF-8.
        var input = MemoryInput(["a.json": SceneFixture.scene(#"{"type":"custom","component":{"componentId":"promo","title":"T"}}"#)])
        input.files["components/promo.mustache"] = [0x3C, 0x62, 0x3E, 0xFF]
        let bytes = BuildPipeline(listing: input.listing, source: input, writer: MemorySiteWriter(), theme: Self.theme).run()
        #expect(bytes.diagnostics.map(\.message).contains { $0.hasSuffix("components/promo.mustache is there but not usable (see its error)") }, "\(bytes.diagnostics)")
    }

    /// A value left out of CSS is a warning at its component; a component's own template that
    /// is broken, passed over for `custom.mustache`, is named at the component too (it was only
    /// an error of the template's file, and the component looked drawn as meant).
    @Test func aValueLeftOutOfCSSAndABrokenTemplatePassedOverAreWarningsAtTheComponent() {
        let (report, writer) = build([
            "a.json": SceneFixture.scene(#"{"type":"custom","component":{"componentId":"badge","tint":"red;inset:0"}},"#
                                         + #"{"type":"custom","component":{"componentId":"chips","title":"T"}}"#),
            "components/badge.mustache": #"<b style="color:{{tint}}">{{tint}}</b>"#,
            "components/chips.mustache": "{{#chips}}unclosed",
            "components/custom.mustache": "<i>{{componentId}}</i>",
        ])
        let warnings = report.diagnostics.filter { $0.severity == .warning }.map { "\($0.pointer?.description ?? ""): \($0.message)" }
        #expect(warnings == [
            "/container/views/0/component: components/badge.mustache prints “red;inset:0” into CSS (a style attribute or element), where only "
                + "a plain value (letters, digits, spaces and # . , % + - _ ( ) /) is printed; it is left out",
            "/container/views/1/component: drawn with components/custom.mustache: components/chips.mustache is there but not usable (see its error)",
        ], "\(report.diagnostics)")
        #expect(writer.text("screens/a.html")?.contains(#"<b style="color:">red;inset:0</b>"#) == true)
    }

    /// A template's `price` writes as the site's `feed` settings say, as a feed's cards do.
    @Test func aTemplatesPricesFollowTheSitesFeedSettings() {
        let (_, writer) = build([
            "a.json": SceneFixture.scene(#"{"type":"custom","component":{"componentId":"tag","amount":1250.5}}"#),
            "components/tag.mustache": "<b class=\"tag\">{{price(amount)}}</b>",
            "vitrine.json": #"{"feed": {"currency": "€", "currencyPosition": "before", "locale": "de-DE"}}"#,
        ])
        #expect(writer.text("screens/a.html")?.contains(#"<b class="tag">€1250,50</b>"#) == true)
    }

    @Test func brokenPayloadGetsAnErrorPageAndTheRestStillBuilds() {
        let (report, writer) = build(["a.json": Self.good, "b.json": #"{"container": [1,,2]}"#, "c.json": Self.good])
        #expect(writer.files["screens/a.html"] != nil && writer.files["screens/c.html"] != nil)
        #expect(writer.text("screens/b.html")?.contains("This payload could not be read") == true)
        #expect(report.errorCount == 1)
        #expect(report.diagnostics.map(SceneFixture.format) == ["1:18: error: expected a value, found ',' (at /container/1)"])
        #expect(writer.text("index.html")?.contains("1 error") == true)
    }

    @Test func sameInputGivesByteIdenticalOutput() {
        let files = ["a.json": Self.good, "b/c.json": SceneFixture.scene(##"{"type":"rectangle","component":{"componentId":"r","foregroundColor":"#123456","frame":{"width":0.30000000000000004}}}"##)]
        let first = build(files).1.files
        let second = build(files).1.files
        #expect(first == second)
    }

    @Test func diagnosticsAreSortedByFileThenPosition() {
        let (report, _) = build([
            "b.json": SceneFixture.scene(#"{"type":"rectangle","component":{"componentId":"r","zz":1,"aa":2}}"#),
            "a.json": "{",
        ])
        #expect(report.diagnostics.map { "\($0.file) \($0.location.map(\.description) ?? "")" } == ["a.json 1:2", "b.json 1:165", "b.json 1:172"])
    }

    @Test func rebuildWithTheCacheEqualsACleanBuildAndRedrawsOnlyWhatChanged() throws {
        var files = ["a.json": Self.good, "b.json": Self.good, "c.json": "{", "vitrine.json": #"{"title":"T"}"#]
        let writer = MemorySiteWriter()
        func run(_ cache: BuildCache?, into writer: MemorySiteWriter) -> BuildReport {
            let input = MemoryInput(files)
            return BuildPipeline(listing: input.listing, source: input, writer: writer, theme: Self.theme, previousCache: cache).run()
        }
        let first = run(nil, into: writer)
        let cache = try #require(writer.files[BuildCache.fileName].flatMap(BuildCache.read))
        #expect(cache.entries.map(\.payload) == ["a.json", "b.json", "c.json"])

        files["b.json"] = SceneFixture.scene(#"{"type":"text","component":{"componentId":"t","text":"Changed","x":1}}"#)
        writer.clearLog()
        let second = run(cache, into: writer)
        let pages = writer.writes.filter { $0.hasPrefix("screens/") }
        #expect(pages == ["screens/b.html", "screens/b.frame.html"])

        let clean = MemorySiteWriter()
        let reference = run(nil, into: clean)
        #expect(writer.files == clean.files)
        #expect(second.diagnostics == reference.diagnostics)
        #expect(first.diagnostics.count == 1 && second.diagnostics.count == 2)

        // I12: a deleted payload's pages and catalogue entry go, a renamed one moves, and the
        // site still equals a clean build.
        for (old, new) in [("a.json", nil), ("b.json", "renamed/b2.json")] {
            let cache = try #require(writer.files[BuildCache.fileName].flatMap(BuildCache.read))
            let bytes = files.removeValue(forKey: old)
            if let new { files[new] = bytes }
            _ = run(cache, into: writer)
            let reference = MemorySiteWriter()
            _ = run(nil, into: reference)
            #expect(writer.files == reference.files, "after removing \(old)")
            let stem = String(old.dropLast(".json".count))
            #expect(writer.files["screens/\(stem).html"] == nil && writer.files["screens/\(stem).frame.html"] == nil)
            #expect(writer.text("index.json")?.contains(#""\#(old)""#) == false)
            #expect(writer.text("catalogue/screens.js")?.contains(#""\#(old)""#) == false)
        }
        #expect(writer.files["screens/renamed/b2.html"] != nil)
    }

    /// Guards a fixed bug: a payload reused from the cache was not checked against payloads added
    /// since, whose pages its own derived pages would overwrite (`a.frame.json` beside `a.json`),
    /// and a rebuild kept the other's page as `a.json`'s standalone page, with no error.
    @Test func aPayloadAddedWhosePageAnotherDerivesEqualsACleanBuild() throws {
        var files = ["a.json": Self.good, "a.g.json": Self.good]
        let writer = MemorySiteWriter()
        func run(_ cache: BuildCache?, into writer: MemorySiteWriter) -> BuildReport {
            let input = MemoryInput(files)
            return BuildPipeline(listing: input.listing, source: input, writer: writer, theme: Self.theme, previousCache: cache).run()
        }
        _ = run(nil, into: writer)
        for change in ["add a.frame.json", "remove it again"] {
            if change.hasPrefix("add") { files["a.frame.json"] = Self.good } else { files["a.frame.json"] = nil }
            let cache = try #require(writer.files[BuildCache.fileName].flatMap(BuildCache.read))
            let rebuilt = run(cache, into: writer)
            let clean = MemorySiteWriter()
            let reference = run(nil, into: clean)
            #expect(writer.files == clean.files, "\(change)")
            #expect(rebuilt.diagnostics == reference.diagnostics, "\(change)")
            #expect(rebuilt.screens == reference.screens, "\(change)")
        }
        #expect(writer.text("screens/a.frame.html")?.contains("<title>A (standalone) —") == true, "a.json's standalone page again")
    }

    /// Guards a fixed bug: a page's neighbours went into its cache key as one text, lines apart,
    /// and a file name may hold a line break, so `a.json⏎b.json` and `c.json` as neighbours
    /// read as `a.json` and `b.json⏎c.json`: the page kept links to pages just removed.
    @Test func neighboursWithLineBreaksInTheirNamesAreToldApartByTheCache() throws {
        var files = ["a.json\nb.json": Self.good, "aa.json": Self.good, "c.json": Self.good]
        let writer = MemorySiteWriter()
        func run(_ cache: BuildCache?, into writer: MemorySiteWriter) -> BuildReport {
            let input = MemoryInput(files)
            return BuildPipeline(listing: input.listing, source: input, writer: writer, theme: Self.theme, previousCache: cache).run()
        }
        _ = run(nil, into: writer)
        (files["a.json\nb.json"], files["a.json"], files["c.json"], files["b.json\nc.json"]) = (nil, Self.good, nil, Self.good)
        let cache = try #require(writer.files[BuildCache.fileName].flatMap(BuildCache.read))
        _ = run(cache, into: writer)
        let clean = MemorySiteWriter()
        _ = run(nil, into: clean)
        #expect(writer.text("screens/aa.html")?.contains("href=\"../screens/a.html\"") == true)
        let differing = Set(writer.files.keys).union(clean.files.keys).filter { writer.files[$0] != clean.files[$0] }
        #expect(differing.isEmpty, "files unlike a clean build's: \(differing.sorted())")
    }

    /// A file that is a JSON object but neither a scene nor a feed (a generator's notes) is
    /// listed, skipped with a warning, and gets a page saying so; the build goes on.
    @Test func jsonThatIsNoPayloadIsSkippedWithAWarning() {
        let (report, writer) = build(["x.json": #"{"a":1}"#, "a.json": Self.good])
        #expect(report.screens.map(\.status) == [.rendered, .unknown])
        #expect(report.diagnostics.map { "\($0.file): \($0.severity.rawValue): \($0.message)" } == [
            "x.json: warning: not a payload format Vitrine knows (a scene is an object with `container`, a feed an array of sections); not drawn",
        ])
        #expect(writer.text("screens/x.html")?.contains("Vitrine does not know this file&#39;s format") == true)
        #expect(writer.files["screens/a.html"] != nil)
    }

    /// A23: a lone value is no one's notes: an error where it stands; the build goes on.
    @Test(arguments: [(#""just a string""#, "1:1", "a string"), (" 42", "1:2", "a number"), ("null", "1:1", "null"), ("\ntrue", "2:1", "a boolean")])
    func aLoneValueIsAnError(json: String, position: String, found: String) {
        let (report, writer) = build(["x.json": json, "a.json": Self.good])
        #expect(report.screens.map(\.status) == [.rendered, .failed])
        #expect(report.diagnostics.map { "\($0.file):\($0.location.map { "\($0.line):\($0.column)" } ?? "-"): \($0.severity.rawValue): \($0.message)" } == [
            "x.json:\(position): error: expected a screen object (a scene) or an array of sections (a feed), found \(found); not drawn",
        ])
        #expect(writer.files["screens/x.html"] != nil && writer.files["screens/a.html"] != nil)
    }

    /// A scene whose `container` is misspelt is a broken scene, not a file of another format:
    /// an error, so a check in CI fails.
    @Test func sceneWithAMisspeltContainerIsAnError() {
        let (report, _) = build(["x.json": #"{"hasNavigationBar":false,"contianer":{}}"#])
        #expect(report.screens.map(\.dialect) == ["scene"])
        #expect(report.diagnostics.map { "\($0.severity.rawValue): \($0.message)" } == [
            "error: missing key `container`",
            "warning: unknown key `contianer`; the app ignores it; did you mean `container`?",
        ])
    }

    /// I08: one broken payload among 1 000: 999 screens, one error page, the catalogue marks it.
    @Test func oneBrokenPayloadAmongAThousand() {
        var files: [String: String] = [:]
        for index in 0..<1_000 { files["s/\(index).json"] = Self.good }
        files["s/500.json"] = "{\"container\": "
        let (report, writer) = build(files)
        #expect(report.screens.count { $0.status == .rendered } == 999)
        #expect(report.errorCount == 1)
        #expect(writer.files.keys.count { $0.hasPrefix("screens/s/") && !$0.hasSuffix(".frame.html") } == 1_000)
        #expect(writer.text("screens/s/500.html")?.contains("could not be read") == true)
        #expect(writer.text("catalogue/screens.js")?.contains(#""s/500.json""#) == true)
    }

    /// I08 `--fail-fast`: the first payload with an error (or, as with `--strict`, a warning)
    /// ends the build: the payloads not yet begun are not drawn and nothing is finished.
    @Test func failFastStopsAtTheFirstProblemAndFinishesNothing() {
        var files: [String: String] = [:]
        for index in 0..<1_000 { files["s/\(index).json"] = Self.good }
        files["s/0.json"] = "{\"container\": "
        for stopAt in [Severity.error, .warning] {
            let input = MemoryInput(files)
            let writer = MemorySiteWriter()
            var pipeline = BuildPipeline(listing: input.listing, source: input, writer: writer, theme: Self.theme)
            pipeline.stopAt = stopAt
            let report = pipeline.run()
            #expect(report.stopped && writer.abandoned && writer.finished.isEmpty)
            #expect(report.diagnostics.contains { $0.file == "s/0.json" && $0.severity == .error })
            #expect(report.screens.count < 1_000, "every payload was drawn")
            #expect(writer.files["index.html"] == nil)
        }
        var pipeline = BuildPipeline(listing: MemoryInput(["a.json": Self.good]).listing, source: MemoryInput(["a.json": Self.good]),
                                     writer: MemorySiteWriter(), theme: Self.theme)
        pipeline.stopAt = .error
        #expect(!pipeline.run().stopped)
    }

    /// With the cache of an earlier build, a reused payload's error stops the build as a new one
    /// does, instead of every reused error being reported.
    @Test func failFastStopsAtAReusedProblemToo() {
        var files: [String: String] = [:]
        for index in 0..<1_000 { files["s/\(index).json"] = index % 10 == 0 ? "{\"container\": " : Self.good }
        let input = MemoryInput(files)
        let writer = MemorySiteWriter()
        let first = BuildPipeline(listing: input.listing, source: input, writer: writer, theme: Self.theme).run()
        #expect(first.errorCount == 100)
        var pipeline = BuildPipeline(listing: input.listing, source: input, writer: writer, theme: Self.theme, previousCache: first.cache)
        pipeline.stopAt = .error
        let report = pipeline.run()
        #expect(report.stopped)
        #expect(report.errorCount > 0 && report.errorCount < 10, "\(report.errorCount) errors reported")
    }

    /// C06: a 1 MB token builds; its pages stay bounded (the render cut at 256 KiB, the source
    /// shown up to its 1 MiB limit) and the cut is a located warning.
    @Test func aMegabyteTokenBuildsIntoBoundedPages() throws {
        let token = String(repeating: "a", count: 1_000_000)
        let (report, writer) = build(["big.json": SceneFixture.scene(#"{"type":"text","component":{"componentId":"big","text":"\#(token)"}}"#), "small.json": Self.good])
        #expect(report.errorCount == 0 && report.screens.allSatisfy { $0.status == .rendered })
        let warning = try #require(report.diagnostics.first { $0.file == "big.json" })
        #expect(warning.message == "text of 1000000 bytes; only its first \(NodeRenderer.drawnTextBytes) are drawn")
        #expect(warning.location != nil && warning.pointer?.description.hasSuffix("/component") == true)
        let frame = try #require(writer.files["screens/big.frame.html"])
        #expect(frame.count < NodeRenderer.drawnTextBytes + 20_000)
        let page = try #require(writer.files["screens/big.html"])
        #expect(page.count < NodeRenderer.drawnTextBytes + SourceHighlighter.maxBytes + 40_000)
        #expect(writer.text("screens/big.html")?.contains(#"<span class="v-cut">"#) == true)
    }

    /// E18: remote images are left for the browser: building never connects to their host.
    @Test func remoteImagesAreNeverFetchedAtBuildTime() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) == 0 && listen(listener, 8) == 0 && getsockname(listener, $0, &length) == 0 }
        }
        try #require(bound)
        let port = UInt16(bigEndian: address.sin_port)
        let image = #"{"type":"image","component":{"componentId":"i","imageURL":"http://127.0.0.1:\#(port)/a.png"}}"#
        let (_, writer) = build(["a.json": SceneFixture.scene(image)])
        #expect(writer.text("screens/a.frame.html")?.contains("http://127.0.0.1:\(port)/a.png") == true)
        _ = fcntl(listener, F_SETFL, O_NONBLOCK)
        let connection = accept(listener, nil, nil)
        if connection >= 0 { close(connection) }
        #expect(connection < 0, "the build connected to the image's host")
    }

    /// `vitrine check` reports exactly what a build reports, without making a page.
    @Test func checkingReportsWhatABuildReportsWithoutMakingAPage() throws {
        let warned = SceneFixture.scene(#"{"type":"image","component":{"componentId":"i","imageURL":"missing"}}"#)
        let fixture = MemoryInput([
            "f.json": "[" + FeedDecoderTests.section(id: 7) + "]",
            "f.all-7.json": Self.good,  // the feed's subpage would overwrite its page
            "s.json": Self.good, "s.frame.json": Self.good,  // and the standalone page of s.json this one's
            "w.json": warned, "w.md": "[gone](gone.json)\n", "broken.json": "{",
            "docs/guide.md": "# Guide\n\n[Nowhere](../nowhere.json)\n\n```vitrine-screen missing.json\n```\n",
        ])
        let demo = Repository.path("Site")
        let sources: [(InputListing, any InputSource)] = [(fixture.listing, fixture), (DirectoryWalker(root: demo).list(), FileReader(root: demo))]
        for (index, source) in sources.enumerated() {
            let built = BuildPipeline(listing: source.0, source: source.1, writer: MemorySiteWriter(), theme: Self.theme).run()
            let writer = MemorySiteWriter()
            var checking = BuildPipeline(listing: source.0, source: source.1, writer: writer, theme: Self.theme)
            checking.checksOnly = true
            let checked = checking.run()
            #expect(checked.diagnostics == built.diagnostics, "input \(index)")
            #expect(checked.screens == built.screens, "input \(index)")
            #expect(writer.files.isEmpty)
            if index == 0 {
                #expect(built.diagnostics.filter { $0.message.contains("; not written") && $0.message.contains(" is the page of ") }.map(\.file) == ["f.json", "s.json"])
                // The index does not send readers to the other payload's page instead.
                let byPayload = Dictionary(uniqueKeysWithValues: built.screens.map { ($0.payload, $0) })
                #expect(byPayload["s.json"]?.standalone == nil && byPayload["s.frame.json"]?.standalone == "screens/s.frame.frame.html")
                #expect(byPayload["f.json"]?.subpages == [] && byPayload["f.json"]?.standalone == "screens/f.frame.html")
                #expect(built.diagnostics.count > 6)
            }
        }
    }

    /// `serve`'s memo keeps pages made from summaries, which compare their paths as strings: a
    /// file renamed only in its normalisation (NFC to NFD) empties it, as a new fingerprint does.
    @Test func aNameRespeltInAnotherNormalisationEmptiesTheMemo() {
        let memo = BuildMemo()
        memo.start(ContentHash(), paths: ["caf\u{E9}.json", "a.json"])
        memo.keep("index", key: 1, value: "page")
        memo.start(ContentHash(), paths: ["caf\u{E9}.json", "b.json"])
        #expect(memo.kept("index", key: 1, as: String.self) == "page", "a file added or gone keeps it")
        memo.start(ContentHash(), paths: ["cafe\u{301}.json", "b.json"])
        #expect(memo.kept("index", key: 1, as: String.self) == nil)
    }

    /// `serve` keeps each cache entry's encoded bytes between builds, but not those of a payload
    /// that is gone: a long session of renames would otherwise hold every name it ever saw.
    @Test func theMemoForgetsTheCacheEntriesOfPayloadsThatAreGone() {
        let memo = BuildMemo()
        let summary = ScreenSummary(payload: "a.json", title: "A", dialect: "scene", status: .rendered, page: "screens/a.html",
                                    components: 1, warnings: 0, errors: 0)
        let entry = BuildCache.Entry(payload: "a.json", content: ContentHash(value: 1), summary: summary, diagnostics: [], pages: ["screens/a.html"])
        var encodings = 0
        let encode = { (_: BuildCache.Entry) -> [UInt8] in encodings += 1; return [0x7B, 0x7D] }
        memo.start(ContentHash(), paths: ["a.json", "b.json"])
        _ = memo.encoded(entry, encode: encode)
        memo.start(ContentHash(), paths: ["a.json"])
        _ = memo.encoded(entry, encode: encode)
        #expect(encodings == 1, "kept while its payload is there")
        memo.start(ContentHash(), paths: ["b.json"])
        memo.start(ContentHash(), paths: ["a.json", "b.json"])
        _ = memo.encoded(entry, encode: encode)
        #expect(encodings == 2, "forgotten once its payload was gone")
    }

    /// The cache finds a payload's entry byte for byte: `café.json` in NFD is another file.
    @Test func theCacheTakesNoEntryOfANameInAnotherNormalisation() {
        let (report, _) = build(["caf\u{E9}.json": Self.good])
        let lookup = report.cache.lookup(fingerprint: report.cache.fingerprint)
        let content = report.cache.entries[0].content
        #expect(lookup.reusable("caf\u{E9}.json", content: content) != nil)
        #expect(lookup.reusable("cafe\u{301}.json", content: content) == nil)
    }

    @Test func theCacheFileIsTheEncodersOutputWithOrWithoutTheMemo() throws {
        let (report, _) = build(["a.json": Self.good, "b.json": "{", "c/d.json": Self.good])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let expected = Array(try encoder.encode(report.cache))
        let memo = BuildMemo()
        #expect(report.cache.file(memo: memo).bytes == expected)
        #expect(report.cache.file(memo: memo).bytes == expected, "entries taken from the memo")
        #expect(BuildCache.read(expected) == report.cache)
    }

    /// The cache is read back with the payload reader: 64-bit hashes exactly (past a `Double`'s
    /// 2⁵³), every value of every entry, and anything else (a value of another type, a member
    /// missing, a file cut short) is no cache at all, so the build draws everything.
    @Test func theCacheIsReadBackExactlyOrNotAtAll() throws {
        var summary = ScreenSummary(payload: "a.json", title: "A", dialect: "scene", status: .rendered, page: "screens/a.html",
                                    components: 3, warnings: 1, errors: 0)
        (summary.subpages, summary.standalone, summary.componentTypes, summary.searchText, summary.hidden)
            = (["screens/a.all-1.html"], "screens/a.frame.html", ["text": 2, "image": 1], "hello", true)
        let diagnostics = [Diagnostic(.warning, "odd", file: "a.json", location: SourceLocation(line: 3, column: 7), pointer: JSONPointer("/container")),
                           Diagnostic(.error, "bad", file: "a.json")]
        let cache = BuildCache(fingerprint: ContentHash(value: UInt64.max - 1), entries: [
            BuildCache.Entry(payload: "a.json", content: ContentHash(value: 9_007_199_254_740_993), summary: summary, diagnostics: diagnostics,
                             pages: ["screens/a.html"]),
        ])
        let bytes = cache.file(memo: BuildMemo()).bytes
        #expect(BuildCache.read(bytes) == cache)
        let text = String(decoding: bytes, as: UTF8.self)
        for broken in [text.replacingOccurrences(of: #""components":3"#, with: #""components":"3""#),
                       text.replacingOccurrences(of: #""title":"A","#, with: ""),
                       text.replacingOccurrences(of: #""severity":"error""#, with: #""severity":"fatal""#),
                       text.replacingOccurrences(of: #""components":3"#, with: #""components":3.5"#),
                       String(text.dropLast())] {
            #expect(broken != text && BuildCache.read(Array(broken.utf8)) == nil, "\(broken.suffix(80))")
        }
    }

    /// A diagnostic is a screen's when its file is the screen's payload byte for byte: the walk's
    /// error on an NFC name skipped beside its NFD twin is the document's, not the twin's.
    @Test func indexJSONTellsAScreensDiagnosticsByTheBytesOfItsName() throws {
        let summary = ScreenSummary(payload: "cafe\u{301}.json", title: "Cafe", dialect: "scene", status: .rendered, page: "screens/cafe\u{301}.html",
                                    components: 1, warnings: 0, errors: 0)
        let skipped = Diagnostic(.error, "name differs from … only in Unicode normalisation", file: "caf\u{E9}.json")
        let file = SiteIndex.file(title: "T", baseURL: nil, summaries: [summary], diagnostics: [skipped])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(file.bytes)) as? [String: Any])
        let screens = try #require(document["screens"] as? [[String: Any]])
        #expect((screens.first?["diagnostics"] as? [Any])?.isEmpty == true)
        #expect((document["diagnostics"] as? [[String: Any]])?.map { ($0["file"] as? String).map { Array($0.utf8) } } == [Array("caf\u{E9}.json".utf8)])
    }

    /// index.json is written without `JSONEncoder`, but byte for byte as it would write the
    /// schema (pretty, keys sorted, `null` for what is unknown), with and without the memo.
    @Test func indexJSONIsTheEncodersOutputWithOrWithoutTheMemo() throws {
        let (report, _) = build(["a.json": Self.good, "b.json": #"{"container": [1,,2]}"#, "c/\u{1}\"<d>.json": Self.good, "e.json": "[]",
                                 "docs/a.md": "[gone](missing.md)\n", "vitrine.json": #"{"colour": 1}"#])
        #expect(report.diagnostics.contains { $0.location != nil && $0.pointer != nil })
        #expect(Set(report.diagnostics.map(\.file)).isSuperset(of: ["docs/a.md", "vitrine.json"]), "diagnostics of no payload: \(report.diagnostics)")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        for (summaries, baseURL) in [(report.screens, nil), ([], "https://x.test/a/"), (Array(report.screens.prefix(1)), nil)] {
            let expected = Array(try encoder.encode(IndexMirror(title: "T \"q\" /", baseURL: baseURL, summaries: summaries, diagnostics: report.diagnostics))) + [0x0A]
            #expect(SiteIndex.file(title: "T \"q\" /", baseURL: baseURL, summaries: summaries, diagnostics: report.diagnostics).bytes == expected)
            let memo = BuildMemo()
            for _ in 0..<2 {
                let parts = SiteIndex.file(title: "T \"q\" /", baseURL: baseURL, summaries: summaries, diagnostics: report.diagnostics, memo: memo)
                #expect(parts.bytes == expected)
            }
        }
    }

    /// index.json's schema as `Encodable`, for the test above.
    private struct IndexMirror: Encodable {
        var title: String
        var baseURL: String?
        var summaries: [ScreenSummary]
        var diagnostics: [Diagnostic]

        enum Key: String, CodingKey {
            case schemaVersion, title, baseURL, screens, payload, kind, status, page, standalone, subpages, hidden, components, componentTypes
            case warnings, errors, diagnostics, severity, message, line, column, pointer, file
            case devices, name, width, height, fragment
        }

        struct Device: Encodable {
            var preset: DevicePreset

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                try container.encode(preset.name, forKey: .name)
                try container.encode(preset.width, forKey: .width)
                try container.encode(preset.height, forKey: .height)
                try container.encode("#width=\(Int(preset.width))x\(Int(preset.height))", forKey: .fragment)
            }
        }

        struct Screen: Encodable {
            var summary: ScreenSummary
            var diagnostics: [Diagnostic]

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                try container.encode(summary.payload, forKey: .payload)
                try container.encode(summary.title, forKey: .title)
                try container.encode(summary.dialect, forKey: .kind)
                try container.encode(summary.status.rawValue, forKey: .status)
                try container.encode(summary.page, forKey: .page)
                try container.encode(summary.standalone, forKey: .standalone)
                try container.encode(summary.subpages, forKey: .subpages)
                try container.encode(summary.hidden, forKey: .hidden)
                try container.encode(summary.components, forKey: .components)
                try container.encode(summary.componentTypes, forKey: .componentTypes)
                try container.encode(summary.warnings, forKey: .warnings)
                try container.encode(summary.errors, forKey: .errors)
                try container.encode(diagnostics.map { Problem(diagnostic: $0) }, forKey: .diagnostics)
            }
        }

        struct Problem: Encodable {
            var diagnostic: Diagnostic
            /// Whether the file is said: a diagnostic of no payload, listed by the document.
            var file = false

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                if file { try container.encode(diagnostic.file, forKey: .file) }
                try container.encode(diagnostic.severity.rawValue, forKey: .severity)
                try container.encode(diagnostic.message, forKey: .message)
                try container.encode(diagnostic.location?.line, forKey: .line)
                try container.encode(diagnostic.location?.column, forKey: .column)
                try container.encode(diagnostic.pointer?.description, forKey: .pointer)
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(1, forKey: .schemaVersion)
            try container.encode(title, forKey: .title)
            try container.encode(baseURL, forKey: .baseURL)
            try container.encode(DevicePreset.standard.map(Device.init), forKey: .devices)
            let byFile = Dictionary(grouping: diagnostics, by: \.file)
            try container.encode(summaries.map { Screen(summary: $0, diagnostics: byFile[$0.payload] ?? []) }, forKey: .screens)
            let payloads = Set(summaries.map(\.payload))
            try container.encode(diagnostics.filter { !payloads.contains($0.file) }.map { Problem(diagnostic: $0, file: true) }, forKey: .diagnostics)
        }
    }

    /// `serve`: after a build whose files were dropped, the next build draws again what that
    /// one drew (the last good pages are on disk, not the dropped ones): it hands on the last
    /// cache, not one naming the dropped pages.
    @Test func aDroppedBuildHandsOnTheLastCache() throws {
        let writer = FailingWriter()
        let text = { (words: String) in SceneFixture.scene(#"{"type":"text","component":{"componentId":"t","text":"\#(words)"}}"#) }
        func run(_ files: [String: String], after cache: BuildCache?) -> BuildReport {
            let input = MemoryInput(files)
            return BuildPipeline(listing: input.listing, source: input, writer: writer, theme: Self.theme, previousCache: cache).run()
        }
        let first = run(["a.json": text("A1"), "b.json": text("B1")], after: nil)
        writer.failing = ["screens/b.html"]
        let dropped = run(["a.json": text("A2"), "b.json": text("B2")], after: first.cache)
        #expect(dropped.unwritten && dropped.cache == first.cache)
        writer.failing = []
        writer.inner.clearLog()
        let good = run(["a.json": text("A2"), "b.json": text("B3")], after: dropped.cache)
        #expect(writer.inner.writes.contains("screens/a.html"), "a.json's page is drawn again: the one on disk is A1's")
        // A commit that fails part way leaves pages of either build: the next draws everything.
        writer.failsToFinish = true
        let failed = run(["a.json": text("A4"), "b.json": text("B4")], after: good.cache)
        #expect(failed.cache.entries.isEmpty && !good.cache.entries.isEmpty)
    }

    /// A large file written by a build that was then dropped is not taken for what is on disk:
    /// the next build writes it, though its bytes are the same.
    @Test func aDroppedBuildsFilesAreForgottenByTheMemo() {
        let memo = BuildMemo()
        let file = OutputFile(path: "index.json", bytes: [UInt8](repeating: 0x20, count: BuildMemo.rememberedFileSize))
        memo.noteWritten(file)
        #expect(memo.wroteLastTime(file))
        memo.forgetWritten()
        #expect(!memo.wroteLastTime(file))
    }

    @Test func aMemoBackedRebuildEqualsACleanBuild() throws {
        var files = ["a.json": Self.good, "b.json": Self.good, "docs/guide.md": "# Guide\n\n```vitrine-screen a.json\n```\n\n[B](../b.json)\n",
                     "docs/more/notes.md": "# Notes\n\nSee [setup](../guide.md#setup).\n\n```vitrine-screen b.json\n```\n",
                     "docs/more/other.md": "# Other\n"]
        let memo = BuildMemo()
        let writer = MemorySiteWriter()
        var cache: BuildCache?
        func run(into writer: MemorySiteWriter, memo: BuildMemo?) -> BuildReport {
            let input = MemoryInput(files)
            var pipeline = BuildPipeline(listing: input.listing, source: input, writer: writer, theme: Self.theme, previousCache: memo == nil ? nil : cache)
            pipeline.memo = memo
            let report = pipeline.run()
            if memo != nil { cache = report.cache }
            return report
        }
        _ = run(into: writer, memo: memo)
        let edits: [(String, String?)] = [
            ("a.json", SceneFixture.scene(#"{"type":"text","component":{"componentId":"t","text":"Embedded edit"}}"#)),
            ("docs/guide.md", "# Guide\n\n[Gone](../gone.json)\n"),
            // A heading another document links to appears; a title in another's sidebar changes.
            ("docs/guide.md", "# Guide\n\n## Setup\n\n[Gone](../gone.json)\n"),
            ("docs/more/other.md", "# Other, renamed\n"),
            ("docs/more/new.md", "# New\n"),
            ("docs/more/other.md", nil),
            ("b.json", nil),
            ("c.json", SceneFixture.scene(#"{"type":"rectangle","component":{"componentId":"r"}}"#)),
        ]
        for (path, text) in edits {
            files[path] = text
            let live = run(into: writer, memo: memo)
            let clean = MemorySiteWriter()
            let reference = run(into: clean, memo: nil)
            let differing = Set(writer.files.keys).union(clean.files.keys).filter { writer.files[$0] != clean.files[$0] }
            #expect(differing.sorted() == [], "after editing \(path)")
            #expect(live.diagnostics == reference.diagnostics, "after editing \(path)")
        }
        #expect(writer.text("docs/guide.html")?.contains("gone.json") == true)
        #expect(writer.text("docs/more/notes.html")?.contains("New") == true)
    }

    /// An input that counts the reads of each file.
    final class CountingInput: InputSource, @unchecked Sendable {
        let files: MemoryInput
        private let lock = NSLock()
        private var counts: [String: Int] = [:]

        /// Whether it tells the hash of every file without reading it, as `serve`'s source does
        /// for files unchanged since it read them.
        let knowsHashes: Bool

        init(_ files: [String: String], knowsHashes: Bool = false) {
            self.files = MemoryInput(files)
            self.knowsHashes = knowsHashes
        }

        func read(_ path: String) throws(FileReader.Failure) -> [UInt8] {
            lock.withLock { counts[path, default: 0] += 1 }
            return try files.read(path)
        }

        func knownContentHash(of path: String) -> ContentHash? {
            knowsHashes ? files.files[path].map(ContentHash.init) : nil
        }

        /// The reads of each file since the last call.
        func takeCounts() -> [String: Int] { lock.withLock { defer { counts = [:] }; return counts } }
    }

    /// `serve`'s memo renders again only the document that changed: each other one is read once,
    /// to see that it did not change, and neither rendered (which reads it again) nor drawn.
    @Test func aMemoBackedRebuildRendersOnlyTheEditedDocument() throws {
        var files = ["a.json": Self.good, "docs/guide.md": "# Guide\n\n[A](../a.json)\n",
                     "docs/notes.md": "# Notes\n\n```vitrine-screen a.json\n```\n", "docs/other.md": "# Other\n"]
        let memo = BuildMemo()
        let writer = MemorySiteWriter()
        func run(knowsHashes: Bool = false) -> [String: Int] {
            let input = CountingInput(files, knowsHashes: knowsHashes)
            var pipeline = BuildPipeline(listing: input.files.listing, source: input, writer: writer, theme: Self.theme)
            pipeline.memo = memo
            _ = pipeline.run()
            return input.takeCounts()
        }
        let first = run()
        #expect(first["docs/other.md"] == 1 && first["docs/notes.md"] == 1, "the first build reads each document to render it: \(first)")
        files["docs/guide.md"] = "# Guide\n\nEdited. [A](../a.json)\n"
        let second = run()
        #expect(second["docs/guide.md"] == 2, "checked, then rendered: \(second)")
        #expect(second["docs/other.md"] == 1 && second["docs/notes.md"] == 1, "only checked: \(second)")
        #expect(writer.text("docs/guide.html")?.contains("Edited.") == true)
        // A source that knows the hashes of unchanged files (serve's) is not read to check them.
        files["docs/guide.md"] = "# Guide\n\nEdited again. [A](../a.json)\n"
        let third = run(knowsHashes: true)
        #expect(third["docs/guide.md"] == 1 && third["docs/other.md"] == nil && third["docs/notes.md"] == nil, "\(third)")
        #expect(writer.text("docs/guide.html")?.contains("Edited again.") == true)
    }

    /// A writer that fails for some paths, as a full disk would.
    final class FailingWriter: SiteWriter, @unchecked Sendable {
        let inner = MemorySiteWriter()
        var failing: Set<String> = []
        var failsToFinish = false

        func write(_ file: OutputFile) throws(SiteWriterError) {
            if failing.contains(file.path) { throw SiteWriterError(path: file.path, message: "No space left on device") }
            try inner.write(file)
        }

        func exists(_ path: String) -> Bool { inner.exists(path) }
        func finish(writing paths: [String]) throws(SiteWriterError) {
            if failsToFinish { throw SiteWriterError(path: ".vitrine-commit", message: "No space left on device") }
            try inner.finish(writing: paths)
        }
        func abandon() { inner.abandon() }
    }

    /// I07: a page the disk refuses is an error, and the build commits nothing, so the site
    /// never links to a page that is not there nor mixes two builds. The catalogue is not made.
    @Test func aFailedWriteIsAnErrorAndTheBuildCommitsNothing() throws {
        let writer = FailingWriter()
        let first = MemoryInput(["a.json": Self.good])
        _ = BuildPipeline(listing: first.listing, source: first, writer: writer, theme: Self.theme).run()
        let finished = writer.inner.finished
        writer.inner.clearLog()
        writer.failing = ["screens/a.html"]
        let changed = MemoryInput(["a.json": SceneFixture.scene(#"{"type":"text","component":{"componentId":"t","text":"Changed"}}"#),
                                   "b.json": Self.good])
        let report = BuildPipeline(listing: changed.listing, source: changed, writer: writer, theme: Self.theme).run()
        #expect(report.diagnostics.filter { $0.severity == .error }.map { "\($0.file): \($0.message)" } == [
            ": 1 output file could not be written, so the output is left as the last build wrote it",
            "a.json: output file screens/a.html: No space left on device",
        ])
        #expect(writer.inner.abandoned && writer.inner.finished == finished, "nothing of the build is committed")
        #expect(!writer.inner.writes.contains("index.html") && !writer.inner.writes.contains("index.json"))
        #expect(!report.stopped)
        // A catalogue file refused likewise.
        writer.failing = ["index.json"]
        let again = BuildPipeline(listing: changed.listing, source: changed, writer: writer, theme: Self.theme).run()
        #expect(again.diagnostics.filter { $0.severity == .error }.map { "\($0.file): \($0.message)" } == [
            ": output file index.json: No space left on device", ": 1 output file could not be written, so the output is left as the last build wrote it",
        ])
        #expect(writer.inner.finished == finished)
    }

    @Test func aChangedThemeOrConfigurationRedrawsEverything() throws {
        let files = ["a.json": Self.good, "vitrine.json": #"{"title":"T"}"#]
        let input = MemoryInput(files)
        let writer = MemorySiteWriter()
        _ = BuildPipeline(listing: input.listing, source: input, writer: writer, theme: Self.theme).run()
        let cache = try #require(writer.files[BuildCache.fileName].flatMap(BuildCache.read))
        writer.clearLog()
        let newTheme = try Theme(files: Self.themeFiles.map { $0.path == "vitrine.css" ? OutputFile(path: $0.path, text: "/* changed */") : $0 })
        _ = BuildPipeline(listing: input.listing, source: input, writer: writer, theme: newTheme, previousCache: cache).run()
        #expect(writer.writes.contains("screens/a.html"))
        writer.clearLog()
        let renamed = MemoryInput(["a.json": Self.good, "vitrine.json": #"{"title":"U"}"#])
        _ = BuildPipeline(listing: renamed.listing, source: renamed, writer: writer, theme: Self.theme, previousCache: cache).run()
        #expect(writer.writes.contains("screens/a.html"))
    }

    /// rendering.md §4: every number of a template can be overridden, the images' corner
    /// radius too (12 by default; `cornerRadius` was an unknown key).
    @Test func aTemplatesCornerRadiusIsConfigurable() throws {
        let feed = #"[{"id":4,"title":"T","layoutTemplateDTO":{"layoutTemplate":"card_02","scrollDirection":"horizontal","groupOrientation":"horizontal"},"cellType":"card_image","buttonTypes":[],"data":[{"id":1,"url":"https://cdn.example/a.jpg"}]}]"#
        let (plain, plainSite) = build(["f.json": feed])
        let (report, writer) = build(["f.json": feed, "vitrine.json": #"{"feed":{"templates":{"card_02":{"cornerRadius":20}}}}"#])
        #expect(plain.diagnostics.isEmpty && report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(plainSite.text("screens/f.frame.html")?.contains("border-radius:12px") == true)
        let page = try #require(writer.text("screens/f.frame.html"))
        #expect(page.contains("border-radius:20px") && !page.contains("border-radius:12px"))
    }

    @Test func indexJSONListsEveryPayloadInTheDocumentedSchema() throws {
        let feed = #"[{"id":4,"title":"T","layoutTemplateDTO":{"layoutTemplate":"card_01","scrollDirection":"horizontal","groupOrientation":"horizontal"},"cellType":"card_image","buttonTypes":["alllist"],"data":[]}]"#
        let (report, writer) = build(["a.json": Self.good, "f.json": feed, "x.json": "{", "n.json": #"{"notes":5}"#, "docs/d.md": "[gone](gone.md)\n"])
        let data = try #require(writer.files["index.json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(data)) as? [String: Any])
        #expect(document["schemaVersion"] as? Int == 1)
        let screens = try #require(document["screens"] as? [[String: Any]])
        #expect(screens.map { $0["payload"] as? String } == ["a.json", "f.json", "n.json", "x.json"])
        #expect(screens.map { $0["status"] as? String } == ["rendered", "rendered", "unknown", "failed"])
        #expect(screens[1]["subpages"] as? [String] == ["screens/f.all-4.html"])
        #expect(screens[2]["kind"] is NSNull && screens[2]["standalone"] is NSNull)
        #expect(screens.map { $0["page"] as? String } == ["screens/a.html", "screens/f.html", "screens/n.html", "screens/x.html"])
        #expect(screens[0]["standalone"] as? String == "screens/a.frame.html")
        #expect(screens[0]["componentTypes"] as? [String: Int] == ["container.v": 1, "text": 1])
        #expect(screens[0]["hidden"] as? Bool == false)
        let problem = try #require((screens[3]["diagnostics"] as? [[String: Any]])?.first)
        #expect(problem["severity"] as? String == "error" && problem["line"] as? Int == 1 && problem["column"] as? Int == 2)
        #expect(Set(problem.keys) == ["severity", "message", "line", "column", "pointer"])
        #expect(Set(screens[0].keys) == ["payload", "title", "kind", "status", "page", "standalone", "subpages", "hidden", "components",
                                         "componentTypes", "warnings", "errors", "diagnostics"])
        #expect(Set(document.keys) == ["schemaVersion", "title", "baseURL", "devices", "screens", "diagnostics"])
        // The presets, each with what selects it on a page (a screenshot runner's sizes).
        let devices = try #require(document["devices"] as? [[String: Any]])
        #expect(devices.map { $0["name"] as? String } == DevicePreset.standard.map(\.name))
        #expect(devices[1]["width"] as? Int == 375 && devices[1]["height"] as? Int == 667 && devices[1]["fragment"] as? String == "#width=375x667")
        // A doc's problem belongs to no screen: the document lists it, with its file, so the
        // lists hold every diagnostic the build has.
        let others = try #require(document["diagnostics"] as? [[String: Any]])
        #expect(others.map { $0["file"] as? String } == ["docs/d.md"] && Set(others[0].keys) == ["file", "severity", "message", "line", "column", "pointer"])
        #expect(screens.reduce(others.count) { $0 + (($1["diagnostics"] as? [Any])?.count ?? 0) } == report.diagnostics.count)
        // The README's schema names exactly the keys the file has.
        let readme = try String(contentsOfFile: Repository.path("README.md"), encoding: .utf8)
        let schema = try #require(readme.components(separatedBy: "\n{\"schemaVersion\": 1,").dropFirst().first?.components(separatedBy: "```").first)
        let documented = Set(schema.matches(of: try Regex(#""(\w+)":"#)).compactMap { $0.output[1].substring.map(String.init) } + ["schemaVersion"])
        let emitted = [document.keys, screens[0].keys, problem.keys, devices[0].keys, others[0].keys].reduce(into: Set<String>()) { $0.formUnion($1) }
        #expect(documented.sorted() == emitted.sorted())
    }
}

extension BuildPipelineTests {
    /// A symbol the input draws its own way (`assets/symbols/<name>.svg`) is tinted with the
    /// header's colour, as the SF Symbol it stands for: its SVG is the mask of a box of the
    /// current colour, carried as a `data:` URL (a mask from a file does not load from
    /// `file://`). One too large to carry in every page is drawn as it is, from its file.
    @Test func anOverriddenSymbolIsTintedUnlessTooLarge() throws {
        let feed = { (symbol: String) in
            ##"[{"id":1,"title":"T","headerImageDTO":{"id":1,"type":"SYSTEM","imageText":"\##(symbol)","color":"#FF0000"},"layoutTemplateDTO":{"layoutTemplate":"card_01","scrollDirection":"horizontal","groupOrientation":"horizontal"},"cellType":"card_image","buttonTypes":[],"data":[]}]"##
        }
        let small = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5"/></svg>"#
        let large = "<svg xmlns=\"http://www.w3.org/2000/svg\"><!--" + String(repeating: "x", count: 17_000) + "--></svg>"
        let (report, writer) = build(["a.json": feed("tag.fill"), "b.json": feed("big.one"),
                                      "assets/symbols/tag.fill.svg": small, "assets/symbols/big.one.svg": large])
        #expect(report.errorCount == 0, "\(report.diagnostics.map(\.message))")
        let tinted = try #require(writer.text("screens/a.html"))
        let url = "data:image/svg+xml;base64," + Data(small.utf8).base64EncodedString()
        #expect(tinted.contains(#"class="v-symbol v-symbol-mask"#) && tinted.contains(#"--v-mask:url(""# + url + #"")"#))
        #expect(tinted.components(separatedBy: url).count == 2, "the SVG is carried once")
        let drawn = try #require(writer.text("screens/b.html"))
        #expect(drawn.contains(#"<img src="../assets/symbols/big.one.svg" alt="">"#) && !drawn.contains("v-symbol-mask"))
    }
}

extension BuildPipelineTests {
    /// A font name whose family is in `fonts/` under other names only: the app finds no font of
    /// that name and draws the system font (a browser would draw the family's other weight,
    /// bold for regular). Said, with the names the family has; a font of a family not in
    /// `fonts/` at all is left to the browser, as rendering.md maps it.
    @Test func aFontNameMissingFromItsBundledFamilyIsTheSystemFont() throws {
        let text = { (id: String, font: String) in
            #"{"type":"text","component":{"componentId":"\#(id)","text":"Hi","font":{"fontName":"\#(font)","fontSize":17}}}"#
        }
        let scene = SceneFixture.scene([text("bold", "DejaVuSerif-Bold"), text("regular", "DejaVuSerif-Regular"),
                                        text("other", "Pretendard-SemiBold")].joined(separator: ","))
        let (report, writer) = build(["a.json": scene, "fonts/DejaVuSerif-Bold.ttf": "not really a font"])
        let warnings = report.diagnostics.filter { $0.severity == .warning }
        #expect(warnings.map(\.message) == [#"font "DejaVuSerif-Regular" is not in fonts/, which has "DejaVuSerif-Bold" of its family; the app draws the system font"#])
        #expect(warnings.first?.pointer?.description == "/container/views/1/component")
        let page = try #require(writer.text("screens/a.frame.html"))
        #expect(page.components(separatedBy: #"font-family:"DejaVuSerif","#).count == 2, "only the bold text names the bundled family")
        #expect(page.contains(#"font-family:"Pretendard","#) && page.contains("font-weight:600"), "a family not bundled is the browser's to find")
        // One a letter away from a bundled family is most likely a typo of it.
        let typo = build(["a.json": SceneFixture.scene(text("t", "DejaVuSerf-Bold")), "fonts/DejaVuSerif-Bold.ttf": "not really a font"]).0
        #expect(typo.diagnostics.map(\.message) == [#"font "DejaVuSerf-Bold" is not in fonts/, which has the family "DejaVuSerif": did you mean it?"#])
    }
}
