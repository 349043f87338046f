import Foundation
import Testing
import VitrineCore
@testable import VitrineServe

/// Rebuilds after edits: what they write, what they report, and that the output always equals a
/// clean build of the same input.
@Suite(.serialized) struct LiveSiteTests {
    /// One edit of the demo input; each is applied to the copy as a user would.
    enum Edit: CaseIterable {
        case changeText, changeEmbeddedScreen, addScreen, removeScreen, breakScreen, fixScreen, renameScreen, editDoc, addNote,
             removeFolder, retitle, duplicateComponentId, editComponentTemplate

        func apply(to input: LiveInput, step: Int) throws {
            let fileManager = FileManager.default
            switch self {
            case .changeText:
                let path = "payloads/scenes/typography.json"
                if let text = try? input.read(path) {
                    try input.write(path, text.replacingOccurrences(of: "\"text\": \"", with: "\"text\": \"\(step) ", options: [], range: text.range(of: "\"text\": \"")))
                }
            case .changeEmbeddedScreen:
                let path = "payloads/scenes/hstack-alignments.json"
                let text = try input.read(path)
                try input.write(path, text.replacingOccurrences(of: "\"text\"", with: "\"text\"", options: [], range: nil)
                    .replacingOccurrences(of: "\"componentId\": \"", with: "\"componentId\": \"e\(step)-"))
            case .addScreen:
                try input.write("payloads/added/screen-\(step).json", try input.read("payloads/scenes/checkout.json"))
            case .removeScreen:
                let added = (try? fileManager.contentsOfDirectory(atPath: input.input + "/payloads/added")) ?? []
                if let first = added.sorted().first { try fileManager.removeItem(atPath: input.input + "/payloads/added/" + first) }
            case .breakScreen:
                try input.write("payloads/scenes/broken.json", "{\"container\": {\"type\": \"v\", \"views\": [")
            case .fixScreen:
                try input.write("payloads/scenes/broken.json", try input.read("payloads/scenes/checkout.json"))
            case .renameScreen:
                let from = input.input + "/payloads/scenes/zstack-alignments.json"
                let to = input.input + "/payloads/scenes/zstack-renamed-\(step).json"
                if fileManager.fileExists(atPath: from) { try fileManager.moveItem(atPath: from, toPath: to) }
            case .editDoc:
                let text = try input.read("docs/index.md")
                try input.write("docs/index.md", text + "\n\nEdit \(step): see [checkout](../payloads/scenes/checkout.json).\n")
            case .addNote:
                try input.write("payloads/scenes/typography.md", "# Typography note \(step)\n\nWritten during the test.\n")
            case .removeFolder:
                try? fileManager.removeItem(atPath: input.input + "/payloads/added")
            case .retitle:
                let text = try input.read("vitrine.json")
                try input.write("vitrine.json", text.replacingOccurrences(of: "\"title\": \"", with: "\"title\": \"S\(step) "))
            case .duplicateComponentId:
                try input.write("payloads/scenes/dup.json", """
                    {"container": {"type": "v", "views": [
                      {"type": "text", "component": {"componentId": "x", "text": "one \(step)"}},
                      {"type": "text", "component": {"componentId": "x", "text": "two"}}]}}
                    """)
            case .editComponentTemplate:
                let folder = input.input + "/components"
                let templates = ((try? fileManager.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".mustache") }.sorted()
                if let first = templates.first {
                    try input.write("components/" + first, try input.read("components/" + first) + "\n<!-- \(step) -->")
                }
            }
        }
    }

    @Test func incrementalBuildsEqualACleanBuildAfterRandomEdits() throws {
        let input = try LiveInput()
        defer { input.remove() }
        let site = try input.liveSite()
        _ = site.build()
        var generator = SeededGenerator(seed: 0x5eed)
        var applied: [Edit] = []
        for step in 1...14 {
            let edit = Edit.allCases.randomElement(using: &generator)!
            applied.append(edit)
            try edit.apply(to: input, step: step)
            _ = site.build()
            if step % 7 == 0 {
                let clean = try input.cleanBuild().folder
                let live = LiveInput.files(input.output)
                let expected = LiveInput.files(clean)
                #expect(live.keys.sorted() == expected.keys.sorted(), "after \(applied)")
                for (path, bytes) in expected where live[path] != bytes {
                    Issue.record("\(path) differs from a clean build after \(applied)")
                }
            }
        }
    }

