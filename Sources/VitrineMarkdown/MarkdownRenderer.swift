internal import CCmark
import Foundation

/// Renders CommonMark to HTML with libcmark in its safe mode.
///
/// Raw HTML is replaced by a comment and `javascript:`-style links are emptied; invalid UTF-8
/// becomes U+FFFD. No option that lets raw HTML through is exposed.
public enum MarkdownRenderer {
    /// The version of the linked libcmark, e.g. `0.30.2`.
    public static var libraryVersion: String {
        String(cString: cmark_version_string())
    }

    /// Converts a CommonMark document to an HTML fragment.
    /// - Parameter markdown: the document's text.
    /// - Returns: the HTML, safe to embed in a page.
    public static func html(from markdown: String) -> String {
        let options = CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_SMART
        var bytes = Array(markdown.utf8)
        let rendered = bytes.withUnsafeMutableBufferPointer { buffer -> String in
            let pointer = UnsafeMutableRawPointer(buffer.baseAddress).map { $0.assumingMemoryBound(to: CChar.self) }
            guard let pointer, let html = cmark_markdown_to_html(pointer, buffer.count, options) else { return "" }
            defer { free(html) }
            return String(cString: html)
        }
        return rendered
    }
}
