/// What a template draws goes into the page between the screen's own elements, so it must close
/// what it opens: a stray `</div>` would close one of the page's (the rest of the screen drawn
/// outside the device), and an element, a comment or a tag left open would take in the rest of
/// the screen. The drawing is checked, not the template: sections may open an element in one
/// branch and close it after another (`{{#big}}<b>{{/big}}{{^big}}<b class="small">{{/big}}x</b>`).
extension ComponentTemplates {
    /// Elements that have no end tag.
    private static let voidElements: Set<String> = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                                                     "param", "source", "track", "wbr"]
    /// Elements whose end tag HTML lets a writer leave out: left open, they are neither reported
    /// nor closed (a `</p>` with no `<p>` open is drawn as an empty paragraph).
    private static let optionalEnds: Set<String> = ["p", "li", "dt", "dd", "option", "optgroup", "tr", "td", "th", "thead", "tbody",
                                                     "tfoot", "colgroup", "caption", "rt", "rp"]
    /// Elements whose content is text up to their end tag.
    private static let rawText: Set<String> = ["style", "textarea", "title"]

    /// `html` mended, and what was wrong first, for the warning: an end tag that closes
    /// nothing it opened is left out, and so is a tag left unfinished at its end; a comment and
    /// the elements it leaves open are closed at its end. One pass, which a tag or comment
    /// without its end stops.
    static func balanced(_ html: String) -> (html: String, problem: String?) {
        let bytes = Array(html.utf8)
        guard bytes.contains(UInt8(ascii: "<")) else { return (html, nil) }
        // The open elements, and how many of each name: a lookup per tag, not a search of a list
        // that `<li>`s left open (legal HTML) make as long as the drawing (100,000 took 131 s).
        var open: [String] = [], opened: [String: Int] = [:], leftOut: [Range<Int>] = [], ending: [UInt8] = []
        var problem: String?
        var index = 0
        scan: while let start = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            index = start + 1
            if Self.bytes(bytes, at: start, are: "<!--") {
                guard let end = Self.find("-->", in: bytes, from: start + 4) else {
                    problem = problem ?? "leaves a comment (`<!--`) open (the rest of the screen would be commented out); closed at its end"
                    ending = Array("-->".utf8)
                    break scan
                }
                index = end + 3
                continue
            }
            let closing = index < bytes.count && bytes[index] == UInt8(ascii: "/")
            let nameStart = closing ? index + 1 : index
            guard nameStart < bytes.count, Self.isLetter(bytes[nameStart]) else { continue }  // `a < b` in a template's own text
            var nameEnd = nameStart
            while nameEnd < bytes.count, Self.isLetter(bytes[nameEnd]) || Self.isDigit(bytes[nameEnd]) || bytes[nameEnd] == UInt8(ascii: "-") { nameEnd += 1 }
            let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self).lowercased()
            // To the tag's `>`; a start tag's quoted values are taken whole.
            var end = nameEnd, quote: UInt8?
            while end < bytes.count {
                let byte = bytes[end]
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: ">") {
                    break
                } else if !closing, byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                }
                end += 1
            }
            guard end < bytes.count else {
                problem = problem ?? "leaves the tag `<\(closing ? "/" : "")\(name)` unfinished (the rest of the screen would be read as its attributes); left out"
                leftOut.append(start..<bytes.count)
                break scan
            }
            index = end + 1
            if closing {
                if name == "br" { continue }  // a browser draws `</br>` as `<br>`
                if opened[name, default: 0] > 0, let depth = open.lastIndex(of: name) {
                    for closed in open[depth...] { opened[closed, default: 1] -= 1 }
                    open.removeSubrange(depth...)  // closing those between, as a browser does
                } else {
                    problem = problem ?? "draws `</\(name)>`, which closes nothing it opened (it would close one of the page's elements); left out"
                    leftOut.append(start..<index)
                }
                continue
            }
            if voidElements.contains(name) { continue }
            // `/>` closes an element only in SVG and MathML; `<div/>` is an open `<div>`.
            let foreign = name == "svg" || name == "math" || opened["svg", default: 0] > 0 || opened["math", default: 0] > 0
            if foreign, bytes[end - 1] == UInt8(ascii: "/") { continue }
            open.append(name)
            opened[name, default: 0] += 1
            if rawText.contains(name) { index = Self.find("</" + name, in: bytes, from: index, ignoringCase: true) ?? bytes.count }
        }
        open.removeAll(where: optionalEnds.contains)
        guard problem != nil || !open.isEmpty else { return (html, nil) }
        if problem == nil, let first = open.first {
            problem = "leaves `<\(first)>` open (the rest of the screen would be drawn inside it); closed at its end"
        }
        var kept: [UInt8] = [], copied = 0
        kept.reserveCapacity(bytes.count + 16)
        for cut in leftOut {
            kept += bytes[copied..<cut.lowerBound]
            copied = cut.upperBound
        }
        kept += bytes[copied...] + ending
        for name in open.reversed() { kept += Array("</\(name)>".utf8) }
        return (String(decoding: kept, as: UTF8.self), problem)
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// Whether `bytes` hold `text` at `index`.
    private static func bytes(_ bytes: [UInt8], at index: Int, are text: String, ignoringCase: Bool = false) -> Bool {
        let needle = Array(text.utf8)
        guard index + needle.count <= bytes.count else { return false }
        return needle.indices.allSatisfy { offset in
            let byte = bytes[index + offset]
            return byte == needle[offset] || (ignoringCase && isLetter(byte) && byte | 0x20 == needle[offset] | 0x20)
        }
    }

    /// Where `text` first stands in `bytes` from `index`.
    private static func find(_ text: String, in bytes: [UInt8], from index: Int, ignoringCase: Bool = false) -> Int? {
        guard let first = text.utf8.first else { return nil }
        var at = index
        while at < bytes.count, let candidate = bytes[at...].firstIndex(where: { $0 == first || (ignoringCase && $0 | 0x20 == first | 0x20 && isLetter($0)) }) {
            if Self.bytes(bytes, at: candidate, are: text, ignoringCase: ignoringCase) { return candidate }
            at = candidate + 1
        }
        return nil
    }
}
