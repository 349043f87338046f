/// What a reviewer should know of how two revisions were compared: Vitrine's words and the
/// names of files, kept apart, so that a name's backquote never ends a report's code span.
public struct DiffNote: Sendable, Equatable, ExpressibleByStringInterpolation {
    /// A piece of a note.
    public enum Part: Sendable, Equatable {
        /// Vitrine's words, or a diagnostic's message, with backquoted names of their own (`--ignore`).
        case prose(String)
        /// A file's path, whatever characters it holds.
        case name(String)
    }

    /// The note's pieces, in order.
    public var parts: [Part]

    /// The note as one line, its names in backquotes (the JSON report's `notes`).
    public var text: String {
        parts.map {
            switch $0 {
            case .prose(let words): words
            case .name(let path): "`" + path + "`"
            }
        }.joined()
    }

    /// A note of words alone.
    public init(stringLiteral value: String) {
        parts = [.prose(value)]
    }

    /// A note of words and names, as `"\(name: path) has errors"` writes it.
    public init(stringInterpolation: Interpolation) {
        parts = stringInterpolation.parts
    }

    /// One note after the other (a long note written in two literals).
    public static func + (lhs: DiffNote, rhs: DiffNote) -> DiffNote {
        var interpolation = Interpolation(literalCapacity: 0, interpolationCount: 0)
        interpolation.parts = lhs.parts
        for part in rhs.parts {
            switch part {
            case .prose(let words): interpolation.appendLiteral(words)
            case .name: interpolation.parts.append(part)
            }
        }
        return DiffNote(stringInterpolation: interpolation)
    }

    /// Builds a note from words and `\(name:)`, `\(names:)` interpolations.
    public struct Interpolation: StringInterpolationProtocol {
        var parts: [Part] = []

        /// An empty note to build.
        public init(literalCapacity: Int, interpolationCount: Int) {}

        /// Words, joined to the words before them.
        public mutating func appendLiteral(_ literal: String) {
            if case .prose(let words)? = parts.last { parts[parts.count - 1] = .prose(words + literal) } else { parts.append(.prose(literal)) }
        }

        /// A value written as words (a count, an error's message).
        public mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            appendLiteral(value.description)
        }

        /// A file's path.
        public mutating func appendInterpolation(name path: String) {
            parts.append(.name(path))
        }

        /// The first `RevisionDiff.filesNamed` paths, each with its detail in parentheses when
        /// given, and how many more there are (`a.json, b.json and 3 more`).
        public mutating func appendInterpolation(names paths: [String], details: [String]? = nil) {
            for (index, path) in paths.prefix(RevisionDiff.filesNamed).enumerated() {
                if index > 0 { appendLiteral(", ") }
                parts.append(.name(path))
                if let details { appendLiteral(" (\(details[index]))") }
            }
            if paths.count > RevisionDiff.filesNamed { appendLiteral(" and \(paths.count - RevisionDiff.filesNamed) more") }
        }
    }
}
