import VitrineMarkdown

/// The libcmark wrapper on any bytes: safe mode holds (no raw HTML, no script URL), every
/// heading anchor is a plain slug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let document = MarkdownRenderer.render(bytes, hooks: MarkdownRenderer.Hooks())
    let lowered = document.html.lowercased()
    precondition(!lowered.contains("<script") && !lowered.contains("<iframe") && !lowered.contains("<img src=\"javascript:"))
    precondition(!lowered.contains("href=\"javascript:") && !lowered.contains("href=\"vbscript:"))
    for heading in document.headings {
        precondition(heading.anchor.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }, "anchor \(heading.anchor)")
    }
    return 0
}
