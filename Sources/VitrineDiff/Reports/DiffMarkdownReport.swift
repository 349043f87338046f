import VitrineCore

/// The diff as Markdown for a pull-request comment or a GitHub step summary: counts, breaking
/// changes first, a table of changed screens, then each screen's changes, always under
/// `limit` (GitHub refuses comments over 65,536 characters).
public enum DiffMarkdownReport {
    /// The longest comment made, in UTF-16 code units: never fewer than its characters or code
    /// points, whichever a host counts (a family emoji is one character of eleven units).
    public static let limit = 60_000

    /// How much of the limit `text` takes.
    static func length(_ text: String) -> Int { text.utf16.count }

    /// - Parameters:
    ///   - reportURL: where the HTML report is published; screens and the cut line link into it.
    ///   - notCompared: the problems of payloads left out (`RevisionDiff.diagnostics`, and the
    ///     walk's when a name is too long), listed first: a comment never says "no changes" of
    ///     files it did not compare.
    public static func render(_ diff: RevisionDiff, reportURL: String? = nil, notCompared: [Diagnostic]? = nil, limit: Int = limit) -> String {
        var out = "## Vitrine: payload changes\n\n"
        if let old = diff.labels.old, let new = diff.labels.new {
            out += "Comparing \(span(Self.cut(old, to: 200))) → \(span(Self.cut(new, to: 200))).\n\n"
        }
        for note in diff.notes { out += "> **Note:** \(markdown(note))\n\n" }
        let problems = notCompared ?? diff.diagnostics
        if !problems.isEmpty {
            out += "**Not compared** (\(problems.count) file\(problems.count == 1 ? "" : "s")):\n\n"
            for problem in problems.prefix(Self.inputsListed) {
                out += "- \(span(Self.cut(problem.file, to: 200))): \(prose(Self.cut(problem.message, to: 300)))\n"
            }
            if problems.count > Self.inputsListed { out += "- …and \(problems.count - Self.inputsListed) more\n" }
            out += "\n"
        }
        guard diff.hasChanges else {
            return out + "No changes in the \(diff.unchanged) payload file\(diff.unchanged == 1 ? "" : "s") compared.\n"
        }
        if diff.files.isEmpty {
            out += "No payload file differs (\(diff.unchanged) compared).\n\n"
        } else {
            let statuses = [FileDiff.Status.changed, .added, .removed, .renamed].compactMap { status in
                diff.count(status) > 0 ? "\(diff.count(status)) \(status.rawValue)" : nil
            }
            out += "**\(diff.files.count) file\(diff.files.count == 1 ? " differs" : "s differ")** (\(statuses.joined(separator: ", ")); \(diff.unchanged) unchanged)"
            out += " · " + ChangeClass.allCases.map { "\(diff.count($0)) \($0.rawValue)" }.joined(separator: " · ") + "\n\n"
        }
        if let reportURL { out += "[Full report](\(linkTarget(reportURL + "index.html")))\n\n" }
        if !diff.inputChanges.isEmpty {
            let listed = diff.inputChanges.prefix(Self.inputsListed).map { "\(span(Self.cut($0.path, to: 200))) \($0.status.rawValue)" }
            let more = diff.inputChanges.count > Self.inputsListed ? ", …and \(diff.inputChanges.count - Self.inputsListed) more" : ""
            out += "**Other inputs changed**, so any screen may draw differently: \(listed.joined(separator: ", "))\(more)\n\n"
            for input in diff.inputChanges where !input.settings.isEmpty {
                let settings = FileDiff(path: input.path, status: .changed, changes: input.settings)
                for change in input.settings.prefix(Self.inputsListed) {
                    out += "- " + (change.changeClass == .breaking ? "**breaking** " : "") + "\(span(input.path)) " + line(change, in: settings) + "\n"
                }
                if input.settings.count > Self.inputsListed { out += "- …and \(input.settings.count - Self.inputsListed) more\n" }
                out += "\n"
            }
        }

        // Everything below is added while it fits, keeping room for the line that says what was
        // cut: the files some of whose lines are left out. The worst files come first.
        let reserve = 300 + (reportURL.map { Self.length(linkTarget($0 + "index.html")) } ?? 0)  // the cut line links the report
        var cut: Set<String> = []
        func add(_ text: String, about files: [FileDiff]) -> Bool {
            guard Self.length(out) + Self.length(text) + reserve <= limit else {
                cut.formUnion(files.map(\.path))
                return false
            }
            out += text
            return true
        }
        let files = diff.filesWorstFirst
        let breaking = files.flatMap { file in file.changes.filter { $0.changeClass == .breaking }.map { (file, $0) } }
        if !breaking.isEmpty, add("### Breaking changes\n\n", about: breaking.map(\.0)) {
            for (file, change) in breaking.prefix(Self.breakingListed) { _ = add("- \(span(file.path)) " + line(change, in: file) + "\n", about: [file]) }
            if breaking.count > Self.breakingListed { _ = add("- …and \(breaking.count - Self.breakingListed) more\n", about: []) }
            _ = add("\n", about: [])
        }
        if !files.isEmpty, add("### Changed screens\n\n| Screen | Status | Breaking | Structure | Content | Style |\n|---|---|---|---|---|---|\n", about: files) {
            // The worst files' rows, then their changes: a long table would leave no room for
            // them, so it takes at most half of what is left (rows of long paths with links are long).
            var listed = 0
            var tableRoom = (limit - Self.length(out) - reserve) / 2
            for file in files.prefix(Self.rowsListed) {
                let name = file.oldPath.map { "\(span($0, inTable: true)) → \(span(file.path, inTable: true))" } ?? span(file.path, inTable: true)
                let linked = reportURL.map { "[\(name)](\(linkTarget($0) + SitePath.href(DiffHTMLReport.page(for: file.path))))" } ?? name
                let row = "| \(linked) | \(file.status.rawValue) | " + ChangeClass.allCases.map { String(file.count($0)) }.joined(separator: " | ") + " |\n"
                tableRoom -= Self.length(row)
                guard tableRoom >= 0, add(row, about: [file]) else { break }
                listed += 1
            }
            if listed < files.count { _ = add("| …and \(files.count - listed) more | | | | | |\n", about: []) }
            _ = add("\n", about: [])
        }
        // The files' changes share the room left: first up to `sharedChanges` of each file's,
        // worst files first, so one noisy file does not leave the others with nothing; then the
        // rest in the same order, while they fit.
        let changed = files.filter { !$0.changes.isEmpty }
        let heads = changed.map { file in
            // On one line: a blank line in a file name would end the HTML block, and what follows it would be Markdown.
            "<details><summary><code>\(HTMLEscaper.markedText(code(file.path, inTable: false)))</code>: \(file.changes.count) change\(file.changes.count == 1 ? "" : "s")</summary>\n\n"
        }
        let foot = "\n</details>\n\n"
        var shown = [[String]](repeating: [], count: changed.count)
        var room = limit - Self.length(out) - reserve
        /// Shows the file's next change if it fits; a first change brings the file's header, its
        /// footer and room for "…and N more".
        func take(_ index: Int) -> Bool {
            let file = changed[index]
            guard shown[index].count < file.changes.count else { return false }
            let change = file.changes[shown[index].count]
            let item = "- **\(change.changeClass.rawValue)** " + line(change, in: file) + "\n"
            let cost = Self.length(item) + (shown[index].isEmpty ? Self.length(heads[index]) + Self.length(foot) + Self.moreLine : 0)
            guard cost <= room else { return false }
            room -= cost
            shown[index].append(item)
            return true
        }
        // Once one does not fit, no later file is started: a shorter change of a later file
        // would leave the files before it with fewer than their share.
        var roomForAll = true
        for index in changed.indices where roomForAll {
            while shown[index].count < Self.sharedChanges && shown[index].count < changed[index].changes.count {
                guard take(index) else { roomForAll = false; break }
            }
        }
        for index in changed.indices where roomForAll {
            while take(index) {}
        }
        for (index, file) in changed.enumerated() {
            guard !shown[index].isEmpty else {
                cut.insert(file.path)
                continue
            }
            var section = heads[index] + shown[index].joined()
            if shown[index].count < file.changes.count {
                cut.insert(file.path)
                section += "- …and \(file.changes.count - shown[index].count) more\n"
            }
            out += section + foot
        }
        if !cut.isEmpty {
            let files = "\(cut.count) file\(cut.count == 1 ? "" : "s")"
            out += "\n_The changes of \(files) did not all fit in this comment"
            out += reportURL.map { "; the full report has everything: " + linkTarget($0 + "index.html") + "._\n" }
                ?? "; the HTML report (`vitrine diff -o`) has everything._\n"
        }
        return out
    }

