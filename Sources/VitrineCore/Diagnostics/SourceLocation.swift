/// A 1-based line and column in a source file; columns count Unicode scalars.
public struct SourceLocation: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The line, counted from 1.
    public var line: Int
    /// The column, counted from 1 in Unicode scalars.
    public var column: Int

    /// The position at `line` and `column`, both 1-based.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(line):\(column)" }
}