    @Test func eachEditKindEqualsACleanBuild() throws {
        let input = try LiveInput()
        defer { input.remove() }
        let site = try input.liveSite()
        _ = site.build()
        for (step, edit) in Edit.allCases.enumerated() {
            try edit.apply(to: input, step: step)
            _ = site.build()
            let clean = try input.cleanBuild().folder
            let live = LiveInput.files(input.output)
            let expected = LiveInput.files(clean)
            #expect(live.keys.sorted() == expected.keys.sorted(), "after \(edit)")
            for (path, bytes) in expected where live[path] != bytes { Issue.record("\(path) differs from a clean build after \(edit)") }
        }
    }

    @Test func aOneScreenEditRewritesItsPagesAndTheCatalogueOnly() throws {
        let input = try LiveInput()
        defer { input.remove() }
        let site = try input.liveSite()
        _ = site.build()
        #expect(site.build().changed == [], "a build without edits changes nothing")
        try Edit.changeText.apply(to: input, step: 1)
        let outcome = site.build()
        let changed = Set(outcome.changed)
        #expect(changed.contains("screens/payloads/scenes/typography.html"))
        #expect(changed.contains("screens/payloads/scenes/typography.frame.html"))
        #expect(!changed.contains(".vitrine-cache"), "the cache and manifest are no page: not announced")
        let otherScreens = changed.filter { $0.hasPrefix("screens/") && !$0.contains("typography") }
        #expect(otherScreens.isEmpty, "\(otherScreens)")
        #expect(!changed.contains { $0.hasPrefix("theme/") })
    }

    @Test func aBrokenPayloadIsReportedWithItsPagesAsFailedAndFixingItClearsThem() throws {
        let input = try LiveInput()
        defer { input.remove() }
        let site = try input.liveSite()
        _ = site.build()
        try Edit.breakScreen.apply(to: input, step: 1)
        let broken = site.build()
        let errors = broken.report.diagnostics.filter { $0.severity == .error }
        #expect(errors.contains { $0.file == "payloads/scenes/broken.json" && $0.location != nil })
        #expect(broken.newDiagnostics.contains { $0.file == "payloads/scenes/broken.json" })
        #expect(broken.event.failed.contains("screens/payloads/scenes/broken.html"))
        #expect(broken.event.errors.first?.file == "payloads/scenes/broken.json")
        #expect(broken.event.since == broken.event.build - 1)
        try Edit.fixScreen.apply(to: input, step: 2)
        let fixed = site.build()
        #expect(fixed.report.errorCount == 0)
        #expect(fixed.event.failed.isEmpty)
    }

