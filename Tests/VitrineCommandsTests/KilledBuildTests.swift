import Foundation
import Testing
import VitrineCore

/// I06: `kill -9` during a build leaves the previous site whole or, once the build has written
/// its journal, a site the next run completes to the new one; never a mix of old and new pages.
/// Two processes never write into one folder at once; `--fail-fast` leaves the old site.
@Suite struct KilledBuildTests {
    /// An input of 120 screens built twice into `old` and `new` (every text changed between
    /// them), and how long the second build took.
    struct TwoSites {
        let folder: TemporaryFolder
        let old: [String: Data], new: [String: Data]
        let duration: TimeInterval

        init() throws {
            let folder = try TemporaryFolder()
            func payloads(_ revision: String) throws {
                for index in 0..<120 {
                    let texts = (0..<12).map { #"{"type":"text","component":{"componentId":"t\#($0)","text":"\#(revision) \#(index).\#($0)"}}"# }
                    try folder.write("in/s\(index).json", #"{"hasNavigationBar":true,"container":{"componentId":"root","layout":{"type":"v","alignment":"center"},"views":["#
                                     + texts.joined(separator: ",") + "]}}")
                }
            }
            try payloads("old")
            #expect(try VitrineBinary.run(["build", "in", "-o", "old", "-q"], in: folder.url).status == 0)
            try payloads("new")
            let started = Date()
            #expect(try VitrineBinary.run(["build", "in", "-o", "new", "-q"], in: folder.url).status == 0)
            (self.folder, duration) = (folder, Date().timeIntervalSince(started))
            (old, new) = (folder.site(under: "old"), folder.site(under: "new"))
        }

        /// Builds the new input into `out`, a copy of the old site, with `options`, sending
        /// `signal` after `fraction` of the build's time; the build's exit status, or minus the
        /// signal when it ended the process (sent before the process could handle it).
        func build(signalledAt fraction: Double, with signal: Int32, options: [String] = []) throws -> Int32 {
            try? FileManager.default.removeItem(atPath: folder.path("out"))
            try FileManager.default.copyItem(atPath: folder.path("old"), toPath: folder.path("out"))
            let process = Process()
            process.executableURL = VitrineBinary.url
            process.arguments = ["build", "in", "-o", "out", "-q"] + options
            process.currentDirectoryURL = folder.url
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(useconds_t(duration * fraction * 1_000_000))
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            return process.terminationReason == .uncaughtSignal ? -process.terminationStatus : process.terminationStatus
        }
    }

    @Test func aBuildKilledAtAnyMomentLeavesTheOldSiteOrTheNewOne() throws {
        let sites = try TwoSites()
        let (folder, old, new) = (sites.folder, sites.old, sites.new)
        #expect(old.count == new.count && old != new)

        var outcomes: [String] = []
        // Kills spread over the build, more of them near its end, where the files are moved into place.
        for fraction in [0.1, 0.3, 0.5, 0.7, 0.8, 0.85, 0.9, 0.95, 1.0, 1.1] {
            _ = try sites.build(signalledAt: fraction, with: SIGKILL)

            let left = folder.site(under: "out")
            let journal = FileManager.default.fileExists(atPath: folder.path("out/.vitrine-commit"))
            outcomes.append(left == old ? "old" : left == new ? "new" : journal ? "moving" : "mixed")
            // The next run starts by finishing a journal's moves and deleting temporary files.
            _ = try LocalSiteWriter(path: folder.path("out"), input: folder.path("in"))
            let after = folder.files(under: "out")
            #expect(after == old || after == new, "killed at \(fraction) of the build's time: \(outcomes.last!)")
            #expect(journal ? after == new : after == left)
        }
        #expect(!outcomes.contains("mixed"), "\(outcomes)")
        #expect(outcomes.contains("old"), "no kill landed before the end of the build: \(outcomes)")
    }

    /// Ctrl-C (SIGINT) or SIGTERM is not a `kill -9`: the build stops, and when its pages are
    /// already being moved into place it lets the moves end, so the folder holds the old site or
    /// the new one, whole, with no journal or temporary file for the next run to finish.
    @Test(arguments: [SIGINT, SIGTERM])
    func anInterruptedBuildLeavesTheOldSiteOrTheNewOneWhole(_ signalNumber: Int32) throws {
        let sites = try TwoSites()
        let (folder, old, new) = (sites.folder, sites.old, sites.new)
        var outcomes: [String] = []
        for fraction in [0.3, 0.6, 0.8, 0.85, 0.9, 0.95, 1.0] {
            let status = try sites.build(signalledAt: fraction, with: signalNumber)
            let left = folder.site(under: "out")
            outcomes.append(left == old ? "old" : left == new ? "new" : "mixed")
            let leftovers = folder.files(under: "out").keys.filter { $0.contains(".vitrine-tmp-") || $0.hasSuffix(".vitrine-commit") }
            #expect(leftovers.isEmpty, "stopped at \(fraction) of the build's time: \(leftovers.sorted().prefix(3))")
            // A signal before the handler is in place (a loaded machine starts slowly) ends the
            // process as the system does, which leaves the old site too.
            #expect([0, signalNumber == SIGINT ? 130 : 143].contains(status) || (status == -signalNumber && left == old), "\(status)")
        }
        #expect(!outcomes.contains("mixed"), "\(outcomes)")
        #expect(outcomes.contains("old"), "no signal landed before the end of the build: \(outcomes)")
    }

