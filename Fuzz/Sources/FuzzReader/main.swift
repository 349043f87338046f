import VitrineCore

/// The JSON reader on any bytes: it never traps, every issue points inside the input, and a
/// document without a root has an error saying why.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let result = JSONReader.read(bytes)
    for issue in result.issues {
        precondition(issue.offset >= 0 && issue.offset <= result.text.bytes.count, "issue offset \(issue.offset) outside the input")
        _ = result.text.location(of: issue.offset)
    }
    if result.root == nil { precondition(result.issues.contains { $0.severity == .error }, "no root and no error") }
    return 0
}
