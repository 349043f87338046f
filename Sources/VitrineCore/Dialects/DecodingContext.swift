/// Collects diagnostics while a dialect decodes one file, and locates values in it.
public struct DecodingContext: Sendable {
    /// The file's path relative to the input root.
    public let file: String
    private let text: SourceText
    public private(set) var diagnostics: [Diagnostic] = []

    public init(file: String, text: SourceText) {
        self.file = file
        self.text = text
    }

    /// The source reference of a value read at `pointer`.
    public func source(of value: JSONValue, at pointer: JSONPointer) -> SourceRef {
        SourceRef(pointer: pointer, offset: value.offset)
    }

    /// Records a problem at the position of `value`.
    public mutating func report(_ severity: Severity, _ message: String, at value: JSONValue, pointer: JSONPointer) {
        report(severity, message, offset: value.offset, pointer: pointer)
    }

    /// Records a problem at a byte offset.
    public mutating func report(_ severity: Severity, _ message: String, offset: Int, pointer: JSONPointer) {
        diagnostics.append(Diagnostic(severity, message, file: file, location: text.location(of: offset), pointer: pointer))
    }

}
