import VitrineMarkdown

/// The libcmark wrapper on any bytes: safe mode holds (no raw HTML, no script URL), every
/// heading anchor is a slug of lowercase ASCII letters, digits, `-` and other scripts' letters,
/// marks and numbers (no markup, quote, space or bidi control, so it needs no escaping).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let document = MarkdownRenderer.render(bytes, hooks: MarkdownRenderer.Hooks())
    let lowered = document.html.lowercased()
    precondition(!lowered.contains("<script") && !lowered.contains("<iframe") && !lowered.contains("<img src=\"javascript:"))
    precondition(!lowered.contains("href=\"javascript:") && !lowered.contains("href=\"vbscript:"))
    for heading in document.headings {
        precondition(heading.anchor.unicodeScalars.allSatisfy(isSlugScalar), "anchor \(heading.anchor)")
    }
    return 0
}

private func isSlugScalar(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-" }
    // Letters, marks and numbers; bidi controls are format characters (Cf), so they fail here.
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
         .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
        return true
    default:
        return false
    }
}
