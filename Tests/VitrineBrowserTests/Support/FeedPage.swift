import Foundation
import VitrineCore

/// A home-feed payload (formats.md §2) built into a one-screen site, loaded in headless Chromium
/// and measured: the feed counterpart of `ChromiumPage`, which only takes a scene.
///
/// Differences from `ChromiumPage`: the input may carry a `vitrine.json` (feed settings), the
/// built page's `<html dir>` can be rewritten (to check RTL mirroring), and besides
/// `Fixtures/measure.js` the page loads `Fixtures/feed-measure.js`, which records every element
/// of a JSON Pointer (a feed header shares one pointer among several elements) and the computed
/// scroll-snap styles. Elements are looked up by pointer: sections are `/0`, `/1`…, a section's
/// grid is `/N/data`, its items `/N/data/M`.
struct FeedPage {
    /// What `measure.js` records: the last element of each pointer.
    let measurement: Measurement
    /// What `feed-measure.js` records.
    let feed: FeedMeasurement

    /// Builds, loads and measures `feed`. Set `VITRINE_KEEP_BROWSER_PAGES=1` to keep the site for a look.
    /// - Parameters:
    ///   - configuration: the text of `vitrine.json`, if any.
    ///   - direction: written into the page's `<html dir="…">` before it is loaded (`"rtl"`).
    static func load(feed: String, configuration: String? = nil, direction: String? = nil) throws -> FeedPage {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-feed-\(UUID().uuidString)")
        let input = scratch.appendingPathComponent("input")
        let site = scratch.appendingPathComponent("site")
        let keep = ProcessInfo.processInfo.environment["VITRINE_KEEP_BROWSER_PAGES"] == "1"
        defer {
            if keep { print("browser page kept in \(site.path)") } else { try? FileManager.default.removeItem(at: scratch) }
        }
        var files = ["feed.json": feed]
        files[InputListing.configFile] = configuration
        let page = try buildSite(MemoryInput(files), into: site, input: input, direction: direction)
        let dom = try Chromium.dumpDOM(of: page, scratch: scratch)
        let measurement = try JSONDecoder().decode(Measurement.self, from: Data(Chromium.preformatted("v-measure", in: dom).utf8))
        let extra = try JSONDecoder().decode(FeedMeasurement.self, from: Data(Chromium.preformatted("v-feed-measure", in: dom).utf8))
        return FeedPage(measurement: measurement, feed: extra)
    }

    /// The node at `pointer`, as `measure.js` saw it (unique pointers only: grids, items, sections).
    func node(_ pointer: String) throws -> MeasuredNode {
        guard let node = measurement.nodes[pointer] else { throw BrowserCheckError("no element with data-v-path=\"\(pointer)\" on the page") }
        return node
    }

    /// Every element carrying `pointer`, outermost (first in document order) first.
    func elements(_ pointer: String) throws -> [FeedElement] {
        guard let elements = feed.elements[pointer], !elements.isEmpty else {
            throw BrowserCheckError("no element with data-v-path=\"\(pointer)\" on the page")
        }
        return elements
    }

    /// The outermost element carrying `pointer`: the space the node takes in its parent.
    func outermost(_ pointer: String) throws -> FeedElement {
        try elements(pointer)[0]
    }

    /// The first element carrying `pointer` that has the class `className` (e.g. `v-text`).
    func element(_ pointer: String, withClass className: String) throws -> FeedElement {
        guard let found = try elements(pointer).first(where: { $0.classes.contains(className) }) else {
            throw BrowserCheckError("no element with data-v-path=\"\(pointer)\" and class \(className)")
        }
        return found
    }

    /// The pointers of the items of section `section` (`/N/data/M`), in item order.
    func itemPointers(ofSection section: Int) -> [String] {
        let prefix = "/\(section)/data/"
        return feed.elements.keys
            .filter { $0.hasPrefix(prefix) && Int($0.dropFirst(prefix.count)) != nil }
            .sorted { Int($0.dropFirst(prefix.count))! < Int($1.dropFirst(prefix.count))! }
    }

    /// The outermost box of item `item` of section `section`.
    func item(_ item: Int, ofSection section: Int) throws -> Box {
        try outermost("/\(section)/data/\(item)").box
    }

    // MARK: - Building the page

    /// Writes the site and returns the standalone page's URL, with both measuring scripts beside it and loaded.
    private static func buildSite(_ source: MemoryInput, into site: URL, input: URL, direction: String?) throws -> URL {
        try TestSite.build(source, into: site, inputFolder: input)
        let page = site.appendingPathComponent(SitePath.standalone(for: "feed.json"))
        var html = try String(contentsOf: page, encoding: .utf8)
        if let direction {
            guard let opening = html.range(of: "<html"), let close = html.range(of: ">", range: opening.upperBound..<html.endIndex) else {
                throw BrowserCheckError("the page has no <html> tag")
            }
            let tag = String(html[opening.lowerBound..<close.upperBound])
            let rewritten = tag.contains(" dir=\"")
                ? tag.replacingOccurrences(of: #" dir="[a-z]*""#, with: " dir=\"\(direction)\"", options: .regularExpression)
                : "<html dir=\"\(direction)\"" + tag.dropFirst("<html".count)
            html.replaceSubrange(opening.lowerBound..<close.upperBound, with: rewritten)
        }
        guard let head = html.range(of: "</head>") else { throw BrowserCheckError("the page has no </head>") }
        html.replaceSubrange(head, with: "<script src=\"measure.js\"></script>\n<script src=\"feed-measure.js\"></script>\n</head>")
        try html.write(to: page, atomically: true, encoding: .utf8)
        for script in ["measure.js", "feed-measure.js"] {
            try FileManager.default.copyItem(at: TestSite.fixtures.appendingPathComponent(script),
                                             to: page.deletingLastPathComponent().appendingPathComponent(script))
        }
        return page
    }
}

/// What `Fixtures/feed-measure.js` records.
struct FeedMeasurement: Decodable {
    /// The `dir` attribute of `<html>` when the page was measured.
    var direction: String
    /// Every element carrying a `data-v-path`, by pointer, in document order.
    var elements: [String: [FeedElement]]
}

/// One element carrying a `data-v-path`.
struct FeedElement: Decodable {
    var tag: String
    var classes: [String]
    var box: Box
    var scrollWidth: Double
    var clientWidth: Double
    var scrollHeight: Double
    var clientHeight: Double
    /// Computed `scroll-snap-type`, e.g. `x mandatory` or `none`.
    var scrollSnapType: String
    /// Computed `scroll-snap-align`, e.g. `start` or `none`.
    var scrollSnapAlign: String
    /// Computed `direction`: `ltr` or `rtl`.
    var direction: String
}