    /// `--clean` stopped by Ctrl-C leaves the old site or the new one, whole (it deleted the old
    /// one first), and nothing the next build keeps (once, the old site's files without the
    /// manifest that lists them, so no later build or `--clean` removed them).
    @Test func anInterruptedCleanLeavesTheOldSiteOrTheNewOneAndNothingTheNextBuildKeeps() throws {
        let sites = try TwoSites()
        for fraction in [0.05, 0.1, 0.2, 0.3, 0.5] {
            let status = try sites.build(signalledAt: fraction, with: SIGINT, options: ["--clean"])
            #expect([0, 130, -SIGINT].contains(status), "\(status)")
            let left = sites.folder.site(under: "out")
            #expect(left == sites.old || left == sites.new, "stopped at \(fraction) of the build's time: neither site")
            #expect(try VitrineBinary.run(["build", "in", "-o", "out", "-q"], in: sites.folder.url).status == 0)
            #expect(sites.folder.site(under: "out") == sites.new, "stopped at \(fraction) of the build's time")
        }
    }

    /// While a build or `serve` writes into a folder, another build into it is refused (exit 2)
    /// instead of deleting the first one's unfinished files as leftovers.
    @Test func aSecondBuildIntoABusyFolderIsRefused() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/a.json", scene("A"))
        do {
            let busy = try LocalSiteWriter(path: folder.path("out"), input: folder.path("in"))
            let refused = try VitrineBinary.run(["build", "in", "-o", "out", "-q"], in: folder.url)
            #expect(refused.status == 2)
            #expect(refused.stderr.contains("another Vitrine process (a build, or serve) is writing into this folder; wait for it or give another folder"), "\(refused.stderr)")
            try busy.finish(writing: [])
        }
        #expect(try VitrineBinary.run(["build", "in", "-o", "out", "-q"], in: folder.url).status == 0)
    }

    /// I08 `--fail-fast`: a build that meets an error stops and leaves the last site byte for
    /// byte, without temporary files; `check --fail-fast` stops too. Both exit 1.
    @Test func failFastLeavesTheLastSiteAsItWas() throws {
        let folder = try TemporaryFolder()
        for index in 0..<40 { try folder.write("in/s\(index).json", scene("old \(index)")) }
        #expect(try VitrineBinary.run(["build", "in", "-o", "out", "-q"], in: folder.url).status == 0)
        let before = folder.files(under: "out")
        for index in 0..<40 { try folder.write("in/s\(index).json", scene("new \(index)")) }
        try folder.write("in/s20.json", "{\"container\": ")
        let stopped = try VitrineBinary.run(["build", "in", "-o", "out", "--fail-fast"], in: folder.url)
        #expect(stopped.status == 1)
        #expect(stopped.stderr.contains("s20.json:1:15: error: "), "\(stopped.stderr)")
        #expect(stopped.stderr.contains("Stopped at the first problem (--fail-fast) after "), "\(stopped.stderr)")
        #expect(stopped.stderr.hasSuffix(" was left as it was\n"), "\(stopped.stderr)")
        #expect(folder.files(under: "out") == before)
        let checked = try VitrineBinary.run(["check", "in", "--fail-fast"], in: folder.url)
        #expect(checked.status == 1 && checked.stderr.contains("Stopped at the first problem (--fail-fast) after "), "\(checked.stderr)")
        let fresh = try VitrineBinary.run(["build", "in", "-o", "fresh", "--fail-fast"], in: folder.url)
        #expect(fresh.status == 1)
        #expect(fresh.stderr.hasSuffix("; fresh holds no site\n"), "a new folder was not 'left as it was': \(fresh.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("fresh")) == [".vitrine-output"], "only the claim on the new folder")
        let built = try VitrineBinary.run(["build", "in", "-o", "out", "-q"], in: folder.url)
        #expect(built.status == 1 && folder.files(under: "out") != before)
    }
}
