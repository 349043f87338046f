/// How a text is drawn: its element (font, colour, lines), its content (cut as UIKit cuts it),
/// and the lines a fixed-height frame holds.
extension NodeRenderer {
    /// The fewer lines of the payload's `lineLimit` and of what a fixed-height frame holds.
    static func lineLimit(_ text: ViewKind.Text, _ node: ViewNode) -> Int? {
        linesFitting(text, node).map { min($0, text.lineLimit ?? $0) } ?? text.lineLimit
    }

    /// A text's content. One line (by its limit) that holds a line break shows its first line
    /// and "…", as UIKit truncates it: written so, its box is wide enough for the "…" too (CSS
    /// cut the line's last letters to make room for it); the whole text stays for screen readers.
    mutating func textBody(_ text: ViewKind.Text, node: ViewNode) -> ContentBody {
        let whole = drawnText(text.string, node: node)
        guard Self.lineLimit(text, node).map({ $0 <= 1 }) == true,
              let end = Self.firstLineBreak(in: text.string) else { return whole }
        let firstLine = String(text.string.unicodeScalars[..<end])
        guard firstLine.utf8.count <= Self.drawnTextBytes else { return whole }
        var out: [UInt8] = Array(#"<span aria-hidden="true">"#.utf8)
        HTMLEscaper.appendText(firstLine + "…", to: &out)
        out += #"</span><span class="v-visually-hidden">"#
        Self.append(whole, to: &out)
        out += "</span>"
        return .markup(String(decoding: out, as: UTF8.self))
    }

    /// Where the first line break (LF, CR, U+2028 or U+2029) of `text` starts, found on its bytes.
    static func firstLineBreak(in text: String) -> String.Index? {
        var previous: (UInt8, UInt8) = (0, 0)
        var index = text.utf8.startIndex
        while index < text.utf8.endIndex {
            let byte = text.utf8[index]
            if byte == 0x0A || byte == 0x0D { return index }
            if previous == (0xE2, 0x80), byte == 0xA8 || byte == 0xA9 { return text.utf8.index(index, offsetBy: -2) }
            previous = (previous.1, byte)
            index = text.utf8.index(after: index)
        }
        return nil
    }

    /// Payload text longer than this many UTF-8 bytes is drawn cut, with a notice (bad-inputs.md C06):
    /// a page stays a size a browser opens, whatever the payload holds.
    static let drawnTextBytes = 256 << 10

    /// A text's content: the text, or past `drawnTextBytes` its start (cut at a scalar boundary)
    /// and a notice of how much is left out, with a warning.
    mutating func drawnText(_ text: String, node: ViewNode) -> ContentBody {
        let bytes = text.utf8.count
        guard bytes > Self.drawnTextBytes else { return .text(text) }
        var cut = Self.drawnTextBytes
        let utf8 = Array(text.utf8)
        while cut > 0, utf8[cut] & 0xC0 == 0x80 { cut -= 1 }  // not inside a scalar
        issues.append(RenderIssue(severity: .warning, message: "text of \(bytes) bytes; only its first \(cut) are drawn", source: node.source))
        var out: [UInt8] = []
        HTMLEscaper.appendText(Self.lineSeparatorsAsNewlines(String(decoding: utf8[..<cut], as: UTF8.self)), to: &out)
        out += "<span class=\"v-cut\">… \(bytes - cut) more bytes not drawn</span>"
        return .markup(String(decoding: out, as: UTF8.self))
    }

    /// A run of this many bytes without a space is wider than a screen: such a text may break
    /// anywhere (`v-long-word`), as SwiftUI breaks it. Other texts break only between words, so
    /// a short price beside a long name keeps its width (CSS would squeeze it to one letter).
    static let longWordBytes = 40

    static func hasLongWord(_ text: String) -> Bool {
        var run = 0
        for byte in text.utf8 {
            if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D { run = 0 } else { run += 1 }
            if run >= longWordBytes { return true }
        }
        return false
    }

    /// SwiftUI's Text also breaks lines at U+2028 and U+2029; CSS `pre-wrap` only at line feeds
    /// (a carriage return is one already: HTML's parser turns it into a line feed).
    static func lineSeparatorsAsNewlines(_ text: String) -> String {
        let isSeparator: (Unicode.Scalar) -> Bool = { $0 == "\u{2028}" || $0 == "\u{2029}" }
        guard text.utf8.contains(0xE2), text.unicodeScalars.contains(where: isSeparator) else { return text }  // E2 80 A8/A9
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { out.append(isSeparator(scalar) ? "\n" : scalar) }
        return String(out)
    }

    /// The element of a text: its font, colour, line limit and how it wraps.
    mutating func text(_ text: ViewKind.Text, node: ViewNode) -> Element {
        var element = Element(classes: Self.hasLongWord(text.string) ? "v-text v-long-word" : "v-text", fill: .hug)
        if let font = text.font {
            // A family the input's fonts/ has, but not under this name: the app finds no font of
            // that name and draws the system font, where the browser would take another weight.
            if let family = font.family, let names = resources.fonts[family], let name = font.name, !names.contains(name) {
                issues.append(RenderIssue(severity: .warning, message: "font \"\(name)\" is not in fonts/, which has \(names.sorted().map { "\"\($0)\"" }.joined(separator: ", ")) "
                                          + "of its family; the app draws the system font", source: node.source))
            } else {
                // A family close to one fonts/ has is most likely a typo of it (`Intr-Bold`); of
                // any other (the app's own fonts, not in fonts/) no word, and the browser's to find.
                if !resources.fonts.isEmpty, let family = font.family, resources.fonts[family] == nil, let name = font.name,
                   let meant = Misspelling.likelyMeant(family, among: resources.fonts.keys) {
                    issues.append(RenderIssue(severity: .warning, message: "font \"\(name)\" is not in fonts/, which has the family \"\(meant)\": "
                                              + "did you mean it?", source: node.source))
                }
                if let family = font.family {
                    element.declare("font-family") { css in
                        css += CSSEscaper.string(family)
                        css.append(",var(--v-font-system)")
                    }
                }
                if let weight = font.weight { element.declare("font-weight") { $0.appendDecimal(weight) } }
            }
            element.declare("font-size") { css in
                guard font.scalesWithTextSize else { return CSSNumber.appendPixels(font.size, to: &css) }
                css += "calc("
                CSSNumber.appendPixels(font.size, to: &css)
                css += "*var(--v-font-scale,1))"
            }
        }
        if let written = text.lineLimit, written < 1 {
            // The app draws no line of it (the decoder says so in a warning).
            element.declare("display:none")
        } else if let limit = Self.lineLimit(text, node) {
            // One line is cut at the last letter that fits, as UIKit truncates; more are clamped
            // after the last line's words.
            if limit <= 1 {
                element.addClass("v-line")
            } else {
                element.addClass("v-clamp")
                element.declare("-webkit-line-clamp") { $0.appendDecimal(limit) }
                if let scaled = Self.scaledLinesFitting(text, node) { element.declare(scaled) }
            }
        }
        return element
    }

    /// How many lines of a text fit in the height its first frame fixes (the theme's line height
    /// is 1.2 × the font size, 17 pt by default): SwiftUI truncates the text to them, with "…",
    /// where CSS would let it spill out of the frame. Nil without such a frame.
    static func linesFitting(_ text: ViewKind.Text, _ node: ViewNode) -> Int? {
        guard let height = innermostFrame(node)?.height else { return nil }
        let lines = (height / (1.2 * (text.font?.size ?? Font.systemSize))).rounded(.down)
        // A font of a millionth of a point fits more lines than an Int holds: no clamp is needed then.
        guard lines.isFinite, lines < 10_000 else { return nil }
        return max(1, Int(lines))
    }

    /// The lines a fixed-height frame holds as the browser counts them, at the Text size the
    /// reader picks (`--v-font-scale`): a second `-webkit-line-clamp` of plain numbers, the
    /// height over the line height, less ½ so that rounding to an integer rounds it down.
    static func scaledLinesFitting(_ text: ViewKind.Text, _ node: ViewNode) -> String? {
        guard text.font?.scalesWithTextSize ?? true, linesFitting(text, node) != nil, let height = innermostFrame(node)?.height else { return nil }
        var css: [UInt8] = Array("-webkit-line-clamp:".utf8)
        if let limit = text.lineLimit { css += "min(" + String(limit) + "," }
        css += "max(1,calc("
        CSSNumber.append(height, to: &css)
        css += "/(1.2*"
        CSSNumber.append(text.font?.size ?? Font.systemSize, to: &css)
        css += "*var(--v-font-scale,1)) - 0.5))"
        if text.lineLimit != nil { css += ")" }
        return String(decoding: css, as: UTF8.self)
    }
}
