import Foundation
import Testing
@testable import VitrineCore

/// The input walk on a real temporary tree (bad-inputs.md §4 H) and the reader's refusals.
@Suite struct DirectoryWalkerTests {
    /// A temporary input folder.
    final class Tree {
        let root: String

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-walk-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        func write(_ path: String, _ text: String = "{}") throws {
            let url = URL(fileURLWithPath: root).appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }

        /// A file whose name is raw bytes.
        func write(bytes name: [UInt8]) {
            let path = Array(root.utf8) + [UInt8(ascii: "/")] + name + [0]
            let descriptor = path.withUnsafeBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: path.count) { open($0, O_WRONLY | O_CREAT, 0o644) }
            }
            close(descriptor)
        }

        func link(_ path: String, to destination: String) throws {
            try FileManager.default.createSymbolicLink(atPath: root + "/" + path, withDestinationPath: destination)
        }
    }

    @Test func nfcAndNfdTwinsAreReportedAndOnlyTheFirstIsListed() throws {
        let tree = try Tree()
        try tree.write("caf\u{E9}.json")
        try tree.write("cafe\u{301}.json")
        let (listing, signatures, _) = DirectoryWalker(root: tree.root).snapshot()
        #expect(listing.payloads.count == 1)
        #expect(Array(listing.payloads[0].utf8) == Array("cafe\u{301}.json".utf8), "byte order puts the NFD name (e, 0x65) first")
        #expect(signatures.count == 1)
        #expect(listing.diagnostics.count == 1)
        #expect(Array(listing.diagnostics[0].file.utf8) == Array("caf\u{E9}.json".utf8))
        #expect(listing.diagnostics[0].message.hasPrefix("name differs from cafe\\u{301}.json only in Unicode normalisation"))
    }

    /// A file dated past 2262 (a tar's odd date) is walked; its time in nanoseconds passes an
    /// Int64, which trapped before.
    @Test func aFileFromTheFarFutureIsWalked() throws {
        let tree = try Tree()
        try tree.write("a.json")
        var times = [timespec(tv_sec: 10_000_000_000, tv_nsec: 0), timespec(tv_sec: 10_000_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, tree.root + "/a.json", &times, 0) == 0)
        let (listing, signatures, _) = DirectoryWalker(root: tree.root).snapshot()
        #expect(listing.payloads == ["a.json"])
        #expect(signatures.count == 1)
    }

    /// H12: 100 000 payload files in 10 000 folders are all checked, and every descriptor opened
    /// for them is closed (a leak of one per file would run out of descriptors long before the end).
    @Test func aHundredThousandFilesInTenThousandFoldersLeakNoDescriptor() throws {
        let tree = try Tree()
        for folder in 0..<10_000 {
            let path = tree.root + "/d\(folder)"
            mkdir(path, 0o755)
            for file in 0..<10 { close(open(path + "/s\(file).json", O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)) }
        }
        let descriptors = { try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count }
        let before = try descriptors()
        #expect(before > 2, "the test's own descriptors are counted")
        let listing = DirectoryWalker(root: tree.root).list()
        #expect(listing.payloads.count == 100_000)
        let theme = try Theme(files: ThemeLoader.load(Repository.path("Themes/default")))
        var pipeline = BuildPipeline(listing: listing, source: FileReader(root: tree.root), writer: DiscardingSiteWriter(), theme: theme)
        pipeline.checksOnly = true
        let report = pipeline.run()
        #expect(report.diagnostics.count == 100_000)
        #expect(report.diagnostics.allSatisfy { $0.message == "empty file" })
        #expect(try descriptors() <= before + 50, "other tests may hold a few meanwhile")
    }

    /// I05: names that a case-insensitive file system would merge are all built, and reported.
    @Test func namesDifferingOnlyInCaseAreAllListedWithAWarning() throws {
        let tree = try Tree()
        for name in ["home.json", "Home.json", "HOME.json", "Sub/a.json", "sub/a.json", "other.json"] { try tree.write(name) }
        let listing = DirectoryWalker(root: tree.root).list()
        #expect(listing.payloads == ["HOME.json", "Home.json", "Sub/a.json", "home.json", "other.json", "sub/a.json"])
        #expect(listing.diagnostics.map { "\($0.file): \($0.message)" } == [
            "Home.json: name differs from HOME.json only in letter case; on a case-insensitive file system (macOS, Windows) one output would overwrite the other",
            "home.json: name differs from HOME.json only in letter case; on a case-insensitive file system (macOS, Windows) one output would overwrite the other",
            "sub/a.json: name differs from Sub/a.json only in letter case; on a case-insensitive file system (macOS, Windows) one output would overwrite the other",
        ])
        #expect(listing.diagnostics.allSatisfy { $0.severity == .warning })
    }

    /// `home.JSON` and `home.json` make one page on every file system: the one spelt `.json`
    /// keeps it, the others are errors and skipped (one screen was lost without a word but a
    /// case warning, exit 0). The walk lists them all, without that warning: `exclude` may settle it.
    @Test func payloadsMakingOnePageAreAnError() throws {
        let tree = try Tree()
        for name in ["home.JSON", "home.json", "home.Json", "a/b.json", "solo.JSON"] { try tree.write(name) }
        let listing = DirectoryWalker(root: tree.root).list()
        #expect(listing.payloads == ["a/b.json", "home.JSON", "home.Json", "home.json", "solo.JSON"] && listing.diagnostics.isEmpty)
        let onePage = InputListing.onePagePerPayload(listing.payloads)
        #expect(onePage.payloads == ["a/b.json", "home.json", "solo.JSON"])
        #expect(onePage.diagnostics.map { "\($0.severity) \($0.file): \($0.message)" } == [
            "error home.JSON: makes the same page as home.json, screens/home.html (only the extension's case differs), so this one is skipped: rename one",
            "error home.Json: makes the same page as home.json, screens/home.html (only the extension's case differs), so this one is skipped: rename one",
        ])
    }

    /// A `\` in a name builds, but `serve` refuses it in an address (bad-inputs.md §5.2): said.
    @Test func aBackslashInANameIsBuiltWithAWarning() throws {
        let tree = try Tree()
        for name in ["back\\slash.json", "plain.json"] { try tree.write(name) }
        let listing = DirectoryWalker(root: tree.root).list()
        #expect(listing.payloads == ["back\\slash.json", "plain.json"])
        #expect(listing.diagnostics.map { "\($0.severity) \($0.file): \($0.message)" } == [
            "warning back\\slash.json: name holds a `\\`: its page is built, but `vitrine serve` refuses a `\\` in an address "
                + "(Windows reads it as a folder separator), and Windows cannot hold the file",
        ])
    }

    /// A publishing review: `a:b.json` and `q?x.json` built without a word, and a zip of the site
    /// could not be unpacked on Windows. Built, with a warning for each name Windows refuses.
    @Test func namesWindowsCannotHoldAreBuiltWithAWarning() throws {
        let tree = try Tree()
        for name in ["a:b.json", "q?x.json", "con.json", "lpt1/x.json", "dot./y.json", "console.json", "com10.json", "plain.json"] { try tree.write(name) }
        let listing = DirectoryWalker(root: tree.root).list()
        #expect(listing.payloads.count == 8)
        let tail = ": its page is built, but Windows cannot hold the file, so a copy of the site there (a zip unpacked) would lack it"
        #expect(listing.diagnostics.map { "\($0.file): \($0.message)" } == [
            "a:b.json: name holds a `:`" + tail,
            "con.json: name `con.json` is a Windows device's" + tail,
            "dot./y.json: name `dot.` ends in a dot" + tail,
            "lpt1/x.json: name `lpt1` is a Windows device's" + tail,
            "q?x.json: name holds a `?`" + tail,
        ])
    }

    @Test func namesThatAreNotUTF8AreEachReportedByTheirBytes() throws {
        let tree = try Tree()
        tree.write(bytes: [0xFF] + Array(".json".utf8))
        tree.write(bytes: [0xFE] + Array(".json".utf8))
        let listing = DirectoryWalker(root: tree.root).list()
        #expect(listing.payloads.isEmpty)
        #expect(listing.diagnostics.map(\.file) == ["\\xFE.json", "\\xFF.json"])
        #expect(listing.diagnostics.allSatisfy { $0.message == "file name is not UTF-8; skipped" })
    }

    @Test func hiddenFilesEditorLeftoversAndTheExcludedFolderAreSkipped() throws {
        let tree = try Tree()
        for path in ["home.json", ".git/config.json", ".DS_Store", ".home.json.swp", "home.json~", "#home.json#", "4913", "_site/index.json"] {
            try tree.write(path)
        }
        let listing = DirectoryWalker(root: tree.root, excluding: DirectoryWalker.realPath(tree.root + "/_site")).list()
        #expect(listing.payloads == ["home.json"])
        #expect(listing.diagnostics.isEmpty)
    }

    /// An earlier output inside the input (a site or a report, with its marker) is never input,
    /// nor watched, whichever folder the current build writes to; a folder that only looks like
    /// one is read.
    @Test func foldersWithTheOutputMarkerAreSkipped() throws {
        let tree = try Tree()
        for path in ["home.json", "old-site/index.json", "old-site/screens/x.json", "old-site/.vitrine-output", "deep/report/a.json",
                     "deep/report/.vitrine-output", "deep/b.json", "lookalike/index.json", "lookalike/.vitrine-manifest"] {
            try tree.write(path)
        }
        let (listing, _, folders) = DirectoryWalker(root: tree.root).snapshot()
        #expect(listing.payloads == ["deep/b.json", "home.json", "lookalike/index.json"])
        #expect(folders == ["", "deep", "lookalike"])
        try tree.write(".vitrine-output")  // the input root itself is read whatever it holds
        #expect(DirectoryWalker(root: tree.root).list().payloads == ["deep/b.json", "home.json", "lookalike/index.json"])
    }

    /// `serve` keeps its site while the input folder is away: the listing says so itself.
    /// One check for "inside this folder" (five copies had it; two took `/` for no folder's parent).
    @Test func aPathIsNamedFromAFolderThatHoldsIt() {
        #expect(DirectoryWalker.relativePath(of: "/srv/site/themes/brand", inside: "/srv/site") == "themes/brand")
        #expect(DirectoryWalker.relativePath(of: "/srv/site", inside: "/srv/site") == "")
        #expect(DirectoryWalker.relativePath(of: "/srv/site2/x", inside: "/srv/site") == nil)
        #expect(DirectoryWalker.relativePath(of: "/srv", inside: "/srv/site") == nil)
        #expect(DirectoryWalker.relativePath(of: "/srv/site", inside: "/") == "srv/site")
        #expect(DirectoryWalker.relativePath(of: "/", inside: "/") == "")
    }

    @Test func anInputFolderThatCannotBeReadIsToldApartFromAnEmptyOne() throws {
        let tree = try Tree()
        #expect(DirectoryWalker(root: tree.root).list().rootUnreadable == false)
        try tree.write("file.json")
        for root in [tree.root + "/gone", tree.root + "/file.json"] {
            let listing = DirectoryWalker(root: root).list()
            #expect(listing.rootUnreadable)
            #expect(listing.diagnostics.map(\.file) == ["."])
            #expect(listing.diagnostics.first?.message.hasPrefix("cannot read directory: ") == true)
        }
    }

    @Test func symlinksAreReportedAndNeverFollowedOutOrIntoFolders() throws {
        let tree = try Tree()
        try tree.write("home.json")
        try tree.write("sub/inner.json")
        try tree.link("alias.json", to: "home.json")
        try tree.link("up", to: "..")
        try tree.link("sub/loop.json", to: "loop.json")
        try tree.link("outside.json", to: "/etc/hostname")
        try tree.link("sub-link", to: "sub")
        try tree.link("notes.txt", to: "/etc/hostname")
        try tree.link("site", to: "/var")
        let (listing, _, folders) = DirectoryWalker(root: tree.root, excluding: DirectoryWalker.realPath("/var")).snapshot()
        #expect(listing.payloads == ["home.json", "sub/inner.json"])
        #expect(folders == ["", "sub"])
        let messages = Dictionary(uniqueKeysWithValues: listing.diagnostics.map { ($0.file, $0.message) })
        #expect(messages["alias.json"]?.hasPrefix("symlink to home.json inside the input") == true)
        #expect(messages["outside.json"] == "symlink leads outside the input root; skipped")
        #expect(messages["sub/loop.json"] == "broken or looping symlink; skipped")
        // A folder link may hide payloads whatever its name: said, as for files.
        #expect(messages["up"] == "symlink leads outside the input root; skipped")
        #expect(messages["sub-link"] == "symlink to a directory or special file; not followed")
        #expect(messages["notes.txt"] == nil, "not a name that would be listed")
        #expect(messages["site"] == nil, "the output folder, linked into the input, is no input")
        #expect(listing.diagnostics.count == 5)
        // Without an output folder to leave out (`vitrine check`), a broken link is said too.
        let unexcluded = DirectoryWalker(root: tree.root).list().diagnostics.map(\.file)
        #expect(unexcluded.contains("sub/loop.json"), "\(unexcluded)")
    }

    @Test func theReaderRefusesSpecialAndOversizedFilesWithoutReadingThem() throws {
        let tree = try Tree()
        #expect(mkfifo(tree.root + "/pipe.json", 0o644) == 0)
        let big = tree.root + "/big.json"
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        #expect(truncate(big, 2 << 30) == 0)
        let reader = FileReader(root: tree.root)
        #expect(throws: FileReader.Failure(message: "not a regular file")) { try reader.read("pipe.json") }
        #expect(throws: FileReader.Failure(message: "file larger than 16 MiB (2147483648 bytes); raise the limit with --max-file-size or limits.fileSizeMiB in vitrine.json")) {
            try reader.read("big.json")
        }
        let listing = DirectoryWalker(root: tree.root).list()
        #expect(listing.diagnostics.map(\.message) == ["not a regular file; skipped"])
    }
}
