/// A glob over input paths: `*` matches within one folder, `**` across folders, `?` one
/// character; anything else matches itself. `payloads/drafts/**` matches everything below.
public struct PathPattern: Sendable, Equatable {
    public let text: String
    private let segments: [Substring]

    /// A leading `./` is the input folder itself, so `./payloads/*.json` is `payloads/*.json`.
    public init(_ text: String) {
        self.text = text
        self.segments = Array(text.split(separator: "/", omittingEmptySubsequences: true).drop { $0 == "." })
    }

    /// Whether `path` or one of its folders matches the whole pattern, as in `.gitignore`:
    /// `payloads/legacy` and `payloads/legacy/` match every file below that folder.
    public func matchesFile(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        return parts.indices.contains { Self.match(segments[...], parts[...$0]) }
    }

    /// Whether `path` (relative, `/`-separated) matches the whole pattern.
    public func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        return Self.match(segments[...], parts[...])
    }

    private static func match(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            let rest = pattern.dropFirst()
            return (path.startIndex...path.endIndex).contains { match(rest, path[$0...]) }
        }
        guard let segment = path.first, matchSegment(Array(first.unicodeScalars)[...], Array(segment.unicodeScalars)[...]) else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    private static func matchSegment(_ pattern: ArraySlice<Unicode.Scalar>, _ name: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = pattern.first else { return name.isEmpty }
        switch first {
        case "*": return (name.startIndex...name.endIndex).contains { matchSegment(pattern.dropFirst(), name[$0...]) }
        case "?": return !name.isEmpty && matchSegment(pattern.dropFirst(), name.dropFirst())
        default: return name.first == first && matchSegment(pattern.dropFirst(), name.dropFirst())
        }
    }
}