    @Test func aHalfTypedConfigurationKeepsTheLastOneThatRead() throws {
        let input = try LiveInput()
        defer { input.remove() }
        let site = try input.liveSite()
        _ = site.build()
        let configuration = try input.read("vitrine.json")
        try input.write("vitrine.json", "{\"title\": \"Half")
        let broken = site.build()
        #expect(broken.changed == ["index.json"], "no page rebuilt with the defaults; index.json lists the error")
        let error = try #require(broken.report.diagnostics.first { $0.file == "vitrine.json" })
        #expect(error.file == "vitrine.json" && error.location != nil)
        #expect(error.message.hasSuffix("; the last vitrine.json that read stays"))
        // One that parses as something else than an object keeps the last one too (it was
        // taken for no settings: what `exclude` leaves out was published).
        try input.write("vitrine.json", "[]")
        let array = site.build()
        #expect(array.changed == ["index.json"], "no page rebuilt with the defaults: \(array.changed)")
        #expect(array.report.diagnostics.contains { $0.file == "vitrine.json" && $0.severity == .error && $0.message.hasSuffix("; the last vitrine.json that read stays") })
        // And so does one whose `exclude` is not a list: the defaults published what it leaves out.
        try input.write("vitrine.json", #"{"exclude": "payloads/drafts/**"}"#)
        let string = site.build()
        #expect(string.changed == ["index.json"], "no page rebuilt with the defaults: \(string.changed)")
        #expect(string.report.diagnostics.contains { $0.pointer == .root.appending("exclude") && $0.message.hasSuffix("; the last vitrine.json that read stays") })
        // And one with a value half typed: every page retitled "Vitrine" was a rebuild for nothing.
        try input.write("vitrine.json", #"{"title": 5}"#)
        let retyped = site.build()
        #expect(retyped.changed == ["index.json"], "no page rebuilt with the default title: \(retyped.changed)")
        #expect(retyped.report.diagnostics.contains { $0.pointer == .root.appending("title") && $0.message.hasSuffix("; the last vitrine.json that read stays") })
        try input.write("vitrine.json", configuration.replacingOccurrences(of: "\"title\": \"", with: "\"title\": \"Renamed "))
        let fixed = site.build()
        #expect(fixed.report.errorCount == 0)
        #expect(try String(contentsOfFile: input.output + "/index.html", encoding: .utf8).contains("<title>Renamed "))
    }

    /// A `vitrine.json` that never read writes no site, as `build` does: built with the defaults,
    /// the site would show what `exclude` and `hidden` leave out.
    @Test func aConfigurationThatNeverReadWritesNoSite() throws {
        let input = try LiveInput()
        defer { input.remove() }
        try input.write("vitrine.json", "{\"title\": \"Half")
        let site = try input.liveSite()
        let first = site.build()
        #expect(first.report.unwritten)
        #expect(!FileManager.default.fileExists(atPath: input.output + "/index.html"))
        try input.write("vitrine.json", "{\"title\": \"Whole\"}")
        #expect(site.build().report.errorCount == 0)
        #expect(try String(contentsOfFile: input.output + "/index.html", encoding: .utf8).contains("<title>Whole"))
    }

    /// `limits.fileSizeMiB` edited while serving is the limit of the next build (it stayed the
    /// one `serve` started with).
    @Test func aFileSizeLimitEditedWhileServingApplies() throws {
        let input = try LiveInput()
        defer { input.remove() }
        let site = try input.liveSite()
        let big = try input.read("payloads/scenes/checkout.json") + String(repeating: " ", count: 1_200_000)
        try input.write("payloads/scenes/big.json", big)
        #expect(site.build().report.errorCount == 0, "under the default 16 MiB")
        let configuration = try input.read("vitrine.json")
        try input.write("vitrine.json", configuration.replacingOccurrences(of: "{", with: #"{"limits": {"fileSizeMiB": 1},"#, options: [], range: configuration.range(of: "{")))
        let limited = site.build()
        #expect(limited.report.diagnostics.contains { $0.file == "payloads/scenes/big.json" && $0.message.hasPrefix("file larger than 1 MiB") })
        try input.write("vitrine.json", configuration)
        #expect(site.build().report.errorCount == 0)
    }

    /// The half-typed file's theme is the last good one's too: cutting `vitrine.json` after its
    /// `theme` line dropped the theme's stylesheet from every page.
    @Test func aHalfTypedConfigurationKeepsItsTheme() throws {
        let input = try LiveInput()
        defer { input.remove() }
        let site = try input.liveSite()
        _ = site.build()
        let configuration = try input.read("vitrine.json")
        try input.write("vitrine.json", configuration.replacingOccurrences(of: "{", with: #"{"theme": "high-contrast", "#, options: [], range: configuration.range(of: "{")))
        let themed = site.build()
        #expect(themed.report.errorCount == 0, "\(themed.report.diagnostics)")
        #expect(try String(contentsOfFile: input.output + "/index.html", encoding: .utf8).contains("theme/theme.css"))
        try input.write("vitrine.json", #"{"theme": "high-contrast", "title": "Half"#)
        let broken = site.build()
        #expect(broken.report.diagnostics.contains { $0.file == "vitrine.json" && $0.message.hasSuffix("; the last vitrine.json that read stays") })
        #expect(!broken.changed.contains("index.html") && !broken.changed.contains("theme/theme.css"), "\(broken.changed)")
        #expect(try String(contentsOfFile: input.output + "/index.html", encoding: .utf8).contains("theme/theme.css"))
        #expect(FileManager.default.fileExists(atPath: input.output + "/theme/theme.css"))
    }

    /// A theme that `vitrine.json` switches to while serving, with a template no page uses: a
    /// warning of the build (new once, listed in `index.json` as a clean build lists it).
    @Test func aReloadedThemesUnusedTemplateIsAWarningOfTheBuild() throws {
        let input = try LiveInput()
        defer { input.remove() }
        let site = try input.liveSite()
        _ = site.build()
        let brand = input.base.appendingPathComponent("brand").path
        try FileManager.default.createDirectory(atPath: brand + "/templates", withIntermediateDirectories: true)
        try Data("a misspelt screen page".utf8).write(to: URL(fileURLWithPath: brand + "/templates/screne.mustache"))
        let configuration = try input.read("vitrine.json")
        try input.write("vitrine.json", configuration.replacingOccurrences(of: "{", with: "{\"theme\": \"\(brand)\", ", options: [], range: configuration.range(of: "{")))
        let themed = site.build()
        let warning = "\(brand)/templates/screne.mustache: no page uses this template and no template includes it"
        #expect(themed.report.errorCount == 0, "\(themed.report.diagnostics)")
        #expect(themed.newDiagnostics.filter { $0.file.hasPrefix(brand) }.map { "\($0.file): \($0.message)" } == [warning])
        #expect(try String(contentsOfFile: input.output + "/index.json", encoding: .utf8).contains("no page uses this template"))
        try input.write("vitrine.json", try input.read("vitrine.json").replacingOccurrences(of: "Vitrine demo", with: "Retitled"))
        let retitled = site.build()
        #expect(retitled.report.errorCount == 0 && retitled.newDiagnostics.isEmpty, "\(retitled.newDiagnostics)")
        #expect(retitled.report.diagnostics.contains { "\($0.file): \($0.message)" == warning })
    }

    /// Guards fixed bugs where serve's site differed from a clean build of the same input: a
    /// broken `vitrine.json` at start was kept as the last one that read; a deleted one came back
    /// through a half-typed new one (which now writes nothing, as `build`); a theme named before its folder existed was never loaded;
    /// the index kept the count of payload files that `exclude` left out.
    @Test func configurationAndThemeChangesEqualACleanBuild() throws {
        let input = try LiveInput()
        defer { input.remove() }
        let configuration = try input.read("vitrine.json")
        try input.write("vitrine.json", #"{"title": "Half"#)
        let site = try input.liveSite()
        func expectClean(_ step: String) throws {
            let clean = try input.cleanBuild().folder
            let live = LiveInput.files(input.output), expected = LiveInput.files(clean)
            #expect(live.keys.sorted() == expected.keys.sorted(), "\(step)")
            for (path, bytes) in expected where live[path] != bytes { Issue.record("\(path) differs from a clean build after: \(step)") }
        }
        _ = site.build()
        try input.write("vitrine.json", #"{"title": "Half typed", "devi"#)
        _ = site.build()
        try expectClean("broken at start, then broken otherwise")
        try input.write("vitrine.json", configuration)
        _ = site.build()
        try FileManager.default.removeItem(atPath: input.input + "/vitrine.json")
        _ = site.build()
        try expectClean("deleted")
        // A half-typed new one, with none that read since, writes nothing, as `build` does.
        let unconfigured = LiveInput.files(input.output)
        try input.write("vitrine.json", #"{"title": "New"#)
        #expect(site.build().report.unwritten)
        #expect(LiveInput.files(input.output) == unconfigured, "deleted, then a half-typed new one")
        // (The clean build of this harness knows the default theme only.)
        let brand = input.base.appendingPathComponent("brand").path
        try input.write("vitrine.json", "{\"theme\": \"\(brand)\"}")
        #expect(site.build().report.diagnostics.contains { $0.message.hasPrefix("theme: ") && $0.message.hasSuffix("; the last good theme stays") })
        try FileManager.default.createDirectory(atPath: brand, withIntermediateDirectories: true)
        try Data(":root { --from: brand; }\n".utf8).write(to: URL(fileURLWithPath: brand + "/theme.css"))
        try input.write("payloads/scenes/typography.md", "A note, so that the input changed too.\n")
        let themed = site.build()
        #expect(themed.report.errorCount == 0, "\(themed.report.diagnostics)")
        #expect(FileManager.default.fileExists(atPath: input.output + "/theme/theme.css"), "a theme folder made after it was named is loaded")
        try input.write("vitrine.json", #"{"exclude": ["payloads/**"]}"#)
        _ = site.build()
        try input.write("payloads/more/extra.json", try input.read("payloads/scenes/checkout.json"))
        _ = site.build()
        try expectClean("a payload added that exclude leaves out")
    }

    @Test func aFeedThatBreaksCountsItsAllListPagesAsFailed() throws {
        let input = try LiveInput()
        defer { input.remove() }
        let site = try input.liveSite()
        _ = site.build()
        try input.write("payloads/feeds/homeList.json", "[{")
        let broken = site.build()
        #expect(broken.event.failed.contains("screens/payloads/feeds/homeList.html"))
        #expect(broken.event.failed.contains("screens/payloads/feeds/homeList.all-1.html"))
        // Served as they were, to a reload too, as the screen page is (they were 404s).
        for page in ["screens/payloads/feeds/homeList.html", "screens/payloads/feeds/homeList.all-1.html"] {
            #expect(String(decoding: site.lastGood.bytes(for: page) ?? [], as: UTF8.self).contains("<!doctype html>"), "\(page)")
        }
        #expect(!FileManager.default.fileExists(atPath: input.output + "/screens/payloads/feeds/homeList.all-1.html"), "on disk, as a clean build")
        try input.write("payloads/feeds/homeList.json", "[{ ")
        let again = site.build()
        #expect(again.report.errorCount > 0)
        #expect(site.lastGood.bytes(for: "screens/payloads/feeds/homeList.all-1.html") != nil, "still kept after another failing edit")
    }
}

/// A small deterministic generator (SplitMix64) so a failing edit sequence can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
