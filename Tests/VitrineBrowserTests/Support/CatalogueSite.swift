import Foundation
import VitrineCore

/// A small catalogue built once and visited in headless Chromium by probe scripts that act the way
/// a reader does (type, pick filters, hover and click tree rows, switch device and scheme).
///
/// The input holds five scenes and one feed, each with words of its own, and `docs/guide.md`,
/// which embeds `scenes/orchard.json` with a `vitrine-screen` block. The site is built with
/// VitrineCore's public pipeline into `<scratch>/deep/nested/site/`, so every visit also checks
/// that the catalogue works opened from `file://` in a sub-folder (relative links, the on-demand
/// `catalogue/screens.js`, the theme's scripts). A probe script from `Fixtures/` is copied beside
/// each visited page and added to its `<head>` after the site's own deferred scripts (the pages'
/// CSP only runs script files from the site); it writes its findings as JSON into a `<pre>`
/// that is read back from `--dump-dom`. The visits run once per test run; the scratch
/// folder is removed afterwards unless `VITRINE_KEEP_BROWSER_PAGES=1`.
struct CatalogueSite {
    /// The site folder (already removed unless kept): the probes' absolute links start with it.
    let site: URL
    /// `index.html#q=kiwi`, driven by `catalogue-probe.js`.
    let index: Result<CatalogueProbe, Error>
    /// `screens/scenes/orchard.html`, driven by `screen-probe.js`.
    let screen: Result<ScreenProbe, Error>
    /// `screens/scenes/orchard.frame.html#width=375x667&dark`, looked at by `screen-probe.js`.
    let standalone: Result<ScreenProbe, Error>
    /// `docs/guide.html`, looked at by `screen-probe.js`, in a wide window and a phone-wide one (`narrowWidth`).
    let doc: Result<ScreenProbe, Error>
    let narrowDoc: Result<ScreenProbe, Error>
    /// `docs/guide.html` in a 1920 px window.
    let wideDoc: Result<ScreenProbe, Error>
    /// `index.html` without an address, and `index.html#kind=feed&diagnostics`: the page as it
    /// loads and after one search (`?probe-steps=load`), driven by `catalogue-probe.js`.
    let plainIndex: Result<CatalogueProbe, Error>
    let filteredIndex: Result<CatalogueProbe, Error>
    /// `index-limited.html`: the index with a miniature limit of one component, likewise.
    let limitedIndex: Result<CatalogueProbe, Error>
    /// `index.html?q=bread&kind=bogus&folder=nowhere`: a search written as a query, with a kind
    /// and a folder the page does not offer.
    let queriedIndex: Result<CatalogueProbe, Error>
    /// `index.html#q=%FF`: an address whose percent escape is not UTF-8, driven by `catalogue-probe.js`.
    let malformedIndex: Result<CatalogueProbe, Error>
    /// `screens/scenes/orchard.html#width=%FF&dark`, driven by `screen-probe.js`.
    let malformedScreen: Result<ScreenProbe, Error>
    /// `screens/scenes/orchard.html#select=…` (the red label's pointer), driven by `screen-probe.js`.
    let selectedScreen: Result<ScreenProbe, Error>
    /// `screens/scenes/orchard.html#width=400&select=…`: a width no preset has, and a selection.
    let customWidthScreen: Result<ScreenProbe, Error>
    /// `screens/scenes/garage.frame.html`, its address changed by hand step by step by `address-probe.js`.
    let typedAddresses: Result<AddressProbe, Error>
    /// `screens/scenes/bakery.html`, the one screen with notes (`bakery.md`), driven by `screen-probe.js`.
    let notedScreen: Result<ScreenProbe, Error>
    /// `screens/odd/spaced.html`, the one screen with a diagnostic, driven by `screen-probe.js`.
    let diagnosedScreen: Result<ScreenProbe, Error>
    /// `screens/feeds/weekly.html#select=%2F0%2Ftitle`: a part with no row of its own (a section's title).
    let selectedPart: Result<ScreenProbe, Error>
    /// `screens/scenes/orchard.html#component=text`, as the gallery's "where it is used" rows link.
    let firstOfTypeScreen: Result<ScreenProbe, Error>
    /// `gallery/text.html#dark&rtl`, its switches then unticked by `gallery-probe.js`.
    let gallery: Result<GalleryProbe, Error>
    /// `gallery/text.html` laid out phone-wide (`narrowWidth`, `?probe-width=`).
    let narrowGallery: Result<GalleryProbe, Error>
    /// `index.html` and `screens/scenes/orchard.frame.html` (light) on a system that prefers dark, looked at by `scheme-probe.js`.
    let darkSystemIndex: Result<SchemeProbe, Error>
    let darkSystemStandalone: Result<SchemeProbe, Error>
    /// The screen page laid out phone-wide (`narrowWidth`, `?probe-width=`), driven by `screen-probe.js`.
    let narrowScreen: Result<ScreenProbe, Error>
    /// `screens/scenes/orchard.html#width=820x1180&fit`: the iPad, fitted to a window 1000 px high.
    let fittedScreen: Result<ScreenProbe, Error>
    /// The same, dark: the note on dark mode shows above the stage.
    let fittedDarkScreen: Result<ScreenProbe, Error>
    /// The orchard's page without the text-size control, opened at `#scale=1.24`, then made dark.
    let unscaledScreen: Result<ScreenProbe, Error>
    /// The screen page with notes laid out phone-wide, tapped as on a phone (`?probe-phone`).
    let phoneScreen: Result<ScreenProbe, Error>
    /// The screen page in a 768 px window (a tablet held upright): the panels go below the device.
    let tabletScreen: Result<ScreenProbe, Error>
    /// `a11y-probe.js` on the index, a screen page, a docs page and two gallery pages, each in
    /// light and dark (`"index.html light"`, …).
    let accessibility: [String: Result<AccessibilityProbe, Error>]
    /// The index and the screen page built with `Themes/high-contrast`, light and dark, looked
    /// at by `a11y-probe.js` for text of 7:1 (`"index.html light"`, …).
    let highContrast: [String: Result<AccessibilityProbe, Error>]
    /// Pages in a 320 px window (a phone, or 1280 px at 400 % zoom), looked at by `a11y-probe.js`:
    /// a docs page with a long inline path, a gallery page with a long name, the index and a screen.
    let narrowAccessibility: [String: Result<AccessibilityProbe, Error>]
    static let narrowPages = ["docs/guide.html", "gallery/cell.card_image_title.html", "index.html", SitePath.screenPage(for: "scenes/orchard.json")]
    /// The pages `accessibility` looks at.
    static let accessibilityPages = ["index.html", SitePath.screenPage(for: "scenes/orchard.json"), "docs/guide.html",
                                     "gallery/index.html", "gallery/text.html", SitePath.screenPage(for: "scenes/bakery.json")]
    /// A phone's width in CSS pixels, narrower than a device in its frame.
    static let narrowWidth = 390

