internal import CCmark
import Foundation

/// Renders CommonMark to HTML with libcmark in its safe mode.
///
/// Raw HTML is replaced by a comment and `javascript:`-style links are emptied; invalid UTF-8
/// becomes U+FFFD. No option that lets raw HTML through is exposed: the only HTML that reaches
/// the output unparsed is what the caller's `Hooks` return, which the caller escapes.
public enum MarkdownRenderer {
    /// The version of the linked libcmark, e.g. `0.30.2`.
    public static var libraryVersion: String {
        String(cString: cmark_version_string())
    }

    /// Converts a CommonMark document to an HTML fragment.
    /// - Parameter markdown: the document's text.
    /// - Returns: the HTML, safe to embed in a page.
    public static func html(from markdown: String) -> String {
        render(Array(markdown.utf8), hooks: Hooks()).html
    }

    /// Where a node starts in the document: 1-based line, and column counted in Unicode scalars.
    public struct Position: Sendable, Equatable {
        /// The line, counted from 1.
        public var line: Int
        /// The column, counted from 1 in Unicode scalars.
        public var column: Int

        /// The position at `line` and `column`, both 1-based.
        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
    }

    /// What a caller may change while a document is rendered.
    public struct Hooks {
        /// A link's or image's new destination, given its destination and where it starts; nil keeps it.
        public var link: (_ url: String, _ at: Position) -> String?
        /// HTML standing for a fenced code block, given its info string, text and where it starts; nil keeps the block.
        public var codeBlock: (_ info: String, _ text: String, _ at: Position) -> String?
        /// Levels added to every heading, up to `<h6>`: 1 for a fragment under a page's own `<h1>`.
        public var headingOffset = 0

        /// Hooks from the given closures; one not given changes nothing.
        public init(link: @escaping (String, Position) -> String? = { _, _ in nil },
                    codeBlock: @escaping (String, String, Position) -> String? = { _, _, _ in nil }) {
            self.link = link
            self.codeBlock = codeBlock
        }
    }

    /// A heading of a rendered document, with the anchor its `<h…>` got.
    public struct Heading: Sendable, Equatable {
        /// The heading level: 1 for `#` to 6 for `######`.
        public var level: Int
        /// The heading's text and code, without their markup.
        public var text: String
        /// The `id` its `<h…>` got: a slug of its text, numbered when taken (`setup-1`).
        public var anchor: String
    }

    /// A rendered document.
    public struct Document: Sendable, Equatable {
        /// The document as an HTML fragment, safe to embed in a page.
        public var html: String
        /// Every heading, in document order.
        public var headings: [Heading]
    }

