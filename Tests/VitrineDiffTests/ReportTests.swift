import Foundation
import Testing
import VitrineCore
@testable import VitrineDiff

/// The Markdown summary and the JSON document, golden for a fixture pair; the summary's cap.
///
/// Re-record with `VITRINE_RECORD_GOLDEN=1 swift test --filter ReportTests` and read the diff.
@Suite struct ReportTests {
    static let old = MemoryRevision([
        "home.json": Fixture.scene([Fixture.text("title", "Welcome"), Fixture.text("promo", "50% off", ##""foregroundColor":"#FF0000""##),
                                    Fixture.view("spacer", "gap"), Fixture.text("footer", "Bye"), Fixture.text("stock", "Only 3 left in stock")]),
        "feed.json": #"[{"id":1,"title":"A","headerImageDTO":{"id":5,"imageUrl":"a.png"},"layoutTemplateDTO":{"layoutTemplate":"card_01"},"cellType":"card_image","data":[]},{"id":2,"title":"B","layoutTemplateDTO":{"layoutTemplate":"card_01"},"cellType":"card_image","data":[]}]"#,
        "gone.json": Fixture.scene([Fixture.text("g", "G")]),
        "broken-later.json": Fixture.scene([Fixture.text("b", "B")]),
        "assets/logo.svg": "<svg/>",
    ])
    static let new = MemoryRevision([
        "home.json": Fixture.scene([Fixture.text("footer", "Bye"), Fixture.text("title", "Welcome back | `code`"),
                                    Fixture.text("promo", "50% off", ##""foregroundColor":"#00AA00""##), Fixture.view("image", "hero", #""imageURL":"hero""#)]),
        "feed.json": #"[{"id":2,"title":"B","layoutTemplateDTO":{"layoutTemplate":"card_01"},"cellType":"card_image","data":[]},{"id":1,"title":"A","headerImageDTO":{"id":5,"imageUrl":"b.png"},"layoutTemplateDTO":{"layoutTemplate":"card_01"},"cellType":"card_image","data":[]}]"#,
        "broken-later.json": #"{"container": "#,
        "fresh.json": Fixture.scene([Fixture.text("f", "F")]),
        "assets/logo.svg": "<svg viewBox=\"0 0 1 1\"/>",
    ])

    static var diff: RevisionDiff { RevisionDiff(old: old.revision, new: new.revision) }

    static func golden(_ name: String, _ actual: String) throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/" + name).path
        if ProcessInfo.processInfo.environment["VITRINE_RECORD_GOLDEN"] == "1" {
            try actual.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOfFile: path, encoding: .utf8)
        #expect(actual == expected, "\(name) differs from its golden file; re-record with VITRINE_RECORD_GOLDEN=1 and read the diff")
    }

    @Test func markdownSummaryMatchesItsGolden() throws {
        try Self.golden("summary.md", DiffMarkdownReport.render(Self.diff, reportURL: "https://ci.example/report/"))
    }

    @Test func jsonMatchesItsGoldenAndTheDocumentedSchema() throws {
        let bytes = DiffJSONReport.render(Self.diff)
        try Self.golden("changes.json", String(decoding: bytes, as: UTF8.self))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(Set(document.keys) == ["schemaVersion", "summary", "files", "inputs", "notCompared", "notes", "reformatted", "revisions"])
        let file = try #require((document["files"] as? [[String: Any]])?.first { $0["path"] as? String == "home.json" })
        let change = try #require((file["changes"] as? [[String: Any]])?.first)
        #expect(Set(change.keys) == ["class", "kind", "pointer", "oldPointer", "old", "new", "oldLine", "oldColumn", "newLine", "newColumn", "component", "message", "warnings"])
    }

    /// A diagnostic's quoted key is a code span in the comment, never a backslashed backtick;
    /// a message with an odd number of backticks (a key holding one) is escaped whole.
    @Test func quotedNamesInMessagesAreCodeSpans() throws {
        let old = Fixture.scene([Fixture.text("t", "Hi")])
        let broken = Fixture.scene([Fixture.view("text", "t")])
        let markdown = DiffMarkdownReport.render(RevisionDiff(old: MemoryRevision(["s.json": old]).revision, new: MemoryRevision(["s.json": broken]).revision))
        #expect(markdown.contains("error introduced: missing key `text`"))
        #expect(!markdown.contains("\\`"))
        let odd = Fixture.scene([Fixture.text("t", "Hi", #""a`b":1"#)])
        let unknown = DiffMarkdownReport.render(RevisionDiff(old: MemoryRevision(["s.json": old]).revision, new: MemoryRevision(["s.json": odd]).revision))
        #expect(unknown.contains("a\\`b"))
    }

    /// In the HTML report a message's quoted names are code, and payload text in them is escaped.
    @Test func messagesInTheHTMLReportShowQuotedNamesAsCode() {
        let html = HTMLEscaper.messageHTML("text t2 moved from `<b>c1</b>` to `c2`")
        #expect(html.hasPrefix("text t2 moved from <code>&lt;b") && html.hasSuffix(" to <code>c2</code>") && !html.contains("<b>"))
        #expect(HTMLEscaper.messageHTML("a`b added") == "a`b added")
    }

    /// Payloads left out are listed within the limit too, however long their paths; files the
    /// table leaves out but whose changes are all shown are not counted as cut.
    @Test func theNotComparedListAndTheCutLineStayTrue() throws {
        let problems = (0..<30).map { Diagnostic(.error, "file larger than 1 MiB", file: String(repeating: "p/", count: 1_700) + "\($0).json") }
        let empty = RevisionDiff(old: MemoryRevision([:]).revision, new: MemoryRevision([:]).revision)
        let listed = DiffMarkdownReport.render(empty, notCompared: problems)
        #expect(listed.count < 10_000 && listed.contains("**Not compared** (30 files)") && listed.contains("- …and 10 more\n"))
        let assets = Dictionary(uniqueKeysWithValues: (0..<25).map { ("assets/" + String(repeating: "a/", count: 1_600) + "\($0).png", "x") })
        let inputs = RevisionDiff(old: MemoryRevision([:]).revision, new: MemoryRevision(assets).revision)
        #expect(!inputs.inputChanges.isEmpty && DiffMarkdownReport.render(inputs).count < 10_000)
        var oldFiles: [String: String] = [:], newFiles: [String: String] = [:]
        for index in 0..<150 {
            oldFiles["s\(index).json"] = Fixture.scene([Fixture.text("t", "a")])
            newFiles["s\(index).json"] = Fixture.scene([Fixture.text("t", "b")])
        }
        let markdown = DiffMarkdownReport.render(RevisionDiff(old: MemoryRevision(oldFiles).revision, new: MemoryRevision(newFiles).revision))
        #expect(markdown.contains("| …and 50 more | | | | | |") && !markdown.contains("did not all fit"))
    }

    /// A file of thousands of changes shows as many as fit and how many more, not nothing.
    @Test func aFileOfTooManyChangesShowsTheFirstOnes() throws {
        let views = (0..<3_000).map { Fixture.text("t\($0)", "text \($0)") }
        let diff = RevisionDiff(old: MemoryRevision(["s.json": Fixture.scene(views)]).revision,
                                new: MemoryRevision(["s.json": Fixture.scene((0..<3_000).map { Fixture.text("t\($0)", "edited \($0)") })]).revision)
        let markdown = DiffMarkdownReport.render(diff)
        #expect(markdown.utf16.count <= DiffMarkdownReport.limit && markdown.utf16.count > DiffMarkdownReport.limit - 2_000)
        let items = markdown.split(separator: "\n").filter { $0.hasPrefix("- **content** ") }
        #expect(items.count > 200 && items.first?.contains("`t0`") == true)
        #expect(markdown.contains("\n- …and \(3_000 - items.count) more\n\n</details>\n"))
        #expect(markdown.hasSuffix("_The changes of 1 file did not all fit in this comment; the HTML report (`vitrine diff -o`) has everything._\n"))
    }

    /// A file of thousands of changes leaves room for another file's few: each file shows its
    /// first changes before any shows more.
    @Test func aNoisyFileLeavesRoomForTheOthers() throws {
        let edited = (0..<3_000).map { Fixture.text("t\($0)", "y") }
        let diff = RevisionDiff(old: MemoryRevision(["big.json": Fixture.scene((0..<3_000).map { Fixture.text("t\($0)", "x") }),
                                                     "s.json": Fixture.scene([Fixture.text("price", "50 TL")])]).revision,
                                new: MemoryRevision(["big.json": Fixture.scene(edited), "s.json": Fixture.scene([Fixture.text("price", "500 TL")])]).revision)
        let markdown = DiffMarkdownReport.render(diff)
        #expect(markdown.contains("`price` text changed: `\"50 TL\"` → `\"500 TL\"`"), "\(markdown.suffix(600))")
        #expect(markdown.utf16.count <= DiffMarkdownReport.limit && markdown.utf16.count > DiffMarkdownReport.limit - 2_000, "the rest goes to the noisy file")
        #expect(markdown.hasSuffix("_The changes of 1 file did not all fit in this comment; the HTML report (`vitrine diff -o`) has everything._\n"))
    }

    /// Of a thousand changed files, the table lists the worst hundred and says how many more,
    /// leaving room for the changes themselves.
    @Test func theTableOfScreensLeavesRoomForTheirChanges() throws {
        var oldFiles: [String: String] = [:], newFiles: [String: String] = [:]
        for index in 0..<1_000 {
            oldFiles["s\(index).json"] = Fixture.scene([Fixture.text("t", "a")])
            newFiles["s\(index).json"] = Fixture.scene([Fixture.text("t", "b")])
        }
        let markdown = DiffMarkdownReport.render(RevisionDiff(old: MemoryRevision(oldFiles).revision, new: MemoryRevision(newFiles).revision))
        #expect(markdown.split(separator: "\n").filter { $0.hasPrefix("| `s") }.count == DiffMarkdownReport.rowsListed)
        #expect(markdown.contains("| …and 900 more | | | | | |\n"))
        #expect(markdown.components(separatedBy: "<details>").count > 150)
    }

    /// Rows of long paths with links to the report took the whole room once: 93 rows and no
    /// change shown. The table takes at most half of it.
    @Test func aTableOfLongPathsLeavesRoomForTheChanges() throws {
        var oldFiles: [String: String] = [:], newFiles: [String: String] = [:]
        let folder = String(repeating: "a-long-folder-name/", count: 12)
        for index in 0..<150 {
            oldFiles["\(folder)s\(index).json"] = Fixture.scene([Fixture.text("t", "a")])
            newFiles["\(folder)s\(index).json"] = Fixture.scene([Fixture.text("t", "b")])
        }
        let diff = RevisionDiff(old: MemoryRevision(oldFiles).revision, new: MemoryRevision(newFiles).revision)
        let markdown = DiffMarkdownReport.render(diff, reportURL: "https://acme.github.io/payload-previews/pr-1234/report/")
        let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| [`a-long") }
        #expect(!rows.isEmpty && rows.count < 100)
        #expect(markdown.contains("| …and \(150 - rows.count) more | | | | | |\n"))
        #expect(markdown.components(separatedBy: "<details>").count - 1 >= 30, "changes are shown too")
        #expect(markdown.utf16.count <= DiffMarkdownReport.limit)
    }

    /// Characters of many code points (a family emoji is one character of eleven UTF-16 units)
    /// count by their units: counted as characters, a comment was 369,212 units long.
    @Test func theLimitCountsCodeUnitsNotCharacters() throws {
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"
        let views = { (text: String) in (0..<1_000).map { Fixture.text("t\($0)", text) } }
        let diff = RevisionDiff(old: MemoryRevision(["s.json": Fixture.scene(views("a"))]).revision,
                                new: MemoryRevision(["s.json": Fixture.scene(views(String(repeating: family, count: 130)))]).revision)
        let markdown = DiffMarkdownReport.render(diff)
        #expect(markdown.utf16.count <= DiffMarkdownReport.limit && markdown.utf16.count > DiffMarkdownReport.limit - 5_000, "\(markdown.utf16.count)")
        #expect(markdown.unicodeScalars.allSatisfy { $0 != "\u{FFFD}" }, "no character is cut in half")
    }

    @Test func theSummaryStaysUnderTheLimitAndSaysWhatWasCut() throws {
        var oldFiles: [String: String] = [:], newFiles: [String: String] = [:]
        for index in 0..<400 {
            let views = (0..<20).map { Fixture.text("t\($0)", "text \($0)") }
            oldFiles["screens/s\(index).json"] = Fixture.scene(views)
            // Every text edited and moved, and the first a heading: 20 breaking changes a file.
            newFiles["screens/s\(index).json"] = Fixture.scene(views.reversed().map {
                $0.replacingOccurrences(of: #""text "#, with: #""changed text "#).replacingOccurrences(of: #""type":"text""#, with: #""type":"heading""#)
            })
        }
        let diff = RevisionDiff(old: MemoryRevision(oldFiles).revision, new: MemoryRevision(newFiles).revision)
        let markdown = DiffMarkdownReport.render(diff, reportURL: "https://ci.example/r/")
        #expect(markdown.utf16.count <= DiffMarkdownReport.limit)
        #expect(markdown.utf16.count > DiffMarkdownReport.limit - 10_000, "the cap is used, not a tiny summary")
        // The cut line's link has room kept for it, however long the report's address (it went over by that much).
        let longURL = DiffMarkdownReport.render(diff, reportURL: "https://ci.example/" + String(repeating: "r", count: 2_000) + "/")
        #expect(longURL.utf16.count <= DiffMarkdownReport.limit, "\(longURL.utf16.count)")
        let cut = try #require(markdown.split(separator: "\n").last)
        let sections = markdown.components(separatedBy: "<details><summary>").dropFirst()
        let whole = sections.filter { !$0.contains("\n- …and ") }.count
        #expect(whole == 0 && sections.dropLast().allSatisfy { $0.components(separatedBy: "\n- **").count - 1 == DiffMarkdownReport.sharedChanges },
                "every file shown (the last may have less room) shows its first changes, none all its 40")
        #expect(cut == "_The changes of 400 files did not all fit in this comment; the full report has everything: https://ci.example/r/index.html._")
        #expect(!DiffMarkdownReport.render(diff).contains("https:"))
        #expect(DiffMarkdownReport.render(diff).hasSuffix("did not all fit in this comment; the HTML report (`vitrine diff -o`) has everything._\n"))
        #expect(markdown.contains("- …and 7950 more\n"))
        #expect(markdown.contains("| Screen | Status |"))
    }

    /// The table and the lists put the worst files first; a `|` in a file's name is escaped in
    /// its link's target too, or it would end the table cell, and a `\`, which would escape the `.`.
    @Test func worstFilesComeFirstAndLinksStayInTheirCell() {
        let old = MemoryRevision(["a|b\\.json": Fixture.scene([Fixture.text("t", "Hi")]), "z.json": Fixture.scene([Fixture.text("t", "Hi")])]).revision
        let new = MemoryRevision(["a|b\\.json": Fixture.scene([Fixture.text("t", "Hi", ##""foregroundColor":"#FF0000""##)]),
                                  "z.json": Fixture.scene([])]).revision
        let markdown = DiffMarkdownReport.render(RevisionDiff(old: old, new: new), reportURL: "https://ci.example/r/")
        let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| [") }
        #expect(rows.count == 2)
        #expect(rows.first?.hasPrefix("| [`z.json`]") == true)
        #expect(rows.last?.contains("(https://ci.example/r/files/a%7Cb%5C.html)") == true, "\(rows)")
        // `%`, `#` and `?` in a name are the name's, not an escape, a fragment or a query.
        let odd = RevisionDiff(old: MemoryRevision(["a#1 50%?.json": Fixture.scene([Fixture.text("t", "Hi")])]).revision,
                               new: MemoryRevision(["a#1 50%?.json": Fixture.scene([Fixture.text("t", "Hey")])]).revision)
        #expect(DiffMarkdownReport.render(odd, reportURL: "https://ci.example/r/").contains("(https://ci.example/r/files/a%231%2050%25%3F.html)"))
    }

    /// A component id is shown as written, but its invisible characters get a visible escape,
    /// as values' do: `pay\u200Bbutton` and `paybutton` look alike otherwise.
    @Test func invisibleCharactersInIdsAreShown() {
        let old = MemoryRevision(["a.json": Fixture.scene([Fixture.text("pay\u{200B}button", "Pay")])])
        let new = MemoryRevision(["a.json": Fixture.scene([Fixture.text("pay\u{200B}button", "Pay now")])])
        let markdown = DiffMarkdownReport.render(RevisionDiff(old: old.revision, new: new.revision))
        #expect(markdown.contains(#"`pay\u200Bbutton` text changed"#), "\(markdown)")
        #expect(!markdown.unicodeScalars.contains("\u{200B}"))
    }

    /// A backtick followed by a combining mark is still a backtick to a Markdown parser: the
    /// code span's fence must be longer than every run of them, or the value ends it early.
    @Test(arguments: ["`\u{301}", "``\u{301}x", "a\r\nb", "\u{202E}txt"])
    func valuesStayInsideTheirCodeSpans(value: String) {
        let old = MemoryRevision(["a.json": Fixture.scene([Fixture.text("t", "plain")])])
        let escaped = value.replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n")
        let new = MemoryRevision(["a.json": Fixture.scene([Fixture.text("t", escaped)])])
        let markdown = DiffMarkdownReport.render(RevisionDiff(old: old.revision, new: new.revision))
        let line = markdown.split(separator: "\n").first { $0.contains("\"plain\"") }.map(String.init) ?? ""
        // The changed text's span: a fence, the value, the same fence; nothing after it but the line.
        let scalars = Array(line.unicodeScalars)
        let longestRun = value.unicodeScalars.split { $0 != "`" }.map(\.count).max() ?? 0
        let fence = String(repeating: "`", count: longestRun + 1)
        #expect(line.contains(fence + " \"") || line.contains(fence + "\""), "\(line)")
        #expect(!scalars.contains("\r") && !scalars.contains("\u{202E}"), "\(line)")
    }

    /// Plain text from the payload (a key, a type) never starts a line of the comment: a lone
    /// carriage return would, and `#` or `-` after it would make a heading or a list.
    @Test func aKeyWithALineBreakStaysOnItsLine() {
        let old = MemoryRevision(["a.json": Fixture.scene([Fixture.text("t", "x")])])
        let new = MemoryRevision(["a.json": Fixture.scene([Fixture.text("t", "x", #""k\r# Fake heading\r- item":1"#)])])
        let markdown = DiffMarkdownReport.render(RevisionDiff(old: old.revision, new: new.revision))
        #expect(markdown.contains("k # Fake heading - item added"), "\(markdown)")
        #expect(!markdown.unicodeScalars.contains("\r"))
    }

    /// Payload text in the comment makes no link, mention or issue reference on GitHub, which
    /// finds them in plain text (its autolinks, `@name` and `#12`), while reading the same.
    @Test func payloadTextMakesNoLinkMentionOrReference() {
        #expect(DiffMarkdownReport.escape("re-login at https://evil.example or WWW.evil.example, cc @octocat @x-y #12 and #fff")
                == "re-login at https\\://evil.example or WWW\\.evil.example, cc @\u{2060}octocat @\u{2060}x-y #\u{2060}12 and #fff")
        #expect(DiffMarkdownReport.escape("a@b, @ and # 1: fine, ftp: //x") == "a@\u{2060}b, @ and # 1: fine, ftp: //x")
        let old = MemoryRevision(["a.json": Fixture.scene([Fixture.text("t", "x")])])
        let new = MemoryRevision(["a.json": Fixture.scene([Fixture.text("t", "x", #""see https://evil.example @octocat":1"#)])])
        let markdown = DiffMarkdownReport.render(RevisionDiff(old: old.revision, new: new.revision))
        #expect(markdown.contains("see https\\://evil.example @\u{2060}octocat added"), "\(markdown)")
    }

    /// A file name with blank lines would end the HTML block of its `<details>`, and what
    /// follows would be Markdown (a heading, a link) in the comment: it stays on one line, its
    /// line feeds escaped as other controls are (as spaces, `a\nb.json` read as `a b.json`).
    @Test func aFileNameWithLineBreaksStaysInItsSummary() {
        let name = "z\n\n# INJECTED [Approve](https://evil.example)\n\n.json"
        let old = MemoryRevision([name: Fixture.scene([Fixture.text("t", "x")])])
        let new = MemoryRevision([name: Fixture.scene([Fixture.text("t", "y")])])
        let markdown = DiffMarkdownReport.render(RevisionDiff(old: old.revision, new: new.revision))
        #expect(!markdown.contains("\n# INJECTED") && !markdown.contains("\n\n.json"), "\(markdown)")
        #expect(markdown.contains(#"<details><summary><code>z\u000A\u000A# INJECTED [Approve](https://evil.example)\u000A\u000A.json</code>: 1 change</summary>"#), "\(markdown)")
        #expect(markdown.contains(#"| `z\u000A\u000A# INJECTED [Approve](https://evil.example)\u000A\u000A.json` | changed"#), "\(markdown)")
    }

    /// An element's id is a code span where it stands as a word, not inside another word.
    @Test func anIdIsACodeSpanOnlyWhereItIsAWord() {
        let old = MemoryRevision(["a.json": Fixture.scene([Fixture.text("t", "x"), Fixture.text("e", "y")])])
        let new = MemoryRevision(["a.json": Fixture.scene([Fixture.text("e", "y")])])
        let markdown = DiffMarkdownReport.render(RevisionDiff(old: old.revision, new: new.revision))
        #expect(markdown.contains("**structure** text `t` removed"), "\(markdown)")
    }

    @Test func noChangeIsOneLine() {
        let same = MemoryRevision(["a.json": Fixture.scene([Fixture.text("a", "A")])])
        #expect(DiffMarkdownReport.render(RevisionDiff(old: same.revision, new: same.revision)) == "## Vitrine: payload changes\n\nNo changes in the 1 payload file compared.\n")
    }

    /// The HTML report names an item's section by its place: "in the 2nd section".
    @Test func ordinalsReadAsWords() {
        #expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112].map(DiffHTMLReport.ordinal)
                == ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st", "111th", "112th"])
    }
}