    /// Breaking changes listed at the top; the rest are in the files' sections.
    static let breakingListed = 50
    /// Rows of the table of changed screens, the worst first.
    static let rowsListed = 100
    /// Changes of every file shown before any file shows more.
    static let sharedChanges = 3
    /// Room for a file's "…and N more" line.
    static let moreLine = 40
    /// Changed drawing inputs, and payloads not compared, named in the summary.
    static let inputsListed = 20

    /// One change as a list item's text: the component it is in (unless the message names it),
    /// message, values, lines and pointer; ids and paths are code spans wherever they appear.
    private static func line(_ change: Change, in file: FileDiff) -> String {
        var text = ""
        let pointer = change.pointer ?? change.oldPointer
        // A change of a list element (added, removed, moved) names the element in its message,
        // unless it has no name (a `buttonTypes` value), and a renamed file's first change its old path.
        let isElement = pointer?.tokens.last.map { Int($0) != nil } ?? false
        // An element without a name of its own is in its parent: "text added in `root`", which
        // "`root` text added" read as the root being the text.
        var within = ""
        if let component = change.component, !isElement || wordRange(of: component, in: change.message) == nil {
            let place = (change.feedPlace.map { $0.isItem ? "item " : "section " } ?? "") + span(component)
            if isElement { within = " in " + place } else { text += place + " " }
        }
        let renamedFrom = change.kind == .moved && pointer == .root ? file.oldPath : nil
        if let named = isElement ? change.component : renamedFrom, let range = wordRange(of: named, in: change.message) {
            text += prose(String(change.message[..<range.lowerBound])) + span(named) + prose(String(change.message[range.upperBound...]))
        } else {
            text += prose(change.message)
        }
        text += within + change.valuesAndLocations { span($0) }
        if let pointer, !pointer.tokens.isEmpty { text += " at \(span(pointer.description))" }
        return text + change.warningsSaid(prose)
    }

