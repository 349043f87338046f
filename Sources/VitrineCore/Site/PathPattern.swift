/// A glob over input paths: `*` matches within one folder, `**` across folders, `?` one
/// character; anything else matches itself. `payloads/drafts/**` matches everything below.
///
/// Matching takes time in proportion to the pattern's length times the path's, whatever the
/// pattern: a backtracking matcher takes minutes over `**/**/**/…` from a hostile `vitrine.json`.
public struct PathPattern: Sendable, Equatable {
    /// The pattern as written.
    public let text: String
    private let segments: [Segment]

    private enum Segment: Sendable, Equatable {
        /// `**`: any number of folders, none included.
        case anyFolders
        /// One name, with `*` and `?` in it.
        case name([Unicode.Scalar])
    }

    /// A leading `./` is the input folder itself, so `./payloads/*.json` is `payloads/*.json`.
    public init(_ text: String) {
        self.text = text
        var segments: [Segment] = []
        for part in text.split(separator: "/", omittingEmptySubsequences: true).drop(while: { $0 == "." }) {
            if part == "**" {
                if segments.last != .anyFolders { segments.append(.anyFolders) }  // `**/**` is `**`
            } else {
                segments.append(.name(Array(part.unicodeScalars)))
            }
        }
        self.segments = segments
    }

    /// Whether `path` or one of its folders matches the whole pattern, as in `.gitignore`:
    /// `payloads/legacy` and `payloads/legacy/` match every file below that folder.
    public func matchesFile(_ path: String) -> Bool {
        matchedPrefixes(path).dropFirst().contains(true)
    }

    /// Whether `path` (relative, `/`-separated) matches the whole pattern.
    public func matches(_ path: String) -> Bool {
        matchedPrefixes(path).last ?? false
    }

    /// For each count `n` of the path's leading segments, whether the pattern matches them.
    private func matchedPrefixes(_ path: String) -> [Bool] {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map { Array($0.unicodeScalars) }
        var matched = [Bool](repeating: false, count: parts.count + 1)
        matched[0] = true
        for segment in segments {
            var next = [Bool](repeating: false, count: parts.count + 1)
            switch segment {
            case .anyFolders:
                var reached = false
                for index in matched.indices {
                    reached = reached || matched[index]
                    next[index] = reached
                }
            case .name(let pattern):
                for index in parts.indices where matched[index] {
                    next[index + 1] = Self.matchName(pattern, parts[index])
                }
            }
            matched = next
            if !matched.contains(true) { break }
        }
        return matched
    }

    /// Whether `name` matches `pattern` (`*` any run of characters, `?` one): the greedy match
    /// that goes back to the last `*` only, never further.
    private static func matchName(_ pattern: [Unicode.Scalar], _ name: [Unicode.Scalar]) -> Bool {
        var (p, n) = (0, 0)
        var star: (pattern: Int, name: Int)?
        while n < name.count {
            if p < pattern.count, pattern[p] == "?" || (pattern[p] != "*" && pattern[p] == name[n]) {
                (p, n) = (p + 1, n + 1)
            } else if p < pattern.count, pattern[p] == "*" {
                star = (p, n)
                p += 1
            } else if let last = star {
                star = (last.pattern, last.name + 1)
                (p, n) = (last.pattern + 1, last.name + 1)
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