    /// The screen the interaction tests look at: one text in the screen's default colour, one in
    /// an explicit payload colour, and between them a column of `fillerCount` thin rectangles, so
    /// the JSON source is longer than its scrolling panel. Each component starts on its own line
    /// of the source, the line of its `componentId`.
    static let orchard = """
        {
          "hasNavigationBar": false,
          "container": {"componentId": "root",
            "layout": {"type": "v", "alignment": "leading", "spacing": 8},
            "views": [
              {"type": "text",
               "component": {"componentId": "plain", "text": "Plain kiwi label"}},
              {"type": "container",
               "component": {"componentId": "filler",
                "layout": {"type": "v", "alignment": "leading", "spacing": 0},
                "views": [
        \((1...fillerCount).map { #"      {"type": "rectangle", "component": {"componentId": "f\#($0)", "frame": {"width": 8, "height": 30}}}"# }
            .joined(separator: ",\n"))
                ]}},
              {"type": "text",
               "component": {"componentId": "red", "text": "Red label", "foregroundColor": "#FF0000"}}
            ]
          }
        }
        """
    static let fillerCount = 40
    /// JSON Pointers of `orchard`'s components, as the render's `data-v-path` and the tree's rows carry them.
    static let rootPointer = "/container"
    static let plainPointer = "/container/views/0/component"
    static let fillerPointer = "/container/views/1/component"
    static let redPointer = "/container/views/2/component"
    /// Every component's pointer, in tree order, with its `componentId`.
    static let orchardComponents: [(pointer: String, id: String)] =
        [(rootPointer, "root"), (plainPointer, "plain"), (fillerPointer, "filler")]
        + (1...fillerCount).map { ("\(fillerPointer)/views/\($0 - 1)/component", "f\($0)") }
        + [(redPointer, "red")]

