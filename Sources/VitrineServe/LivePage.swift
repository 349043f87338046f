/// Adds live reload to a served HTML page: the run's token and build number in a `<meta>`, the
/// script before `</head>`, and `connect-src 'self'` in the page's Content-Security-Policy so
/// the script may open its event stream (and nothing else may).
enum LivePage {
    static func inject(into page: [UInt8], token: String, build: Int) -> [UInt8] {
        var bytes = page
        var headEnd = firstRange(of: Array("</head>".utf8), in: bytes, caseInsensitive: true)?.lowerBound ?? bytes.count
        if let (start, quote) = policyStart(in: bytes, before: headEnd) {
            // In a value quoted with `'`, the directive's own quotes are written as references.
            let directive = Array((quote == UInt8(ascii: "'") ? "connect-src &#39;self&#39;; " : "connect-src 'self'; ").utf8)
            bytes.insert(contentsOf: directive, at: start)
            headEnd += directive.count
        }
        let tags = Array(("<meta name=\"vitrine-live\" content=\"\(token)\" data-build=\"\(build)\">\n"
            + "<script src=\"/\(LiveScript.path)\" defer></script>\n").utf8)
        bytes.insert(contentsOf: tags, at: headEnd)
        return bytes
    }

    /// Where the policy of the page's `<meta http-equiv="Content-Security-Policy" content="…">`
    /// starts, and the quote around it, however a theme writes the tag: attributes in any order
    /// and case, quoted with `"` or `'`. Nil when there is none before `end` (the head's), or
    /// its `content` is unquoted (it cannot take a second directive there).
    static func policyStart(in bytes: [UInt8], before end: Int) -> (start: Int, quote: UInt8)? {
        var searched = 0
        while let tag = firstRange(of: Array("<meta".utf8), in: bytes, from: searched, before: end, caseInsensitive: true) {
            searched = tag.upperBound
            var index = tag.upperBound
            var isPolicy = false, content: (start: Int, quote: UInt8)?
            // Attributes up to the tag's end: a name, then `=` and a value, quoted or not.
            while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
                while index < bytes.count, isSpace(bytes[index]) || bytes[index] == UInt8(ascii: "/") { index += 1 }
                let nameStart = index
                while index < bytes.count, !isSpace(bytes[index]), !"=>/".utf8.contains(bytes[index]) { index += 1 }
                let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
                while index < bytes.count, isSpace(bytes[index]) { index += 1 }
                guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { continue }
                index += 1
                while index < bytes.count, isSpace(bytes[index]) { index += 1 }
                guard index < bytes.count else { break }
                let quote = bytes[index]
                let quoted = quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'")
                let valueStart = quoted ? index + 1 : index
                index = valueStart
                while index < bytes.count, quoted ? bytes[index] != quote : !isSpace(bytes[index]) && bytes[index] != UInt8(ascii: ">") { index += 1 }
                let value = String(decoding: bytes[valueStart..<index], as: UTF8.self)
                if quoted, index < bytes.count { index += 1 }
                if name == "http-equiv" { isPolicy = value.lowercased() == "content-security-policy" }
                if name == "content" { content = quoted ? (valueStart, quote) : nil }
            }
            if isPolicy { return content }
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    /// Where `needle` (in lower case, when `caseInsensitive`) first starts at or after `start`
    /// and before `end`.
    private static func firstRange(of needle: [UInt8], in bytes: [UInt8], from start: Int = 0, before end: Int? = nil,
                                   caseInsensitive: Bool = false) -> Range<Int>? {
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        let lower = { (byte: UInt8) in caseInsensitive && byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
        var index = start
        let last = min(end ?? bytes.count, bytes.count - needle.count + 1)
        while index < last {
            if lower(bytes[index]) == first, bytes[index..<index + needle.count].elementsEqual(needle, by: { lower($0) == $1 }) {
                return index..<index + needle.count
            }
            index += 1
        }
        return nil
    }
}
