/// Finds GitHub's table syntax in a Markdown document: CommonMark (libcmark) has no tables, so
/// such a table is drawn as lines of text, and the build says so.
public enum TableSyntax {
    /// The 1-based lines where a table starts: a line of cells split by `|` followed by a
    /// delimiter row of as many cells (`|---|:--:|`), in a quote or list item too; not in
    /// fenced or indented code, nor in raw HTML (which safe mode leaves out).
    public static func tableLines(in bytes: [UInt8]) -> [Int] {
        var found: [Int] = []
        var fence: (byte: UInt8, count: Int)?
        /// Inside raw HTML: true in a comment (it ends at `-->`), false in another block (it ends at a blank line).
        var html: Bool?
        var previous: ArraySlice<UInt8>?
        var number = 0
        for whole in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            let line = withoutContainerMarkers(whole)
            let trimmed = line.drop { $0 == UInt8(ascii: " ") }
            let indent = line.count - trimmed.count
            if let isComment = html {
                let ends = isComment ? contains(Array("-->".utf8), in: trimmed) : trimmed.allSatisfy { $0 == UInt8(ascii: "\r") }
                if ends { html = nil }
                previous = nil
                continue
            }
            if fence == nil, indent < 4, startsHTML(trimmed) {
                let isComment = trimmed.starts(with: Array("<!--".utf8))
                if !(isComment && contains(Array("-->".utf8), in: trimmed.dropFirst(4))) { html = isComment }
                previous = nil
                continue
            }
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

    /// The line without the `>` of quotes and the marker of a list item (`- `, `* `, `+ `,
    /// `1. `, `1) `) it starts with, as a table inside them is still a table.
    private static func withoutContainerMarkers(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var rest = line
        while true {
            let content = rest.drop { $0 == UInt8(ascii: " ") }
            guard rest.count - content.count < 4, let first = content.first else { return rest }
            if first == UInt8(ascii: ">") {
                rest = content.dropFirst()
                if rest.first == UInt8(ascii: " ") { rest = rest.dropFirst() }
                continue
            }
            let digits = content.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            let marker = digits.isEmpty ? content.prefix(1) : content.prefix(digits.count + 1)
            let isBullet = digits.isEmpty && [UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+")].contains(first)
            let isOrdered = !digits.isEmpty && digits.count <= 9 && [UInt8(ascii: "."), UInt8(ascii: ")")].contains(marker.last ?? 0)
            let after = content.dropFirst(marker.count)
            guard isBullet || isOrdered, after.first == UInt8(ascii: " ") else { return rest }
            rest = after.dropFirst()
        }
    }

    /// Whether a line starts raw HTML: a tag (`<div`, `</p>`), a comment or declaration (`<!`),
    /// a processing instruction (`<?`); an autolink (`<https://…>`) does not.
    private static func startsHTML(_ line: ArraySlice<UInt8>) -> Bool {
        guard line.first == UInt8(ascii: "<") else { return false }
        var rest = line.dropFirst()
        if rest.first == UInt8(ascii: "!") || rest.first == UInt8(ascii: "?") { return true }
        if rest.first == UInt8(ascii: "/") { rest = rest.dropFirst() }
        let isNameByte = { (byte: UInt8) in (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        let name = rest.prefix(while: isNameByte)
        guard let first = name.first, first | 0x20 >= UInt8(ascii: "a") else { return false }
        let next = rest.dropFirst(name.count).first
        return next == nil || [UInt8(ascii: " "), UInt8(ascii: ">"), UInt8(ascii: "/"), UInt8(ascii: "\r"), UInt8(ascii: "\t")].contains(next!)
    }

    private static func contains(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Bool {
        guard haystack.count >= needle.count else { return false }
        return (haystack.startIndex...(haystack.endIndex - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
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

    /// A row's cells: split at each `|` not right after a backslash (`\|` is a pipe in a cell,
    /// after any number of backslashes, as GitHub's table extension reads it), without the empty
    /// ones outside a leading or trailing `|`.
    private static func split(_ row: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var cells: [ArraySlice<UInt8>] = []
        var start = row.startIndex
        for index in row.indices where row[index] == UInt8(ascii: "|") {
            guard index == row.startIndex || row[index - 1] != UInt8(ascii: "\\") else { continue }
            cells.append(row[start..<index])
            start = index + 1
        }
        let trailing = start == row.endIndex && start > row.startIndex  // the row ends with a separating `|`
        cells.append(row[start...])
        if row.first == UInt8(ascii: "|") { cells.removeFirst() }
        if trailing, !cells.isEmpty { cells.removeLast() }
        return cells
    }
}
