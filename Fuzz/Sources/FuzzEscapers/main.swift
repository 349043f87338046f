import VitrineCore

/// The context escapers on any text: attribute and text output hold no markup character, every
/// `&` starts an entity the escaper writes, JSON-in-script output has no `<`, CSS strings no quote
/// or line break unescaped.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let attribute = HTMLEscaper.attribute(text)
    precondition(!attribute.utf8.contains { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") })
    checkEntities(attribute)
    let body = HTMLEscaper.text(text)
    precondition(!body.utf8.contains { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == 0 })
    checkEntities(body)
    precondition(!ScriptJSONEscaper.escape(text).utf8.contains(UInt8(ascii: "<")))
    let css = CSSEscaper.string(text)
    let inner = css.utf8.dropFirst().dropLast()
    precondition(css.utf8.first == UInt8(ascii: "\"") && css.utf8.last == UInt8(ascii: "\""))
    precondition(!inner.contains { $0 == 0x0A || $0 == 0x0D || $0 == UInt8(ascii: "<") }, "CSS string \(css)")
    return 0
}

/// Compared as UTF-8 bytes: `String.hasPrefix` works on Characters, and `&quot;` followed by
/// U+0338 is not a Character prefix (the very trap the escaper avoids).
private func checkEntities(_ escaped: String) {
    let entities = ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"].map { Array($0.utf8) }
    let bytes = Array(escaped.utf8)
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "&") {
        precondition(entities.contains { bytes[index...].starts(with: $0) }, "a bare & in \(escaped)")
    }
}
