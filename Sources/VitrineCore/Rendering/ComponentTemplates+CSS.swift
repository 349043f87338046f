/// Payload values a template prints into CSS: a `style` attribute (`style="color: {{tint}}"`)
/// or a `<style>` element. There, HTML escaping keeps the value inside the attribute but not
/// inside the declaration: `#f00;position:fixed;inset:0` would cover the page, and
/// `red}body{display:none` blank it. Such a value is printed only when it is a plain CSS value.
///
/// When the template is loaded, each value tag in CSS is put between two marks (`cssGuarded`);
/// once drawn, what stands between them is kept when plain and left out otherwise, and the
/// marks go (`plainCSSValues`). Checking the drawing rather than the value covers every kind
/// of value alike (a list's `{{index()}}`, a flag, a transform's result).
extension ComponentTemplates {
    /// The marks around a value printed into CSS: private-use characters, which payload values
    /// and a template's text never bring (the escaper and `compile` replace them with U+FFFD).
    static let cssOpen: Unicode.Scalar = "\u{E000}", cssClose: Unicode.Scalar = "\u{E001}"

    /// Whether `text` is a value that cannot end the declaration or rule it is printed into:
    /// letters, digits, spaces and `# . , % + - _ ( ) /` (a colour, a length, `rgb(0 0 0 / 50%)`,
    /// `calc(100% - 8px)`, a font's name). No `;`, `:`, braces, quotes, backslash, `!`, `@`,
    /// `*` (so no comment), `&` (so nothing escaped) or `<`; nor `//`, so no `url(//host/…)`
    /// loads from elsewhere through a field meant for a colour.
    static func isPlainCSS(_ text: Substring.UnicodeScalarView) -> Bool {
        var slash = false
        return text.allSatisfy { scalar in
            defer { slash = scalar == "/" }
            if slash, scalar == "/" { return false }
            return switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", " ", "#", ".", ",", "%", "+", "-", "_", "(", ")", "/": true
            default: scalar.value > 0x7F && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil)
            }
        }
    }

    /// The places of `text` that are CSS, as offsets in its UTF-8: the values of `style`
    /// attributes, of SVG's attributes read as CSS values (`fill="{{color}}"` takes a
    /// `url(…)`), and the content of `<style>` elements, found as the drawing will have them
    /// (Mustache tags read past: `<b {{#x}}style="…"{{/x}}>`), outside HTML comments.
    /// `element` says whether a region is a `<style>` element's.
    static func cssRegions(in text: String) -> [(range: Range<Int>, element: Bool)] {
        let (drawn, origin) = withoutMustacheTags(text)
        let offset = { (index: String.Index) in drawn.utf8.distance(from: drawn.startIndex, to: index) }
        let comments = drawn.matches(of: /<!--.*?(?:-->|$)/.dotMatchesNewlines()).map(\.range)
        let outsideComments = { (index: String.Index) in !comments.contains { $0.contains(index) } }
        // A region runs from just after its opening quote or `>` (in `text`, before any tag
        // that follows it) to its closing quote or `</style`.
        let region = { (opener: String.Index, end: String.Index) -> Range<Int> in
            let start = origin[offset(opener)] + 1
            return start..<max(start, origin[offset(end)])
        }
        var regions: [(range: Range<Int>, element: Bool)] = []
        for tag in drawn.matches(of: startTag) where outsideComments(tag.range.lowerBound) {
            let cssAttribute = /[\s"'\/](?:style|fill|stroke|mask|filter|clip-path|marker-start|marker-mid|marker-end)\s*=\s*("[^"]*"|'[^']*')/
            for attribute in drawn[tag.range].matches(of: cssAttribute.ignoresCase()) {
                let quoted = attribute.output.1
                regions.append((region(quoted.startIndex, drawn.index(before: quoted.endIndex)), false))
            }
        }
        for open in drawn.matches(of: /<style(?![\w-])[^>]*>/.ignoresCase()) where outsideComments(open.range.lowerBound) {
            let end = drawn[open.range.upperBound...].firstMatch(of: /<\/style/.ignoresCase())?.range.lowerBound ?? drawn.endIndex
            regions.append((region(drawn.index(before: open.range.upperBound), end), true))
        }
        return regions.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// The value tags (`{{tint}}`, `{{uppercased(x)}}`; not sections, comments or partials) of
    /// `text` inside `range`, an offset range of its UTF-8.
    static func valueTags(in text: String, within range: Range<Int>) -> [Range<String.Index>] {
        let utf8 = text.utf8
        let slice = text[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)]
        return slice.matches(of: /\{\{\s*[^#^\/!>&{=%$<\s][^}]*?\}\}/).map(\.range)
    }

    /// `text` with every value tag in CSS between the marks; nil when it has none.
    static func cssGuarded(_ text: String) -> String? {
        let tags = cssRegions(in: text).flatMap { valueTags(in: text, within: $0.range) }
        guard !tags.isEmpty else { return nil }
        var guarded = "", copied = text.startIndex
        for tag in tags where tag.lowerBound >= copied {
            guarded += text[copied..<tag.lowerBound] + String(cssOpen) + text[tag] + String(cssClose)
            copied = tag.upperBound
        }
        return guarded + text[copied...]
    }

    /// Where a value tag in a `<style>` element stands in a selector or an at-rule (the next of
    /// `{`, `;` and `}` after it is `{`, or its statement starts with `@`): in a selector even
    /// a plain value (`x, body`) chooses elements of the page around the render, and an
    /// `@import` takes a URL.
    static func valueInSelector(in text: String) -> SourceLocation? {
        let (drawn, origin) = withoutMustacheTags(text)
        for (range, element) in cssRegions(in: text) where element {
            for tag in valueTags(in: text, within: range) {
                // The first of `{`, `;`, `}` after the tag, in the drawing (Mustache tags read past).
                let after = text.utf8.distance(from: text.startIndex, to: tag.upperBound)
                let from = origin.firstIndex { $0 >= after } ?? origin.count - 1
                let ends = { (byte: UInt8) in byte == UInt8(ascii: "{") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: "}") }
                let before = drawn.utf8.prefix(from).reversed().prefix { !ends($0) && $0 != UInt8(ascii: ">") }.reversed()
                let atRule = before.first { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\t") } == UInt8(ascii: "@")
                if atRule || drawn.utf8.dropFirst(from).first(where: ends) == UInt8(ascii: "{") {
                    return SourceText(bytes: Array(text.utf8)).location(of: text.utf8.distance(from: text.startIndex, to: tag.lowerBound))
                }
            }
        }
        return nil
    }

    /// `drawn` with each marked value kept when plain and left out otherwise, the marks taken
    /// out; the first value left out, as the payload wrote it (its escaping undone).
    static func plainCSSValues(_ drawn: String) -> (html: String, refused: String?) {
        let scalars = drawn.unicodeScalars
        var html = String.UnicodeScalarView(), refused: String?
        var index = scalars.startIndex
        while let open = scalars[index...].firstIndex(of: cssOpen) {
            html.append(contentsOf: scalars[index..<open])
            let start = scalars.index(after: open)
            let close = scalars[start...].firstIndex(of: cssClose) ?? scalars.endIndex
            let value = scalars[start..<close]
            if isPlainCSS(value) {
                html.append(contentsOf: value)
            } else if refused == nil {
                refused = String(String.UnicodeScalarView(value)).replacing("&lt;", with: "<").replacing("&gt;", with: ">")
                    .replacing("&quot;", with: "\"").replacing("&#39;", with: "'").replacing("&amp;", with: "&")
            }
            index = close == scalars.endIndex ? close : scalars.index(after: close)
        }
        html.append(contentsOf: scalars[index...])
        return (String(html), refused)
    }

    /// `text` with the marks replaced by U+FFFD, so that only `cssGuarded` puts them in a drawing.
    static func withoutCSSMarks(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == cssOpen || $0 == cssClose }) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == cssOpen || $0 == cssClose ? "\u{FFFD}" : $0 }))
    }
}
