import VitrineCore

/// The feed dialect on any bytes: no trap, and every diagnostic's position is inside the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let decoder = PayloadDecoder(dialects: DialectRegistry(dialects: [FeedDialect()]))
    let result = decoder.decode("fuzz.json", bytes: bytes)
    // Line breaks as SourceText counts them: "\r\n", a lone "\r" and a lone "\n" are one each.
    var lines = 1
    for (index, byte) in result.text.bytes.enumerated() where byte == 0x0A || byte == 0x0D {
        if byte == 0x0A, index > 0, result.text.bytes[index - 1] == 0x0D { continue }
        lines += 1
    }
    for diagnostic in result.diagnostics {
        if let location = diagnostic.location { precondition(location.line >= 1 && location.line <= lines, "line \(location.line) of \(lines)") }
    }
    return 0
}
