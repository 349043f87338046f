/// How serious a diagnostic is.
public enum Severity: String, Sendable, Hashable, Comparable, Codable {
    /// Reported; the build still exits 0 (unless `--strict`).
    case warning
    /// Reported, and the build exits 1; the screen still draws what it can.
    case error

    /// Warnings rank below errors.
    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs == .warning && rhs == .error
    }
}

/// A located problem in an input file: never thrown, collected and returned with the result.
public struct Diagnostic: Sendable, Hashable, Codable {
    /// How serious the problem is.
    public var severity: Severity
    /// What is wrong, as printed after the severity (`lineLimit 0 hides the text in the app`).
    public var message: String
    /// The file's path relative to the input root; empty for a problem that belongs to no input
    /// file (the output's).
    public var file: String
    /// The line and column in `file`, when known.
    public var location: SourceLocation?
    /// The JSON Pointer of the value at fault, when there is one.
    public var pointer: JSONPointer?

    /// A problem in `file`, at `location` and `pointer` when they are known.
    public init(_ severity: Severity, _ message: String, file: String, location: SourceLocation? = nil, pointer: JSONPointer? = nil) {
        self.severity = severity
        self.message = message
        self.file = file
        self.location = location
        self.pointer = pointer
    }
}
