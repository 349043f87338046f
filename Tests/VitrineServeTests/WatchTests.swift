import Foundation
import Testing
@testable import VitrineCore
@testable import VitrineServe

/// The watch loop against the ways editors and tools change files (bad-inputs.md §4 K).
@Suite(.serialized) struct WatchTests {
    /// Collects the builds a watch loop reports.
    final class Builds: @unchecked Sendable {
        private let lock = NSLock()
        private var outcomes: [LiveSite.Outcome] = []

        func add(_ outcome: LiveSite.Outcome) { lock.withLock { outcomes.append(outcome) } }
        var all: [LiveSite.Outcome] { lock.withLock { outcomes } }

        /// Waits until `count` builds arrived or `seconds` passed.
        func wait(for count: Int, seconds: Double = 10) {
            let deadline = Date().addingTimeInterval(seconds)
            while all.count < count, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        }
    }

    /// Runs `body` with a watch loop over a fresh copy of the demo (after `prepare` changed it), then stops it.
    private func watching(polling: Bool = false, ownTheme: Bool = false, outputInInput: Bool = false,
                          prepare: (LiveInput) throws -> Void = { _ in }, afterFirstBuild: @escaping (LiveInput) throws -> Void = { _ in },
                          onBuild: @escaping @Sendable (LiveInput, Int) -> Void = { _, _ in },
                          _ body: (LiveInput, LiveSite, Builds) throws -> Void) throws {
        let input = try LiveInput()
        defer { input.remove() }
        try prepare(input)
        let theme = input.base.appendingPathComponent("theme").path
        if ownTheme { try FileManager.default.copyItem(atPath: LiveInput.themeFolder, toPath: theme) }
        let site = try input.liveSite(output: outputInInput ? input.input + "/_site" : nil, polling: polling,
                                      themeFolder: ownTheme ? theme : LiveInput.themeFolder)
        _ = site.build()
        try afterFirstBuild(input)
        let builds = Builds()
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            site.watch { outcome in
                builds.add(outcome)
                onBuild(input, builds.all.count)
            }
            finished.signal()
        }
        Thread.sleep(forTimeInterval: 0.2)
        defer {
            site.stop()
            finished.wait()
        }
        try body(input, site, builds)
    }

    private static let quiet = 0.6

    /// A file saved while the first build runs (between its walk and the watch) is built at
    /// once; it had waited for some other change, as the watch began from a walk of its own.
    @Test(arguments: [false, true])
    func aSaveDuringTheFirstBuildIsBuilt(polling: Bool) throws {
        try watching(polling: polling, afterFirstBuild: { input in
            try input.write("payloads/scenes/typography.md", "Saved while the first build ran.\n")
        }) { input, _, builds in
            builds.wait(for: 1, seconds: 3)
            #expect(builds.all.count == 1)
            let page = try String(contentsOfFile: input.output + "/screens/payloads/scenes/typography.html", encoding: .utf8)
            #expect(page.contains("Saved while the first build ran."))
        }
    }

    /// A file saved into a folder a build made, before that folder is watched (here, while the
    /// build is reported), is seen at once, not by the safety walk five seconds later.
    @Test func aSaveInAFolderNotYetWatchedIsSeenAtOnce() throws {
        try watching(onBuild: { input, count in
            if count == 1, let text = try? input.read("payloads/scenes/checkout.json") { try? input.write("payloads/new/b.json", text) }
        }) { input, _, builds in
            try input.write("payloads/new/a.json", try input.read("payloads/scenes/checkout.json"))
            builds.wait(for: 2, seconds: 3)
            #expect(builds.all.count == 2, "the second save waited for the safety walk")
            #expect(FileManager.default.fileExists(atPath: input.output + "/screens/payloads/new/b.html"))
        }
    }

    @Test(arguments: [false, true])
    func vimsBackupSaveMakesOneBuildAndThePageStays(polling: Bool) throws {
        try watching(polling: polling) { input, _, builds in
            let path = input.input + "/payloads/scenes/typography.json"
            let page = input.output + "/screens/payloads/scenes/typography.html"
            let text = try input.read("payloads/scenes/typography.json")
            // vim: rename the original to a backup, write the new file, delete the backup.
            try FileManager.default.moveItem(atPath: path, toPath: path + "~")
            try Data((text + "\n").utf8).write(to: URL(fileURLWithPath: path))
            try FileManager.default.removeItem(atPath: path + "~")
            builds.wait(for: 1)
            Thread.sleep(forTimeInterval: Self.quiet)
            #expect(builds.all.count == 1)
            #expect(FileManager.default.fileExists(atPath: page))
            #expect(builds.all.first?.report.errorCount == 0)
        }
    }

    /// A rebuild line names `vitrine.json` first when it changed (it redraws everything), then a
    /// file that is there: a folder renamed back was credited to a file of the name it left.
    @Test func aRebuildIsCreditedToTheConfigurationThenToAFileThatIsThere() {
        var info = stat()
        info.st_size = 1
        let old = ["a/moved/x.json": FileSignature(info), "vitrine.json": FileSignature(stat()), "z.json": FileSignature(stat())]
        info.st_size = 2
        let new = ["b/x.json": FileSignature(info), "vitrine.json": FileSignature(info), "z.json": FileSignature(stat())]
        #expect(LiveSite.changedFiles(from: old, to: new) == ["vitrine.json", "b/x.json", "a/moved/x.json"])
    }

    /// A name respelt in another normalisation (NFC to NFD) is a change, even when the file's
    /// signature, ctime included, is the same (renamed within one clock tick).
    @Test func aSnapshotWithANameRespeltIsAnotherSnapshot() {
        func snapshot(_ name: String) -> InputWatcher.Snapshot {
            var listing = InputListing()
            listing.add(name)
            return InputWatcher.Snapshot(listing: listing, signatures: [name: FileSignature(stat())], theme: [:], folders: [""], themeFolders: [])
        }
        #expect(snapshot("caf\u{E9}.json") == snapshot("caf\u{E9}.json"))
        #expect(snapshot("caf\u{E9}.json") != snapshot("cafe\u{301}.json"))
    }

    @Test func atomicRenameSaveIsSeen() throws {
        try watching { input, _, builds in
            let temporary = input.input + "/payloads/scenes/.typography.json.tmp"
            let text = try input.read("payloads/scenes/typography.json")
            try Data(text.replacingOccurrences(of: "Typography", with: "Renamed save").utf8).write(to: URL(fileURLWithPath: temporary))
            try FileManager.default.removeItem(atPath: input.input + "/payloads/scenes/typography.json")
            try FileManager.default.moveItem(atPath: temporary, toPath: input.input + "/payloads/scenes/typography.json")
            builds.wait(for: 1)
            Thread.sleep(forTimeInterval: Self.quiet)
            #expect(builds.all.count == 1)
            #expect(builds.all.first?.changed.contains("screens/payloads/scenes/typography.html") == true)
        }
    }

    @Test(arguments: [false, true])
    func aBurstOfTwoHundredFilesMakesAtMostTwoBuilds(polling: Bool) throws {
        try watching(polling: polling) { input, _, builds in
            let text = try input.read("payloads/scenes/checkout.json")
            for index in 0..<200 { try input.write("payloads/burst/sub\(index % 10)/screen-\(index).json", text) }
            builds.wait(for: 1)
            Thread.sleep(forTimeInterval: 2)
            #expect((1...2).contains(builds.all.count))
            #expect(FileManager.default.fileExists(atPath: input.output + "/screens/payloads/burst/sub9/screen-199.html"))
        }
    }

    /// K03: `git checkout` of a branch with 5 000 more files is one build, or two when the
    /// checkout outlasts the longest wait; the site then equals a clean build.
    @Test func aCheckoutOfFiveThousandFilesMakesAtMostTwoBuilds() throws {
        try watching(prepare: { input in
            try input.git("init", "-q", "-b", "main")
            try input.git("add", "-A")
            try input.git("commit", "-q", "-m", "demo")
            try input.git("checkout", "-q", "-b", "many")
            for index in 0..<5_000 {  // small screens: the watcher is under test here, not drawing
                try input.write("payloads/many/part\(index / 100)/screen-\(index).json",
                                #"{"hasNavigationBar":false,"container":{"componentId":"r","layout":{"type":"v","alignment":"leading"},"views":[{"type":"text","component":{"componentId":"t","text":"Screen \#(index)"}}]}}"#)
            }
            try input.git("add", "-A")
            try input.git("commit", "-q", "-m", "many")
            try input.git("checkout", "-q", "main")
        }) { input, _, builds in
            try input.git("checkout", "-q", "many")
            let clean = try input.cleanBuild()
            builds.wait(for: 1, seconds: 120)
            // A first build that walked the tree before the checkout ended is followed by one more.
            if builds.all.first?.report.screens.count != clean.report.screens.count { builds.wait(for: 2, seconds: 120) }
            Thread.sleep(forTimeInterval: 2)
            #expect((1...2).contains(builds.all.count), "\(builds.all.count) builds")
            #expect(builds.all.last?.report.screens.count == clean.report.screens.count)
            #expect(clean.report.errorCount == 0)
            let live = LiveInput.files(input.output)
            let expected = LiveInput.files(clean.folder)
            #expect(live.keys.sorted() == expected.keys.sorted())
            #expect(expected.keys.count > 10_000)
            for (path, bytes) in expected where live[path] != bytes { Issue.record("\(path) differs from a clean build") }
        }
    }

    /// K05: when the kernel refuses a watch for its limit (ENOSPC), the watcher says so once,
    /// naming the sysctl, and polls: it comes back within a polling pause, not the 5 s safety
    /// walk, so the walk that follows finds the change.
    @Test func aReachedWatchLimitIsSaidOnceAndPollingTakesOver() throws {
        let input = try LiveInput()
        defer { input.remove() }
        let watcher = InputWatcher(input: input.input, output: input.output)
        var refused = 0
        watcher.notifier = ChangeNotifier { _, _, _ in
            refused += 1
            errno = ENOSPC
            return -1
        }
        var warnings: [String] = []
        watcher.warn = { warnings.append($0) }
        var last = watcher.snapshot(themeFolders: [])
        for round in 0..<3 {
            try input.write("payloads/scenes/added-\(round).json", try input.read("payloads/scenes/checkout.json"))
            let started = Date()
            watcher.waitForChange(after: last, walkCost: 0.01) { false }
            #expect(Date().timeIntervalSince(started) < 1.5, "round \(round) waited for the safety walk")
            let next = watcher.snapshot(themeFolders: [])
            #expect(next.listing.payloads.contains("payloads/scenes/added-\(round).json"))
            last = next
        }
        #expect(refused == 1, "asked the kernel again after it refused")
        #expect(warnings == ["the inotify watch limit is reached (sysctl fs.inotify.max_user_watches); watching by polling instead"])
        #expect(watcher.notifier == nil)
    }

    /// A theme folder inside the input: an edit of one of its files is one file changed, named
    /// as an input file (it was counted twice, "after brand/theme.css and 1 more"); a theme
    /// elsewhere is named by its folder.
    @Test func aThemeFileInsideTheInputIsNamedOnce() throws {
        let input = try LiveInput()
        defer { input.remove() }
        try input.write("brand/theme.css", ":root { --a: 1; }\n")
        let outside = input.base.appendingPathComponent("outside").path
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: outside + "/theme.css"))
        let watcher = InputWatcher(input: input.input, output: input.output)
        let folders = [input.input + "/brand", outside]
        let before = watcher.snapshot(themeFolders: folders)
        try input.write("brand/theme.css", ":root { --a: 2; }\n")
        try Data("changed".utf8).write(to: URL(fileURLWithPath: outside + "/theme.css"))
        #expect(LiveSite.changes(from: before, to: watcher.snapshot(themeFolders: folders), input: input.input) == ["brand/theme.css", outside + "/theme.css"])
    }

    @Test func oneFileSavedWithoutPauseMakesABoundedNumberOfBuilds() throws {
        try watching { input, _, builds in
            let text = try input.read("payloads/scenes/checkout.json")
            let started = Date()
            for save in 0..<300 {  // one save every few milliseconds: never quiet for the 50 ms a build waits for
                try input.write("payloads/scenes/hot.json", text.replacingOccurrences(of: "Checkout", with: "Save \(save)"))
                Thread.sleep(forTimeInterval: 0.003)
            }
            let saving = Date().timeIntervalSince(started)
            Thread.sleep(forTimeInterval: 1.5)
            // At most one build per longest wait, plus the one that finds the tree quiet and the last one.
            let bound = Int(saving / InputWatcher.longestWait) + 2
            #expect(builds.all.count >= 1 && builds.all.count <= bound, "\(builds.all.count) builds for 300 saves in \(saving) s")
        }
    }

    @Test(arguments: [false, true])
    func aFolderCreatedWhileWatchingIsWatched(polling: Bool) throws {
        try watching(polling: polling) { input, _, builds in
            // Within 3 s: the safety walk (every 5 s) would find the saves even in folders never watched.
            try input.write("payloads/new-folder/deeper/screen.json", try input.read("payloads/scenes/checkout.json"))
            builds.wait(for: 1, seconds: 3)
            #expect(builds.all.count == 1, "found only by the safety walk")
            #expect(FileManager.default.fileExists(atPath: input.output + "/screens/payloads/new-folder/deeper/screen.html"))
            try input.write("payloads/new-folder/deeper/screen.json", "{")
            builds.wait(for: 2, seconds: 3)
            #expect(builds.all.count == 2, "found only by the safety walk")
            #expect(builds.all.last?.report.errorCount ?? 0 > 0)
        }
    }

    /// A folder made or removed with nothing in it is named on the line of the walk that met it;
    /// folders made for a new file are not.
    @Test func aFolderAloneIsNamedAsTheChange() throws {
        try watching { input, _, builds in
            try FileManager.default.createDirectory(atPath: input.input + "/payloads/empty", withIntermediateDirectories: false)
            builds.wait(for: 1, seconds: 3)
            #expect(builds.all.first?.inputs == ["payloads/empty/"])
            #expect(builds.all.first?.changed == [])
            try FileManager.default.removeItem(atPath: input.input + "/payloads/empty")
            builds.wait(for: 2, seconds: 3)
            #expect(builds.all.last?.inputs == ["payloads/empty/"])
            try input.write("payloads/made/deeper/a.json", try input.read("payloads/scenes/checkout.json"))
            builds.wait(for: 3, seconds: 3)
            #expect(builds.all.last?.inputs == ["payloads/made/deeper/a.json"], "the folders holding it are not named")
        }
    }

    @Test func deletingAFolderRemovesItsPages() throws {
        try watching { input, _, builds in
            try FileManager.default.removeItem(atPath: input.input + "/payloads/feeds")
            builds.wait(for: 1)
            #expect(!FileManager.default.fileExists(atPath: input.output + "/screens/payloads/feeds/homeList.html"))
            #expect(builds.all.first?.changed.contains("screens/payloads/feeds/homeList.html") == true)
            // What started it, for serve's line ("Rebuilt in N ms after payloads/feeds/… and 2 more").
            #expect(builds.all.first?.inputs.contains("payloads/feeds/homeList.json") == true)
            #expect(builds.all.first?.inputs.allSatisfy { $0.hasPrefix("payloads/feeds/") } == true, "\(builds.all.first?.inputs ?? [])")
        }
    }

    @Test func anOutputFolderDeletedUnderTheServerComesBackWithTheNextBuild() throws {
        try watching { input, _, builds in
            try FileManager.default.removeItem(atPath: input.output)
            #expect(OutputFolder(root: input.output).lookup("", trailingSlash: false) == .unavailable)
            try input.write("payloads/scenes/typography.md", "# Note\n")
            builds.wait(for: 1)
            #expect(builds.all.first?.report.errorCount == 0, "\(builds.all.first?.report.diagnostics.first.map { "\($0.file): \($0.message)" } ?? "")")
            #expect(FileManager.default.fileExists(atPath: input.output + "/index.html"))
            #expect(FileManager.default.fileExists(atPath: input.output + "/screens/payloads/scenes/checkout.html"))
        }
    }

    /// Guards a fixed bug: with nothing else changed, a deleted output folder stayed missing
    /// (every request a 503) until an input file changed.
    @Test(arguments: [false, true])
    func anOutputFolderDeletedWithNothingElseChangedComesBackByItself(polling: Bool) throws {
        try watching(polling: polling) { input, _, builds in
            try FileManager.default.removeItem(atPath: input.output)
            builds.wait(for: 1, seconds: InputWatcher.safetyWalk + 5)
            #expect(builds.all.count == 1)
            #expect(FileManager.default.fileExists(atPath: input.output + "/index.html"))
            #expect(FileManager.default.fileExists(atPath: input.output + "/screens/payloads/scenes/checkout.html"))
        }
    }

    /// Guards a fixed bug: the input folder moved away for a moment (a branch switch) made an
    /// empty catalogue of the site, every page removed; the site now stays until it is back.
    @Test func anInputFolderGoneForAMomentKeepsTheSite() throws {
        try watching { input, _, builds in
            let away = input.base.appendingPathComponent("away").path
            try FileManager.default.moveItem(atPath: input.input, toPath: away)
            Thread.sleep(forTimeInterval: 1.5)
            #expect(builds.all.isEmpty, "no build while the input is gone")
            #expect(FileManager.default.fileExists(atPath: input.output + "/screens/payloads/scenes/checkout.html"))
            try FileManager.default.moveItem(atPath: away, toPath: input.input)
            try input.write("payloads/scenes/typography.md", "# Note\n")
            builds.wait(for: 1)
            #expect(builds.all.first?.report.screens.isEmpty == false)
            #expect(builds.all.first?.changed.contains("screens/payloads/scenes/checkout.html") == false, "only what changed is written")
        }
    }

    @Test func aThemeEditRebuildsAndABrokenThemeKeepsTheLastGoodOne() throws {
        try watching(ownTheme: true) { input, _, builds in
            let theme = input.base.appendingPathComponent("theme").path
            let css = try String(contentsOfFile: theme + "/vitrine.css", encoding: .utf8)
            try Data((css + "\n/* edited */\n").utf8).write(to: URL(fileURLWithPath: theme + "/vitrine.css"))
            builds.wait(for: 1)
            #expect(builds.all.first?.changed.contains("theme/vitrine.css") == true)
            #expect(builds.all.first?.inputs == [theme + "/vitrine.css"], "the rebuild line names the theme's file")
            #expect(try String(contentsOfFile: input.output + "/theme/vitrine.css", encoding: .utf8).hasSuffix("/* edited */\n"))

            let page = input.output + "/screens/payloads/scenes/checkout.html"
            let before = try String(contentsOfFile: page, encoding: .utf8)
            try Data("{{#unclosed}}".utf8).write(to: URL(fileURLWithPath: theme + "/templates/screen.mustache"))
            builds.wait(for: 2)
            let broken = try #require(builds.all.last)
            #expect(broken.report.diagnostics.first?.message.hasPrefix("theme: ") == true)
            #expect(broken.report.diagnostics.first?.message.hasSuffix("the last good theme stays") == true)
            #expect(broken.report.diagnostics.first?.file == "", "the theme's problem is no input file's")
            #expect(try String(contentsOfFile: page, encoding: .utf8) == before)
            // The error stays while the theme is broken, whatever else changes.
            try input.write("payloads/scenes/checkout.md", "# Note\n")
            builds.wait(for: 3)
            #expect(builds.all.count == 3)
            #expect(builds.all.last?.report.diagnostics.first?.message.hasPrefix("theme: ") == true)
        }
    }

    @Test func anOutputFolderInsideTheInputNeverTriggersABuild() throws {
        try watching(outputInInput: true) { input, _, builds in
            Thread.sleep(forTimeInterval: 1)
            #expect(builds.all.isEmpty)
            #expect(FileManager.default.fileExists(atPath: input.input + "/_site/index.html"))
        }
    }
}
