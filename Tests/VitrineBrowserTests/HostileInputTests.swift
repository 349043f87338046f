import Foundation
import Testing
@testable import VitrineCore

/// Payload strings that try to break out of every context the renderer writes them into, loaded
/// in headless Chromium: the parsed DOM (not the page's bytes) must hold no element, attribute
/// or URL that the payload smuggled in (bad-inputs.md C01–C02, D01–D02, E01, E10, F01–F02, F09).
@Suite("Hostile payload strings", .enabled(if: Chromium.shouldRun, "chromium is not on PATH; run scripts/setup.sh --test"))
struct HostileInputTests {
    static let breakout = "</div><script>window.pwned=1</script><img src=x onerror=\"window.pwned=1\">"

    /// A scene that puts a hostile string into text, ids, URLs, colours, fonts and a template.
    static let scene = """
        {"hasNavigationBar":true,"container":{"componentId":"root","layout":{"type":"v","alignment":"leading"},"views":[
          {"type":"text","component":{"componentId":"\\"\\u0338 onmouseover=window.pwned=1 x=\\"\\u0338","text":\(json(breakout))}},
          {"type":"text","component":{"componentId":"' autofocus onfocus='window.pwned=1","text":"&lt;b&gt;",
            "font":{"fontName":"Evil\\", serif; } body { display:none } </style><script>window.pwned=1</script>-Bold","fontSize":17}}},
          {"type":"rectangle","component":{"componentId":"r","backgroundColor":"#FF0000;}</style><img src=x onerror=window.pwned=1>",
            "frame":{"width":20,"height":20}}},
          {"type":"image","component":{"componentId":"i1","imageURL":"javascript:window.pwned=1"}},
          {"type":"image","component":{"componentId":"i2","imageURL":"https://ok.example/a.png\\" onerror=\\"window.pwned=1"}},
          {"type":"button","component":{"componentId":"b","text":\(json(breakout)),"action":{"type":"push","destination":\(json(breakout))}}},
          {"type":"custom","component":{"componentId":"c","title":\(json(breakout))}}
        ]}}
        """

    /// `text` as a JSON string literal (never an empty one in its place: the test would pass on nothing).
    static func json(_ text: String) -> String {
        // An array of one string always serialises.
        let array = String(decoding: try! JSONSerialization.data(withJSONObject: [text], options: []), as: UTF8.self)
        return String(array.dropFirst().dropLast())
    }

    /// The page's DOM as Chromium serialises it after parsing and running scripts.
    static let dom = Result { () throws -> String in
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-hostile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let input = MemoryInput(["screen.json": scene, "components/custom.mustache": "<p class=\"t\">{{title}}</p>"])
        let site = scratch.appendingPathComponent("site")
        let report = try TestSite.build(input, into: site, inputFolder: scratch.appendingPathComponent("input"), allowErrors: true)
        guard report.screens.first?.status == .rendered else { throw BrowserCheckError("the hostile scene did not render: \(report.diagnostics)") }
        return try Chromium.dumpDOM(of: site.appendingPathComponent("screens/screen.html"), scratch: scratch)
    }

    @Test("no script element but the site's own files")
    func onlyTheSitesScriptIsInTheDOM() throws {
        let dom = try Self.dom.get()
        let scripts = dom.components(separatedBy: "<script").count - 1
        #expect(scripts == 2, "script elements in the DOM: \(scripts)")
        #expect(dom.contains("<script src=\"../theme/vitrine.js\" defer=\"\"></script>"))
        #expect(dom.contains("<script src=\"../theme/screen.js\" defer=\"\"></script>"))
    }

