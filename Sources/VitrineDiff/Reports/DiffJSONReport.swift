import Foundation
import VitrineCore

/// The diff as JSON for tools, schema version 1 (stable: keys sorted; keys may be added, none
/// removed or renamed without a new version):
///
/// `{"schemaVersion": 1, "summary": {"files": {"added", "removed", "renamed", "changed",
/// "unchanged"}, "changes": {"breaking", "structure", "content", "style"}}, "files": [{"path",
/// "oldPath": String|null, "status": "added"|"removed"|"renamed"|"changed", "changes": [{"class",
/// "kind": "added"|"removed"|"moved"|"changed", "pointer": String|null, "oldPointer": String|null,
/// "old": String|null, "new": String|null, "oldLine": Int|null, "oldColumn": Int|null,
/// "newLine": Int|null, "newColumn": Int|null, "component": String|null, "message"}]}],
/// "inputs": [{"path", "status": "added"|"removed"|"changed", "settings": [change]}],
/// "notCompared": [{"path", "message"}], "notes": [String], "reformatted": [String],
/// "revisions": {"old", "new"}}`.
/// `old` and `new` are JSON text, long strings cut. `inputs` are the other files that change
/// how payloads are drawn (`vitrine.json`, assets, fonts, component templates, notes), a changed
/// `vitrine.json` with its `settings` that differ (each as a file's change, its pointer into
/// `vitrine.json`); `notCompared` the payloads left out, and why (too large, unreadable, a name
/// too long for pages); `notes` what a reviewer should know of how they were compared (the new
/// revision's `diff.ignore` not applied, differences ignored, files only reformatted);
/// `reformatted` the unchanged files whose bytes differ; `revisions` what was compared, as
/// given (a folder, a git revision), or null.
public enum DiffJSONReport {
    /// - Parameter notCompared: the problems of payloads left out (`RevisionDiff.diagnostics`, and
    ///   the walk's when a name is too long).
    public static func render(_ diff: RevisionDiff, notCompared: [Diagnostic]? = nil) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return ((try? encoder.encode(Document(diff, notCompared: notCompared ?? diff.diagnostics))).map { Array($0) } ?? []) + [0x0A]
    }

    private struct Document: Encodable {
        let schemaVersion = 1
        var summary: Summary
        var files: [File]
        var inputs: [Input]
        var notCompared: [Problem]
        var notes: [String]
        var reformatted: [String]
        var revisions: [String: String?]

        init(_ diff: RevisionDiff, notCompared problems: [Diagnostic]) {
            revisions = ["old": diff.labels.old, "new": diff.labels.new]
            summary = Summary(files: ["added": diff.count(.added), "removed": diff.count(.removed), "renamed": diff.count(.renamed),
                                      "changed": diff.count(.changed), "unchanged": diff.unchanged],
                              changes: Dictionary(uniqueKeysWithValues: ChangeClass.allCases.map { ($0.rawValue, diff.count($0)) }))
            files = diff.files.map(File.init)
            inputs = diff.inputChanges.map { Input(path: $0.path, status: $0.status.rawValue, settings: $0.settings.map(Entry.init)) }
            notCompared = problems.map { Problem(path: $0.file, message: $0.message) }
            notes = diff.notes.map(\.text)
            reformatted = diff.reformatted
        }

        enum CodingKeys: String, CodingKey { case schemaVersion, summary, files, inputs, notCompared, notes, reformatted, revisions }
    }

    private struct Problem: Encodable {
        var path: String
        var message: String
    }

    private struct Input: Encodable {
        var path: String
        var status: String
        /// A changed `vitrine.json`'s settings that differ, as a file's changes are written.
        var settings: [Entry]
    }

    private struct Summary: Encodable {
        var files: [String: Int]
        var changes: [String: Int]
    }

    private struct File: Encodable {
        var file: FileDiff

        init(_ file: FileDiff) { self.file = file }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(file.path, forKey: .path)
            try container.encode(file.oldPath, forKey: .oldPath)
            try container.encode(file.status.rawValue, forKey: .status)
            try container.encode(file.changes.map(Entry.init), forKey: .changes)
        }

        enum Keys: String, CodingKey { case path, oldPath, status, changes }
    }

    private struct Entry: Encodable {
        var change: Change

        init(_ change: Change) { self.change = change }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(change.changeClass.rawValue, forKey: .class)
            try container.encode(change.kind.rawValue, forKey: .kind)
            try container.encode(change.pointer?.description, forKey: .pointer)
            try container.encode(change.oldPointer?.description, forKey: .oldPointer)
            try container.encode(change.old, forKey: .old)
            try container.encode(change.new, forKey: .new)
            try container.encode(change.oldLine, forKey: .oldLine)
            try container.encode(change.oldLocation?.column, forKey: .oldColumn)
            try container.encode(change.newLine, forKey: .newLine)
            try container.encode(change.newLocation?.column, forKey: .newColumn)
            try container.encode(change.component, forKey: .component)
            try container.encode(change.message, forKey: .message)
            try container.encode(change.warnings, forKey: .warnings)
        }

        enum Keys: String, CodingKey {
            case `class`, kind, pointer, oldPointer, old, new, oldLine, oldColumn, newLine, newColumn, component, message, warnings
        }
    }
}
