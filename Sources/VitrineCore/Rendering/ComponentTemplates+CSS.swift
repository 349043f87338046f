/// Payload values a template prints into CSS: a `style` attribute (`style="color: {{tint}}"`)
/// or a `<style>` element. There, HTML escaping keeps the value inside the attribute but not
/// inside the declaration: `#f00;position:fixed;inset:0` would cover the page, and
/// `red}body{display:none` blank it. Such a value is printed only when it is a plain CSS value.
extension ComponentTemplates {
    /// The transform that guards a value printed into CSS; `cssGuarded` wraps such values in it.
    static let cssTransform = "vitrinePlainCSS"

    /// Whether `text` is a value that cannot end the declaration or rule it is printed into:
    /// letters, digits, spaces and `# . , % + - _ ( ) /` (a colour, a length, `rgb(0 0 0 / 50%)`,
    /// `calc(100% - 8px)`, a font's name). No `;`, `:`, braces, quotes, backslash, `!`, `@`,
    /// `*` (so no comment) or `<`.
    static func isPlainCSS(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", " ", "#", ".", ",", "%", "+", "-", "_", "(", ")", "/": true
            default: scalar.value > 0x7F && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil)
            }
        }
    }

    /// `text` with every value tag inside a `style` attribute or a `<style>` element wrapped in
    /// `cssTransform` (`{{tint}}` → `{{vitrinePlainCSS(tint)}}`, `{{uppercased(x)}}` →
    /// `{{vitrinePlainCSS(uppercased(x))}}`); nil when it has none.
    static func cssGuarded(_ text: String) -> String? {
        let attribute = /[\s"'\/]style\s*=\s*(?:"[^"]*"|'[^']*')/.ignoresCase()
        var regions = text.matches(of: startTag).flatMap { tag in text[tag.range].matches(of: attribute).map(\.range) }
        var searched = text.startIndex
        while let open = text[searched...].firstMatch(of: /<style\b[^>]*>/.ignoresCase()) {
            let close = text[open.range.upperBound...].firstMatch(of: /<\/style/.ignoresCase())?.range.lowerBound ?? text.endIndex
            regions.append(open.range.upperBound..<close)
            searched = close
        }
        let value = /\{\{\s*([^#^\/!>&{=%\s][^}]*?)\s*\}\}/
        var guarded = "", copied = text.startIndex
        for region in regions.sorted(by: { $0.lowerBound < $1.lowerBound }) where region.lowerBound >= copied {
            for tag in text[region].matches(of: value) {
                guarded += text[copied..<tag.range.lowerBound] + "{{" + cssTransform + "(" + tag.output.1 + ")}}"
                copied = tag.range.upperBound
            }
        }
        return copied == text.startIndex ? nil : guarded + text[copied...]
    }
}
