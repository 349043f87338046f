/// The catalogue's front page and the search data it loads on demand.
///
/// The page itself stays small at any size: the first page of cards, the folder tree and the
/// filters. Everything a search needs is in `catalogue/screens.js`, loaded by the page script
/// when the reader searches, filters or pages (a script file, not JSON, so `file://` works).
struct IndexPage {
    var frame: PageFrame
    var templates: PageTemplates
    /// Why the index has no screens when the input has none to show (`BuildPipeline.noPayloads`).
    var noPayloads: String

    static let dataPath = "catalogue/screens.js"
    static let pageSize = 48
    /// Screens of more components than this get no miniature: their standalone page (megabytes
    /// of render) would stall the index, whose thread draws every miniature.
    static let miniatureLimit = 3_000
    static let tooLargeForMiniature = "too large for a miniature"

    func page(_ summaries: [ScreenSummary]) -> OutputFile {
        let visible = summaries.filter { !$0.hidden }
        var context = frame.context(path: "index.html", title: frame.siteTitle)
        context["dataHref"] = Self.dataPath
        context["pageSize"] = Self.pageSize
        context["miniatureLimit"] = Self.miniatureLimit
        context["total"] = visible.count
        context["countText"] = Self.countText(visible.map(\.status))
        context["cards"] = visible.prefix(Self.pageSize).map(card)
        if visible.isEmpty {
            let reason = summaries.isEmpty ? noPayloads : "every payload file is hidden from the index by `hidden` in vitrine.json"
            context["emptyHTML"] = HTMLEscaper.messageHTML(reason.prefix(1).uppercased() + reason.dropFirst() + ".")
        }
        if visible.count > Self.pageSize { context["morePages"] = (visible.count + Self.pageSize - 1) / Self.pageSize }
        context["kinds"] = tally(visible.map { $0.dialect ?? "unknown" })
        context["withDiagnostics"] = visible.count { $0.errors > 0 || $0.warnings > 0 }
        context["withErrors"] = visible.count { $0.errors > 0 }
        context["componentTypes"] = tally(visible.flatMap { $0.componentTypes.keys })
        context["folderTreeHTML"] = FolderTree(visible.map(\.payload)).html
        return OutputFile(path: "index.html", bytes: templates.render("index", context))
    }

    /// "12 screens", and "and 1 other JSON file" for files that are not a payload format: the
    /// build's summary counts those apart too. `catalogue.js` words a search's count the same way.
    static func countText(_ statuses: [ScreenSummary.Status]) -> String {
        let others = statuses.count { $0 == .unknown }
        return counted(statuses.count - others, "screen") + (others > 0 ? " and " + counted(others, "other JSON file") : "")
    }

    /// One card's values, in the fields the template and the page script share.
    private func card(_ summary: ScreenSummary) -> [String: Any] {
        var card: [String: Any] = [
            "title": summary.title, "payload": summary.payload, "folder": SitePath.folder(of: summary.payload),
            "kind": summary.dialect ?? "unknown", "status": summary.status.rawValue, "components": counted(summary.components, "component"),
        ]
        if let page = summary.page { card["href"] = SitePath.href(page) }
        let tooLarge = summary.components > Self.miniatureLimit
        if let frame = summary.standalone, !tooLarge { card["frameHref"] = SitePath.href(frame) }
        card["miniatureText"] = summary.standalone != nil && tooLarge ? Self.tooLargeForMiniature : summary.status.rawValue
        if summary.errors > 0 { card["errors"] = counted(summary.errors, "error") }
        if summary.warnings > 0 { card["warnings"] = counted(summary.warnings, "warning") }
        return card
    }

    private func tally(_ names: [String]) -> [[String: Any]] {
        var counts: [String: Int] = [:]
        for name in names { counts[name, default: 0] += 1 }
        return counts.sorted { $0.key < $1.key }.map { ["name": $0.key, "count": $0.value] }
    }

    /// `catalogue/screens.js`: every visible screen as an array of `fields`, for the page script.
    /// Each screen's row is encoded and escaped once per distinct summary (the memo keeps them).
    func data(_ summaries: [ScreenSummary], memo: BuildMemo) -> OutputFile {
        var fields = JSONText()
        fields.array(Self.fieldNames)
        var text = "window.vitrineCatalogue = " + ScriptJSONEscaper.escape(#"{"fields":"# + String(decoding: fields.bytes, as: UTF8.self) + #","screens":["#)
        for (index, summary) in summaries.filter({ !$0.hidden }).enumerated() {
            if index > 0 { text += "," }
            text += memo.value("screens.js/" + summary.payload, key: summary) { ScriptJSONEscaper.escape(Self.row(summary)) }
        }
        return OutputFile(path: Self.dataPath, text: text + "]};\n")
    }

    static let fieldNames = ["title", "payload", "folder", "kind", "status", "href", "frameHref", "components", "warnings", "errors", "types", "text"]

    /// A screen's values in the order of `fieldNames`, as a JSON array; component types are a
    /// list of names, which may contain spaces (a feed cell type is payload text).
    private static func row(_ summary: ScreenSummary) -> String {
        var json = JSONText()
        json.array { json in
            for text in [summary.title, summary.payload, SitePath.folder(of: summary.payload), summary.dialect ?? "unknown", summary.status.rawValue,
                         summary.page.map(SitePath.href) ?? "", summary.standalone.map(SitePath.href) ?? ""] {
                json.element()
                json.string(text)
            }
            for number in [summary.components, summary.warnings, summary.errors] {
                json.element()
                json.int(number)
            }
            json.element()
            json.array(summary.componentTypes.keys.sorted())
            json.element()
            json.string(summary.searchText)
        }
        return String(decoding: json.bytes, as: UTF8.self)
    }
}

/// The folders of the payload paths as a nested list with counts; each folder links to the
/// index filtered to it (`#folder=…`, read by the page script).
struct FolderTree {
    private final class Folder {
        var count = 0
        var children: [String: Folder] = [:]
    }

    private let root = Folder()

    init(_ payloads: [String]) {
        for payload in payloads {
            var folder = root
            folder.count += 1
            for part in SitePath.folder(of: payload).split(separator: "/") {
                let child = folder.children[String(part)] ?? Folder()
                folder.children[String(part)] = child
                child.count += 1
                folder = child
            }
        }
    }

    var html: String {
        var out = "<ul class=\"v-folders\"><li><a href=\"#\" data-v-folder=\"\">All screens <span class=\"v-count\">\(root.count)</span></a>"
        append(root, path: "", to: &out)
        return out + "</li></ul>"
    }

    private func append(_ folder: Folder, path: String, to out: inout String) {
        guard !folder.children.isEmpty else { return }
        out += "<ul>"
        for name in folder.children.keys.sorted(by: DirectoryWalker.byteOrder) {
            guard let child = folder.children[name] else { continue }
            let childPath = path.isEmpty ? name : path + "/" + name
            out += "<li><a href=\"#folder=" + HTMLEscaper.attribute(SitePath.href(childPath)) + "\" data-v-folder=\""
                + HTMLEscaper.attribute(childPath) + "\">" + HTMLEscaper.markedText(name) + " <span class=\"v-count\">\(child.count)</span></a>"
            append(child, path: childPath, to: &out)
            out += "</li>"
        }
        out += "</ul>"
    }
}
