import VitrineCore

/// The feed dialect on any bytes: no trap, and every diagnostic's position is inside the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let decoder = PayloadDecoder(dialects: DialectRegistry(dialects: [FeedDialect()]))
    let result = decoder.decode("fuzz.json", bytes: bytes)
    let lines = result.text.bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    for diagnostic in result.diagnostics {
        if let location = diagnostic.location { precondition(location.line >= 1 && location.line <= lines, "line \(location.line) of \(lines)") }
    }
    return 0
}