    @Test("no event-handler or autofocus attribute and no image from the payload's markup")
    func noAttributeOrElementIsInjected() throws {
        let tags = Self.startTags(in: try Self.dom.get())
        let attributes = tags.flatMap { $0.attributes.map(\.name) }
        #expect(!attributes.contains { $0.hasPrefix("on") || $0 == "autofocus" }, "injected attributes: \(attributes.filter { $0.hasPrefix("on") })")
        #expect(!tags.contains { $0.name == "img" && $0.attributes.contains { $0.name == "src" && $0.value == "x" } })
        #expect(!tags.contains { $0.attributes.contains { $0.value.lowercased().contains("javascript:") } })
        // Only the attributes the renderer and the page template write exist (bad-inputs D05).
        let expected: Set<String> = ["class", "data-v-path", "data-v-id", "data-v-action", "title", "type", "src", "alt", "loading",
                                     "decoding", "href", "rel", "charset", "name", "content", "http-equiv", "lang", "dir", "defer",
                                     "aria-label", "aria-labelledby", "aria-level", "aria-selected", "aria-expanded", "aria-current", "aria-describedby", "role", "id", "data-v-device", "style", "selected", "value",
                                     "tabindex", "data-v-target", "data-v-line", "data-v-source", "data-v-stage", "data-v-control",
                                     "data-v-width", "data-v-height", "data-v-standalone", "label"]
        #expect(Set(attributes).subtracting(expected).isEmpty, "unexpected attributes: \(Set(attributes).subtracting(expected))")
    }

    /// The start tags of a DOM serialised by Chromium, where attribute values are double-quoted
    /// with `"` escaped and text never holds a raw `<`.
    static func startTags(in dom: String) -> [(name: String, attributes: [(name: String, value: String)])] {
        var tags: [(String, [(String, String)])] = []
        let scalars = Array(dom.unicodeScalars)
        var index = 0
        func isNameScalar(_ scalar: Unicode.Scalar) -> Bool { !" \t\n\r/>=".unicodeScalars.contains(scalar) }
        while index < scalars.count {
            guard scalars[index] == "<", index + 1 < scalars.count, scalars[index + 1].properties.isAlphabetic else { index += 1; continue }
            index += 1
            var name = ""
            while index < scalars.count, isNameScalar(scalars[index]) { name.unicodeScalars.append(scalars[index]); index += 1 }
            var attributes: [(String, String)] = []
            while index < scalars.count, scalars[index] != ">" {
                if " \t\n\r/".unicodeScalars.contains(scalars[index]) { index += 1; continue }
                var attribute = ""
                while index < scalars.count, isNameScalar(scalars[index]) { attribute.unicodeScalars.append(scalars[index]); index += 1 }
                var value = ""
                if index < scalars.count, scalars[index] == "=" {
                    index += 2  // `="`
                    while index < scalars.count, scalars[index] != "\"" { value.unicodeScalars.append(scalars[index]); index += 1 }
                    index += 1
                }
                attributes.append((attribute.lowercased(), value))
            }
            tags.append((name.lowercased(), attributes))
        }
        return tags.map { (name: $0.0, attributes: $0.1.map { (name: $0.0, value: $0.1) }) }
    }

    @Test("the hostile strings are shown as text")
    func hostileStringsAreText() throws {
        let dom = try Self.dom.get()
        #expect(dom.contains("&lt;/div&gt;&lt;script&gt;window.pwned=1&lt;/script&gt;"))
        #expect(dom.contains("&amp;lt;b&amp;gt;"), "payload entities are text, not markup (C03)")
        #expect(dom.contains("<p class=\"t\">&lt;/div&gt;&lt;script&gt;"), "template values are escaped")
    }

    @Test("a colour with trailing markup is drawn as the colour the app reads, and nothing else")
    func colourIsReEmittedFromItsValue() throws {
        let dom = try Self.dom.get()
        #expect(dom.contains("background-color:#ff0000}"))
        #expect(!dom.contains("</style><img"))
    }