    /// Renders `markdown` (any bytes), giving headings anchors and letting `hooks` rewrite links
    /// and replace code blocks.
    public static func render(_ markdown: [UInt8], hooks: Hooks) -> Document {
        // No CMARK_OPT_SMART: it turns `--force` in prose into `–force`, which no shell accepts.
        let options = CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8
        let root = markdown.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { $0.withMemoryRebound(to: CChar.self, capacity: buffer.count) { cmark_parse_document($0, buffer.count, options) } }
        }
        guard let root = root ?? cmark_parse_document("", 0, options) else { return Document(html: "", headings: []) }
        defer { cmark_node_free(root) }
        var headings: [Heading] = []
        var anchors = Anchors()
        var replacements: [(OpaquePointer, String)] = []
        var anchored: [(OpaquePointer, String)] = []
        var lines = LineStarts(markdown)
        forEachNode(root) { node in
            let position = { lines.position(line: Int(cmark_node_get_start_line(node)), byteColumn: Int(cmark_node_get_start_column(node))) }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                let line = Int(cmark_node_get_start_line(node)) + referenceLines(above: node)
                if let url = string(cmark_node_get_url(node)),
                   let replaced = hooks.link(url, lines.position(line: line, byteColumn: Int(cmark_node_get_start_column(node)))) {
                    cmark_node_set_url(node, replaced)
                }
            case CMARK_NODE_HEADING:
                let text = plainText(node)
                let anchor = anchors.unique(slug(text))
                let level = min(Int(cmark_node_get_heading_level(node)) + hooks.headingOffset, 6)
                if hooks.headingOffset != 0 { cmark_node_set_heading_level(node, Int32(level)) }
                headings.append(Heading(level: level, text: text, anchor: anchor))
                anchored.append((node, anchor))
            case CMARK_NODE_CODE_BLOCK:
                let info = string(cmark_node_get_fence_info(node)) ?? ""
                let text = string(cmark_node_get_literal(node)) ?? ""
                if let html = hooks.codeBlock(info, text, position()) { replacements.append((node, html)) }
            default:
                break
            }
        }
        // The tree changes only after the walk, as libcmark's iterator asks.
        for (heading, anchor) in anchored {
            // The anchor is a slug of letters, marks, digits and `-`, so it needs no escaping.
            guard let marker = cmark_node_new(CMARK_NODE_CUSTOM_INLINE) else { continue }
            cmark_node_set_on_enter(marker, "<a class=\"v-anchor\" id=\"\(anchor)\" href=\"#\(anchor)\" aria-hidden=\"true\" tabindex=\"-1\">#</a> ")
            if cmark_node_prepend_child(heading, marker) == 0 { cmark_node_free(marker) }
        }
        for (node, html) in replacements {
            guard let block = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else { continue }
            cmark_node_set_on_enter(block, html)
            if cmark_node_replace(node, block) == 1 { cmark_node_free(node) } else { cmark_node_free(block) }
        }
        guard let rendered = cmark_render_html(root, options) else { return Document(html: "", headings: headings) }
        defer { free(rendered) }
        return Document(html: String(cString: rendered), headings: headings)
    }

    /// How many lines of link reference definitions (`[x]: /u`) open the paragraph around an
    /// inline `node`: libcmark counts its inlines' lines from the paragraph's first line, those
    /// definitions included, though they are no longer part of it. Its last inline ends on the
    /// paragraph's last line, so the difference is their count.
    private static func referenceLines(above node: OpaquePointer) -> Int {
        var paragraph = cmark_node_parent(node)
        while let block = paragraph, cmark_node_get_type(block) != CMARK_NODE_PARAGRAPH { paragraph = cmark_node_parent(block) }
        guard let paragraph, let last = cmark_node_last_child(paragraph) else { return 0 }
        let lastLine = Int(cmark_node_get_end_line(last))
        return lastLine > 0 ? max(0, Int(cmark_node_get_end_line(paragraph)) - lastLine) : 0
    }

    /// Where the document's lines start, to turn libcmark's byte columns into scalar columns.
    private struct LineStarts {
        let bytes: [UInt8]
        let starts: [Int]

        init(_ bytes: [UInt8]) {
            var starts = [0]
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                guard byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") else { continue }
                if byte == UInt8(ascii: "\r"), index < bytes.count, bytes[index] == UInt8(ascii: "\n") { index += 1 }
                starts.append(index)
            }
            (self.bytes, self.starts) = (bytes, starts)
        }

        /// The last position found, so that the columns of many links on one line are counted
        /// once, not from the line's start each time.
        private var last = (line: 0, byte: 0, column: 1)

        /// The scalar column of the 1-based byte column `byteColumn` on `line`.
        mutating func position(line: Int, byteColumn: Int) -> Position {
            guard line >= 1, line <= starts.count, byteColumn >= 1 else { return Position(line: max(line, 1), column: 1) }
            let start = starts[line - 1]
            let lineEnd = line < starts.count ? starts[line] : bytes.count
            let end = min(start + byteColumn - 1, lineEnd)  // never into the next line, whatever libcmark says
            let (from, before) = last.line == line && last.byte <= end ? (last.byte, last.column) : (start, 1)
            let column = before + bytes[from..<end].count { $0 & 0xC0 != 0x80 }
            last = (line, end, column)
            return Position(line: line, column: column)
        }
    }

    /// Calls `body` on every node once, on entering it; the tree must not change meanwhile.
    private static func forEachNode(_ root: OpaquePointer, _ body: (OpaquePointer) -> Void) {
        guard let iterator = cmark_iter_new(root) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            if event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) { body(node) }
        }
    }

    /// The concatenated text and code of a node's descendants.
    private static func plainText(_ node: OpaquePointer) -> String {
        var text = ""
        forEachNode(node) { child in
            let type = cmark_node_get_type(child)
            if type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE, let literal = string(cmark_node_get_literal(child)) { text += literal }
        }
        return text
    }

    /// A GitHub-style slug (`Payload formats` → `payload-formats`, `설치 방법` → `설치-방법`):
    /// letters, marks and digits of any script, and `-` for spaces.
    static func slug(_ text: String) -> String {
        var slug = ""
        for scalar in text.lowercased().unicodeScalars {
            if scalar.isASCII ? CharacterSet.alphanumerics.contains(scalar) : isWordScalar(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if scalar == " " || scalar == "-" || scalar == "_", !slug.hasSuffix("-"), !slug.isEmpty {
                slug += "-"
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.isEmpty ? "section" : slug
    }

    /// The anchors of a document's headings: each slug once, then numbered (`setup-1`).
    struct Anchors {
        private var taken: Set<String> = []
        /// The number to try next for a slug: repeated headings are numbered in one step each.
        private var next: [String: Int] = [:]

        /// `slug`, or the first of `slug-1`, `slug-2`, … not taken. `main` and slugs starting
        /// `v-` or `vitrine-` are the ids of the page around the document (`serve`'s error
        /// overlay is `vitrine-live-errors`), so they are always numbered.
        mutating func unique(_ slug: String) -> String {
            if slug != "main", !slug.hasPrefix("v-"), !slug.hasPrefix("vitrine-"), taken.insert(slug).inserted { return slug }
            var number = next[slug, default: 1]
            while taken.contains("\(slug)-\(number)") { number += 1 }
            next[slug] = number + 1
            taken.insert("\(slug)-\(number)")
            return "\(slug)-\(number)"
        }
    }

    /// Letters, combining marks and numbers: what a slug keeps of a non-ASCII heading (never
    /// markup, quotes or bidi controls, so the slug needs no escaping in `id` and `href`).
    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .decimalNumber, .letterNumber, .otherNumber: true
        default: false
        }
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
