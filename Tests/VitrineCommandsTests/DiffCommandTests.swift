import Foundation
import Testing

/// `vitrine diff` run as users run it: two folders, or a git revision against the working tree.
@Suite struct DiffCommandTests {
    static func scene(_ texts: [(String, String)]) -> String {
        let views = texts.map { #"{"type":"text","component":{"componentId":"\#($0.0)","text":"\#($0.1)"}}"# }
        return #"{"hasNavigationBar":false,"container":{"componentId":"root","layout":{"type":"v","alignment":"leading"},"views":[\#(views.joined(separator: ","))]}}"#
    }

    static func git(_ arguments: [String], in folder: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"] + arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
    }

    /// A temporary git repository whose first commit (`message`) holds `files`.
    static func repository(committing files: [String: String], message: String = "one") throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try git(["init", "-q", "-b", "main"], in: folder.url)
        for (path, text) in files { try folder.write(path, text) }
        try git(["add", "-A"], in: folder.url)
        try git(["commit", "-q", "-m", message], in: folder.url)
        return folder
    }

    /// A pull request's vitrine.json named a theme it brought along, whose script then ran in
    /// the report reviewers opened: a theme inside the input draws the report only when
    /// `--theme` names it.
    @Test func aThemeInsideTheInputDrawsTheReportOnlyWhenNamed() throws {
        let folder = try TemporaryFolder()
        try folder.write("old/a.json", Self.scene([("t", "Hi")]))
        try folder.write("new/a.json", Self.scene([("t", "Hello")]))
        try folder.write("new/vitrine.json", #"{"theme": "brand"}"#)
        try folder.write("new/brand/theme.css", "body { color: red }")
        try folder.write("new/brand/evil.js", "document.title = 'ran'")
        let run = try VitrineBinary.run(["diff", "old", "new", "-o", "report"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("warning: the report is drawn with the default theme, not brand, which vitrine.json names inside the input"), "\(run.stderr)")
        #expect(folder.files(under: "report")["theme/evil.js"] == nil && folder.files(under: "report")["theme/theme.css"] == nil)
        let named = try VitrineBinary.run(["diff", "old", "new", "-o", "named", "--theme", "new/brand"], in: folder.url)
        #expect(named.status == 0 && !named.stderr.contains("default theme"), "\(named.stderr)")
        #expect(folder.files(under: "named")["theme/evil.js"] != nil)
    }

    @Test func baseRevisionAgainstTheWorkingTreeWithEveryOutput() throws {
        let folder = try Self.repository(committing: [
            "Site/payloads/home.json": Self.scene([("a", "Hello"), ("b", "Bye")]),
            "Site/payloads/other.json": Self.scene([("x", "X")]),
        ])
        try folder.write("Site/payloads/home.json", Self.scene([("b", "Bye"), ("a", "Hello, world")]))
        try Self.git(["commit", "-q", "-am", "two"], in: folder.url)

        let run = try VitrineBinary.run(["diff", "--base", "HEAD~1", "Site", "-o", "report/", "--markdown", "summary.md", "--json", "changes.json"],
                                        in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "1 file differs (0 breaking, 1 structure, 1 content, 0 style); 1 unchanged → report/index.html\n")
        #expect(run.stdout.isEmpty)
        let report = folder.files(under: "report")
        #expect(report["index.html"] != nil && report["files/payloads/home.html"] != nil && report["theme/diff.js"] != nil)
        // The counts read (and copy) as a list.
        let index = String(decoding: report["index.html"] ?? Data(), as: UTF8.self)
        #expect(index.contains(#"<span class="v-diff-count">1 changed</span>, <span class="v-diff-count">0 added</span>, "#
                               + #"<span class="v-diff-count">0 removed</span>, <span class="v-diff-count">0 renamed</span> · 1 unchanged"#))
        let page = String(decoding: report["files/payloads/home.html"] ?? Data(), as: UTF8.self)
        #expect(page.contains(#"data-v-side="before""#) && page.contains("Hello, world") && page.contains(#"id="v-diff-outlines""#))
        let summary = try folder.read("summary.md")
        #expect(summary.contains("`a` text changed: `\"Hello\"` → `\"Hello, world\"` (1:167 → 1:228) at `/container/views/1/component/text`"), "\(summary)")
        // Every report says what it compared, the revision with the commit it named: the working tree, not HEAD, is NEW.
        #expect(summary.contains(/^## Vitrine: payload changes\n\nComparing `HEAD~1 \([0-9a-f]{7}\)` → `Site \(working tree\)`\.\n\n/))
        #expect(index.contains(/<p class="v-meta">Comparing <code>HEAD~1 \([0-9a-f]{7}\)<\/code> → <code>Site \(working tree\)<\/code>\.<\/p>/))
        let json = try folder.read("changes.json")
        #expect(json.contains(/"revisions" : \{\n    "new" : "Site \(working tree\)",\n    "old" : "HEAD~1 \([0-9a-f]{7}\)"\n  \}/))
        #expect(json.contains(#""message" : "text a moved from position 1 to 2""#) || json.contains(#""message" : "text b moved from position 2 to 1""#))
        // `..` (as `.`) is named by the folder it is, not as typed.
        let parent = try VitrineBinary.run(["diff", "--base", "HEAD~1", "..", "--markdown", "-"], in: folder.url.appending(path: "Site/payloads"))
        #expect(parent.stdout.contains(/Comparing `HEAD~1 \([0-9a-f]{7}\)` → `Site \(working tree\)`/), "\(parent.stdout)")
    }

    /// The HTML report lists the files the worst first, as the Markdown does (a reviewer coming
    /// from the pull request's comment had to look for the breaking file again), and each
    /// file's page links the files before and after it (98 changed files meant 98 trips back).
    @Test func theReportListsTheWorstFirstAndLinksEachFilesNeighbours() throws {
        let folder = try TemporaryFolder()
        for name in ["a", "b", "c"] { try folder.write("old/\(name).json", Self.scene([("t", "Hi")])) }
        try folder.write("new/a.json", Self.scene([("t", "Hi"), ("u", "Added")]))        // structure
        try folder.write("new/b.json", #"{"hasNavigationBar":false,"container":{}}"#)    // breaking
        try folder.write("new/c.json", Self.scene([("t", "Bye")]))                        // content
        let run = try VitrineBinary.run(["diff", "old", "new", "-o", "report", "--markdown", "summary.md", "-q"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        let index = try folder.read("report/index.html")
        let listed = index.matches(of: /<a href="files\/(\w)\.html"/).map { String($0.1) }
        #expect(listed.reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } } == ["b", "a", "c"], "\(listed)")
        let markdown = try folder.read("summary.md")
        let rows = ["b.json", "a.json", "c.json"].compactMap { markdown.range(of: "`" + $0 + "`")?.lowerBound }
        #expect(rows.count == 3 && rows == rows.sorted(), "the Markdown's order too")
        let middle = try folder.read("report/files/a.html")
        #expect(middle.contains(#"<a rel="prev" href="../files/b.html">← <code>b.json</code></a>"#), "\(middle)")
        #expect(middle.contains(#"<a rel="next" href="../files/c.html"><code>c.json</code> →</a>"#))
        let first = try folder.read("report/files/b.html")
        #expect(!first.contains(#"rel="prev""#) && first.contains(#"rel="next" href="../files/a.html""#))
    }

    /// A component added with an error in it is outlined as added for both changes: the error,
    /// listed first, badged it "changed", over its placeholder.
    @Test func anAddedComponentsErrorOutlinesItAsAdded() throws {
        let folder = try TemporaryFolder()
        try folder.write("old/a.json", Self.scene([("t", "Hi")]))
        try folder.write("new/a.json", Self.scene([("t", "Hi"), ("fresh", "New")]).replacing(#""text":"New""#, with: #""text":"New","lineLimit":"two""#))
        let run = try VitrineBinary.run(["diff", "old", "new", "-o", "report", "-q"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        // An element without an id is said to be in its parent ("`root` text added" read as the root being the text).
        let markdown = try VitrineBinary.run(["diff", "old", "new", "--markdown", "-"], in: folder.url).stdout
        #expect(markdown.contains("- **structure** text `fresh` added"), "\(markdown)")
        try folder.write("new/b.json", Self.scene([("t", "Hi")]).replacing(#"]}}"#, with: #",{"type":"text","component":{"text":"No id"}}]}}"#))
        try folder.write("old/b.json", Self.scene([("t", "Hi")]))
        let unnamed = try VitrineBinary.run(["diff", "old", "new", "--markdown", "-"], in: folder.url).stdout
        #expect(unnamed.contains("- **structure** text added in `root`: "), "\(unnamed)")
        let listing = try VitrineBinary.run(["diff", "old", "new"], in: folder.url).stdout
        #expect(listing.contains("  structure text added in root: "), "\(listing)")
        let page = try folder.read("report/files/a.html")
        let outlines = try #require(page.firstMatch(of: /id="v-diff-outlines">([^<]*)</).map { String($0.1) })
        #expect(outlines.contains(#""changeClass":"breaking","kind":"added","pointer":"/container/views/1/component/lineLimit""#), "\(outlines)")
        #expect(outlines.contains(#""changeClass":"structure","kind":"added","pointer":"/container/views/1""#), "\(outlines)")
    }

    /// A report that cannot be written (here the file-size limit, `ulimit -f`, as a full disk)
    /// stops at the first failure, which it names, and leaves the last report whole: its pages
    /// are written as they are drawn, on all cores, and used to be drawn all before any was.
    @Test func aFailedWriteStopsTheReportAndKeepsTheLastOne() throws {
        let folder = try TemporaryFolder()
        let long = String(repeating: "a long text ", count: 40_000)
        for name in ["a", "b", "c", "d"] {
            try folder.write("old/\(name).json", Self.scene([("t", "Old")]))
            try folder.write("new/\(name).json", Self.scene([("t", "New")]))
        }
        #expect(try VitrineBinary.run(["diff", "old", "new", "-o", "report", "-q"], in: folder.url).status == 0)
        let before = folder.files(under: "report")
        for name in ["a", "b", "c", "d"] { try folder.write("new/\(name).json", Self.scene([("t", long)])) }
        let run = try VitrineBinary.run(["diff", "old", "new", "-o", "report", "-q"], in: folder.url,
                                        through: ["/bin/sh", "-c", "trap '' XFSZ; ulimit -f 256; exec \"$0\" \"$@\""])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.components(separatedBy: "cannot write: File too large").count - 1 == 1, "the first failure alone: \(run.stderr)")
        #expect(folder.files(under: "report") == before, "the last report, whole")
    }

    /// A minified payload's sources in the HTML report are laid out a value to a line, as a
    /// screen page shows them, with the changed line marked (one long line hid the change).
    @Test func minifiedSourcesAreLaidOutInTheReport() throws {
        let folder = try TemporaryFolder()
        let texts = (0..<8).map { ("t\($0)", "Text \($0)") }
        try folder.write("old/a.json", Self.scene(texts))
        try folder.write("new/a.json", Self.scene(texts.map { $0.0 == "t6" ? ($0.0, "Changed") : $0 }))
        let run = try VitrineBinary.run(["diff", "old", "new", "-o", "report", "-q"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        let page = try folder.read("report/files/a.html")
        let marked = page.matches(of: /<span class=v-mark id=(oL|nL)(\d+)>/).map { "\($0.1)\($0.2)" }
        #expect(marked.count == 2 && !marked.contains("oL1") && !marked.contains("nL1"), "\(marked)")
        #expect(page.contains(#""Changed""#) && page.contains("id=nL40>"), "laid out over many lines")
    }

    /// Two mistakes that compare nothing useful are said: a folder the base revision does not
    /// have (every payload is added), and one folder given as OLD and NEW.
    @Test func aFolderMissingAtTheBaseAndOneFolderTwiceAreSaid() throws {
        let folder = try Self.repository(committing: ["README.md": "x"])
        try folder.write("Site/a.json", Self.scene([("t", "Hi")]))
        let added = try VitrineBinary.run(["diff", "--base", "HEAD", "Site", "--markdown", "-"], in: folder.url)
        #expect(added.stdout.contains("> **Note:** `Site` has no file at `HEAD`: every payload counts as added"), "\(added.stdout)")
        let built = try VitrineBinary.run(["build", "Site", "-o", "site", "--compare", "HEAD", "-q"], in: folder.url)
        #expect(try folder.read("site/changes/index.html").contains("<code>Site</code> has no file at <code>HEAD</code>"), "\(built.stderr)")
        let twice = try VitrineBinary.run(["diff", "Site", "./Site/"], in: folder.url)
        #expect(twice.status == 0 && twice.stderr.contains("vitrine: warning: OLD and NEW are the same folder ("), "\(twice.stderr)")
        try folder.write("Copy/a.json", Self.scene([("t", "Hi")]))
        let copy = try VitrineBinary.run(["diff", "Site", "Copy"], in: folder.url)
        #expect(copy.status == 0 && !copy.stderr.contains("same folder"), "\(copy.stderr)")
    }

    /// On a file's page, changes are grouped by component: two sections' items of one id are two
    /// groups, each naming its section, and a section is not an item of its id.
    @Test func aFeedsChangesAreGroupedBySectionAndItem() throws {
        let folder = try TemporaryFolder()
        func feed(_ first: String, _ second: String, title: String) -> String {
            func section(_ id: Int, _ text: String, _ title: String) -> String {
                #"{"id":\#(id),"title":"\#(title)","layoutTemplateDTO":{"layoutTemplate":"card_01","scrollDirection":"horizontal","groupOrientation":"horizontal"},"cellType":"card_image_title","buttonTypes":[],"data":[{"id":101,"url":"https://x.test/a.png","title":"\#(text)"}]}"#
            }
            return "[" + section(1, first, "One") + "," + section(101, second, title) + "]"
        }
        try folder.write("old/f.json", feed("A", "B", title: "Two"))
        try folder.write("new/f.json", feed("A1", "B1", title: "Two!"))
        let run = try VitrineBinary.run(["diff", "old", "new", "-o", "report", "-q"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        let headings = try folder.read("report/files/f.html").matches(of: /<h3>(.*?)<\/h3>/).map { String($0.1) }
        #expect(headings == ["item <code>101</code> in the 1st section", "section <code>101</code>", "item <code>101</code> in the 2nd section"], "\(headings)")
    }

    /// A file of one section (the all-list response) has its items at `/data/N`: a section and
    /// an item of one id are two groups there too, and the Markdown says which is which.
    @Test func aOneSectionFeedsChangesNameItsSectionAndItems() throws {
        let folder = try TemporaryFolder()
        func section(title: String, item: String) -> String {
            #"{"id":5,"title":"\#(title)","layoutTemplateDTO":{"layoutTemplate":"card_01","scrollDirection":"horizontal","groupOrientation":"horizontal"},"cellType":"card_image_title","buttonTypes":[],"data":[{"id":5,"url":"https://x.test/a.png","title":"\#(item)"}]}"#
        }
        try folder.write("old/all.json", section(title: "Near you", item: "A"))
        try folder.write("new/all.json", section(title: "Near you now", item: "B"))
        let run = try VitrineBinary.run(["diff", "old", "new", "-o", "report", "--markdown", "report.md", "-q"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        let headings = try folder.read("report/files/all.html").matches(of: /<h3>(.*?)<\/h3>/).map { String($0.1) }
        #expect(headings == ["section <code>5</code>", "item <code>5</code>"], "\(headings)")
        let markdown = try folder.read("report.md")
        #expect(markdown.contains("section `5` ") && markdown.contains("item `5` "), "\(markdown)")
    }

    /// A warning a change brings is shown under the change on its file's page, and after it in
    /// the terminal listing.
    @Test func aWarningAChangeBringsIsShownWithIt() throws {
        let folder = try TemporaryFolder()
        try folder.write("old/a.json", Self.scene([("t", "Hi")]))
        try folder.write("new/a.json", Self.scene([("t", "Hi")]).replacingOccurrences(of: #""alignment":"leading""#, with: #""alignment":"top""#))
        let run = try VitrineBinary.run(["diff", "old", "new", "-o", "report", "-q"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        let page = try folder.read("report/files/a.html")
        #expect(page.contains(#"<ul class="v-diff-warnings"><li><strong>warning</strong> alignment &quot;top&quot; is drawn centred by the app"#), "\(page)")
        let listing = try VitrineBinary.run(["diff", "old", "new"], in: folder.url)
        #expect(listing.stdout.contains(#"at /container/layout/alignment — warning: alignment "top" is drawn centred by the app"#), "\(listing.stdout)")
    }

    /// A revision is read as the working tree is walked: a site built inside the folder and
    /// committed, hidden files, editor leftovers and symbolic links (aliases) are not inputs,
    /// so they are no change.
    @Test func aCommittedSiteInsideTheFolderIsNoChange() throws {
        let folder = try TemporaryFolder()
        try Self.git(["init", "-q", "-b", "main"], in: folder.url)
        try folder.write("Site/a.json", Self.scene([("a", "A")]))
        try folder.write("Site/a.json~", "{")
        try folder.write("Site/.draft/b.json", Self.scene([("b", "B")]))
        try FileManager.default.createSymbolicLink(atPath: folder.path("Site/alias.json"), withDestinationPath: "a.json")
        let build = try VitrineBinary.run(["build", "Site", "-o", "Site/preview", "-q"], in: folder.url)
        #expect(build.status == 0, "\(build.stderr)")
        try Self.git(["add", "-A"], in: folder.url)
        try Self.git(["commit", "-q", "-m", "with its preview"], in: folder.url)
        let run = try VitrineBinary.run(["diff", "--base", "HEAD", "Site", "--markdown", "-", "--fail-on", "any"], in: folder.url)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("preview") && !run.stdout.contains("draft") && !run.stdout.contains("a.json~") && !run.stdout.contains("alias"),
                "\(run.stdout)")
        let compare = try VitrineBinary.run(["build", "Site", "-o", "Site/preview", "--compare", "HEAD"], in: folder.url)
        #expect(compare.stderr.contains("\n0 payload files changed since HEAD → "), "\(compare.stderr)")
    }

    /// A payload the build cannot read, the comparison cannot either: one error, not two.
    @Test func buildCompareReportsAnUnreadablePayloadOnce() throws {
        let folder = try Self.repository(committing: [
            "Site/vitrine.json": #"{"limits": {"fileSizeMiB": 1}}"#,
            "Site/a.json": Self.scene([("a", "A")]),
        ])
        try folder.write("Site/big.json", Self.scene([("b", String(repeating: "x", count: 1 << 20))]))
        let run = try VitrineBinary.run(["build", "Site", "-o", "site", "--compare", "HEAD", "--format", "json"], in: folder.url)
        #expect(run.status == 1)
        let document = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect(document?["errors"] as? Int == 1, "\(run.stdout)")
    }

    /// A revision is compared as a build draws it: of `home.JSON` and `home.json`, which make
    /// one page, only `home.json` on both sides (an untouched tree reported `home.json` removed).
    @Test func aRevisionSkipsPayloadsOfOnePageAsAFolderDoes() throws {
        let folder = try Self.repository(committing: [
            "Site/home.JSON": Self.scene([("a", "Upper")]),
            "Site/home.json": Self.scene([("a", "Lower")]),
        ])
        let run = try VitrineBinary.run(["diff", "--base", "HEAD", "Site", "--markdown", "-"], in: folder.url)
        #expect(run.status == 0 && run.stdout.contains("No changes in the 1 payload file compared"), "\(run.stdout) \(run.stderr)")
        // A build says which one it skips; `exclude` settles the pair.
        let build = try VitrineBinary.run(["build", "Site", "-o", "out"], in: folder.url)
        #expect(build.status == 1 && build.stderr.contains("Site/home.JSON: error: makes the same page as home.json"), "\(build.stderr)")
        try folder.write("Site/vitrine.json", #"{"exclude":["home.JSON"]}"#)
        let excluded = try VitrineBinary.run(["build", "Site", "-o", "out"], in: folder.url)
        #expect(excluded.status == 0 && excluded.stderr.contains("(0 errors, 0 warnings)"), "\(excluded.stderr)")
        #expect(try folder.read("out/screens/home.html").contains("Lower"))
    }

    /// `--base main...HEAD` compares with the merge base, as a pull request does: changes made
    /// on main since the branch started are not the branch's.
    @Test func aThreeDotBaseComparesWithTheMergeBase() throws {
        let folder = try Self.repository(committing: [
            "Site/a.json": Self.scene([("a", "A")]),
            "Site/b.json": Self.scene([("b", "B")]),
        ], message: "start")
        try Self.git(["checkout", "-q", "-b", "feature"], in: folder.url)
        try folder.write("Site/a.json", Self.scene([("a", "A on the branch")]))
        try Self.git(["commit", "-q", "-am", "branch"], in: folder.url)
        try Self.git(["checkout", "-q", "main"], in: folder.url)
        try folder.write("Site/b.json", Self.scene([("b", "B on main")]))
        try Self.git(["commit", "-q", "-am", "main moves on"], in: folder.url)
        try Self.git(["checkout", "-q", "feature"], in: folder.url)

        let twoDot = try VitrineBinary.run(["diff", "--base", "main", "Site", "--json", "-"], in: folder.url)
        #expect(twoDot.stdout.contains(#""path" : "a.json""#) && twoDot.stdout.contains(#""path" : "b.json""#))
        let threeDot = try VitrineBinary.run(["diff", "--base", "main...HEAD", "Site", "--json", "-"], in: folder.url)
        #expect(threeDot.status == 0, "\(threeDot.stderr)")
        #expect(threeDot.stdout.contains(#""path" : "a.json""#) && !threeDot.stdout.contains(#""path" : "b.json""#), "\(threeDot.stdout)")
        // B is read for the merge base only: one that is not checked out would be ignored.
        let otherEnd = try VitrineBinary.run(["diff", "--base", "feature...main", "Site"], in: folder.url)
        #expect(otherEnd.status == 1 && otherEnd.stderr.contains("feature...main: main is not the checked-out commit"), "\(otherEnd.stderr)")
        let namedEnd = try VitrineBinary.run(["diff", "--base", "main...feature", "Site", "--json", "-"], in: folder.url)
        #expect(namedEnd.status == 0 && namedEnd.stdout == threeDot.stdout.replacingOccurrences(of: "main...HEAD", with: "main...feature"), "\(namedEnd.stderr)")
        let bad = try VitrineBinary.run(["diff", "--base", "nope...HEAD", "Site"], in: folder.url)
        #expect(bad.status == 1 && bad.stderr.contains("nope is not a commit"), "\(bad.stderr)")
        // Two dots name a range, which git diff takes and Vitrine does not: the message says what to give.
        let range = try VitrineBinary.run(["diff", "--base", "main..HEAD", "Site"], in: folder.url)
        #expect(range.status == 1 && range.stderr.contains("main..HEAD is not a commit in the repository of Site (NEW is the folder on disk; "
                                                             + "give one revision, or `A...B` for where B left A)"), "\(range.stderr)")

        // A shallow clone lacks the base's history: the message says why.
        try Self.git(["clone", "-q", "--depth", "1", "--branch", "feature", "file://" + folder.path("."), "shallow"], in: folder.url)
        let shallow = try VitrineBinary.run(["diff", "--base", "HEAD~1", "shallow/Site"], in: folder.url)
        #expect(shallow.status == 1 && shallow.stderr.contains("HEAD~1 is not a commit") && shallow.stderr.contains("this clone is shallow"),
                "\(shallow.stderr)")
    }

    /// git takes a tag over a branch of the same name, and says so only when asked: Vitrine passes it on.
    @Test func aNameThatIsATagAndABranchIsWarnedOf() throws {
        let folder = try Self.repository(committing: [
            "Site/a.json": Self.scene([("a", "Tagged")]),
        ], message: "tagged")
        try Self.git(["tag", "release"], in: folder.url)
        try folder.write("Site/a.json", Self.scene([("a", "Branched")]))
        try Self.git(["commit", "-q", "-am", "branched"], in: folder.url)
        try Self.git(["branch", "release"], in: folder.url)

        let run = try VitrineBinary.run(["diff", "--base", "release", "Site", "--json", "-"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("vitrine: warning: refname 'release' is ambiguous. git takes the first of tags/, heads/ and remotes/ that has it; "
                + "write tags/…, heads/… or remotes/… to say which\n"),
                "\(run.stderr)")
        #expect(run.stdout.contains(#""path" : "a.json""#), "the tag, an older commit, is compared")
        let branch = try VitrineBinary.run(["diff", "--base", "heads/release", "Site", "--json", "-"], in: folder.url)
        #expect(branch.status == 0 && !branch.stderr.contains("warning"), "\(branch.stderr)")
        #expect(!branch.stdout.contains(#""path" : "a.json""#), "the branch is the working tree")
        let build = try VitrineBinary.run(["build", "Site", "-o", "out", "--compare", "release", "--quiet"], in: folder.url)
        #expect(build.stderr.contains("vitrine: warning: refname 'release' is ambiguous."), "\(build.stderr)")
    }

    @Test func buildCompareAddsAChangesSectionToTheCatalogue() throws {
        let folder = try TemporaryFolder()
        try Self.git(["init", "-q", "-b", "main"], in: folder.url)
        try folder.write("Site/a.json", Self.scene([("a", "A")]))
        try folder.write("Site/b.json", Self.scene([("b", "B")]))
        let feed = #"[{"id":4,"title":"T","layoutTemplateDTO":{"layoutTemplate":"card_01","scrollDirection":"horizontal","groupOrientation":"horizontal"},"cellType":"card_image","buttonTypes":["alllist"],"data":[]}]"#
        try folder.write("Site/f.json", feed)
        try Self.git(["add", "-A"], in: folder.url)
        try Self.git(["commit", "-q", "-m", "one"], in: folder.url)
        try folder.write("Site/a.json", Self.scene([("a", "A2")]))
        try folder.write("Site/f.json", feed.replacingOccurrences(of: #""title":"T""#, with: #""title":"T2""#))
        let run = try VitrineBinary.run(["build", "Site", "-o", "site", "--compare", "HEAD"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        // With --format json, stdout is still one document, the comparison's problems in it.
        let json = try VitrineBinary.run(["build", "Site", "-o", "site-json", "--compare", "HEAD", "--format", "json"], in: folder.url)
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(document?["payloadFiles"] as? Int == 3, "\(json.stdout)")
        #expect(run.stderr.hasSuffix("\n2 payload files changed since HEAD → site/changes/index.html\n"), "\(run.stderr)")
        let site = folder.files(under: "site")
        #expect(site["changes/index.html"] != nil && site["changes/files/a.html"] != nil && site["changes/frames/a.html"] != nil)
        let index = String(decoding: site["index.html"] ?? Data(), as: UTF8.self)
        #expect(index.contains(#"<a href="changes/index.html">Changes (2)</a>"#))
        let report = String(decoding: site["changes/files/a.html"] ?? Data(), as: UTF8.self)
        #expect(report.contains(#"<a href="../../changes/index.html">All changes</a> · <a href="../../screens/a.html">Screen page</a>"#)
            && report.contains(#"<a href="../../index.html">Screens</a>"#))
        // A changed screen's pages (an all-list too) link to its report page; the unchanged one's do not.
        let changed = String(decoding: site["screens/a.html"] ?? Data(), as: UTF8.self)
        #expect(changed.contains(#"<a href="../changes/files/a.html">What changed</a>"#))
        let allList = String(decoding: site["screens/f.all-4.html"] ?? Data(), as: UTF8.self)
        #expect(allList.contains(#"<a href="../changes/files/f.html">What changed</a>"#))
        let unchanged = String(decoding: site["screens/b.html"] ?? Data(), as: UTF8.self)
        #expect(!unchanged.isEmpty && !unchanged.contains("What changed"))
        let bad = try VitrineBinary.run(["build", "Site", "-o", "site2", "--compare", "no-such-branch"], in: folder.url)
        #expect(bad.status == 2 && bad.stderr.contains("no-such-branch is not a commit"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("site2")), "a revision git cannot read writes nothing")
    }

    @Test func exitCodesSayWhatWasFound() throws {
        let folder = try TemporaryFolder()
        try folder.write("old/a.json", Self.scene([("a", "A")]))
        try folder.write("same/a.json", Self.scene([("a", "A")]))
        try folder.write("text/a.json", Self.scene([("a", "A!")]))
        try folder.write("added/a.json", Self.scene([("a", "A"), ("b", "B")]))
        try folder.write("broken/a.json", #"{"container": "#)
        func status(_ arguments: [String]) throws -> Int32 { try VitrineBinary.run(["diff", "-q"] + arguments, in: folder.url).status }
        #expect(try status(["old", "same", "--exit-code"]) == 0)
        #expect(try status(["old", "text"]) == 0)
        #expect(try status(["old", "text", "--exit-code"]) == 2)
        #expect(try status(["old", "text", "--fail-on", "any"]) == 2)
        #expect(try status(["old", "text", "--fail-on", "structure"]) == 0)
        // Together, --exit-code would widen the gate --fail-on narrows: a usage error.
        let both = try VitrineBinary.run(["diff", "-q", "old", "text", "--fail-on", "breaking", "--exit-code"], in: folder.url)
        #expect(both.status == 64 && both.stderr.contains("not both"), "\(both.stderr)")
        #expect(try status(["old", "text", "--fail-on", "content"]) == 2)
        #expect(try status(["old", "added", "--fail-on", "content"]) == 2)
        try folder.write("styled/a.json", Self.scene([("a", "A")]).replacingOccurrences(of: #""text":"A""#, with: ##""text":"A","foregroundColor":"#FF0000""##))
        #expect(try status(["old", "styled", "--fail-on", "content"]) == 0)
        #expect(try status(["old", "styled", "--fail-on", "any"]) == 2)
        #expect(try status(["old", "styled", "--fail-on", "style"]) == 2)
        #expect(try status(["old", "same", "--fail-on", "style"]) == 0)
        let bare = try VitrineBinary.run(["diff", "-q", "old", "styled", "--ignore", "foregroundColor", "--fail-on", "any"], in: folder.url)
        #expect(bare.status == 2)
        #expect(bare.stderr == "vitrine: warning: --ignore foregroundColor matches only a top-level key; '**/foregroundColor' matches it anywhere\n")
        #expect(try status(["old", "styled", "--ignore", "**/foregroundColor", "--fail-on", "any"]) == 0)
        let ignoring = try VitrineBinary.run(["diff", "old", "styled", "--ignore", "**/foregroundColor"], in: folder.url)
        #expect(ignoring.stderr == "No changes in the 1 payload file compared; 1 difference ignored\n", "what --ignore left out is counted")
        #expect(try status(["old", "added", "--fail-on", "structure"]) == 2)
        #expect(try status(["old", "added", "--fail-on", "breaking"]) == 0)
        #expect(try status(["old", "broken", "--fail-on", "breaking"]) == 2)
        #expect(try status(["old", "missing"]) == 1)
        #expect(try status(["--base", "HEAD", "old"]) == 1, "not a git repository")
        #expect(try status(["old"]) == 64)
    }

    /// A payload whose pages cannot be named is left out of the comparison as the build leaves
    /// it out of the site: with the build's error, and exit code 1, never silently.
    @Test func aPayloadNamedTooLongIsReportedNotSkippedSilently() throws {
        let folder = try TemporaryFolder()
        let long = String(repeating: "x", count: 250) + ".json"
        try folder.write("old/a.json", Self.scene([("a", "A")]))
        try folder.write("new/a.json", Self.scene([("a", "A")]))
        try folder.write("new/" + long, Self.scene([("b", "B")]))
        let run = try VitrineBinary.run(["diff", "old", "new"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains("new/\(long): error: name too long for its pages"))
        #expect(run.stderr.hasSuffix("No changes in the 1 payload file compared\n"))
    }

    /// Asked for no report, `diff` lists the changes on standard output, as `git diff` would
    /// (it printed only its count line); a report asked for, or `-q`, leaves standard output to it.
    @Test func withNoReportTheChangesAreListed() throws {
        let folder = try TemporaryFolder()
        try folder.write("old/a\u{202E}b.json", Self.scene([("a", "Hello"), ("b", "Bye")]))
        try folder.write("new/a\u{202E}b.json", Self.scene([("a", "Hello, world")]))
        let run = try VitrineBinary.run(["diff", "old", "new"], in: folder.url)
        #expect(run.status == 0)
        #expect(run.stdout == #"a\u202Eb.json (changed): 0 breaking, 1 structure, 1 content, 0 style"# + "\n"
                + #"  structure text b removed: was {"Bye"} (old 1:177) at /container/views/1"# + "\n"
                + #"  content a: text changed: "Hello" → "Hello, world" (1:167 → 1:167) at /container/views/0/component/text"# + "\n", "\(run.stdout)")
        #expect(try VitrineBinary.run(["diff", "old", "new", "-q"], in: folder.url).stdout.isEmpty)
        #expect(try VitrineBinary.run(["diff", "old", "new", "--json", "c.json"], in: folder.url).stdout.isEmpty)
    }

    /// A note's file names are code whatever they hold, and its own quoted words are code in
    /// the HTML report too: one name with a backquote made the whole Markdown note escaped
    /// text, and the HTML report showed every note's backquotes as written.
    @Test func notesShowFileNamesAsCodeInEveryReport() throws {
        let folder = try TemporaryFolder()
        for name in ["we`ird", "ok"] {
            try folder.write("old/\(name).json", Self.scene([("a", "A")]))
            try folder.write("new/\(name).json", Self.scene([("a", "A")]).replacingOccurrences(of: ",", with: ", "))
        }
        let run = try VitrineBinary.run(["diff", "old", "new", "-o", "report", "--markdown", "-", "-q"], in: folder.url)
        #expect(run.stdout.contains("> **Note:** `ok.json`, `` we`ird.json `` changed only in how they are written (spacing, key order, `1.0` for `1`, "), "\(run.stdout)")
        let index = String(decoding: folder.files(under: "report")["index.html"] ?? Data(), as: UTF8.self)
        #expect(index.contains("<strong>Note:</strong> <code>ok.json</code>, <code>we`ird.json</code> changed only in how they are written "
                               + "(spacing, key order, <code>1.0</code> for <code>1</code>, "), "\(index)")
    }

    /// A payload over the size limit is named in every report as not compared (the comment
    /// said "No payload changes"); the limit is NEW's `limits.fileSizeMiB` or `--max-file-size`.
    @Test func aPayloadTooLargeToReadIsNamedAsNotCompared() throws {
        let folder = try TemporaryFolder()
        let padding = String(repeating: " ", count: 1_200_000)
        try folder.write("old/big.json", Self.scene([("a", "A")]) + padding)
        try folder.write("new/big.json", Self.scene([("a", "B")]) + padding)
        try folder.write("new/vitrine.json", #"{"limits":{"fileSizeMiB":1}}"#)
        let run = try VitrineBinary.run(["diff", "old", "new", "--markdown", "-"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("## Vitrine: payload changes\n\nComparing `old` → `new`.\n\n**Not compared** (1 file):\n\n- `big.json`: file larger than 1 MiB ("))
        let json = try VitrineBinary.run(["diff", "old", "new", "--json", "-"], in: folder.url)
        #expect(json.status == 1 && json.stdout.contains(#""path" : "big.json""#))
        let raised = try VitrineBinary.run(["diff", "old", "new", "--max-file-size", "2", "--markdown", "-"], in: folder.url)
        #expect(raised.status == 0 && raised.stdout.contains("text changed") && !raised.stdout.contains("Not compared"))
    }

    /// A payload too large to read whose bytes did not change is unchanged, in two folders and
    /// against a git revision (git hashes it): one large payload failed every pull request's diff.
    @Test func anUnchangedPayloadTooLargeToReadIsUnchanged() throws {
        let folder = try TemporaryFolder()
        let big = Self.scene([("a", "A")]) + String(repeating: " ", count: 1_200_000)
        try folder.write("old/big.json", big)
        try folder.write("new/big.json", big)
        let run = try VitrineBinary.run(["diff", "old", "new", "--max-file-size", "1", "--markdown", "-"], in: folder.url)
        #expect(run.status == 0 && !run.stdout.contains("Not compared") && run.stderr.isEmpty, "\(run.stdout)\(run.stderr)")
        // Two folders' files are compared byte for byte, with no git; a byte changed is a change.
        try folder.write("new/big.json", big.replacingOccurrences(of: #""A""#, with: #""B""#))
        #expect(try VitrineBinary.run(["diff", "old", "new", "--max-file-size", "1", "-q"], in: folder.url).status == 1)
        try folder.write("new/big.json", big)
        try Self.git(["init", "-q", "-b", "main"], in: folder.url)
        try Self.git(["add", "-A"], in: folder.url)
        try Self.git(["commit", "-q", "-m", "base"], in: folder.url)
        #expect(try VitrineBinary.run(["diff", "--base", "HEAD", "new", "--max-file-size", "1", "-q"], in: folder.url).status == 0)
        try folder.write("new/big.json", big + " ")
        let edited = try VitrineBinary.run(["diff", "--base", "HEAD", "new", "--max-file-size", "1", "--markdown", "-"], in: folder.url)
        #expect(edited.status == 1 && edited.stdout.contains("- `big.json`: file larger than 1 MiB ("), "\(edited.stdout)")
    }

    /// A crafted tree entry no folder could hold (`payloads//abs.json`, an empty name part) is
    /// skipped as a walk would never meet it: it had failed the report (an unsafe output path)
    /// and left a temporary file behind. A blob over the limit, under several names, is named
    /// with its size for each and never read (its bytes had been held once per name).
    @Test func aCraftedTreeEntryIsSkippedAndALargeBlobIsNeverRead() throws {
        let folder = try TemporaryFolder()
        try folder.write("payloads/a.json", Self.scene([("t", "A")]))
        try folder.write("payloads/big.json", Self.scene([("t", "B")]) + String(repeating: " ", count: 2_000_000))
        try Self.git(["init", "-q", "-b", "main"], in: folder.url)
        try Self.git(["add", "-A"], in: folder.url)
        try Self.git(["commit", "-q", "-m", "base"], in: folder.url)
        let script = #"""
            a=$(git hash-object -w payloads/a.json); big=$(git hash-object -w payloads/big.json)
            sub=$(python3 -c "import sys; e=lambda m,n,h: m+b' '+n+b'\0'+bytes.fromhex(h); sys.stdout.buffer.write(e(b'100644',b'/abs.json','$a')+e(b'100644',b'a.json','$a')+e(b'100644',b'big.json','$big')+e(b'100644',b'big2.json','$big'))" | git hash-object -t tree --literally -w --stdin)
            root=$(printf '40000 payloads\0' | cat - <(python3 -c "import sys; sys.stdout.buffer.write(bytes.fromhex('$sub'))") | git hash-object -t tree -w --stdin)
            git update-ref refs/heads/crafted $(git -c user.name=T -c user.email=t@example.com commit-tree $root -m crafted)
            """#
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/bash")
        shell.arguments = ["-c", script]
        shell.currentDirectoryURL = folder.url
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        let run = try VitrineBinary.run(["diff", "--base", "crafted", "payloads", "-o", "report", "--markdown", "-", "--max-file-size", "1", "-q"], in: folder.url)
        #expect(run.status == 1, "\(run.stderr)")  // the large payloads are not compared
        #expect(!run.stderr.contains("not a safe relative output path"), "\(run.stderr)")
        // `big.json` is the same blob in both (unchanged); `big2.json` is gone, and not read.
        #expect(run.stdout.contains("- `big2.json`: file larger than 1 MiB (2000") && !run.stdout.contains("- `big.json`"), "\(run.stdout)")
        #expect(!run.stdout.contains("abs.json"), "\(run.stdout)")
        let report = folder.files(under: "report")
        #expect(report["index.html"] != nil && !report.keys.contains { $0.contains(".vitrine-tmp") }, "\(report.keys.sorted())")
    }

    /// The render alone of `x.json` is never the report page of `x.frame.json` (one
    /// overwrote the other, whichever was written last).
    @Test func aFramePageNeverTakesAnotherFilesPage() throws {
        let folder = try TemporaryFolder()
        for name in ["x", "x.frame"] {
            try folder.write("old/\(name).json", Self.scene([("t", name)]))
            try folder.write("new/\(name).json", Self.scene([("t", name + "!")]))
        }
        let run = try VitrineBinary.run(["diff", "old", "new", "-o", "report", "-q"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        let report = folder.files(under: "report")
        let page = String(decoding: report["files/x.frame.html"] ?? Data(), as: UTF8.self)
        #expect(page.contains(#"data-v-side="before""#) && page.contains("x.frame!"))
        #expect(report["frames/x.html"] != nil && report["frames/x.frame.html"] != nil && report["files/x.html"] != nil)
    }

    /// `diff.ignore` is the old revision's, and `exclude` leaves a payload out only when both
    /// revisions do: a change that adds a rule to hide itself is still reported, with a warning
    /// (the rule applies from then on); a rule of the base leaves its changes out.
    @Test func ignoreRulesComeFromTheOldRevision() throws {
        let folder = try TemporaryFolder()
        let hiding = #"{"diff":{"ignore":["**"]}}"#
        try folder.write("old/a.json", Self.scene([("a", "A")]))
        try folder.write("new/a.json", Self.scene([("a", "B")]))
        try folder.write("new/vitrine.json", hiding)
        let hidden = try VitrineBinary.run(["diff", "old", "new", "--markdown", "-", "--fail-on", "content"], in: folder.url)
        #expect(hidden.status == 2 && hidden.stdout.contains("text changed"), "\(hidden.stdout)")
        #expect(hidden.stderr.hasPrefix("vitrine: warning: the new vitrine.json changes diff.ignore or exclude; the old revision's rules apply"))
        // The pull request's reviewers read it too, not only the job's log.
        #expect(hidden.stdout.contains("\n\n> **Note:** the new vitrine.json changes diff.ignore or exclude; the old revision's rules apply"))
        let json = try VitrineBinary.run(["diff", "old", "new", "--json", "-"], in: folder.url)
        #expect(json.stdout.contains(#""notes" : ["#) && json.stdout.contains("the old revision's rules apply"), "\(json.stdout)")
        // Nor by leaving the payload out of the site.
        try folder.write("new/vitrine.json", #"{"exclude":["a.json"]}"#)
        let excluded = try VitrineBinary.run(["diff", "old", "new", "--markdown", "-", "--fail-on", "content"], in: folder.url)
        #expect(excluded.status == 2 && excluded.stdout.contains("text changed"), "\(excluded.stdout)")
        try folder.write("new/vitrine.json", hiding)
        try folder.write("old/vitrine.json", hiding)
        let ignored = try VitrineBinary.run(["diff", "old", "new", "--markdown", "-", "--fail-on", "content"], in: folder.url)
        #expect(ignored.status == 0 && !ignored.stdout.contains("text changed") && ignored.stderr.isEmpty, "\(ignored.stdout)")
    }

    /// A side with no render says why: the file is not in that revision, or where it stops
    /// decoding; a whole-file change shows no pointer.
    @Test func aSideWithoutARenderSaysWhy() throws {
        let folder = try TemporaryFolder()
        try folder.write("old/a.json", Self.scene([("a", "A")]))
        try folder.write("new/a.json", #"{"container": "#)
        try folder.write("new/b.json", Self.scene([("b", "B")]))
        #expect(try VitrineBinary.run(["diff", "old", "new", "-o", "report", "-q"], in: folder.url).status == 0)
        let report = folder.files(under: "report")
        let broken = String(decoding: report["files/a.html"] ?? Data(), as: UTF8.self)
        #expect(broken.contains(#"<p class="v-meta">Nothing to draw: the payload does not decode at 1:15: "#), "\(broken)")
        let added = String(decoding: report["files/b.html"] ?? Data(), as: UTF8.self)
        #expect(added.contains(#"<p class="v-meta">Nothing to draw: the file is not in this revision.</p>"#))
        #expect(!added.contains("<code>/</code>"))
    }

    @Test func markdownToStandardOutputIsTheWholeOutput() throws {
        let folder = try TemporaryFolder()
        try folder.write("old/a.json", Self.scene([("a", "A")]))
        try folder.write("new/a.json", Self.scene([("a", "B")]))
        let run = try VitrineBinary.run(["diff", "old", "new", "--markdown", "-"], in: folder.url)
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("## Vitrine: payload changes\n") && run.stdout.contains("| `a.json` | changed | 0 | 0 | 1 | 0 |"))
    }

    /// A report never goes into a site's folder, where it would remove the site's pages as
    /// stale, and a build never goes into a report's folder, with or without `--force`.
    @Test func aReportAndASiteNeverShareAFolder() throws {
        let folder = try TemporaryFolder()
        try folder.write("old/a.json", Self.scene([("a", "A")]))
        try folder.write("new/a.json", Self.scene([("a", "B")]))
        #expect(try VitrineBinary.run(["build", "new", "-o", "site", "-q"], in: folder.url).status == 0)
        let site = folder.files(under: "site")
        #expect(try VitrineBinary.run(["diff", "old", "new", "-o", "report", "-q"], in: folder.url).status == 0)
        let report = folder.files(under: "report")
        for force in [[], ["--force"]] {
            let diff = try VitrineBinary.run(["diff", "old", "new", "-o", "site", "-q"] + force, in: folder.url)
            #expect(diff.status == 1 && diff.stderr.contains("site: holds the output of vitrine build, which vitrine diff would replace; give another folder"),
                    "\(diff.stderr)")
            let build = try VitrineBinary.run(["build", "new", "-o", "report", "-q"] + force, in: folder.url)
            #expect(build.status == 2 && build.stderr.contains("report: holds the output of vitrine diff, which vitrine build would replace; give another folder"),
                    "\(build.stderr)")
        }
        #expect(folder.files(under: "site") == site)
        #expect(folder.files(under: "report") == report)
    }

    @Test func theReportIsNeverWrittenIntoAnInput() throws {
        let folder = try TemporaryFolder()
        try folder.write("old/a.json", Self.scene([("a", "A")]))
        try folder.write("new/a.json", Self.scene([("a", "B")]))
        try folder.write("new/payloads/b.json", Self.scene([("b", "B")]))
        for force in [[], ["--force"]] {
            for input in ["old", "new"] {
                let run = try VitrineBinary.run(["diff", "old", "new", "-o", input] + force, in: folder.url)
                #expect(run.status == 1)
                #expect(run.stderr.contains("\(input): refusing to write into the input folder \(input)\n"), "\(run.stderr)")
            }
            // A report folder inside an input would hide the payloads beside its marker from every later run.
            let inside = try VitrineBinary.run(["diff", "old", "new", "-o", "new/payloads"] + force, in: folder.url)
            #expect(inside.status == 1)
            #expect(inside.stderr.contains("new/payloads: refusing to write into a non-empty folder inside the input"), "\(inside.stderr)")
        }
        // Nor a Markdown or JSON report, which would replace a payload or become one.
        for (option, file) in [("--json", "new/a.json"), ("--markdown", "new/notes.md"), ("--json", "old/payloads.json")] {
            let run = try VitrineBinary.run(["diff", "old", "new", option, file], in: folder.url)
            #expect(run.status == 1)
            #expect(run.stderr.contains("\(file): refusing to write a report inside the input folder"), "\(run.stderr)")
        }
        #expect(folder.files(under: "old").keys.sorted() == ["a.json"])
        #expect(folder.files(under: "new").keys.sorted() == ["a.json", "payloads/b.json"])
        #expect(try folder.read("new/a.json") == Self.scene([("a", "B")]))
    }

    /// A changed `vitrine.json` changes renders though no payload differs: it is a change for
    /// `--exit-code`, named in the summary and in the HTML report.
    @Test func aChangedConfigurationIsAChange() throws {
        let folder = try TemporaryFolder()
        for side in ["old", "new"] {
            try folder.write("\(side)/a.json", Self.scene([("a", "A")]))
            try folder.write("\(side)/vitrine.json", side == "old" ? #"{"title": "A"}"# : #"{"title": "B"}"#)
        }
        let run = try VitrineBinary.run(["diff", "old", "new", "--exit-code", "-o", "report"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr == "No changes in the 1 payload file compared; 1 other input changed → report/index.html\n")
        let index = String(decoding: folder.files(under: "report")["index.html"] ?? Data(), as: UTF8.self)
        #expect(index.contains("<li><code>vitrine.json</code> changed<ul><li><code>/title: title changed: &quot;A&quot; → &quot;B&quot;</code></li></ul></li>"))
        // A configuration that no longer parses is breaking: said on the terminal, and --fail-on breaking fails.
        try folder.write("new/vitrine.json", #"{"title": "B","#)
        let broken = try VitrineBinary.run(["diff", "old", "new", "--fail-on", "breaking", "-q"], in: folder.url)
        #expect(broken.status == 2 && broken.stderr.hasPrefix("new/vitrine.json:1:15: error: "), "\(broken.stderr)")
    }

    /// Each side is drawn as its own revision's `vitrine.json` says: a currency moved in front
    /// of the price shows as such (the before side was drawn with the new configuration too).
    @Test func theBeforeRenderFollowsTheOldConfiguration() throws {
        let feed = try String(contentsOf: VitrineBinary.repository.appendingPathComponent("Site/payloads/feeds/homeList.json"), encoding: .utf8)
        let folder = try TemporaryFolder()
        try folder.write("old/home.json", feed)
        try folder.write("new/home.json", feed.replacingOccurrences(of: #""title": "Camping""#, with: #""title": "Camping!""#))
        try folder.write("new/vitrine.json", #"{"feed": {"currency": "€", "currencyPosition": "before"}}"#)
        let run = try VitrineBinary.run(["diff", "old", "new", "-o", "report"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        let page = String(decoding: folder.files(under: "report")["files/home.html"] ?? Data(), as: UTF8.self)
        let sides = page.components(separatedBy: #"data-v-side="after""#)
        #expect(sides.count == 2 && page.contains("Camping!"))
        #expect(sides.first?.contains("Min. 50 TL") == true && sides.first?.contains("€") == false, "before: the old revision's TL after the price")
        #expect(sides.last?.contains("Min. €50") == true && sides.last?.contains(" TL") == false, "after: the new revision's € before it")
    }

    /// The report copies NEW's assets only, so both renders draw with them: an asset only OLD
    /// has is a missing asset on the before side too, never a link to a file not in the report.
    @Test func bothRendersDrawWithTheAssetsTheReportHolds() throws {
        let folder = try TemporaryFolder()
        let image = { (text: String) in
            #"{"hasNavigationBar":false,"container":{"componentId":"r","layout":{"type":"v","alignment":"center"},"views":["#
                + #"{"type":"image","component":{"componentId":"i","imageURL":"scooter"}},{"type":"text","component":{"componentId":"t","text":"\#(text)"}}]}}"#
        }
        try folder.write("old/a.json", image("A"))
        try folder.write("old/assets/scooter.svg", #"<svg xmlns="http://www.w3.org/2000/svg"/>"#)
        try folder.write("new/a.json", image("B"))
        let run = try VitrineBinary.run(["diff", "old", "new", "-o", "report", "-q"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        let report = folder.files(under: "report")
        #expect(report["assets/scooter.svg"] == nil)
        let page = String(decoding: try #require(report["files/a.html"]), as: UTF8.self)
        #expect(!page.contains("scooter.svg"))
        let sides = page.components(separatedBy: #"data-v-side="after""#)
        #expect(sides.count == 2)
        for side in sides {
            #expect(side.contains(#"class="v-placeholder v-warning" data-v-path="/container/views/0/component" data-v-id="i" title="asset “scooter”""#),
                    "each side draws the missing asset's placeholder")
        }
    }

    /// git's own message of several lines (a repository owned by another user, as in a CI
    /// container) is printed as lines, its command copyable, not with `\u{A}` escapes.
    @Test(.enabled(if: getuid() == 0, "needs root to give the repository another owner"))
    func aGitMessageOfSeveralLinesKeepsItsLines() throws {
        let folder = try Self.repository(committing: [
            "Site/a.json": Self.scene([("a", "A")]),
        ])
        guard chown(folder.path(".git"), 4242, 4242) == 0 else { throw CocoaError(.fileWriteNoPermission) }
        let run = try VitrineBinary.run(["diff", "--base", "HEAD", "Site"], in: folder.url, environment: ["GIT_CONFIG_GLOBAL": "/dev/null"])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("vitrine: error: git rev-parse: fatal: detected dubious ownership in repository at"), "\(run.stderr)")
        #expect(run.stderr.contains("\n        git config --global --add safe.directory ") && !run.stderr.contains("\\u{"), "\(run.stderr)")
    }

    /// A report written to a pipe or device (`--markdown /dev/stdout`, `/dev/null`, `>(…)`) is
    /// written into it: it replaced `/dev/null` with a file once, as a file is replaced whole.
    @Test func aReportIntoAPipeIsWrittenIntoIt() throws {
        let folder = try TemporaryFolder()
        try folder.write("old/a.json", Self.scene([("a", "A")]))
        try folder.write("new/a.json", Self.scene([("a", "B")]))
        let fifo = folder.path("summary.pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        // Opened first, without waiting for a writer, so the run's write finds a reader.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        let run = try VitrineBinary.run(["diff", "old", "new", "--markdown", fifo, "-q"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "the pipe is still a pipe")
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = read(reader, &buffer, buffer.count)
        #expect(count > 0 && String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self).hasPrefix("## Vitrine: payload changes"))
    }

    /// A report path that leads somewhere else keeps leading there: a symlink stays a symlink and
    /// its file gets the report; `/dev/stdout` redirected to a file is written where the shell
    /// points it (it replaced the container's `/dev/stdout` with a file once, and the redirected
    /// file stayed empty).
    @Test func aReportThroughALinkKeepsTheLink() throws {
        let folder = try TemporaryFolder()
        try folder.write("old/a.json", Self.scene([("a", "A")]))
        try folder.write("new/a.json", Self.scene([("a", "B")]))
        try folder.write("reports/target.json", "old report")
        try FileManager.default.createSymbolicLink(atPath: folder.path("link.json"), withDestinationPath: "reports/target.json")
        let linked = try VitrineBinary.run(["diff", "old", "new", "--json", "link.json", "-q"], in: folder.url)
        #expect(linked.status == 0, "\(linked.stderr)")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: folder.path("link.json"))) == "reports/target.json")
        #expect(try folder.read("reports/target.json").contains(#""class" : "content""#))

        // The shell's redirection, as a CI step writes it; `>>` appends after what is there.
        try folder.write("stream.json", "before\n")
        let streamed = try VitrineBinary.run(["diff", "old", "new", "-q", "--json", "/dev/stdout"], in: folder.url,
                                             through: ["/bin/sh", "-c", #"exec "$0" "$@" >> stream.json"#])
        #expect(streamed.status == 0, "\(streamed.stderr)")
        let stream = try folder.read("stream.json")
        #expect(stream.hasPrefix("before\n{") && stream.contains(#""class" : "content""#), "\(stream)")

        // Another process's stream (`/proc/PID/fd/1` of the shell, a pipe) is written into; it was taken for a path.
        let others = try VitrineBinary.run(["diff", "old", "new", "-q"], in: folder.url,
                                           through: ["/bin/sh", "-c", #""$0" "$@" --json /proc/$$/fd/1"#])
        #expect(others.status == 0 && others.stdout.contains(#""class" : "content""#), "\(others.stderr)")
        // A closed standard output, and links in a loop, are said; the loop stays a loop.
        let closed = try VitrineBinary.run(["diff", "old", "new", "--json", "-"], in: folder.url, through: ["/bin/sh", "-c", #"exec "$0" "$@" >&-"#])
        #expect(closed.status == 1 && closed.stderr.contains("-: cannot write: standard output is closed"), "\(closed.stderr)")
        try FileManager.default.createSymbolicLink(atPath: folder.path("loop-a"), withDestinationPath: "loop-b")
        try FileManager.default.createSymbolicLink(atPath: folder.path("loop-b"), withDestinationPath: "loop-a")
        let loop = try VitrineBinary.run(["diff", "old", "new", "--json", "loop-a"], in: folder.url)
        #expect(loop.status == 1 && loop.stderr.contains("loop-a: cannot write: too many levels of symbolic links"), "\(loop.stderr)")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: folder.path("loop-a"))) == "loop-b")
        // Two names of one file (a redirection and the file's own name) are one file.
        let same = try VitrineBinary.run(["diff", "old", "new", "--json", "both.json", "--markdown", "/dev/stdout"], in: folder.url,
                                         through: ["/bin/sh", "-c", #"exec "$0" "$@" > both.json"#])
        #expect(same.status == 64, "\(same.stderr)")
    }

    /// A folder part of which cannot be read is not compared: its payloads read as removed, and
    /// the summary said so. As root, the diff runs as `nobody` through util-linux's `setpriv`.
    @Test(.enabled(if: VitrineBinary.modesApply))
    func aFolderThatCannotBeReadWholeIsNotCompared() throws {
        let folder = try TemporaryFolder()
        try folder.write("old/sub/a.json", Self.scene([("a", "A")]))
        try folder.write("new/sub/a.json", Self.scene([("a", "A")]))
        chmod(folder.url.path, 0o777)
        chmod(folder.path("new/sub"), 0)
        defer { chmod(folder.path("new/sub"), 0o755) }
        let run = try VitrineBinary.run(["diff", "old", "new", "--markdown", "summary.md"], in: folder.url, through: VitrineBinary.asNobody)
        #expect(run.status == 1 && run.stderr.contains("new/sub: error: cannot read directory: Permission denied"), "\(run.stderr)")
        #expect(run.stderr.contains("vitrine: error: folder new cannot be read whole"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("summary.md")))
    }

    /// Problems with the command itself exit 1, the code of "could not compare", never 2, which
    /// a gate reads as "changes found".
    @Test func aCommandThatCannotRunExitsOne() throws {
        let folder = try TemporaryFolder()
        try folder.write("old/a.json", Self.scene([("a", "A")]))
        try folder.write("new/a.json", Self.scene([("a", "B")]))
        let cases: [([String], String)] = [
            (["diff", "old", "new", "-o", "report", "--theme", "nosuch"], "theme nosuch not found"),
            (["diff", "old", "new/a.json"], "new/a.json is a file; give the folder that holds the payloads"),
            (["diff", "old", "new", "--markdown", "nofolder/x.md"], "nofolder/x.md: there is no folder nofolder"),
            (["diff", "old", "new", "--json", "old/.."], "old/..: it is a folder; give a file name"),
        ]
        for (arguments, message) in cases {
            let run = try VitrineBinary.run(arguments + ["--fail-on", "any"], in: folder.url)
            #expect(run.status == 1, "\(arguments)")
            #expect(run.stderr.contains(message), "\(run.stderr)")
        }
        // The reports of an earlier run do not stay to pass for this one's: a plain file goes; a
        // link, and a file inside an input, stay.
        try folder.write("summary.md", "an earlier run's")
        try folder.write("elsewhere.json", "{}")
        try FileManager.default.createSymbolicLink(atPath: folder.path("changes.json"), withDestinationPath: "elsewhere.json")
        let stale = try VitrineBinary.run(["diff", "old", "missing", "--markdown", "summary.md", "--json", "changes.json"], in: folder.url)
        #expect(stale.status == 1 && stale.stderr.contains("missing does not exist"), "\(stale.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("summary.md")))
        #expect(FileManager.default.fileExists(atPath: folder.path("elsewhere.json")))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: folder.path("changes.json"))) == "elsewhere.json")
        let inside = try VitrineBinary.run(["diff", "old", "new", "--theme", "nosuch", "--json", "new/a.json"], in: folder.url)
        #expect(inside.status == 1 && folder.files(under: "new")["a.json"] != nil, "\(inside.stderr)")
        // A report file that cannot be written stops it before the other is written.
        try folder.write("changes2.json", "an earlier run's")
        let refused = try VitrineBinary.run(["diff", "old", "new", "--markdown", "old/summary.md", "--json", "changes2.json"], in: folder.url)
        #expect(refused.status == 1 && refused.stderr.contains("old/summary.md: refusing to write a report inside the input folder old"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("changes2.json")) && folder.files(under: "old").keys.sorted() == ["a.json"])
        let both = try VitrineBinary.run(["diff", "old", "new", "--json", "-", "--markdown", "-"], in: folder.url)
        #expect(both.status == 64 && both.stderr.contains("only one of --markdown and --json can go to standard output"), "\(both.stderr)")
        let same = try VitrineBinary.run(["diff", "old", "new", "--json", "r.out", "--markdown", "./r.out"], in: folder.url)
        #expect(same.status == 64 && same.stderr.contains("--markdown and --json name the same file"), "\(same.stderr)")
        let theme = try VitrineBinary.run(["diff", "old", "new", "--markdown", "-", "--theme", "nosuch"], in: folder.url)
        #expect(theme.status == 1 && theme.stderr.contains("theme nosuch not found") && theme.stdout.isEmpty, "\(theme.stderr)")
        let unnamed = try VitrineBinary.run(["diff", "old", "new", "-o", ""], in: folder.url)
        #expect(unnamed.status == 64 && unnamed.stderr.contains("--output needs a folder"), "\(unnamed.stderr)")
        // An empty revision was "  is not a commit" (exit 1); a report URL with a fragment got `/index.html` after it.
        let noBase = try VitrineBinary.run(["diff", "--base", "", "new"], in: folder.url)
        #expect(noBase.status == 64 && noBase.stderr.contains("--base needs a revision"), "\(noBase.stderr)")
        let longURL = try VitrineBinary.run(["diff", "old", "new", "--markdown", "-", "--report-url", "https://x.test/" + String(repeating: "r", count: 2_040)], in: folder.url)
        #expect(longURL.status == 64 && longURL.stderr.contains("--report-url is longer than 2,048 bytes"), "\(longURL.stderr)")
        for url in ["https://x.test/r#frag", "https://x.test/r?q=1", "javascript:alert(1)", "reports/pr-1", "https://x.test/a b", "https://"] {
            let run = try VitrineBinary.run(["diff", "old", "new", "--markdown", "-", "--report-url", url], in: folder.url)
            #expect(run.status == 64 && run.stderr.contains("--report-url must be an http or https URL"), "\(url): \(run.stderr)")
        }
    }
}
