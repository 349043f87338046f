/// Finds GitHub's table syntax in a Markdown document: CommonMark (libcmark) has no tables, so
/// such a table is drawn as lines of text, and the build says so.
enum TableSyntax {
    /// The 1-based lines where a table starts: a line holding `|` followed by a delimiter row
    /// (`|---|:--:|`), outside fenced code blocks.
    static func tableLines(in bytes: [UInt8]) -> [Int] {
        var found: [Int] = []
        var fence: (byte: UInt8, count: Int)?
        var previous: ArraySlice<UInt8> = []
        var number = 0
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            let trimmed = line.drop { $0 == UInt8(ascii: " ") }
            let marker = trimmed.prefix { $0 == UInt8(ascii: "`") || $0 == UInt8(ascii: "~") }
            if let open = fence {
                if marker.count >= open.count, marker.allSatisfy({ $0 == open.byte }) { fence = nil }
            } else if marker.count >= 3, line.count - trimmed.count < 4, marker.allSatisfy({ $0 == marker.first }) {
                fence = (marker.first!, marker.count)
            } else if isDelimiterRow(trimmed), previous.contains(UInt8(ascii: "|")) {
                found.append(number - 1)
            }
            previous = line
        }
        return found
    }

    /// `|---|:--:|`, `--- | ---`: cells of dashes with optional colons, with at least one `|`.
    private static func isDelimiterRow(_ line: ArraySlice<UInt8>) -> Bool {
        let row = line.filter { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\r") }
        guard row.contains(UInt8(ascii: "|")), row.contains(UInt8(ascii: "-")) else { return false }
        var cells = row.split(separator: UInt8(ascii: "|"), omittingEmptySubsequences: false)
        if row.first == UInt8(ascii: "|") { cells.removeFirst() }
        if row.last == UInt8(ascii: "|") { cells.removeLast() }
        return !cells.isEmpty && cells.allSatisfy { cell in
            let dashes = cell.drop { $0 == UInt8(ascii: ":") }.reversed().drop { $0 == UInt8(ascii: ":") }
            return !dashes.isEmpty && dashes.allSatisfy { $0 == UInt8(ascii: "-") }
        }
    }
}
