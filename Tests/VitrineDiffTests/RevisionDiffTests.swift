import Testing
import VitrineCore
@testable import VitrineDiff

/// Files added, removed, renamed and changed between two revisions.
@Suite struct RevisionDiffTests {
    static let home = Fixture.scene(["a", "b", "c", "d"].map { Fixture.text($0, $0) })

    @Test func filesAreAddedRemovedRenamedAndChanged() {
        let old = MemoryRevision(["same.json": Self.home, "gone.json": Fixture.scene([Fixture.text("g", "G")]), "old-name.json": Self.home + " ",
                                  "edited.json": Fixture.scene([Fixture.text("e", "E")])])
        let new = MemoryRevision(["same.json": Self.home, "new-name.json": Self.home + " ", "edited.json": Fixture.scene([Fixture.text("e", "E2")]),
                                  "fresh.json": Fixture.scene([Fixture.text("f", "F")])])
        let diff = RevisionDiff(old: old.revision, new: new.revision)
        #expect(diff.files.map { "\($0.status.rawValue) \($0.oldPath.map { $0 + " → " } ?? "")\($0.path)" } == [
            "changed edited.json", "added fresh.json", "removed gone.json", "renamed old-name.json → new-name.json",
        ])
        #expect(diff.unchanged == 1)
    }

    /// J04 for names that differ only in Unicode normalisation: `café.json` renamed from NFC to
    /// NFD is two files to git and to Linux, so it is a rename, not the same file unchanged; a
    /// font renamed so is removed and added.
    @Test func aNameRespeltInAnotherNormalisationIsARename() {
        let (nfc, nfd) = ("caf\u{E9}", "cafe\u{301}")
        let old = MemoryRevision(["\(nfc).json": Self.home, "fonts/\(nfc).ttf": "font"])
        let new = MemoryRevision(["\(nfd).json": Self.home, "fonts/\(nfd).ttf": "font"])
        let diff = RevisionDiff(old: old.revision, new: new.revision)
        #expect(diff.files.map(\.status) == [.renamed] && diff.unchanged == 0)
        #expect(diff.files.first.map { Array($0.path.utf8) } == Array("\(nfd).json".utf8))
        #expect(diff.files.first?.oldPath.map { Array($0.utf8) } == Array("\(nfc).json".utf8))
        #expect(diff.inputChanges.map(\.status) == [.added, .removed])
    }

    /// A JSON file that is not a payload in either revision (a generator's notes) draws nothing,
    /// so its edits, addition, removal or rename are not payload changes; one that becomes a
    /// payload, or stops being one, still is.
    @Test func jsonFilesThatAreNotPayloadsAreNotCompared() {
        let notes = #"{"generated": true, "count": 1}"#
        let old = MemoryRevision(["notes.json": notes, "gone.json": #"{"a": 1}"#, "moved.json": #"{"b": 2}"#, "becomes.json": #"{"c": 3}"#,
                                  "edited.json": Fixture.scene([Fixture.text("e", "E")])])
        let new = MemoryRevision(["notes.json": #"{"generated": true, "count": 2}"#, "fresh.json": #"{"d": 4}"#, "moved-here.json": #"{"b": 2}"#,
                                  "becomes.json": Fixture.scene([Fixture.text("x", "X")]), "edited.json": Fixture.scene([Fixture.text("e", "E2")])])
        let diff = RevisionDiff(old: old.revision, new: new.revision)
        #expect(diff.files.map { "\($0.status.rawValue) \($0.path)" } == ["changed becomes.json", "changed edited.json"])
        #expect(diff.unchanged == 0)
    }

    /// A program's own dialect (`{"generated": …}` files here) makes its files payloads to compare.
    @Test func aProgramsOwnDialectsFilesAreCompared() {
        struct Notes: PayloadDialect {
            let name = "notes"
            func recognizes(_ root: JSONValue) -> Bool { root["generated"] != nil }
            func decode(_ root: JSONValue, context: inout DecodingContext) -> DecodedScreen {
                DecodedScreen(hasNavigationBar: false, root: ViewNode(.text(.init("notes")), source: context.source(of: root, at: .root)))
            }
        }
        let old = MemoryRevision(["notes.json": #"{"generated": true, "count": 1}"#])
        let new = MemoryRevision(["notes.json": #"{"generated": true, "count": 2}"#])
        let options = RevisionDiff.Options(configuration: SiteConfiguration(), base: nil,
                                           dialects: { DialectRegistry(dialects: DialectRegistry.standard(for: $0).dialects + [Notes()]) })
        let diff = RevisionDiff(old: old.revision, new: new.revision, options: options)
        #expect(diff.files.map { "\($0.status.rawValue) \($0.path) \($0.changes.map(\.message))" } == [#"changed notes.json ["count changed"]"#])
    }

    @Test func aRenamedFileWithEditsIsMatchedByItsValues() {
        let edited = Fixture.scene(["a", "b", "c", "d"].map { Fixture.text($0, $0 == "d" ? "D!" : $0) })
        let diff = RevisionDiff(old: MemoryRevision(["home.json": Self.home]).revision, new: MemoryRevision(["start.json": edited]).revision)
        #expect(diff.files.map(\.status) == [.renamed])
        #expect(diff.files.first?.oldPath == "home.json")
        #expect(diff.files.first?.changes.map(\.message) == ["payload file renamed from home.json", "text changed"])
    }

    /// A file touched but read the same (minified, keys reordered, `1.0` for `1`) counts as
    /// unchanged and passes every gate, but is named: it disappeared without a trace.
    @Test func aFileOnlyReformattedIsNamed() throws {
        let scene = Fixture.scene([Fixture.text("a", "A", #""frame":{"width":8}"#)])
        let reformatted = scene.replacingOccurrences(of: ",", with: ",\n  ").replacingOccurrences(of: #""width":8"#, with: #""width":8.0"#)
        let diff = RevisionDiff(old: MemoryRevision(["a.json": scene, "b.json": scene, "c.json": scene]).revision,
                                new: MemoryRevision(["a.json": reformatted, "b.json": scene, "c.json": Fixture.scene([])]).revision)
        #expect(diff.files.map(\.path) == ["c.json"] && diff.unchanged == 2 && diff.reformatted == ["a.json"])
        #expect(diff.notes.map(\.text) == ["`a.json` changed only in how it is written (spacing, key order, `1.0` for `1`, `null` for a missing key): the app reads it the same, so it counts as unchanged"])
        let markdown = DiffMarkdownReport.render(diff)
        #expect(markdown.contains("> **Note:** `a.json` changed only in how it is written"), "\(markdown)")
        let json = String(decoding: DiffJSONReport.render(diff), as: UTF8.self)
        #expect(json.contains("\"reformatted\" : [\n    \"a.json\"\n  ]"), "\(json)")
    }

    /// Edits of a screen that has errors in both revisions (the app decodes neither side) are
    /// listed as usual, and a note says they draw nothing in the app (they looked like any edit).
    @Test func editsOfAScreenBrokenInBothRevisionsAreSaidToDrawNothing() {
        let broken = { (text: String) in Fixture.scene([Fixture.view("txt", "q"), Fixture.text("a", text)]) }
        let diff = RevisionDiff(old: MemoryRevision(["b.json": broken("x"), "ok.json": Fixture.scene([Fixture.text("a", "x")])]).revision,
                                new: MemoryRevision(["b.json": broken("y"), "ok.json": Fixture.scene([Fixture.text("a", "y")])]).revision)
        #expect(diff.files.map(\.path) == ["b.json", "ok.json"] && diff.files.allSatisfy { $0.changes.map(\.message) == ["text changed"] })
        // Vitrine's own limits say nothing of the app: no note for them.
        let deep = { (text: String) in Fixture.scene([Fixture.text("a", text)] + (0..<30).map { Fixture.text("n\($0)", "N") }) }
        let limited = RevisionDiff(old: MemoryRevision(["d.json": deep("x"), "vitrine.json": #"{"limits":{"nodes":20}}"#]).revision,
                                   new: MemoryRevision(["d.json": deep("y"), "vitrine.json": #"{"limits":{"nodes":20}}"#]).revision,
                                   options: .init(configuration: SiteConfiguration.read(Array(#"{"limits":{"nodes":20}}"#.utf8)).0, base: nil))
        #expect(limited.files.map(\.path) == ["d.json"] && limited.notes.isEmpty, "\(limited.notes.map(\.text))")
        #expect(diff.notes.map(\.text) == [#"`b.json` has errors in both revisions (unknown component type "txt" (did you mean "text"?); the app fails to decode the whole scene): "#
                               + "the app most likely decodes neither side, so its changes may draw nothing in the app"], "\(diff.notes.map(\.text))")
    }

    /// A file of a lone value is a payload that does not decode: its edit says so, not that
    /// "the document changed from a number to a number".
    @Test func aLoneValueEditedStillDoesNotDecode() {
        let diff = RevisionDiff(old: MemoryRevision(["n.json": "42"]).revision, new: MemoryRevision(["n.json": "43"]).revision)
        #expect(diff.files.flatMap(\.changes).map { "\($0.changeClass.rawValue) \($0.message)" }
                == ["structure the payload still does not decode, and its bytes changed: expected a screen object (a scene) or an array of sections (a feed), "
                    + "found a number; not drawn"])
    }

    /// A file moved and reformatted is paired with its new place, not with an edited copy of it
    /// whose path sorts first (the first close enough file took it).
    @Test func aRenameGoesToTheClosestFile() {
        let copy = Fixture.scene(["a", "b", "c", "d"].map { Fixture.text($0, $0 == "d" ? "D!" : $0) })
        let moved = Self.home.replacingOccurrences(of: ",", with: ",\n  ")
        let diff = RevisionDiff(old: MemoryRevision(["home.json": Self.home]).revision,
                                new: MemoryRevision(["a-variant.json": copy, "z/home.json": moved]).revision)
        #expect(diff.files.map { "\($0.status.rawValue) \($0.path)" } == ["added a-variant.json", "renamed z/home.json"])
        #expect(diff.files.last?.oldPath == "home.json")
        // Of two files as close, the one of the same name.
        let twins = RevisionDiff(old: MemoryRevision(["home.json": Self.home]).revision,
                                 new: MemoryRevision(["a/start.json": moved, "b/home.json": moved]).revision)
        #expect(twins.files.map { "\($0.status.rawValue) \($0.path)" } == ["added a/start.json", "renamed b/home.json"])
        // Among files of the same bytes too.
        let copies = RevisionDiff(old: MemoryRevision(["copy.json": Self.home, "home.json": Self.home]).revision,
                                  new: MemoryRevision(["z/home.json": Self.home]).revision)
        #expect(copies.files.map { "\($0.status.rawValue) \($0.oldPath ?? "") \($0.path)" } == ["removed  copy.json", "renamed home.json z/home.json"])
    }

    @Test func aFileWithFewIdsInCommonIsARemovalAndAnAddition() {
        let other = Fixture.scene(["x", "y", "z", "a"].map { Fixture.text($0, $0) })
        let diff = RevisionDiff(old: MemoryRevision(["home.json": Self.home]).revision, new: MemoryRevision(["other.json": other]).revision)
        #expect(diff.files.map(\.status) == [.removed, .added])
    }

    /// Generated and hand-written screens reuse ids such as `t1`: a deleted screen and a new one
    /// with the same ids but other texts are two files, not a rename (a false one was reported
    /// as breaking).
    @Test func screensSharingGenericIdsButNotTheirTextsAreNoRename() {
        let deleted = Fixture.scene(["t1", "t2", "t3", "t4"].map { Fixture.text($0, "Old \($0)") })
        let created = Fixture.scene(["t1", "t2", "t3", "t4"].map { Fixture.text($0, "New \($0)") })
        let diff = RevisionDiff(old: MemoryRevision(["a.json": deleted]).revision, new: MemoryRevision(["b.json": created]).revision)
        #expect(diff.files.map(\.status) == [.removed, .added])
    }

    /// A changed `vitrine.json`, asset, font, template or note changes renders though no payload
    /// differs: listed, and counted as a change. Payloads `exclude` leaves out of the site are
    /// left out of the comparison.
    @Test func drawingInputsAreListedAndExcludedPayloadsLeftOut() {
        let old = MemoryRevision(["a.json": Self.home, "vitrine.json": #"{"title":"A"}"#, "assets/logo.svg": "<svg/>", "a.md": "Note",
                                  "samples/s.json": Self.home])
        let new = MemoryRevision(["a.json": Self.home, "vitrine.json": #"{"title":"B"}"#, "fonts/x.ttf": "x", "a.md": "Note",
                                  "samples/s.json": Fixture.scene([])])
        let diff = RevisionDiff(old: old.revision, new: new.revision, options: .init(exclude: [PathPattern("samples/**")]))
        #expect(diff.files.isEmpty && diff.unchanged == 1)
        #expect(diff.inputChanges.map { "\($0.status.rawValue) \($0.path)" } == ["removed assets/logo.svg", "added fonts/x.ttf", "changed vitrine.json"])
        #expect(diff.hasChanges)
        let summary = DiffMarkdownReport.render(diff)
        #expect(summary.contains("No payload file differs (1 compared)."), "\(summary)")
        #expect(summary.contains("**Other inputs changed**, so any screen may draw differently: `assets/logo.svg` removed, `fonts/x.ttf` added, `vitrine.json` changed"))
        #expect(!summary.contains("Changed screens"), "no empty table of screens")
    }

    /// A changed `vitrine.json` lists its settings that differ, each at its pointer: a setting
    /// set (inside a block added whole), changed, or cleared; a list compared whole, a list of
    /// patterns as a set.
    @Test func aChangedConfigurationListsItsSettings() throws {
        let old = MemoryRevision(["a.json": Self.home, "vitrine.json": #"{"title":"A","exclude":["drafts/**"],"hidden":["x.json"]}"#])
        let new = MemoryRevision(["a.json": Self.home,
                                  "vitrine.json": #"{"title":"B","exclude":["drafts/**","old/**"],"feed":{"currency":"USD","templates":{"card_02":{"itemWidth":"50%"}}}}"#])
        let diff = RevisionDiff(old: old.revision, new: new.revision)
        let settings = try #require(diff.inputChanges.first { $0.path == "vitrine.json" }).settings
        #expect(settings.map { "\(($0.pointer ?? $0.oldPointer)?.description ?? "") \($0.message): \($0.old ?? "-") → \($0.new ?? "-")" } == [
            #"/exclude exclude changed: ["drafts/**"] → ["drafts/**", "old/**"]"#,
            #"/feed/currency currency set: - → "USD""#,
            #"/feed/templates/card_02/itemWidth itemWidth set: - → "50%""#,
            #"/hidden hidden cleared: ["x.json"] → -"#,
            #"/title title changed: "A" → "B""#,
        ])
        let summary = DiffMarkdownReport.render(diff)
        #expect(summary.contains(#"- `vitrine.json` currency set: `"USD"` (new 1:66) at `/feed/currency`"#), "\(summary)")
        // The terminal's listing says them too (it said only "not a payload; renders may differ").
        let text = DiffTextReport.render(diff)
        #expect(text.contains("vitrine.json (changed): not a payload; renders may differ\n  style exclude changed: ") && text.contains(
            "\n  style currency set: \"USD\" (new 1:66) at /feed/currency\n"), "\(text)")
        // Compared as values, not as the text shown, which cuts a long one.
        let glob = "drafts/" + String(repeating: "x", count: 130)
        let long = RevisionDiff(old: MemoryRevision(["a.json": Self.home, "vitrine.json": #"{"exclude":["\#(glob)a"]}"#]).revision,
                                new: MemoryRevision(["a.json": Self.home, "vitrine.json": #"{"exclude":["\#(glob)b"]}"#]).revision)
        #expect(long.inputChanges.first?.settings.map(\.message) == ["exclude changed"])
        // Written another way (keys reordered, `1.0` for `1`): no change at all.
        let respelled = RevisionDiff(old: MemoryRevision(["a.json": Self.home, "vitrine.json": #"{"title":"A","limits":{"nodes":1000}}"#]).revision,
                                     new: MemoryRevision(["a.json": Self.home, "vitrine.json": #"{"limits":{"nodes":1000.0},"title":"A"}"#]).revision)
        #expect(respelled.inputChanges.isEmpty && !respelled.hasChanges)
        // Lists of patterns reordered: no change; a long title changed near its end is shown from before the change.
        let title = String(repeating: "Catalogue ", count: 14)
        let reordered = RevisionDiff(
            old: MemoryRevision(["a.json": Self.home, "vitrine.json": #"{"title":"\#(title)A","exclude":["a/**","b/**"],"diff":{"ignore":["**/x","**/y"]}}"#]).revision,
            new: MemoryRevision(["a.json": Self.home, "vitrine.json": #"{"title":"\#(title)B","exclude":["b/**","a/**"],"diff":{"ignore":["**/y","**/x"]}}"#]).revision)
        let renormalised = RevisionDiff(old: MemoryRevision(["a.json": Self.home, "vitrine.json": "{\"exclude\":[\"caf\u{E9}/**\"]}"]).revision,
                                        new: MemoryRevision(["a.json": Self.home, "vitrine.json": "{\"exclude\":[\"cafe\u{301}/**\"]}"]).revision)
        #expect(renormalised.inputChanges.first?.settings.map(\.message) == ["exclude changed"], "another normalisation matches other files")
        let titleChange = try #require(reordered.inputChanges.first?.settings.first)
        #expect(reordered.inputChanges.first?.settings.count == 1 && titleChange.message == "title changed")
        #expect(titleChange.old == #""…Catalogue Catalogue Catalogue Catalogue A""# && titleChange.new == #""…Catalogue Catalogue Catalogue Catalogue B""#,
                "\(titleChange.old ?? "-") → \(titleChange.new ?? "-")")
        // One that no longer parses is breaking, where it breaks.
        let broken = RevisionDiff(old: MemoryRevision(["a.json": Self.home, "vitrine.json": #"{"title":"A"}"#]).revision,
                                  new: MemoryRevision(["a.json": Self.home, "vitrine.json": #"{"title":"A","#]).revision)
        let problem = try #require(broken.inputChanges.first?.settings.first)
        #expect(problem.changeClass == .breaking && problem.message.hasPrefix("the file does not parse: ") && problem.newLocation?.line == 1)
        #expect(broken.files.isEmpty && broken.worstClass == .breaking, "the worst change of all, which `--fail-on breaking` stops for")
        #expect(reordered.worstClass == nil, "a setting changed is not a payload's change")
    }

    /// A file broken in both revisions has no values to compare, but an edit of it is still a
    /// change: one entry saying it still does not decode (a CI gate passed such edits).
    @Test func anEditedFileBrokenInBothRevisionsIsAChange() throws {
        let old = MemoryRevision(["a.json": "[1,2", "b.json": #"{"a":"x"#, "c.json": "{", "d.json": #"{"note":"not a payload"}"#])
        let new = MemoryRevision(["a.json": #"{"q":"#, "b.json": #"{"a":"yy"#, "c.json": "{", "d.json": "{"])
        let diff = RevisionDiff(old: old.revision, new: new.revision)
        #expect(diff.unchanged == 1, "c.json's bytes are the same")
        #expect(diff.files.map { "\($0.path): " + $0.changes.map { "\($0.changeClass.rawValue) \($0.message)" }.joined(separator: "; ") } == [
            "a.json: structure the payload still does not decode: unterminated object opened at 1:1 (before: unterminated array opened at 1:1)",
            "b.json: structure the payload still does not decode, and its bytes changed: unterminated string opened at 1:6",
            "d.json: structure the payload's bytes changed and it does not decode: unterminated object opened at 1:1",
        ])
        #expect(diff.hasChanges && diff.count(.structure) == 3)
    }

    @Test func changesAreCountedByClassAndSortedMostSevereFirst() throws {
        let a = Fixture.scene([Fixture.text("t", "Hi", ##""foregroundColor":"#FF0000""##), Fixture.text("u", "U")])
        let b = Fixture.scene([Fixture.text("u", "U"), Fixture.view("image", "t")])
        let diff = RevisionDiff(old: MemoryRevision(["s.json": a]).revision, new: MemoryRevision(["s.json": b]).revision)
        let file = try #require(diff.files.first)
        // The type change, and the error the new image brings (it has no imageURL), then the
        // move, the text the image does not have, and its colour.
        #expect(file.changes.map(\.changeClass) == [.breaking, .breaking, .structure, .content, .style])
        #expect(diff.count(.breaking) == 2 && diff.count(.structure) == 1 && diff.count(.style) == 1)
        #expect(file.worstClass == .breaking)
    }

    /// A warning the new revision brings is said with the change that brought it: at its place,
    /// around it or beside it in one object; one near no change is a change of its own. Warnings
    /// both revisions have, and those at values the app reads past, are not repeated.
    @Test func warningsAChangeBringsAreSaidWithIt() {
        func diff(_ a: [String], _ b: [String], options: RevisionDiff.Options = .init()) -> [Change] {
            RevisionDiff(old: MemoryRevision(["s.json": Fixture.scene(a)]).revision, new: MemoryRevision(["s.json": Fixture.scene(b)]).revision,
                         options: options).files.flatMap(\.changes)
        }
        let misread = ##"colour "#F2F2FG" is read by the app as #0f2f2f (fewer than 6 hex digits; scanning stops at the first non-hex character)"##
        let coloured = { (color: String) in Fixture.text("t", "Hi", #""foregroundColor":"\#(color)""#) }
        let recoloured = diff([coloured("#F2F2F7")], [coloured("#F2F2FG")])
        #expect(recoloured.map(\.warnings) == [[misread]])
        // A text added with the colour: said with the text.
        let added = diff([], [coloured("#F2F2FG")])
        #expect(added.map(\.message) == ["text t added"] && added.map(\.warnings) == [[misread]])
        // Moved with its warning, the warning is not new.
        #expect(diff([coloured("#F2F2FG"), Fixture.text("u", "U")], [Fixture.text("u", "U"), coloured("#F2F2FG")]).allSatisfy { $0.warnings.isEmpty })
        // A stack's type changed: its alignment is one the new type draws centred, beside the type.
        let stack = { (type: String) in Fixture.view("container", "s", #""layout":{"type":"\#(type)","alignment":"top"},"views":[]"#) }
        let restacked = diff([stack("h")], [stack("v")])
        #expect(restacked.map(\.pointer) == [JSONPointer("/container/views/0/component/layout/type")])
        #expect(restacked.map(\.warnings) == [[#"alignment "top" is drawn centred by the app; v stacks accept leading, left, center, trailing, right"#]])
        // Near no change that is listed: a style change of its own.
        let decoder = PayloadDecoder()
        let (before, after) = (decoder.decode("s.json", bytes: Array(Fixture.scene([coloured("#F2F2F7")]).utf8)),
                               decoder.decode("s.json", bytes: Array(Fixture.scene([coloured("#F2F2FG")]).utf8)))
        let elsewhere = Change(kind: .changed, changeClass: .style, pointer: JSONPointer("/hasNavigationBar"), oldPointer: nil, old: nil, new: nil,
                               oldLocation: nil, newLocation: nil, component: nil, message: "hasNavigationBar changed")
        let alone = RevisionDiff.sayingWarnings(introducedIn: after, since: before, in: [elsewhere], ignoring: []).dropFirst()
        #expect(alone.map { "\($0.changeClass.rawValue) \($0.pointer?.description ?? "-"): \($0.message)" }
                == ["style /container/views/0/component/foregroundColor: warning introduced: " + misread])
        #expect(diff([coloured("#F2F2F7")], [coloured("#F2F2FG")], options: .init(ignore: [PathPattern("**/foregroundColor")])).isEmpty,
                "a warning where the rules leave changes out is left out too")
        // A key the app reads past: its change says so; its warning is not repeated.
        let unknown = diff([Fixture.text("t", "Hi")], [Fixture.text("t", "Hi", #""colour":"red""#)])
        #expect(unknown.map(\.message) == ["colour added (the app ignores it: nothing drawn changes)"] && unknown.allSatisfy { $0.warnings.isEmpty })
        // Every report says it; the terminal listing and the Markdown after the change's place.
        let report = RevisionDiff(old: MemoryRevision(["s.json": Fixture.scene([coloured("#F2F2F7")])]).revision,
                                  new: MemoryRevision(["s.json": Fixture.scene([coloured("#F2F2FG")])]).revision)
        #expect(DiffTextReport.render(report).contains("at /container/views/0/component/foregroundColor — warning: colour \"#F2F2FG\" is read by the app as #0f2f2f"))
        #expect(DiffMarkdownReport.render(report).contains("at `/container/views/0/component/foregroundColor` — warning: colour"))
        let json = DiffJSONReport.render(report)
        #expect(String(decoding: json, as: UTF8.self).contains(##""warnings" : [\##n            "colour \"#F2F2FG\" is read by the app as #0f2f2f"##))
    }

    /// A warning that names a line (an id used again, "first on line 12") is the same warning
    /// when only the lines moved: a file reformatted stays unchanged, and one edited elsewhere
    /// gets no warning for it.
    @Test func aWarningNamingALineIsNotNewWhenOnlyTheLineMoved() {
        let twice = [Fixture.text("t", "A"), Fixture.text("t", "B")]
        let pretty = Fixture.scene(twice).replacingOccurrences(of: ",", with: ",\n")
        let reformatted = RevisionDiff(old: MemoryRevision(["s.json": pretty]).revision, new: MemoryRevision(["s.json": Fixture.scene(twice)]).revision)
        #expect(reformatted.files.isEmpty && reformatted.reformatted == ["s.json"])
        let edited = RevisionDiff(old: MemoryRevision(["s.json": pretty]).revision,
                                  new: MemoryRevision(["s.json": Fixture.scene([Fixture.text("u", "New")] + twice)]).revision)
        #expect(edited.files.flatMap(\.changes).map(\.message) == ["text u added"])
        #expect(edited.files.flatMap(\.changes).allSatisfy { $0.warnings.isEmpty }, "\(edited.files.flatMap(\.changes).map(\.warnings))")
    }

    /// A warning goes to a change beside it only in one object: an element of a list beside
    /// another is another component. Of a component and a copy put before it, the copy's
    /// warning is the new one.
    @Test func aWarningGoesToItsOwnComponentsChange() {
        func changes(_ a: [String], _ b: [String]) -> [Change] {
            RevisionDiff(old: MemoryRevision(["s.json": Fixture.scene(a)]).revision, new: MemoryRevision(["s.json": Fixture.scene(b)]).revision).files.flatMap(\.changes)
        }
        let misread = Fixture.text("bad", "Hi", ##""foregroundColor":"#F2F2FG""##)
        // A text edited at position 0 and a text of a misread colour added at position 1: the warning is the added one's.
        let beside = changes([Fixture.text("a", "A")], [Fixture.text("a", "B"), misread])
        #expect(beside.first { $0.message == "text changed" }?.warnings == [], "\(beside.map { ($0.message, $0.warnings) })")
        #expect(beside.first { $0.message == "text bad added" }?.warnings.count == 1, "\(beside.map { ($0.message, $0.warnings) })")
        let copy = Fixture.text("bad-copy", "Hi", ##""foregroundColor":"#F2F2FG""##)
        let copied = changes([misread], [copy, misread])
        #expect(copied.first { $0.message == "text bad-copy added" }?.warnings.count == 1, "\(copied.map { ($0.message, $0.warnings) })")
        #expect(copied.filter { $0.message != "text bad-copy added" }.allSatisfy { $0.warnings.isEmpty }, "\(copied.map { ($0.message, $0.warnings) })")
        // An id used again is flagged where it is used again, after the one added: the warning names the id, and goes with it.
        let reused = changes([Fixture.text("t", "A")], [Fixture.text("t", "New"), Fixture.text("t", "A")])
        #expect(reused.map(\.message) == ["text t added"] && reused.first?.warnings.first?.hasPrefix(#"componentId "t" is used again"#) == true,
                "\(reused.map { ($0.message, $0.warnings) })")
    }

    /// After a change, the terminal and Markdown say its first three warnings and count the rest.
    @Test func aChangesWarningsPastThreeAreCounted() {
        var change = Change(kind: .added, changeClass: .structure, pointer: .root, oldPointer: nil, old: nil, new: nil,
                            oldLocation: nil, newLocation: nil, component: nil, message: "text t added")
        change.warnings = ["one", "two", "three", "four", "five"]
        #expect(change.warningsSaid { $0 } == " — warning: one — warning: two — warning: three — 2 more warnings (`vitrine check` lists them)")
        change.warnings = ["one"]
        #expect(change.warningsSaid { $0 } == " — warning: one")
    }
}