    /// C05 (Trojan Source): bidi controls in a file name and a text are drawn as the app would in
    /// the render, but shown as visible marks everywhere Vitrine itself shows them.
    static let bidiPages = Result { () throws -> (index: String, screen: String) in
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-bidi-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let text = #"{"hasNavigationBar":true,"container":{"componentId":"root","layout":{"type":"v","alignment":"leading"},"views":["#
            + #"{"type":"text","component":{"componentId":"t\#u{2066}x\#u{2069}","text":"\#u{202E}abc"}}]}}"#
        let site = scratch.appendingPathComponent("site")
        // A JSON file that is no payload is found by the search too, and counted apart from the screens.
        let files = ["invoice\u{202E}fdp.json": text, "fdp-export.json": #"{"seed": 1}"#]
        try TestSite.build(MemoryInput(files), into: site, inputFolder: scratch.appendingPathComponent("input"))
        let index = try #require(URL(string: site.appendingPathComponent("index.html").absoluteString + "#q=fdp"))
        let screen = site.appendingPathComponent(SitePath.screenPage(for: "invoice\u{202E}fdp.json"))
        return (try Chromium.dumpDOM(of: index, scratch: scratch), try Chromium.dumpDOM(of: screen, scratch: scratch))
    }

    @Test("bidi controls are marked in the catalogue, the tree and the source, and kept in the render")
    func bidiControlsAreMarkedOutsideTheRender() throws {
        let (index, screen) = try Self.bidiPages.get()
        #expect(index.contains("1 of 1 screens and 1 other JSON file"), "the search did not run")
        #expect(index.contains(">Invoice⟨U+202E⟩fdp</a>"))
        #expect(!index.contains("\u{202E}"))
        #expect(screen.contains("<h1>Invoice⟨U+202E⟩fdp</h1>"))
        #expect(screen.contains("<span class=\"v-tree-id\">t⟨U+2066⟩x⟨U+2069⟩</span>"))
        #expect(screen.contains(#"<i class="s">"<b class="v-ctl">U+202E</b>abc"</i>"#))
        // The render draws the text as the app would, control included; the page shows it nowhere else.
        #expect(screen.components(separatedBy: "\u{202E}").count == 2)
        #expect(screen.contains(">\u{202E}abc</div>"))
    }
}

/// Names from payloads in the index's filters: a 160-letter feed template made the component
/// filter 1,292 px wide in its 260 px column, across the cards, and the page scrolled sideways.
@Suite("Long names in the index", .enabled(if: Chromium.shouldRun, "chromium is not on PATH; run scripts/setup.sh --test"))
struct LongNameIndexTests {
    @Test("a long component name does not widen the index's filters")
    func aLongComponentNameKeepsTheFiltersInTheirColumn() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-long-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let template = String(repeating: "promotion_banner_", count: 10)
        let feed = #"[{"id":1,"title":"T","headerImageDTO":null,"layoutTemplateDTO":{"layoutTemplate":"\#(template)","scrollDirection":"vertical","#
            + #""groupOrientation":"horizontal"},"cellType":"card_image","buttonTypes":[],"data":[{"id":1,"url":"https://ok.example/a.png"}]}]"#
        let site = scratch.appendingPathComponent("site")
        _ = try TestSite.build(MemoryInput(["f.json": feed]), into: site, inputFolder: scratch.appendingPathComponent("input"), allowErrors: true)
        // A probe of the site's own (the CSP runs no other) writes the boxes into the DOM.
        let probe = """
            addEventListener("load", () => {
              const side = document.querySelector(".v-sidebar").getBoundingClientRect();
              const widest = Math.max(...[...document.querySelectorAll(".v-sidebar select")].map((s) => s.getBoundingClientRect().right));
              document.body.dataset.probe = JSON.stringify({ sidebar: side.right, select: widest, page: document.documentElement.scrollWidth, window: innerWidth });
            });
            """
        try Data(probe.utf8).write(to: site.appendingPathComponent("probe.js"))
        let index = site.appendingPathComponent("index.html")
        let page = try String(contentsOf: index, encoding: .utf8).replacingOccurrences(of: "</body>", with: "<script src=\"probe.js\"></script></body>")
        try Data(page.utf8).write(to: index)
        let dom = try Chromium.dumpDOM(of: index, scratch: scratch, windowWidth: 1280)
        let json = try #require(dom.range(of: #"data-probe="([^"]*)""#, options: .regularExpression).map { String(dom[$0].dropFirst(12).dropLast()) })
        let boxes = try JSONSerialization.jsonObject(with: Data(json.replacingOccurrences(of: "&quot;", with: "\"").utf8)) as? [String: Double] ?? [:]
        #expect(try #require(boxes["select"]) <= (boxes["sidebar"] ?? 0) + 0.5, "\(boxes)")
        #expect(boxes["page"] == boxes["window"], "the page does not scroll sideways: \(boxes)")
    }
}
