import VitrineCore

/// The diff as plain text for a terminal: each differing file with its counts, then its
/// changes, worst first, the first `changesPerFile` of each; the other inputs that changed
/// (a `vitrine.json`'s settings too) and the notes. Names and values show their control characters escaped, as in the Markdown.
public enum DiffTextReport {
    /// - Parameter changesPerFile: how many changes of a file are listed before "…and N more".
    public static func render(_ diff: RevisionDiff, changesPerFile: Int = 20) -> String {
        var out = ""
        for file in diff.files {
            let name = file.oldPath.map { plain($0) + " → " } ?? ""
            let counts = ChangeClass.allCases.map { "\(file.count($0)) \($0.rawValue)" }.joined(separator: ", ")
            out += "\(name)\(plain(file.path)) (\(file.status.rawValue)): \(counts)\n"
            let changes = file.changes.sorted { $0.changeClass < $1.changeClass }  // stable: each class in file order
            for change in changes.prefix(changesPerFile) { out += "  " + line(change) + "\n" }
            if changes.count > changesPerFile { out += "  …and \(changes.count - changesPerFile) more\n" }
        }
        for input in diff.inputChanges {
            out += "\(plain(input.path)) (\(input.status.rawValue)): not a payload; renders may differ\n"
            // A changed vitrine.json's settings, as the Markdown and HTML list them.
            for change in input.settings.prefix(changesPerFile) { out += "  " + line(change) + "\n" }
            if input.settings.count > changesPerFile { out += "  …and \(input.settings.count - changesPerFile) more\n" }
        }
        for note in diff.notes { out += "Note: " + plain(note.text) + "\n" }
        return out
    }

    /// A change on one line: its class, component, message and values, where it is.
    private static func line(_ change: Change) -> String {
        // A list element added, removed or moved names itself in its message (`text b removed`).
        let pointer = change.pointer ?? change.oldPointer
        let isElement = pointer?.tokens.last.map { Int($0) != nil } ?? false
        // One without a name of its own is in its parent: "text added in root".
        let unnamed = isElement && change.component.map { !change.message.contains($0) } == true
        let component = change.component.flatMap { isElement ? nil : plain($0) + ": " } ?? ""
        var text = change.changeClass.rawValue + " " + component + plain(change.message)
        if unnamed, let parent = change.component { text += " in " + plain(parent) }
        text += change.valuesAndLocations { $0 }
        if let pointer { text += " at " + plain(pointer.description.isEmpty ? "/" : pointer.description) }
        return text + change.warningsSaid(plain)
    }

    /// Text with its invisible and control characters escaped (a line feed too), so a name
    /// cannot break a line or reorder the terminal's.
    private static func plain(_ text: String) -> String {
        TreeDiff.visible(text, quoted: false).replacingOccurrences(of: "\n", with: "\\u000A")
    }
}
