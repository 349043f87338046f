/// What a component template may not hold, found when it is loaded: templates come with the
/// payloads, from whoever changes them, and the pages (and the diff reports reviewers open)
/// draw them. Each check reads the template as the page will have it, Mustache tags read past.
extension ComponentTemplates {
    /// Why `text` is refused, the first problem of each kind, in the order they stand.
    static func refusals(of text: String) -> [Problem] {
        var found: [Problem] = []
        if let (tag, location) = refusedTag(in: text) {
            let why = switch tag {
            case "{{=": "changes the delimiters, which would hide an unescaped tag"
            case "{{%": "is a pragma, which could switch the escaping off"
            default: "would write payload text unescaped"
            }
            found.append(Problem(message: "template uses `\(tag)`, which \(why); use {{name}}", location: location))
        }
        if let location = unquotedValue(in: text) {
            found.append(Problem(message: "template prints a value inside a tag but outside a quoted attribute value, where "
                                 + "a space in it would start attributes of its own; write `class=\"{{kind}}\"`", location: location))
        }
        if let location = valueInSelector(in: text) {
            found.append(Problem(message: "template prints a value into a selector (or an at-rule) of a <style> element, where even a plain one "
                                 + "(`x, body`) would choose the page's own elements; print values into declarations", location: location))
        }
        if let (tag, location) = activeContent(in: text) {
            found.append(Problem(message: "template holds `\(tag)`, which could run script or leave the page: a component is drawn "
                                 + "with HTML and CSS alone (the pages, and the diff reports reviewers open, would run it)", location: location))
        }
        return found.sorted { ($0.location?.line ?? 0, $0.location?.column ?? 0) < ($1.location?.line ?? 0, $1.location?.column ?? 0) }
    }

    /// The first tag that would print unescaped or switch escaping off, and where it is; the
    /// words of a comment (`{{! never write {{{ }}`) are no tag.
    static func refusedTag(in text: String) -> (String, SourceLocation)? {
        var index = text.startIndex
        while let open = text.range(of: "{{", range: index..<text.endIndex) {
            let rest = text[open.lowerBound...]
            if rest.hasPrefix("{{!") {
                guard let close = text.range(of: "}}", range: open.upperBound..<text.endIndex) else { return nil }
                index = close.upperBound
                continue
            }
            if let tag = ["{{{", "{{&", "{{=", "{{%"].first(where: rest.hasPrefix) {
                let before = text[..<open.lowerBound].unicodeScalars
                let column = before.count - ((before.lastIndex(of: "\n").map { before.distance(from: before.startIndex, to: $0) + 1 }) ?? 0)
                return (tag, SourceLocation(line: before.count { $0 == "\n" } + 1, column: column + 1))
            }
            index = open.upperBound
        }
        return nil
    }

    /// An HTML start tag, its Mustache tags and quoted values taken whole (a `>` or a quote
    /// inside them ends nothing), to its `>`.
    static var startTag: Regex<Substring> { /<[a-zA-Z{](?:\{\{.*?\}\}|"[^"]*"|'[^']*'|[^"'>])*>?/ }

    /// The first element that loads or runs code, takes the reader elsewhere (`<script`) or
    /// turns the rest of the page into text (`<plaintext`), event handler attribute of a tag
    /// (`onclick=`), or script URL in a tag (`href="javascript:…"`, also spelt with character
    /// references or with tabs inside, as a browser reads it), of `text`, as written, and where
    /// it is. Mustache tags are read past, as the output will not have them:
    /// `<{{#x}}script{{/x}}>` and `<b {{#x}}onclick="…"{{/x}}>` are what they draw.
    static func activeContent(in text: String) -> (String, SourceLocation)? {
        let element = /<(script|iframe|frame|frameset|object|embed|applet|base|meta|link|form|portal|plaintext|xmp)\b(?!-)/.ignoresCase()
        // After a space, `/` or quote, as an attribute starts (`data-one=` is none).
        let handler = /[\s\/"'](on[a-z]+)(?=\s*=)/.ignoresCase()
        let (drawn, origin) = withoutMustacheTags(text)
        let tags = drawn.matches(of: startTag).map(\.range)
        let handlerName = tags.lazy.compactMap { drawn[$0].firstMatch(of: handler).map { $0.output.1.startIndex..<$0.output.1.endIndex } }.first
        let scheme = /(java|vb)script:/
        let read = { (tag: Range<String.Index>) in
            decodingReferences(drawn[tag]).lowercased().filter { !$0.isWhitespace && !$0.unicodeScalars.allSatisfy { $0.value < 0x20 } }
        }
        let scriptURL = tags.first { read($0).contains(scheme) }
        let found = [drawn.firstMatch(of: element)?.range, handlerName, scriptURL].compactMap { $0 }.min { $0.lowerBound < $1.lowerBound }
        guard let found else { return nil }
        let written = String(drawn[found]), offset = origin[drawn.utf8.distance(from: drawn.startIndex, to: found.lowerBound)]
        let named = found == scriptURL ? read(found).firstMatch(of: scheme).map { String($0.output.0) } ?? "javascript:"
            : written.hasPrefix("<") ? written : written + "="
        return (named, SourceText(bytes: Array(text.utf8)).location(of: offset))
    }

    /// `text` with its numeric character references (`&#106;`, `&#x6A`) and the named ones a
    /// URL's scheme can be spelt with (`&colon;`, `&Tab;`, `&NewLine;`) read as a browser reads them.
    private static func decodingReferences(_ text: Substring) -> String {
        let named = ["colon": ":", "tab": "\t", "newline": "\n"]
        return String(text).replacing(/&#(x[0-9a-f]+|[0-9]+);?|&(colon|tab|newline);/.ignoresCase()) { match in
            if let name = match.output.2 { return named[name.lowercased()] ?? "" }
            let digits = match.output.1 ?? ""
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) } ?? ""
        }
    }

    /// `text` without its Mustache tags, and for each of its bytes the offset of that byte in `text`.
    static func withoutMustacheTags(_ text: String) -> (String, [Int]) {
        let bytes = Array(text.utf8)
        var kept: [UInt8] = [], origin: [Int] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "{"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "{") {
                var close = index + 2
                while close + 1 < bytes.count, !(bytes[close] == UInt8(ascii: "}") && bytes[close + 1] == UInt8(ascii: "}")) { close += 1 }
                index = close + 2
                continue
            }
            kept.append(bytes[index])
            origin.append(index)
            index += 1
        }
        origin.append(bytes.count)
        return (String(decoding: kept, as: UTF8.self), origin)
    }

    /// Where the first value tag (`{{name}}`, not a section, comment or partial) stands inside
    /// an HTML tag but outside a quoted attribute value: `<div class={{kind}}>`, `<div {{attrs}}>`
    /// and `<{{element}}>` let a payload add attributes or choose the element.
    static func unquotedValue(in text: String) -> SourceLocation? {
        // Other Mustache tags and quoted values are matched whole, so a value tag found on its own is outside them.
        let part = /\{\{([#^\/!>]?).*?\}\}|"[^"]*"|'[^']*'/
        for element in text.matches(of: startTag) {
            guard let value = element.output.matches(of: part).first(where: { $0.output.0.hasPrefix("{{") && $0.output.1?.isEmpty == true }) else { continue }
            return SourceText(bytes: Array(text.utf8)).location(of: text.utf8.distance(from: text.startIndex, to: value.range.lowerBound))
        }
        return nil
    }
}
