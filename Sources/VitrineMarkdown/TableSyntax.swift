/// Finds GitHub's table syntax in a Markdown document: CommonMark (libcmark) has no tables, so
/// such a table is drawn as lines of text, and the build says so.
public enum TableSyntax {
    /// The 1-based lines where a table starts: a line of cells split by `|` followed by a
    /// delimiter row of as many cells (`|---|:--:|`), outside fenced and indented code blocks.
    public static func tableLines(in bytes: [UInt8]) -> [Int] {
        var found: [Int] = []
        var fence: (byte: UInt8, count: Int)?
        var previous: ArraySlice<UInt8>?
        var number = 0
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            let trimmed = line.drop { $0 == UInt8(ascii: " ") }
            let indent = line.count - trimmed.count
            let marker = trimmed.prefix { $0 == UInt8(ascii: "`") || $0 == UInt8(ascii: "~") }
            let isFence = marker.count >= 3 && indent < 4 && marker.allSatisfy { $0 == marker.first }
            if let open = fence {
                // A closing fence is the fence's character, at least as many, then nothing but spaces.
                let rest = trimmed.dropFirst(marker.count).filter { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\r") }
                if isFence, marker.first == open.byte, marker.count >= open.count, rest.isEmpty { fence = nil }
                previous = nil
            } else if isFence {
                fence = (marker.first!, marker.count)
                previous = nil
            } else if indent >= 4 {
                previous = nil  // indented code
            } else {
                if let header = previous, let columns = delimiterColumns(trimmed), cells(header) == columns { found.append(number - 1) }
                previous = trimmed
            }
        }
        return found
    }

    /// How many cells a delimiter row has (`|---|:--:|`, `--- | ---`: dashes with optional
    /// colons, at least one `|`); nil when the line is not one.
    private static func delimiterColumns(_ line: ArraySlice<UInt8>) -> Int? {
        let row = line.filter { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\r") }
        guard row.contains(UInt8(ascii: "|")) else { return nil }
        let columns = split(row[...])
        let valid = columns.allSatisfy { cell in
            let dashes = cell.drop { $0 == UInt8(ascii: ":") }.reversed().drop { $0 == UInt8(ascii: ":") }
            return !dashes.isEmpty && dashes.allSatisfy { $0 == UInt8(ascii: "-") }
        }
        return valid && !columns.isEmpty ? columns.count : nil
    }

    /// How many cells a header row has (0 without a `|`).
    private static func cells(_ line: ArraySlice<UInt8>) -> Int {
        let row = line.filter { $0 != UInt8(ascii: "\r") }
        guard row.contains(UInt8(ascii: "|")) else { return 0 }
        var end = row.count
        while end > 0, row[end - 1] == UInt8(ascii: " ") { end -= 1 }  // the line comes without its leading spaces
        return split(row[..<end]).count
    }

    /// A row's cells: split at `|`, without the empty ones outside a leading or trailing `|`.
    private static func split(_ row: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var cells = row.split(separator: UInt8(ascii: "|"), omittingEmptySubsequences: false)
        if row.first == UInt8(ascii: "|") { cells.removeFirst() }
        if row.last == UInt8(ascii: "|"), !cells.isEmpty { cells.removeLast() }
        return cells
    }
}
