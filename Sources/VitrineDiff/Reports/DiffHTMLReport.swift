import Foundation
import VitrineCore

/// The diff as a browsable report: a summary page with counts, filters and a "changed only"
/// gallery, and a page per differing file with the before and after renders side by side (the
/// changed components outlined by the page script), the changes by component, and both JSON
/// sources with the changed lines marked.
public struct DiffHTMLReport: Sendable {
    /// The changes the report shows.
    public var diff: RevisionDiff
    /// The revision compared from.
    public var old: Revision
    /// The revision compared to.
    public var new: Revision
    /// Draws the after renders and the pages with the new revision's resources and the theme.
    public var builder: SiteBuilder
    /// `builder` decoding as the old revision's `vitrine.json` says (a changed currency shows),
    /// for the before renders; its assets, fonts and component templates are the new revision's,
    /// which the report copies.
    public var oldBuilder: SiteBuilder
    /// The report's folder inside the site: "" for a report of its own, `changes/` inside a catalogue.
    public var folder: String

    /// A report of `diff`, its screens drawn by `builder`; `folder` is its path in a site ("" for its own).
    public init(diff: RevisionDiff, old: Revision, new: Revision, builder: SiteBuilder, folder: String = "") {
        self.diff = diff
        self.old = old
        self.new = new
        self.builder = builder
        self.oldBuilder = builder.decoding(as: old.configuration ?? SiteConfiguration())
        self.folder = folder
    }

    /// The page of a file in the report (`payloads/home.json` → `files/payloads/home.html`).
    public static func page(for path: String) -> String {
        "files/" + SitePath.stem(path) + ".html"
    }

    /// The after (or, for a removed file, before) render alone, for the gallery of changed screens:
    /// in a folder of its own, so `x.json`'s is never `x.frame.json`'s page.
    static func framePage(for path: String) -> String {
        "frames/" + SitePath.stem(path) + ".html"
    }

    /// Writes a report of its own into `writer`: the theme's files and the report's pages, drawn
    /// with the new revision's resources (`listing`, read from `source`), replacing what the
    /// folder held before.
    /// - Returns: the problems of those resources (a build of the new revision reports them).
    @discardableResult
    public static func write(_ diff: RevisionDiff, old: Revision, new: Revision, listing: InputListing, source: any InputSource,
                             theme: Theme, into writer: any SiteWriter) throws(SiteWriterError) -> [Diagnostic] {
        let preparation = BuildPipeline(listing: listing, source: source, writer: writer, theme: theme).prepare()
        let report = DiffHTMLReport(diff: diff, old: old, new: new, builder: preparation.builder)
        let pages = WrittenPages(writer)
        if preparation.staticFiles.allSatisfy(pages.write) { report.pages(pages.write) }
        if let failure = pages.failure {
            writer.abandon()  // what was written goes; the last report stays whole
            throw failure
        }
        try writer.finish(writing: pages.paths)
        return preparation.diagnostics
    }

