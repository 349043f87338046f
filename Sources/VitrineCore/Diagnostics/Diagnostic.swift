/// How serious a diagnostic is.
public enum Severity: String, Sendable, Hashable, Comparable, Codable {
    case warning
    case error

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs == .warning && rhs == .error
    }
}

/// A located problem in an input file: never thrown, collected and returned with the result.
public struct Diagnostic: Sendable, Hashable, Codable {
    public var severity: Severity
    public var message: String
    /// The file's path relative to the input root; empty for a problem that belongs to no input
    /// file (the output's).
    public var file: String
    public var location: SourceLocation?
    public var pointer: JSONPointer?

    public init(_ severity: Severity, _ message: String, file: String, location: SourceLocation? = nil, pointer: JSONPointer? = nil) {
        self.severity = severity
        self.message = message
        self.file = file
        self.location = location
        self.pointer = pointer
    }
}