    /// The 1-based line of `orchard` where the component with `componentId` `id` starts.
    static func orchardLine(of id: String) -> Int? {
        orchard.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains("\"componentId\": \"\(id)\"") }
            .map { $0 + 1 }
    }

    /// Every payload and doc of the input. Search words: "kiwi" only in Orchard, "bread" only in
    /// Bakery (beside "Fırın", Turkish for bakery, with a dotless ı), "mango" in the Market scene and the Weekly feed.
    static let input: [String: String] = [
        "scenes/orchard.json": orchard,
        "scenes/bakery.json": SceneJSON.scene([SceneJSON.button("order", label: SceneJSON.text("order-label", "Order")),
                                               SceneJSON.text("loaf", "Warm bread"), SceneJSON.text("sign", "Fırın")]),
        "scenes/bakery.md": "# Bakery\n\nBaked **every morning**.\n",
        "scenes/market.json": SceneJSON.scene([SceneJSON.text("fruit", "Fresh mango today")]),
        // Its text is offered 350 pt, inside 20 pt of padding: its gallery specimen is that wide.
        "scenes/garage.json": SceneJSON.scene([SceneJSON.container("bay", "v", alignment: "leading", Field.padding((edge: "horizontal", spacing: 20)),
                                                                   views: [SceneJSON.text("oil", "Oil change")])]),
        "scenes/library.json": SceneJSON.scene([SceneJSON.text("hush", "Quiet please")]),
        "feeds/weekly.json": FeedJSON.feed([
            FeedJSON.section(id: 1, title: "Mango deals", template: "card_01", scroll: "horizontal",
                             cellType: "card_image_title", items: FeedJSON.imageTitles(2)),
        ]),
        // A feed cell type is payload text: this one has spaces, and the component filter must still find it.
        "odd/spaced.json": FeedJSON.feed([
            FeedJSON.section(id: 1, title: "Odd", template: "card_01", scroll: "horizontal",
                             cellType: "card image title", items: FeedJSON.imageTitles(1)),
        ]),
        "docs/guide.md": """
            # Guide

            The orchard screen, live (share `screens/scenes/orchard.frame.html#width=375x667&dark` for one alone):

            ## A section

            ```vitrine-screen scenes/orchard.json
            ```

            ```
            let line = "\(String(repeating: "a code line wider than its column, ", count: 8))"
            ```
            """,
    ]

    static let titles = ["Bakery", "Garage", "Library", "Market", "Orchard", "Spaced", "Weekly"]

    /// The catalogue, built and visited once per test run.
    static let visited = Result { try CatalogueSite.visit() }

    /// Page time for the catalogue probe: each of its steps waits up to 1.8 s when the page does not redraw.
    static let catalogueBudget = 20_000

    private static func visit() throws -> CatalogueSite {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-catalogue-\(UUID().uuidString)")
        let site = scratch.appendingPathComponent("deep/nested/site")
        let keep = ProcessInfo.processInfo.environment["VITRINE_KEEP_BROWSER_PAGES"] == "1"
        defer {
            if keep { print("catalogue site kept in \(site.path)") } else { try? FileManager.default.removeItem(at: scratch) }
        }
        try FileManager.default.createDirectory(at: site.deletingLastPathComponent(), withIntermediateDirectories: true)
        let report = try TestSite.build(MemoryInput(input), into: site, inputFolder: scratch.appendingPathComponent("input"))
        // The spaced cell type is unknown to the app, so its feed has a warning; nothing else may.
        let unexpected = report.diagnostics.filter { $0.file != "odd/spaced.json" }
        guard unexpected.isEmpty else { throw BrowserCheckError("the catalogue fixture has diagnostics: \(unexpected)") }

        // The index as it would be with a miniature limit of one component, its first cards not
        // known by payload, so that a search draws its cards afresh (the limit is the script's).
        let index = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
        try index.replacingOccurrences(of: #"data-v-miniature-limit="\d+""#, with: #"data-v-miniature-limit="1""#, options: .regularExpression)
            .replacingOccurrences(of: #" data-v-payload="[^"]*""#, with: "", options: .regularExpression)
            .write(to: site.appendingPathComponent("index-limited.html"), atomically: true, encoding: .utf8)

        // The orchard's page as a theme without the text-size control draws it.
        let orchard = site.appendingPathComponent(SitePath.screenPage(for: "scenes/orchard.json"))
        let unscaled = try String(contentsOf: orchard, encoding: .utf8)
            .replacingOccurrences(of: #"(?s)<label class="v-field">Text size\s*<select data-v-control="font-scale">.*?</select></label>"#, with: "",
                                  options: .regularExpression)
        guard !unscaled.contains("data-v-control=\"font-scale\"") else { throw BrowserCheckError("the screen page's text-size control was not taken out") }
        try unscaled.write(to: orchard.deletingLastPathComponent().appendingPathComponent("orchard-unscaled.html"), atomically: true, encoding: .utf8)

        let highContrastSite = scratch.appendingPathComponent("high-contrast/site")
        try TestSite.build(MemoryInput(input), into: highContrastSite, inputFolder: scratch.appendingPathComponent("input"), theme: "high-contrast",
                           allowErrors: true)

        var visits = 0
        func visit<Probe: Decodable>(_ page: String, query: String = "", fragment: String = "", probe: String, output: String,
                                     budget: Int = 3000, darkScheme: Bool = false, windowWidth: Int = 1200, framedWidth: Int? = nil,
                                     in folder: URL? = nil) -> Result<Probe, Error> {
            visits += 1
            let visitScratch = scratch.appendingPathComponent("chromium-\(visits)")
            return Result {
                var url = try load(page, in: folder ?? site, probe: probe)
                if let framedWidth {
                    // Headless Chromium opens no window under 500 px: the page is framed narrower, and
                    // the page around it shows what the probe in the frame posts.
                    let frame = url.deletingLastPathComponent().appendingPathComponent("framed-\(framedWidth)-" + url.lastPathComponent)
                    try (#"<!doctype html><iframe src="\#(url.lastPathComponent)" style="width:\#(framedWidth)px;height:900px;border:0"></iframe>"#
                         + #"<pre id="\#(output)"></pre><script>addEventListener("message", (e) => { document.getElementById("\#(output)").textContent = e.data; });</script>"#)
                        .write(to: frame, atomically: true, encoding: .utf8)
                    url = frame
                }
                try FileManager.default.createDirectory(at: visitScratch, withIntermediateDirectories: true)
                guard let address = URL(string: url.absoluteString + query + fragment) else { throw BrowserCheckError("bad address \(url)\(fragment)") }
                let dom = try Chromium.dumpDOM(of: address, scratch: visitScratch, virtualTimeBudget: budget, darkScheme: darkScheme, windowWidth: windowWidth)
                return try JSONDecoder().decode(Probe.self, from: Data(Chromium.preformatted(output, in: dom).utf8))
            }
        }
        return CatalogueSite(
            site: site,
            index: visit("index.html", fragment: "#q=kiwi", probe: "catalogue-probe.js", output: "v-catalogue-probe", budget: catalogueBudget),
            screen: visit(SitePath.screenPage(for: "scenes/orchard.json"), probe: "screen-probe.js", output: "v-screen-probe"),
            standalone: visit(SitePath.standalone(for: "scenes/orchard.json"), fragment: "#width=375x667&dark",
                              probe: "screen-probe.js", output: "v-screen-probe"),
            doc: visit("docs/guide.html", probe: "screen-probe.js", output: "v-screen-probe"),
            // The narrowest window (past the docs' one-column width), the page narrower still.
            narrowDoc: visit("docs/guide.html", query: "?probe-width=\(narrowWidth)", probe: "screen-probe.js", output: "v-screen-probe",
                             windowWidth: 500),
            wideDoc: visit("docs/guide.html", probe: "screen-probe.js", output: "v-screen-probe", windowWidth: 1920),
            plainIndex: visit("index.html", query: "?probe-steps=load", probe: "catalogue-probe.js", output: "v-catalogue-probe",
                              budget: catalogueBudget),
            filteredIndex: visit("index.html", query: "?probe-steps=load", fragment: "#kind=feed&diagnostics", probe: "catalogue-probe.js",
                                 output: "v-catalogue-probe", budget: catalogueBudget),
            limitedIndex: visit("index-limited.html", query: "?probe-steps=load", probe: "catalogue-probe.js", output: "v-catalogue-probe",
                                budget: catalogueBudget),
            queriedIndex: visit("index.html", query: "?probe-steps=load&q=bread&kind=bogus&folder=nowhere", probe: "catalogue-probe.js",
                                output: "v-catalogue-probe", budget: catalogueBudget),
            malformedIndex: visit("index.html", fragment: "#q=%FF", probe: "catalogue-probe.js", output: "v-catalogue-probe",
                                  budget: catalogueBudget),
            malformedScreen: visit(SitePath.screenPage(for: "scenes/orchard.json"), fragment: "#width=%FF&dark",
                                   probe: "screen-probe.js", output: "v-screen-probe"),
            selectedScreen: visit(SitePath.screenPage(for: "scenes/orchard.json"),
                                  fragment: "#select=" + redPointer.replacingOccurrences(of: "/", with: "%2F"),
                                  probe: "screen-probe.js", output: "v-screen-probe"),
            customWidthScreen: visit(SitePath.screenPage(for: "scenes/orchard.json"),
                                     fragment: "#width=400&select=" + redPointer.replacingOccurrences(of: "/", with: "%2F"),
                                     probe: "screen-probe.js", output: "v-screen-probe"),
            typedAddresses: visit(SitePath.standalone(for: "scenes/garage.json"), probe: "address-probe.js", output: "v-address-probe"),
            notedScreen: visit(SitePath.screenPage(for: "scenes/bakery.json"), probe: "screen-probe.js", output: "v-screen-probe"),
            diagnosedScreen: visit(SitePath.screenPage(for: "odd/spaced.json"), fragment: "#dark", probe: "screen-probe.js", output: "v-screen-probe"),
            selectedPart: visit(SitePath.screenPage(for: "feeds/weekly.json"), fragment: "#select=%2F0%2Ftitle",
                                probe: "screen-probe.js", output: "v-screen-probe"),
            firstOfTypeScreen: visit(SitePath.screenPage(for: "scenes/orchard.json"), fragment: "#component=text",
                                     probe: "screen-probe.js", output: "v-screen-probe"),
            gallery: visit("gallery/text.html", fragment: "#dark&rtl", probe: "gallery-probe.js", output: "v-gallery-probe"),
            narrowGallery: visit("gallery/text.html", query: "?probe-width=\(narrowWidth)", probe: "gallery-probe.js", output: "v-gallery-probe"),
            darkSystemIndex: visit("index.html", probe: "scheme-probe.js", output: "v-scheme-probe", darkScheme: true),
            darkSystemStandalone: visit(SitePath.standalone(for: "scenes/orchard.json"), probe: "scheme-probe.js", output: "v-scheme-probe",
                                        darkScheme: true),
            // In headless Chromium's narrowest window, so that the stylesheet's phone rules apply.
            narrowScreen: visit(SitePath.screenPage(for: "scenes/orchard.json"), query: "?probe-width=\(narrowWidth)", probe: "screen-probe.js",
                                output: "v-screen-probe", windowWidth: 500),
            fittedScreen: visit(SitePath.screenPage(for: "scenes/orchard.json"), fragment: "#width=820x1180&fit",
                                probe: "screen-probe.js", output: "v-screen-probe"),
            fittedDarkScreen: visit(SitePath.screenPage(for: "scenes/orchard.json"), fragment: "#width=820x1180&dark&fit",
                                    probe: "screen-probe.js", output: "v-screen-probe"),
            unscaledScreen: visit("screens/scenes/orchard-unscaled.html", query: "?probe-steps=dark", fragment: "#scale=1.24",
                                  probe: "screen-probe.js", output: "v-screen-probe"),
            phoneScreen: visit(SitePath.screenPage(for: "scenes/bakery.json"), query: "?probe-width=\(narrowWidth)&probe-phone",
                               probe: "screen-probe.js", output: "v-screen-probe"),
            tabletScreen: visit(SitePath.screenPage(for: "scenes/orchard.json"), probe: "screen-probe.js", output: "v-screen-probe",
                                windowWidth: 768),
            accessibility: Dictionary(uniqueKeysWithValues: accessibilityPages.flatMap { page in
                [false, true].map { dark in
                    (page + (dark ? " dark" : " light"), visit(page, probe: "a11y-probe.js", output: "v-a11y-probe", darkScheme: dark))
                }
            }),
            highContrast: Dictionary(uniqueKeysWithValues: accessibilityPages.prefix(2).flatMap { page in
                [false, true].map { dark in
                    (page + (dark ? " dark" : " light"), visit(page, query: "?probe-contrast=7", probe: "a11y-probe.js", output: "v-a11y-probe",
                                                              darkScheme: dark, in: highContrastSite))
                }
            }),
            narrowAccessibility: Dictionary(uniqueKeysWithValues: narrowPages.map { page in
                (page, visit(page, probe: "a11y-probe.js", output: "v-a11y-probe", windowWidth: 500, framedWidth: 320))
            }))
    }

    /// Copies `probe` beside the site's page at `page`, loads it after the page's own scripts, and returns the page's URL.
    static func load(_ page: String, in site: URL, probe: String) throws -> URL {
        let url = site.appendingPathComponent(page)
        let html = try String(contentsOf: url, encoding: .utf8)
        let tag = "<script src=\"\(probe)\" defer></script>"
        guard let head = html.range(of: "</head>") else { throw BrowserCheckError("\(page) has no </head>") }
        if !html.contains(tag) {
            try html.replacingCharacters(in: head, with: tag + "\n</head>").write(to: url, atomically: true, encoding: .utf8)
        }
        let copy = url.deletingLastPathComponent().appendingPathComponent(probe)
        if !FileManager.default.fileExists(atPath: copy.path) {
            try FileManager.default.copyItem(at: TestSite.fixtures.appendingPathComponent(probe), to: copy)
        }
        return url
    }
}

/// What `Fixtures/gallery-probe.js` records, by step (`fromAddress`, `light`, `leftToRight`).
struct GalleryProbe: Decodable, SteppedProbe {
    struct Specimen: Decodable {
        var screen: String
        var pointer: String
        var color: String
        var direction: String
        /// The specimen's stage's layout width, in its own (unzoomed) pixels.
        var stageWidth: Double
        /// How far the card ends before the right of the page's content (negative: past it).
        var roomLeft: Double
    }
    struct Step: Decodable {
        var hash: String
        var dark: Bool
        var rtl: Bool
        /// Whether the note on what dark mode changes shows.
        var note: Bool
        var specimens: [Specimen]

        /// The colour and direction of the specimen of `pointer` on `screen`.
        func specimen(_ screen: String, _ pointer: String) throws -> Specimen {
            guard let found = specimens.first(where: { $0.screen == screen && $0.pointer == pointer }) else {
                throw BrowserCheckError("no specimen of \(pointer) on \(screen) among \(specimens.map { "\($0.screen) \($0.pointer)" })")
            }
            return found
        }
    }
    var steps: [String: Step]
    var errors: [String]
}

/// What `Fixtures/address-probe.js` records: the device and text size after each fragment typed.
struct AddressProbe: Decodable {
    struct Step: Decodable, Equatable {
        var fragment: String
        var width: Double
        var height: Double
        var scale: String
    }
    var steps: [Step]
    var errors: [String]
}

/// What `Fixtures/catalogue-probe.js` records, by step (`fromAddress`, `typedUnique`, …).
struct CatalogueProbe: Decodable, SteppedProbe {
    var steps: [String: CatalogueStep]
    /// Script errors and rejected promises on the page.
    var errors: [String]
}

/// What a probe records by named step, and its page's script errors.
protocol SteppedProbe {
    associatedtype Step
    var steps: [String: Step] { get }
    var errors: [String] { get }
}

extension SteppedProbe {
    /// The step recorded as `name`; an error naming the page's script errors when there is none.
    func step(_ name: String) throws -> Step {
        guard let step = steps[name] else { throw BrowserCheckError("the probe recorded no step “\(name)”; errors: \(errors)") }
        return step
    }
}

/// The index after one step of the catalogue probe.
struct CatalogueStep: Decodable {
    /// Titles of the drawn cards, in order.
    var titles: [String]
    /// Their links, resolved against the page.
    var hrefs: [String]
    /// The text of `[data-v-count]`, e.g. `1 of 6 screens`.
    var count: String
    var hash: String
    /// The id of the focused element.
    var focused: String
    /// Whether the page redrew the list within the probe's time limit.
    var settled: Bool
    /// For each drawn card with a miniature, the space left and right of it in its box.
    var miniGaps: [[Double]]
    /// For each drawn card with a miniature, the address its frame loads.
    var miniSrcs: [String]
    /// For each drawn card without a miniature, what its miniature's box says.
    var miniatureTexts: [String]
    /// The search field's text and the filters' values.
    var controls: ProbedControls
    /// Whether the page has asked for its search data (`catalogue/screens.js`).
    var dataLoaded: Bool
    /// How many drawn cards' miniature frames are the elements drawn before the step.
    var keptFrames: Int
}

/// The index's search field and filters.
struct ProbedControls: Decodable, Equatable {
    var q: String
    var kind: String
    var component: String
    /// "" (any screen), "any" (errors or warnings) or "errors".
    var diagnostics: String
}

/// What `Fixtures/a11y-probe.js` records of a page.
struct AccessibilityProbe: Decodable {
    struct Landmarks: Decodable {
        var banner: Int
        var main: Int
        var contentinfo: Int
        var navigation: Int
        var unlabelledNavigation: [String]
    }
    /// Controls without an accessible name.
    var unnamed: [String]
    /// Whether the theme's stylesheet applies.
    var styled: Bool
    /// Links that lead out of the site's folder.
    var outside: [String]
    var landmarks: Landmarks
    var h1: Int
    /// Images without `alt`.
    var noAlt: [String]
    /// Controls that show no focus ring when focused from the keyboard.
    var unfocused: [String]
    /// Catalogue text under 4.5:1 (3:1 when large) against its background.
    var lowContrast: [String]
    /// Boxes that scroll but are no named tab stop and hold no control.
    var unreachableScrollers: [String]
    /// Controls whose focus ring a clipping box around them cuts.
    var clippedRings: [String]
    /// Buttons of a render whose focus ring is under 3:1 against the device's screen.
    var renderRings: [String]
    /// Elements marked `hidden` but drawn.
    var shownHidden: [String]
    /// CSS pixels the page is wider than the window.
    var sideways: Double
    /// How many controls and text elements the probe looked at, and the kinds of control it focused.
    var checked: Checked
    struct Checked: Decodable {
        var controls: Int
        var texts: Int
        var focused: [String]
        var scrollers: Int
        var renderButtons: Int
    }
}

/// What `Fixtures/scheme-probe.js` records: computed `color-scheme`s and the search field's colours.
struct SchemeProbe: Decodable {
    /// The page's (the root element's).
    var root: String
    /// The search field's placeholder and background colours, as `rgb(…)`; nil without one.
    var placeholder: String?
    var field: String?
    /// Each `.v-device`'s.
    var devices: [String]
}

/// What `Fixtures/screen-probe.js` records; the interaction steps only on a screen page with a toolbar.
struct ScreenProbe: Decodable {
    var initial: [ProbedDevice]
    /// How many different widths the source's lines have as the page loaded.
    var sourceLineWidths: Int?
    /// How far the page is wider than the window, as it loaded (0: it does not scroll sideways).
    var pageOverflow: Double?
    /// How much taller each field of the preview toolbar is than its select: its label's line
    /// when the label is above it, about 0 when it is beside it.
    var toolbarFieldsOverSelects: [Double]?
    /// The page's fragment once its scripts ran, as it loaded.
    var initialHash: String?
    /// What the device select shows once the page has loaded.
    var initialDevice: String?
    /// The component tree's and the JSON source's panels as the page loaded; nil without both.
    var panels: ProbedPanels?
    /// As the page loaded, before any click; nil without a tree and a source.
    var startsHidden: StartsHidden?
    /// As the page loaded: the targets of the rows with aria-selected="true", the pointers of
    /// the elements with class v-selected, the ids of the lit source lines.
    var initialSelection: [String: [String]]?
    /// Each skip link, clicked: its text, the id of the element then focused, and whether the
    /// address kept its fragment ("true").
    var skips: [[String]]?
    /// The tree's rows, how many are Tab stops, and the focused row's index after ArrowDown
    /// from the first and then End.
    var treeKeys: ProbedTreeKeys?
    /// On a docs page: each heading's text and where its first text starts, and where the first paragraph starts.
    var headings: [ProbedHeading]?
    /// On a docs page: the text of every h1 and h2, in document order.
    var pageHeadings: [String]?
    var paragraphLeft: Double?
    /// On a docs page: the space left and right of `.v-doc-layout`, in CSS pixels.
    var layoutGaps: [Double]?
    /// On a docs page: the share of its sidebar's content width the list of documents takes.
    var docsListShare: Double?
    /// On a docs page: the link to the list of documents, whether it is shown and above "On this page", and the class of what it leads to.
    var docsJump: DocsJump?
    /// The page's width (the root's client width), in CSS pixels.
    var pageWidth: Double?
    /// The window's inner height, in CSS pixels.
    var windowHeight: Double?
    var hover: [HoveredRow]?
    var select: [SelectedRow]?
    /// After clicking each element of the render.
    var renderClick: [ClickedElement]?
    /// After clicking each diagnostic's link to its line.
    var diagnosticLinks: [ClickedDiagnostic]?
    /// As the page loaded: the notes' text and box, and the device stage's box; nil without notes.
    var notes: ProbedNotes?
    /// After the device select is set to iPhone SE (375 × 667).
    var narrow: [ProbedDevice]?
    /// After the Dark checkbox is clicked.
    var dark: [ProbedDevice]?
    /// The page's fragment and the standalone link's address after "dark".
    var darkAddress: ProbedAddress?
    /// Whether the dark-mode note is shown before and after the Dark checkbox is clicked.
    var darkNote: [String: Bool]?
    /// After a link of the page to `#select=` the last row was clicked (twice, another row between).
    var selectLink: ProbedSelectLink?
    /// After the device select is set to "all".
    var all: [ProbedDevice]?
    /// The standalone link's address then.
    var allStandalone: String?
    /// After Right to left is clicked and Text size set to 1.24.
    var rtlLarge: [ProbedDevice]?
    /// After the fragment is then set to `#width=375&rtl` on the open page.
    var typedAddress: [ProbedDevice]?
    /// The device select's widths, without "all".
    var deviceOptions: [String]?
    /// With `?probe-phone`: tapped as on a phone.
    var phone: PhoneTaps?
    var errors: [String]

    /// Throws when the probe did not get to `steps` (no toolbar, or a script error stopped it).
    func recorded<Value>(_ value: Value?, _ step: String) throws -> Value {
        guard let value else { throw BrowserCheckError("the screen probe recorded no “\(step)”; errors: \(errors)") }
        return value
    }
}

/// The screen page's tree and source panels, the source's line count, its line-number gutter
/// and the width of its last line's number in the source's font.
struct ProbedPanels: Decodable {
    var tree: Box
    var source: Box
    var lines: Int
    var gutter: Double
    var numberWidth: Double
}

/// The address, the Dark setting and the selected rows after a `#select=` link was clicked.
struct ProbedSelectLink: Decodable {
    var hash: String
    var dark: Bool
    var selectedRows: [String]
    /// Whether the link, focused then clicked, was focused as from a keyboard (or gave the focus away).
    var linkFocusVisible: Bool
    /// The pointer of the row focused after the link was followed from the keyboard (else the focused element's tag).
    var focusedAfterKeyboard: String
}

/// Where the settings went: the page's own address fragment and the standalone page's link.
struct ProbedAddress: Decodable {
    var hash: String
    var standalone: String
}

/// One `.v-device` of a page.
struct ProbedDevice: Decodable {
    var dark: Bool
    var screen: Box?
    /// The `.v-screen`'s `dir` attribute, "" when unset.
    var direction: String
    /// Whether the device is inside a docs embed (`.v-embed`).
    var embedded: Bool
    /// The preset name under it in "all widths", nil otherwise.
    var caption: String?
    /// The `.v-screen`'s `aria-label`: set when the screen scrolls (named after the caption).
    var label: String?
    var elements: [ProbedElement]

    /// The first element with `data-v-path` equal to `pointer`.
    func element(_ pointer: String) throws -> ProbedElement {
        guard let element = elements.first(where: { $0.path == pointer }) else {
            throw BrowserCheckError("no element with data-v-path=\"\(pointer)\" in the device; it has \(elements.map(\.path))")
        }
        return element
    }
}

/// One `[data-v-path]` element inside a device.
struct ProbedElement: Decodable {
    var path: String
    var text: String
    var box: Box
    /// Computed `color`, e.g. `rgb(255, 0, 0)`.
    var color: String
    /// Computed `font-size` in px.
    var fontSize: Double
}

/// A tree row after `mouseenter`, and after `mouseleave`.
struct HoveredRow: Decodable {
    var target: String
    var outlined: [String]
    var outlinedAfterLeave: [String]
}

/// A screen page as it loaded: whether its source scrolls, and whether the last tree row's
/// source line and element are in view.
struct StartsHidden: Decodable {
    var sourceScrolls: Bool
    var lineInView: Bool
    var elementShown: Bool
}

/// A tree row after a click.
struct SelectedRow: Decodable {
    var target: String
    /// The row's `data-v-line`.
    var line: String
    var selected: [String]
    var selectedRows: [String]
    var litLines: [String]
    /// Whether lines are lit and every one is inside the visible part of the scrolling source.
    var litInView: Bool
    /// Whether the selected element is inside the visible part of the device's screen.
    var elementInView: Bool
    /// The page's fragment after the click.
    var hash: String
    /// The page's scroll position after the click.
    var pageScroll: Double
}

/// An element of the render after a click.
struct ClickedElement: Decodable {
    var path: String
    var selectedRows: [String]
    /// The source lines lit then, and whether all of them are in the source's view.
    var litLines: [String]
    var litInView: Bool
}

/// A screen page's notes (`name.md` beside the payload) and the stage with the render under them.
struct ProbedNotes: Decodable {
    var text: String
    var notes: Box
    var stage: Box
    /// The computed opacity of its first heading's `#` link, unhovered.
    var anchorOpacity: String?
}

/// A screen page's diagnostic after its link to its line was clicked.
struct ClickedDiagnostic: Decodable {
    /// The link's `data-v-line`.
    var line: String
    var litLines: [String]
    var litInView: Bool
    /// The page's fragment afterwards.
    var hash: String
    /// The id of the element that has the focus afterwards.
    var focused: String
    /// The link's accessible text (its words, the hidden ones included).
    var text: String
}

/// A docs heading as `screen-probe.js` saw it.
struct ProbedHeading: Decodable {
    var text: String
    /// Where the heading's own text starts (not its anchor link), in px from the page's left.
    var left: Double?
}

struct ProbedTreeKeys: Decodable {
    var rows: Int
    var tabStops: Int
    /// Rows with aria-selected="false" as the page loaded.
    var unselected: Int
    /// The `content` of a row's line number's `::before` (its "L", and what a screen reader reads).
    var lineLabel: String
    /// The name the JSON source's focusable box gets from `aria-labelledby`.
    var sourceName: String?
    var afterDown: Int
    var afterEnd: Int
    /// The focused row after ArrowLeft on the last row, and after ArrowRight on the first.
    var afterLeft: Int
    var afterRight: Int
    /// Each row's `aria-level`.
    var levels: [Int]
    /// The lowest row's height: a target of 24 px at least (WCAG 2.5.8).
    var rowHeight: Double
    /// The JSON source's `role`: a name needs one (`region`), a bare `pre` is `generic`.
    var sourceRole: String?
    /// The last row, focused by keys and then selected.
    var focusedSelected: FocusedRow

    struct FocusedRow: Decodable {
        var focusVisible: Bool
        var selected: String?
        /// Its computed `box-shadow`: the selection bar, then the focus halo.
        var shadow: String
    }
    /// Each row's `aria-expanded` as the page loaded.
    var expandedAtStart: [String?]
    /// The first row after ArrowLeft closed it, and the focused row after ArrowDown then.
    var closed: Opening
    /// The first row after ArrowRight opened it, and the focused row after a second ArrowRight.
    var reopened: Opening
    /// The first row after a click on its triangle, and after selecting a row it hides.
    var triangle: Triangle

    struct Opening: Decodable {
        var expanded: String?
        /// Rows drawn (not in a closed row).
        var shown: Int
        /// The focused row's index.
        var focus: Int
        var afterDown: Int?
        var afterSecondRight: Int?
    }

    struct Triangle: Decodable {
        var expanded: String?
        var shown: Int
        /// The first row's `aria-selected`: a click on the triangle does not select.
        var selected: String?
        /// The rows Tab reaches.
        var tabStops: [Int]
        var afterSelectInside: Shown
        /// The first row's `aria-selected` after a click on its text.
        var bodyClickSelects: String?

        struct Shown: Decodable {
            var expanded: String?
            var shown: Int
        }
    }
}

/// The docs page's link to its list of documents, as `screen-probe.js` saw it.
struct DocsJump: Decodable {
    var shown: Bool
    var aboveContents: Bool
    var target: String?
}

/// A screen page tapped as on a phone, from the top of the page: its render's last element, then
/// that component's tree row (brought into view), then the row and "Fit to window" from the
/// keyboard, then "Fit to window" tapped.
struct PhoneTaps: Decodable {
    /// Whether the tree row started below the window (the device above the panels).
    var treeBelowWindow: Bool
    /// The page's scroll position after the render was tapped.
    var scrollAfterRenderTap: Double
    /// Whether the element was in the window after its row was tapped.
    var elementInWindowAfterRowTap: Bool
    var keyboard: Keyboard
    /// The device's screen after "Fit to window" was ticked, and the window's height.
    var fitted: Fitted

    struct Fitted: Decodable {
        var top: Double
        var bottom: Double
        var height: Double
        var windowHeight: Double
    }

    /// Enter on the focused tree row, then Space on the focused "Fit to window": whether each
    /// matched `:focus-visible` (focused as from a keyboard) and was in the window after.
    struct Keyboard: Decodable {
        var rowFocusVisible: Bool
        var rowInWindow: Bool
        var fitFocusVisible: Bool
        var fitInWindow: Bool
        var fitTicked: Bool
    }
}