    /// Where `name` stands in `message` as a word of its own after the first (`text t removed`,
    /// not the `t` of `text`), if it does.
    private static func wordRange(of name: String, in message: String) -> Range<String.Index>? {
        var searched = message.startIndex..<message.endIndex
        while let found = message.range(of: " " + name, range: searched) {
            let end = found.upperBound
            if end == message.endIndex || message[end] == " " { return message.index(after: found.lowerBound)..<end }
            searched = message.index(after: found.lowerBound)..<message.endIndex
        }
        return nil
    }

    /// A code span holding `text`, fenced with more backticks than it contains (in a table,
    /// `|` is escaped too, or it would end the cell). Scalars, not Characters: a backtick
    /// followed by a combining mark is one Character that is not equal to a backtick.
    private static func span(_ text: String, inTable: Bool = false) -> String {
        var longest = 0, run = 0
        for scalar in text.unicodeScalars {
            run = scalar == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let body = code(text, inTable: inTable)
        return longest == 0 ? fence + body + fence : fence + " " + body + " " + fence
    }

    /// Text for inside a code span: a `|` would end the table cell; invisible characters,
    /// controls and bidi controls among them, get a visible escape (`\u200B`), a line feed too
    /// (which would end the span; as a space, `a\nb.json` read as `a b.json`).
    private static func code(_ text: String, inTable: Bool) -> String {
        var out = String.UnicodeScalarView()
        for scalar in TreeDiff.visible(text, quoted: false).unicodeScalars {
            switch scalar {
            case "\n": out.append(contentsOf: "\\u000A".unicodeScalars)
            case "|" where inTable: out.append(contentsOf: "\\|".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// `text` cut to `limit` UTF-16 units, whole characters and "…" (a path or a message can be of any length).
    private static func cut(_ text: String, to limit: Int) -> String {
        guard length(text) > limit else { return text }
        var kept = 0
        return text.prefix { character in
            kept += character.utf16.count
            return kept < limit
        } + "…"
    }

    /// A note's words as `prose`, its file names as code spans.
    private static func markdown(_ note: DiffNote) -> String {
        note.parts.map {
            switch $0 {
            case .prose(let words): prose(words)
            case .name(let path): span(cut(path, to: 200))  // as every path of the comment's head is
            }
        }.joined()
    }

    /// A message whose `quoted` parts (a diagnostic's key names) become code spans, the rest
    /// escaped; with an odd number of backticks (a key holding one) it is all escaped text.
    private static func prose(_ text: String) -> String {
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        guard parts.count > 1, parts.count % 2 == 1 else { return escape(text) }
        return parts.enumerated().map { $0.offset % 2 == 0 ? escape(String($0.element)) : span(String($0.element)) }.joined()
    }

    /// Markdown and HTML specials in plain text are escaped, scalar by scalar, so payload text
    /// cannot add markup; bidi controls are marked. The text never starts a line, so the
    /// characters that only matter there (`-`, `+`, `.`, `#`) stay as they are, readable raw.
    /// Nor can it add what GitHub makes of plain text: a link (`https://`, `www.`), a mention
    /// (`@name`, which notifies) or a reference (`#12`, which shows on that issue): a backslash
    /// splits the first, an invisible word joiner (U+2060) the others.
    static func escape(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        let scalars = Array(HTMLEscaper.markingControls(text).unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            let next = index + 1 < scalars.count ? scalars[index + 1] : " "
            if "\\`*_[]<>|~&$".unicodeScalars.contains(scalar)
                || scalar == ":" && scalars[(index + 1)...].starts(with: "//".unicodeScalars)
                || scalar == "." && index >= 3 && String(String.UnicodeScalarView(scalars[(index - 3)..<index])).lowercased() == "www" {
                out.append("\\")
            }
            out.append(scalar == "\n" || scalar == "\r" ? " " : scalar)  // a lone CR ends a line too
            if scalar == "@" && (next.properties.isAlphabetic || next.properties.numericType != nil || next == "-")
                || scalar == "#" && next.properties.numericType != nil {
                out.append("\u{2060}")
            }
        }
        return String(out)
    }

    /// A URL given by the user inside `(…)` in a table cell: spaces, parentheses, `|`, angle
    /// brackets, `\` and controls percent-encoded (a page's path is `SitePath.href`'s).
    private static func linkTarget(_ url: String) -> String {
        var out = ""
        for scalar in url.unicodeScalars {
            switch scalar {
            case " ": out += "%20"
            case "(": out += "%28"
            case ")": out += "%29"
            case "|": out += "%7C"
            case "<": out += "%3C"
            case ">": out += "%3E"
            case "\\": out += "%5C"  // Markdown would read `\.` as an escaped `.`
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += "%" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16, uppercase: true)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
