/// What a template draws goes into the page between the screen's own elements, so it must close
/// what it opens: a stray `</div>` would close one of the page's (the rest of the screen drawn
/// outside the device), and an element left open would take in the rest of the screen. The
/// drawing is checked, not the template: sections may open an element in one branch and close
/// it after another (`{{#big}}<b>{{/big}}{{^big}}<b class="small">{{/big}}x</b>`).
extension ComponentTemplates {
    /// Elements that have no end tag, and elements whose end tag HTML lets a writer leave out
    /// (left open, they are neither reported nor closed: a `</p>` with no `<p>` open is drawn as an empty paragraph).
    private static let voidElements: Set<String> = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                                                     "param", "source", "track", "wbr"]
    private static let optionalEnds: Set<String> = ["p", "li", "dt", "dd", "option", "optgroup", "tr", "td", "th", "thead", "tbody",
                                                     "tfoot", "colgroup", "caption", "rt", "rp"]

    /// `html` with each end tag that closes nothing it opened left out, and the end tags of the
    /// elements it leaves open added at its end; what was wrong first, for the warning.
    static func balanced(_ html: String) -> (html: String, problem: String?) {
        guard html.utf8.contains(UInt8(ascii: "<")) else { return (html, nil) }
        let tag = /<!--.*?-->|<\/([a-zA-Z][a-zA-Z0-9-]*)[^>]*>|<([a-zA-Z][a-zA-Z0-9-]*)(?:"[^"]*"|'[^']*'|[^"'>])*>/.dotMatchesNewlines()
        var open: [String] = []
        var kept = "", copied = html.startIndex, searched = html.startIndex
        var problem: String?
        while let match = html[searched...].firstMatch(of: tag) {
            searched = match.range.upperBound
            if let closing = match.output.1 {
                // One that closes an element further in closes those between, as a browser does.
                if let depth = open.lastIndex(of: closing.lowercased()) {
                    open.removeSubrange(depth...)
                    continue
                }
                problem = problem ?? "draws `</\(closing)>`, which closes nothing it opened (it would close one of the page's elements); left out"
                kept += html[copied..<match.range.lowerBound]
                copied = match.range.upperBound
            } else if let name = match.output.2?.lowercased(), !voidElements.contains(name), !match.output.0.hasSuffix("/>") {
                if name == "style" {  // raw text up to its end tag
                    searched = html[searched...].firstMatch(of: /<\/style/.ignoresCase())?.range.lowerBound ?? html.endIndex
                }
                open.append(name)
            }
        }
        open.removeAll { optionalEnds.contains($0) }
        guard problem != nil || !open.isEmpty else { return (html, nil) }
        if problem == nil, let first = open.first {
            problem = "leaves `<\(first)>` open (the rest of the screen would be drawn inside it); closed at its end"
        }
        kept += html[copied...]
        for name in open.reversed() { kept += "</" + name + ">" }
        return (kept, problem)
    }
}