    /// Draws every page of the report, its index first, then each differing file's pages on
    /// all cores, and hands each to `take` (from any of them) as soon as it is drawn: a report
    /// of thousands of changed files is never held whole. Once `take` returns false (a write
    /// failed), no more is drawn.
    public func pages(_ take: @Sendable (OutputFile) -> Bool) {
        let files = diff.filesWorstFirst
        guard take(indexPage(files)) else { return }
        let stop = StopFlag()
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            guard !stop.isRaised else { return }
            let neighbours = (previous: index > 0 ? files[index - 1] : nil, next: index + 1 < files.count ? files[index + 1] : nil)
            for page in filePages(files[index], neighbours: neighbours) where !take(page) {
                stop.raise()
                return
            }
        }
    }

    /// Values every report page gets: where the report's index is, and whether it sits in a catalogue.
    private func common(_ path: String) -> [String: Any] {
        var values: [String: Any] = ["reportIndexHref": SitePath.rootPrefix(from: path) + folder + "index.html"]
        if !folder.isEmpty { values["inSite"] = true }
        return values
    }

    /// The summary page, listing `files` in their order.
    private func indexPage(_ files: [FileDiff]) -> OutputFile {
        var values: [String: Any] = common(folder + "index.html").merging([
            "title": "Payload changes",
            "unchanged": diff.unchanged,
            "classes": ChangeClass.allCases.map { ["name": $0.rawValue, "count": diff.count($0)] as [String: Any] },
            "statuses": [FileDiff.Status.changed, .added, .removed, .renamed].enumerated().map { index, status in
                ["name": status.rawValue, "count": diff.count(status), "first": index == 0] as [String: Any]
            },
        ]) { _, new in new }
        values["files"] = files.map { file -> [String: Any] in
            var entry: [String: Any] = [
                "path": file.path, "status": file.status.rawValue, "href": SitePath.href(Self.page(for: file.path)),
                "frameHref": SitePath.href(Self.framePage(for: file.path)),
                "worst": file.worstClass?.rawValue ?? "none",
                "classList": ChangeClass.allCases.filter { file.count($0) > 0 }.map(\.rawValue).joined(separator: " "),
                "counts": ChangeClass.allCases.map { ["name": $0.rawValue, "count": file.count($0), "zero": file.count($0) == 0] as [String: Any] },
            ]
            if let oldPath = file.oldPath { entry["oldPath"] = oldPath }
            return entry
        }
        if diff.files.isEmpty { values["noChanges"] = true }
        // Each note's words with their quoted names as code, as messages are; its file names as code whatever they hold.
        values["notes"] = diff.notes.map { note in
            ["noteHTML": note.parts.map {
                switch $0 {
                case .prose(let words): HTMLEscaper.messageHTML(words)
                case .name(let path): "<code>" + HTMLEscaper.markedText(path) + "</code>"
                }
            }.joined()]
        }
        if let old = diff.labels.old, let new = diff.labels.new { values["revisions"] = ["old": old, "new": new] }
        if !diff.inputChanges.isEmpty {
            values["hasInputs"] = true
            values["inputs"] = diff.inputChanges.map { input -> [String: Any] in
                // A setting as `/feed/currency: currency changed: "TL" → "USD"`.
                let settings = input.settings.map { change in
                    let (old, new) = change.shownValues
                    let pointer = (change.pointer ?? change.oldPointer).map { $0.description.isEmpty ? "/" : $0.description } ?? "/"
                    return pointer + ": " + change.message + ": " + (old ?? "(none)") + " → " + (new ?? "(none)")
                }
                return ["path": input.path, "status": input.status.rawValue, "settings": settings, "hasSettings": !settings.isEmpty]
            }
        }
        return builder.page("diff-index", path: folder + "index.html", title: "Payload changes", values: values)
    }

    /// The file's report page, linking the files before and after it in the index, and its render alone.
    private func filePages(_ file: FileDiff, neighbours: (previous: FileDiff?, next: FileDiff?)) -> [OutputFile] {
        let path = folder + Self.page(for: file.path)
        let oldPath = file.status == .added ? nil : (file.oldPath ?? file.path)
        let newPath = file.status == .removed ? nil : file.path
        let oldBytes = oldPath.flatMap { try? old.source.read($0) }
        let newBytes = newPath.flatMap { try? new.source.read($0) }
        var css: [String] = []
        var values: [String: Any] = common(path).merging(["path": file.path, "status": file.status.rawValue]) { _, new in new }
        var frame: (html: String, css: String)?
        if let renamedFrom = file.oldPath { values["oldPath"] = renamedFrom }
        let toPage = { (other: FileDiff) in SitePath.rootPrefix(from: path) + folder + SitePath.href(Self.page(for: other.path)) }
        var pager: [String: Any] = [:]
        if let previous = neighbours.previous { pager["previous"] = ["href": toPage(previous), "path": previous.path] }
        if let next = neighbours.next { pager["next"] = ["href": toPage(next), "path": next.path] }
        if !pager.isEmpty { values["pager"] = pager }
        // Inside a catalogue (`build --compare`), the screen's own page is a link away.
        if !folder.isEmpty, let newPath { values["screenHref"] = SitePath.rootPrefix(from: path) + SitePath.href(SitePath.screenPage(for: newPath)) }
        if let oldPath, let oldBytes, let preview = oldBuilder.preview(oldPath, bytes: oldBytes, on: path, classPrefix: "o") {
            values["beforeHTML"] = preview.html
            css.append(preview.css)
            frame = preview
        }
        if let newPath, let newBytes, let preview = builder.preview(newPath, bytes: newBytes, on: path, classPrefix: "n") {
            values["afterHTML"] = preview.html
            css.append(preview.css)
            frame = preview
        }
        if values["beforeHTML"] == nil { values["beforeReason"] = whyNothingIsDrawn(oldPath, oldBytes, by: oldBuilder) }
        if values["afterHTML"] == nil { values["afterReason"] = whyNothingIsDrawn(newPath, newBytes, by: builder) }
        // A minified side is shown laid out, a value to a line, as a screen page shows it.
        let layouts = (old: oldBytes.map(Self.layout), new: newBytes.map(Self.layout))
        let oldLines = Set(file.changes.compactMap { change in change.oldLocation.flatMap { layouts.old?.line(of: $0) } })
        let newLines = Set(file.changes.compactMap { change in change.newLocation.flatMap { layouts.new?.line(of: $0) } })
        if let layout = layouts.old, let source = SourceHighlighter.html(layout.shown, idPrefix: "oL", marked: oldLines) { values["oldSourceHTML"] = source }
        if let layout = layouts.new, let source = SourceHighlighter.html(layout.shown, idPrefix: "nL", marked: newLines) { values["newSourceHTML"] = source }
        values["counts"] = ChangeClass.allCases.filter { file.count($0) > 0 }.map { ["name": $0.rawValue, "count": file.count($0)] as [String: Any] }
        values["groups"] = groups(file.changes, layouts: layouts)
        values["outlinesJSON"] = ScriptJSONEscaper.escape(outlines(file.changes))
        let page = builder.page("diff-file", path: path, title: file.path, css: css.joined(separator: "\n"), values: values)
        // Both pages sit as deep in the report, so the render's relative asset links hold for either.
        let framePath = folder + Self.framePage(for: file.path)
        var frameValues: [String: Any] = ["title": file.path]
        if let frame { frameValues["deviceHTML"] = frame.html }
        return [page, builder.page("frame", path: framePath, title: file.path, css: frame?.css ?? "", values: frameValues)]
    }

    /// Why a side shows no render: the file is not in that revision, could not be read, or
    /// does not decode (where, and why).
    private func whyNothingIsDrawn(_ path: String?, _ bytes: [UInt8]?, by builder: SiteBuilder) -> String {
        guard let path else { return "the file is not in this revision" }
        guard let bytes else { return "the file could not be read" }
        let decoded = builder.decoder.decode(path, bytes: bytes)
        guard let error = decoded.diagnostics.first(where: { $0.severity == .error }) else {
            return decoded.status == .unknown ? "not a payload format Vitrine knows" : "the payload draws nothing"
        }
        return "the payload does not decode" + RevisionDiff.place(error) + ": " + error.message
    }

    /// How a side's source is shown: as written, or laid out when it is minified.
    private static func layout(_ bytes: [UInt8]) -> SourceLayout {
        let read = JSONReader.read(bytes)
        return SourceLayout(read.text, parsed: read.root != nil)
    }

    /// Changes by component, in order of first appearance; each knows its place in `changes`
    /// (`index`), which the outlines name too, so the page can show a change's elements.
    private func groups(_ changes: [Change], layouts: (old: SourceLayout?, new: SourceLayout?)) -> [[String: Any]] {
        var order: [Group] = []
        var byComponent: [Group: [(index: Int, change: Change)]] = [:]
        for (index, change) in changes.enumerated() {
            let key = Group(change)
            if byComponent[key] == nil { order.append(key) }
            byComponent[key, default: []].append((index, change))
        }
        return order.map { key in
            var group: [String: Any] = ["component": key.id.isEmpty ? "(the file)" : key.id]
            if let noun = key.noun { group["noun"] = noun }
            if let section = key.section { group["context"] = "in the " + Self.ordinal(section + 1) + " section" }
            group["changes"] = (byComponent[key] ?? []).map { index, change -> [String: Any] in
                var entry: [String: Any] = ["class": change.changeClass.rawValue, "kind": change.kind.rawValue, "message": change.message,
                                            "messageHTML": HTMLEscaper.messageHTML(change.message), "index": index]
                // The whole file (added, removed, renamed) needs no pointer.
                if let pointer = (change.pointer ?? change.oldPointer)?.description, !pointer.isEmpty { entry["pointer"] = pointer }
                let (old, new) = change.shownValues
                if let old { entry["old"] = old }
                if let new { entry["new"] = new }
                if let location = change.oldLocation { entry["oldLine"] = layouts.old?.line(of: location) ?? location.line; entry["oldAt"] = location.description }
                if let location = change.newLocation { entry["newLine"] = layouts.new?.line(of: location) ?? location.line; entry["newAt"] = location.description }
                if !change.warnings.isEmpty {
                    entry["hasWarnings"] = true
                    entry["warnings"] = change.warnings.map { ["messageHTML": HTMLEscaper.messageHTML($0)] }
                }
                return entry
            }
            return group
        }
    }

    /// `1st`, `2nd`, `3rd`, `4th`, … `11th`, `12th`, `13th`, `21st`.
    static func ordinal(_ number: Int) -> String {
        let suffix = (11...13).contains(number % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][number % 10] ?? "th"
        return "\(number)\(suffix)"
    }

    /// What a change is grouped under: its component's id and, in a feed, whether it is a
    /// section's or an item's, and an item's section (two sections' items may share an id, and a
    /// section an item's).
    private struct Group: Hashable {
        var id: String
        var noun: String?
        var section: Int?

        init(_ change: Change) {
            id = change.component ?? ""
            guard let place = change.feedPlace, !id.isEmpty else { return }
            (noun, section) = place.isItem ? ("item", place.section) : ("section", nil)
        }
    }

    /// What the page script outlines: per side, each change's pointer, kind and class.
    private func outlines(_ changes: [Change]) -> String {
        struct Outline: Encodable {
            var side: String
            var pointer: String
            var kind: String
            var changeClass: String
            /// The change's place in the page's list (`data-v-change`).
            var change: Int
        }
        var list: [Outline] = []
        for (index, change) in changes.enumerated() {
            // A property added to or removed from a component changes that component on both sides.
            if let owner = change.counterpart, change.changeClass != .structure {
                let (before, after) = change.kind == .added ? (owner, change.pointer) : (change.oldPointer, owner)
                for (side, pointer) in [("before", before), ("after", after)] {
                    if let pointer { list.append(Outline(side: side, pointer: pointer.description, kind: "changed", changeClass: change.changeClass.rawValue, change: index)) }
                }
                continue
            }
            if let pointer = change.oldPointer, change.kind != .added {
                list.append(Outline(side: "before", pointer: pointer.description, kind: change.kind.rawValue, changeClass: change.changeClass.rawValue,
                                    change: index))
            }
            if let pointer = change.pointer, change.kind != .removed {
                list.append(Outline(side: "after", pointer: pointer.description, kind: change.kind.rawValue, changeClass: change.changeClass.rawValue,
                                    change: index))
            }
        }
        // Inside a component added (or removed) on its side, another change (an error the new
        // component brings) outlines it as added too: first in the list, the most severe, it
        // badged a new component "changed", over its placeholder.
        // Looked up by side and pointer, walking up each pointer: a page of 2,000 additions is no 2,000² search.
        let whole = Dictionary(list.filter { $0.kind == "added" || $0.kind == "removed" }.map { ($0.side + " " + $0.pointer, $0.kind) }) { first, _ in first }
        for index in list.indices where !whole.isEmpty {
            var pointer = Substring(list[index].pointer)
            while let slash = pointer.lastIndex(of: "/") {
                pointer = pointer[..<slash]
                if let kind = whole[list[index].side + " " + pointer] {
                    list[index].kind = kind
                    break
                }
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(list)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }
}

/// Raised by one worker to stop the others.
private final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false

    var isRaised: Bool { lock.withLock { raised } }
    func raise() { lock.withLock { raised = true } }
}
