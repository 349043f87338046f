import Foundation
import Testing

/// `vitrine build` run as a process: files written, stderr, exit codes.
@Suite struct BuildCommandTests {
    @Test func brokenFileIsReportedAndEveryGoodScreenIsStillWritten() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/a.json", scene("A"))
        try folder.write("in/sub/b.json", scene("B"))
        try folder.write("in/broken.json", "{\"hasNavigationBar\": true,\n  \"container\": {\"componentId\": }\n}")
        let run = try VitrineBinary.run(["build", folder.path("in"), "-o", folder.path("out") + "/"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("broken.json:2:32: error: expected a value, found '}' (at /container/componentId)\n"))
        #expect(run.stderr.contains("Built 2 screens of 3 payload files (1 error, 0 warnings) in "))
        #expect(run.stderr.hasSuffix(" s → " + folder.path("out") + "/index.html\n"), "\(run.stderr)")
        let files = folder.files(under: "out")
        #expect(files["screens/a.html"] != nil && files["screens/sub/b.html"] != nil && files["index.html"] != nil)
        #expect(files["screens/broken.html"].map { String(decoding: $0, as: UTF8.self).contains("could not be read") } == true)
    }

    /// A payload over the limit is not read: an error, and a page that says why.
    @Test func theFileSizeLimitComesFromVitrineJSONUnlessTheCommandLineSetsIt() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/vitrine.json", #"{"limits": {"fileSizeMiB": 1}}"#)
        try folder.write("in/big.json", scene(String(repeating: "x", count: 1 << 20)))
        try folder.write("in/small.json", scene("S"))
        let limited = try VitrineBinary.run(["build", folder.path("in"), "-o", folder.path("out")])
        #expect(limited.status == 1)
        #expect(limited.stderr.contains("big.json: error: file larger than 1 MiB (1048747 bytes); raise the limit with --max-file-size or limits.fileSizeMiB in vitrine.json"))
        // The file that was not read has an error page saying why, which its card links to.
        let page = folder.files(under: "out")["screens/big.html"].map { String(decoding: $0, as: UTF8.self) } ?? ""
        #expect(page.contains("could not be read") && page.contains("file larger than 1 MiB"), "\(page)")
        #expect(folder.files(under: "out")["index.json"].map { String(decoding: $0, as: UTF8.self).contains(#""page" : "screens/big.html""#) } == true)
        let raised = try VitrineBinary.run(["build", folder.path("in"), "-o", folder.path("out"), "--max-file-size", "2"])
        #expect(raised.status == 0)
    }

    /// A note beside a payload that cannot be read is an error of the note: the payload is
    /// still drawn, without it.
    @Test func anUnreadableNoteLeavesItsPayloadDrawn() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/vitrine.json", #"{"limits": {"fileSizeMiB": 1}}"#)
        try folder.write("in/a.json", scene("Drawn"))
        try folder.write("in/a.md", String(repeating: "x", count: 2 << 20))
        let run = try VitrineBinary.run(["build", folder.path("in"), "-o", folder.path("out"), "-q"])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("a.md: error: file larger than 1 MiB"), "\(run.stderr)")
        let page = folder.files(under: "out")["screens/a.html"].map { String(decoding: $0, as: UTF8.self) } ?? ""
        #expect(page.contains("Drawn") && !page.contains("could not be read"))
    }

    /// G09: a 50 MB Markdown file (sparse here) is refused by its size, before it is read, with
    /// an error and a page that says why; the rest still builds.
    @Test func aFiftyMegabyteDocIsRefusedByItsSize() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/a.json", scene("A"))
        try folder.write("in/docs/small.md", "# Small\n")
        try folder.write("in/docs/huge.md", "# Huge\n")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: folder.path("in/docs/huge.md")))
        try handle.truncate(atOffset: 50_000_000)
        try handle.close()
        let run = try VitrineBinary.run(["build", "in", "-o", "out", "-q"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stderr == "in/docs/huge.md: error: file larger than 16 MiB (50000000 bytes); raise the limit with --max-file-size or limits.fileSizeMiB in vitrine.json\n")
        let files = folder.files(under: "out")
        #expect(files["docs/small.html"] != nil && files["screens/a.html"] != nil)
        let page = String(decoding: files["docs/huge.html"] ?? Data(), as: UTF8.self)
        #expect(page.contains(#"<p class="v-failed">Not rendered: file larger than 16 MiB (50000000 bytes); raise the limit"#))
    }

    /// I07: a write that fails as on a full disk (here the file-size limit, `ulimit -f`) is an
    /// error naming the file; the previous site stays as it was, and no temporary file is left.
    @Test func aFailedWriteNamesTheFileAndKeepsThePreviousSite() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/a.json", scene("A"))
        try folder.write("in/b.json", scene("B"))
        #expect(try VitrineBinary.run(["build", "in", "-o", "out", "-q"], in: folder.url).status == 0)
        let before = folder.files(under: "out")
        try folder.write("in/a.json", scene(String(repeating: "a long text ", count: 40_000)))
        // Ignoring SIGXFSZ (inherited through exec) makes an oversized write fail with EFBIG.
        let run = try VitrineBinary.run(["build", "in", "-o", "out"], in: folder.url,
                                        through: ["/bin/sh", "-c", "trap '' XFSZ; ulimit -f 256; exec \"$0\" \"$@\""])
        #expect(run.status == 1)
        #expect(run.stderr.hasSuffix(" s; out was left as it was\n") && run.stderr.contains("Drew 2 screens of 2 payload files (3 errors, 1 warning) in "),
                "\(run.stderr)")
        #expect(run.stderr.contains("in/a.json: error: output file screens/a.html: cannot write: File too large\n"), "\(run.stderr)")
        #expect(run.stderr.contains("vitrine: error: 2 output files could not be written, so the output is left as the last build wrote it\n"),
                "\(run.stderr)")
        // The previous site, whole: not the new index linking to a page that is not there.
        let after = folder.files(under: "out")
        #expect(after == before, "\(Set(after.keys).symmetricDifference(before.keys)) \(after.keys.filter { after[$0] != before[$0] })")

        // A full disk fails every page alike: the first few are listed, then one line (700 lines hid the rest once).
        for name in ["c", "d", "e"] { try folder.write("in/\(name).json", scene(String(repeating: "a long text ", count: 40_000))) }
        let many = try VitrineBinary.run(["build", "in", "-o", "out"], in: folder.url,
                                         through: ["/bin/sh", "-c", "trap '' XFSZ; ulimit -f 256; exec \"$0\" \"$@\""])
        #expect(many.status == 1)
        #expect(many.stderr.components(separatedBy: ": cannot write: File too large\n").count - 1 == 3, "\(many.stderr)")
        #expect(many.stderr.contains("vitrine: error: 8 output files could not be written (the first 3 are listed), so the output is left as the last build "
                                     + "wrote it\n"), "\(many.stderr)")
        #expect(folder.files(under: "out") == before)
    }

    /// H10: a payload that cannot be opened is an error for that file only. Root reads any file,
    /// so as root the build runs as `nobody` through util-linux's `setpriv`.
    @Test(.enabled(if: VitrineBinary.modesApply))
    func anUnreadablePayloadIsAnErrorForThatFileOnly() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/a.json", scene("A"))
        try folder.write("in/locked.json", scene("L"))
        chmod(folder.path("in/locked.json"), 0)
        chmod(folder.url.path, 0o777)
        let run = try VitrineBinary.run(["build", "in", "-o", "out"], in: folder.url, through: VitrineBinary.asNobody)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("in/locked.json: error: cannot open: Permission denied\n"), "\(run.stderr)")
        #expect(run.stderr.contains("Built 1 screen of 2 payload files (1 error, 0 warnings)"))
        #expect(folder.files(under: "out")["screens/a.html"] != nil)
    }

    /// An input folder that cannot be listed is a refusal (exit 2) that leaves the last site as
    /// it was: built as an empty input, it would have removed every page. As root, as `nobody`.
    @Test(.enabled(if: VitrineBinary.modesApply))
    func anUnreadableInputFolderLeavesTheSiteAlone() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/a.json", scene("A"))
        chmod(folder.url.path, 0o777)
        #expect(try VitrineBinary.run(["build", "in", "-o", "out", "-q"], in: folder.url, through: VitrineBinary.asNobody).status == 0)
        let before = folder.files(under: "out")
        chmod(folder.path("in"), 0)
        defer { chmod(folder.path("in"), 0o755) }
        for command in ["build", "check"] {
            let run = try VitrineBinary.run([command, "in", "-o", "out"].filter { command == "build" || $0 != "-o" && $0 != "out" }, in: folder.url, through: VitrineBinary.asNobody)
            #expect(run.status == 2 && run.stderr == "vitrine: error: input folder in cannot be read: Permission denied\n", "\(command): \(run.stderr)")
        }
        #expect(folder.files(under: "out") == before && before["screens/a.html"] != nil)
        // Listed but not searchable, or a folder inside it unreadable: the build draws what it can
        // read and writes nothing (it removed the pages of what it could not read).
        try folder.write("in/sub/b.json", scene("B"))
        chmod(folder.path("in"), 0o755)
        #expect(try VitrineBinary.run(["build", "in", "-o", "out", "-q"], in: folder.url, through: VitrineBinary.asNobody).status == 0)
        let both = folder.files(under: "out")
        for (path, mode) in [("in", 0o444), ("in/sub", 0)] as [(String, mode_t)] {
            chmod(folder.path(path), mode)
            let run = try VitrineBinary.run(["build", "in", "-o", "out"], in: folder.url, through: VitrineBinary.asNobody)
            chmod(folder.path(path), 0o755)
            #expect(run.status == 1 && run.stderr.contains("error: the site is not written: part of the input could not be read"), "\(path): \(run.stderr)")
            #expect(folder.files(under: "out") == both && both["screens/sub/b.html"] != nil, "\(path)")
        }
    }

    /// An output folder the user cannot write is one refusal (exit 2), not an error per page
    /// under a summary that says the site was built. As root, the build runs as `nobody`.
    @Test(.enabled(if: VitrineBinary.modesApply))
    func aReadOnlyOutputIsOneRefusal() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/a.json", scene("A"))
        chmod(folder.url.path, 0o777)
        #expect(try VitrineBinary.run(["build", "in", "-o", "out", "-q"], in: folder.url, through: VitrineBinary.asNobody).status == 0)
        try folder.write("in/b.json", scene("B"))
        for path in ["out", "out/screens"] { chmod(folder.path(path), 0o555) }
        defer { for path in ["out", "out/screens"] { chmod(folder.path(path), 0o755) } }
        let run = try VitrineBinary.run(["build", "in", "-o", "out"], in: folder.url, through: VitrineBinary.asNobody)
        #expect(run.status == 2)
        #expect(run.stderr == "vitrine: error: out: the output directory is not writable: Permission denied\n")
    }

    /// Guards a fixed bug: a stale page that could not be removed (its folder made read-only)
    /// was dropped from the manifest without a word, so no later build or `--clean` removed it.
    /// It stays listed, the build says so, and a later build removes it. As root, as `nobody`.
    @Test(.enabled(if: VitrineBinary.modesApply))
    func aStalePageThatCannotBeRemovedStaysListedAndIsRemovedLater() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/a.json", scene("A"))
        try folder.write("in/old/y.json", scene("Y"))
        chmod(folder.url.path, 0o777)
        #expect(try VitrineBinary.run(["build", "in", "-o", "out", "-q"], in: folder.url, through: VitrineBinary.asNobody).status == 0)
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("in/old"))
        chmod(folder.path("out/screens/old"), 0o555)
        defer { chmod(folder.path("out/screens/old"), 0o755) }
        for command in [["build", "in", "-o", "out", "-q"], ["build", "in", "-o", "out", "-q", "--clean"]] {
            let run = try VitrineBinary.run(command, in: folder.url, through: VitrineBinary.asNobody)
            #expect(run.status != 0, "\(command)")
            #expect(run.stderr.contains("screens/old/y.frame.html: ") && run.stderr.contains("Permission denied"), "\(command): \(run.stderr)")
            #expect(folder.files(under: "out")["screens/a.html"] != nil || command.contains("--clean"))
        }
        chmod(folder.path("out/screens/old"), 0o755)
        #expect(try VitrineBinary.run(["build", "in", "-o", "out", "-q"], in: folder.url, through: VitrineBinary.asNobody).status == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.path("out/screens/old")))
    }

    /// Why an output folder cannot be made is said, and an empty name is a usage error.
    @Test func anOutputFolderThatCannotBeMadeSaysWhy() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/a.json", scene("A"))
        try folder.write("afile", "x")
        let run = try VitrineBinary.run(["build", "in", "-o", "afile/sub"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr == "vitrine: error: afile/sub: cannot create the output directory: Not a directory\n")
        let empty = try VitrineBinary.run(["build", "in", "-o", ""], in: folder.url)
        #expect(empty.status == 64 && empty.stderr.contains("--output needs a folder"), "\(empty.stderr)")
    }

    @Test func twoBuildsWriteIdenticalBytes() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/a.json", scene("A & <b>"))
        try folder.write("in/z/y.json", scene("Y"))
        _ = try VitrineBinary.run(["build", folder.path("in"), "-o", folder.path("one"), "-q"])
        _ = try VitrineBinary.run(["build", "in", "-o", "two", "-q"], in: folder.url, environment: ["TZ": "Asia/Tokyo", "LANG": "tr_TR.UTF-8"])
        let one = folder.files(under: "one")
        #expect(one.count > 4)
        #expect(one == folder.files(under: "two"))
    }

    /// I10: the order files were created in does not change a byte of the site. On tmpfs a
    /// folder lists its files in the reverse order of their creation (ext4 lists them by hash,
    /// the same for both trees), so the two trees are made there and their listings differ.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/shm")))
    func theOrderFilesWereCreatedInChangesNothing() throws {
        let folder = try TemporaryFolder(in: URL(fileURLWithPath: "/dev/shm"))
        let names = (0..<40).map { "f\($0 % 4)/s\($0).json" } + ["docs/a.md", "docs/b.md", "assets/x.svg"]
        for name in names { try folder.write("one/" + name, name.hasSuffix(".json") ? scene(name) : "# \(name)\n") }
        for name in names.reversed() { try folder.write("two/" + name, name.hasSuffix(".json") ? scene(name) : "# \(name)\n") }
        let listed = { (tree: String) in try FileManager.default.contentsOfDirectory(atPath: folder.path(tree + "/f0")) }
        #expect(try listed("one") != listed("two"), "the file system lists both folders alike; the test proves nothing here")
        _ = try VitrineBinary.run(["build", "one", "-o", "out1", "-q"], in: folder.url)
        _ = try VitrineBinary.run(["build", "two", "-o", "out2", "-q"], in: folder.url)
        let first = folder.files(under: "out1")
        #expect(first.count > 80)
        #expect(first == folder.files(under: "out2"))
    }

    /// The payloads' folder given for the folder that holds it says so once, instead of one
    /// warning per asset and template it then cannot find.
    @Test func aFolderUnderTheConfigurationSaysWhereItIs() throws {
        let folder = try TemporaryFolder()
        try folder.write("site/vitrine.json", #"{"title": "Shop"}"#)
        try folder.write("site/payloads/a.json", scene("A"))
        let run = try VitrineBinary.run(["check", "site/payloads"], in: folder.url)
        #expect(run.status == 0 && run.stderr.hasPrefix("vitrine: warning: site/payloads has no vitrine.json, but the folder above it has: "), "\(run.stderr)")
        #expect(!(try VitrineBinary.run(["check", "site"], in: folder.url)).stderr.contains("folder above"))
    }

    @Test func warningsAloneExitZeroAndQuietPrintsOnlyDiagnostics() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/a.json", scene("A").replacing(#""text":"A""#, with: #""text":"A","mystery":1"#))
        let run = try VitrineBinary.run(["build", folder.path("in"), "-o", folder.path("out"), "--quiet"])
        #expect(run.status == 0)
        #expect(run.stderr == "a.json:1:169: warning: unknown key `mystery`; the app ignores it (at /container/views/0/component/mystery)\n")
    }

    /// A `vitrine.json` that does not parse leaves the output as it was: built with the defaults,
    /// the site showed the drafts `exclude` leaves out (exit 1 either way: the input has an error).
    @Test func aConfigurationThatDoesNotParseLeavesTheOutputAsItWas() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/a.json", scene("A"))
        try folder.write("in/drafts/b.json", scene("B"))
        try folder.write("in/vitrine.json", #"{"exclude": ["drafts/**"]}"#)
        #expect(try VitrineBinary.run(["build", "in", "-o", "out", "-q"], in: folder.url).status == 0)
        let good = folder.files(under: "out")
        try folder.write("in/vitrine.json", #"{"exclude": ["drafts/**"]"#)
        let run = try VitrineBinary.run(["build", "in", "-o", "out"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains("in/vitrine.json: error: the site is not written: it would be built without the settings of vitrine.json"), "\(run.stderr)")
        #expect(run.stderr.contains("out was left as it was"), "\(run.stderr)")
        #expect(folder.files(under: "out") == good)
        // Nor does one that parses as something other than an object.
        try folder.write("in/vitrine.json", "[]")
        #expect(try VitrineBinary.run(["build", "in", "-o", "out", "-q"], in: folder.url).stderr.contains("the site is not written"))
        #expect(folder.files(under: "out") == good)
        // Nor one whose `exclude` or `hidden` does not read whole (a string for a list published
        // the drafts), or whose `theme` is no string (it published the site in the default theme).
        for settings in [#"{"exclude": "drafts/**"}"#, #"{"exclude": ["drafts/**"], "hidden": ["a.json", 1]}"#,
                         #"{"exclude": ["drafts/**"], "theme": ["brand"]}"#, #"{"exclude": ["drafts/**"], "theme": 5}"#] {
            try folder.write("in/vitrine.json", settings)
            let run = try VitrineBinary.run(["build", "in", "-o", "out", "-q"], in: folder.url)
            #expect(run.status == 1 && run.stderr.hasSuffix("in/vitrine.json: error: the site is not written: it would be built without the settings "
                                                             + "of vitrine.json that did not read (exclude, hidden, theme, …), so the output is left as the last build wrote it\n"), "\(run.stderr)")
            #expect(folder.files(under: "out") == good)
        }
        try folder.write("in/vitrine.json", #"{"exclude": ["drafts/**"]"#)
        // `check` reports it and the payloads' problems as before.
        #expect(try VitrineBinary.run(["check", "in"], in: folder.url).stderr.contains("in/vitrine.json:1:"))
    }

    /// `--dump-tree` prints the tree the build draws: `exclude` and the feed templates of
    /// `vitrine.json` apply (it decoded with the defaults before).
    @Test func dumpTreeReadsTheConfigurationAsTheBuildDoes() throws {
        let folder = try TemporaryFolder()
        let section = #"{"id":1,"title":"T","layoutTemplateDTO":{"layoutTemplate":"card_02","scrollDirection":"horizontal","groupOrientation":"horizontal"},"cellType":"card_image","buttonTypes":[],"data":[{"id":5,"url":"https://a.example/a.png"}]}"#
        try folder.write("in/feed.json", "[" + section + "]")
        try folder.write("in/drafts/x.json", "{")
        try folder.write("in/vitrine.json", #"{"exclude":["drafts/**"],"feed":{"templates":{"card_02":{"itemWidth":123}}}}"#)
        let run = try VitrineBinary.run(["build", "in", "--dump-tree"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("# feed.json (feed)\n") && !run.stdout.contains("drafts"))
        #expect(run.stdout.contains("123"), "\(run.stdout)")
        // The all-list page a section's button opens is printed after its screen's tree.
        try folder.write("in/feed.json", "[" + section.replacing(#""buttonTypes":[]"#, with: #""buttonTypes":["alllist"]"#) + "]")
        let all = try VitrineBinary.run(["build", "in", "--dump-tree"], in: folder.url).stdout
        let pages = all.split(separator: "\n").filter { $0.hasPrefix("#") }
        #expect(pages == ["# feed.json (feed)", #"## all-1 "T — All List""#], "\(all)")
        #expect(all.split(separator: "## all-1").last?.contains("grid vertical") == true, "\(all)")
    }

    /// `--dump-tree` reports what the build reports, what drawing finds included (an asset the
    /// input lacks); its trees own standard output, so `--format json` cannot go with it.
    @Test func dumpTreeReportsWhatTheBuildReports() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/a.json", #"{"hasNavigationBar":false,"container":{"componentId":"root","layout":{"type":"v","alignment":"center"},"#
                                      + #""views":[{"type":"image","component":{"componentId":"logo","imageURL":"go"}}]}}"#)
        let build = try VitrineBinary.run(["build", "in", "-o", "out", "--quiet"], in: folder.url)
        let dump = try VitrineBinary.run(["build", "in", "--dump-tree"], in: folder.url)
        #expect(build.stderr.contains("asset \"go\" not found") || build.stderr.contains("asset “go”"), "\(build.stderr)")
        #expect(dump.stderr == build.stderr)
        #expect(dump.stdout.hasPrefix("# a.json (scene)\n"))
        let json = try VitrineBinary.run(["build", "in", "--dump-tree", "--format", "json"], in: folder.url)
        #expect(json.status == 64 && json.stdout.isEmpty, "\(json.stdout)")
        #expect(json.stderr.contains("--dump-tree prints the trees on standard output, where --format json prints its document"), "\(json.stderr)")
    }

    @Test func githubFormatPrintsWorkflowAnnotations() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/a,b.json", "[1,]")
        let run = try VitrineBinary.run(["build", folder.path("in"), "-o", folder.path("out"), "-q", "--format", "github"])
        #expect(run.stderr.contains("::warning file=a%2Cb.json,line=1,col=3::"))
    }

    @Test(arguments: [".", "in", "in/.."])
    func refusesToWriteOverTheInput(output: String) throws {
        let folder = try TemporaryFolder()
        try folder.write("in/a.json", scene("A"))
        let run = try VitrineBinary.run(["build", "in", "-o", output], in: folder.url)
        #expect(run.status == 2)
        let rule = output == "in" ? "the input folder in" : "a folder that contains the input folder in"
        #expect(run.stderr == "vitrine: error: \(output): refusing to write into \(rule)\n", "\(run.stderr)")
        #expect(folder.files(under: "in").keys.sorted() == ["a.json"])
    }

    @Test func refusesAForeignNonEmptyOutputWithoutForce() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/a.json", scene("A"))
        try folder.write("out/precious.txt", "keep me")
        let refused = try VitrineBinary.run(["build", "in", "-o", "out"], in: folder.url)
        #expect(refused.status == 2)
        let forced = try VitrineBinary.run(["build", "in", "-o", "out", "--force", "-q"], in: folder.url)
        #expect(forced.status == 0)
        #expect(folder.files(under: "out")["precious.txt"] == Data("keep me".utf8))
    }

    @Test func plantedSymlinkInTheOutputIsReplacedNotFollowed() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/a.json", scene("A"))
        try folder.write("CANARY", "canary bytes")
        _ = try VitrineBinary.run(["build", "in", "-o", "out", "-q"], in: folder.url)
        try FileManager.default.removeItem(atPath: folder.path("out/index.html"))
        try FileManager.default.createSymbolicLink(atPath: folder.path("out/index.html"), withDestinationPath: folder.path("CANARY"))
        let run = try VitrineBinary.run(["build", "in", "-o", "out", "-q"], in: folder.url)
        #expect(run.status == 0)
        #expect(try folder.read("CANARY") == "canary bytes")
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.path("out/index.html"))
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
    }

    /// A folder of the site replaced by a symlink (to a folder outside) is made a folder again:
    /// nothing is written through it, and the build succeeds rather than failing on every page.
    @Test func plantedFolderSymlinkInTheOutputIsReplacedNotFollowed() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/a.json", scene("A"))
        try folder.write("elsewhere/kept.txt", "keep me")
        _ = try VitrineBinary.run(["build", "in", "-o", "out", "-q"], in: folder.url)
        // The folder's pages copied where the link leads: the build cache must not take them for the site's.
        try FileManager.default.copyItem(atPath: folder.path("out/screens/a.html"), toPath: folder.path("elsewhere/a.html"))
        try FileManager.default.removeItem(atPath: folder.path("out/screens"))
        try FileManager.default.createSymbolicLink(atPath: folder.path("out/screens"), withDestinationPath: folder.path("elsewhere"))
        let run = try VitrineBinary.run(["build", "in", "-o", "out", "-q"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(folder.files(under: "elsewhere").keys.sorted() == ["a.html", "kept.txt"])
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.path("out/screens"))
        #expect(attributes[.type] as? FileAttributeType == .typeDirectory)
        #expect(FileManager.default.fileExists(atPath: folder.path("out/screens/a.html")))
    }

    @Test func symlinkLeavingTheInputIsSkippedAndItsBytesNeverAppear() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/a.json", scene("A"))
        try folder.write("CANARY.json", scene("CANARY-SECRET-7781"))
        try FileManager.default.createSymbolicLink(atPath: folder.path("in/leak.json"), withDestinationPath: folder.path("CANARY.json"))
        let run = try VitrineBinary.run(["build", "in", "-o", "out"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("leak.json: warning: symlink leads outside the input root; skipped"))
        #expect(folder.files(under: "out")["screens/a.html"] != nil, "the site is built, without the link")
        #expect(!run.stderr.contains("CANARY-SECRET"))
        #expect(!folder.files(under: "out").values.contains { String(decoding: $0, as: UTF8.self).contains("CANARY-SECRET") })
    }

    @Test func staleOutputOfADeletedPayloadIsRemoved() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/a.json", scene("A"))
        try folder.write("in/b.json", scene("B"))
        _ = try VitrineBinary.run(["build", "in", "-o", "out", "-q"], in: folder.url)
        try FileManager.default.removeItem(atPath: folder.path("in/b.json"))
        _ = try VitrineBinary.run(["build", "in", "-o", "out", "-q"], in: folder.url)
        let files = folder.files(under: "out").keys
        #expect(files.contains("screens/a.html"))
        #expect(!files.contains("screens/b.html"))
    }

    @Test func hostileTextAndIdsRenderInert() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/a.json", scene("</div><script>alert(1)</script>", id: "\"\u{338} onmouseover=alert(1) x=\"\u{338}"))
        _ = try VitrineBinary.run(["build", "in", "-o", "out", "-q"], in: folder.url)
        let whole = String(decoding: folder.files(under: "out")["screens/a.html"] ?? Data(), as: UTF8.self)
        // The JSON source panel shows the payload's text, where a quote is only text; check the render.
        let page = whole.components(separatedBy: "<pre class=\"v-source\"")[0]
        #expect(whole.contains("<pre class=\"v-source\""))
        #expect(page.contains("&lt;/div&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!page.contains("<script>alert"))
        // A quote is harmless in text (the component tree shows the id); inside a tag it would end the attribute.
        let breakout = "\"\u{338} onmouseover"
        let tags = page.split(separator: "<").map { $0.prefix { $0 != ">" } }
        #expect(!tags.contains { $0.contains(breakout) })
        #expect(page.contains("&lt;/div&gt;") && tags.count > 10)
        #expect(page.contains("data-v-id=\"&quot;\u{338} onmouseover=alert(1) x=&quot;\u{338}\""))
    }

    @Test func versionAndHelpExitZero() throws {
        let version = try VitrineBinary.run(["--version"])
        #expect(version.status == 0 && version.stdout == "0.1.0\n")
        let help = try VitrineBinary.run(["build", "--help"])
        #expect(help.status == 0 && help.stdout.contains("--output"))
        let top = try VitrineBinary.run(["--help"])
        #expect(top.status == 0 && ["build", "check", "diff", "serve"].allSatisfy { top.stdout.contains("  \($0) ") }, "\(top.stdout)")
    }

    /// A publishing review: `baseURL` lived only in the committed vitrine.json, so every branch's
    /// preview carried production's canonical links, and a private preview on a public host had
    /// no way to keep every page out of search engines.
    @Test func aPreviewBuildGivesItsOwnBaseURLAndKeepsOutOfSearchEngines() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/a.json", scene("A"))
        try folder.write("in/vitrine.json", #"{"baseURL": "https://design.example/sdui/"}"#)
        let preview = try VitrineBinary.run(["build", "in", "-o", "out", "-q", "--base-url", "https://previews.example/branch-7", "--noindex"], in: folder.url)
        #expect(preview.status == 0, "\(preview.stderr)")
        let files = folder.files(under: "out").mapValues { String(decoding: $0, as: UTF8.self) }
        #expect(files["screens/a.html"]?.contains(#"<link rel="canonical" href="https://previews.example/branch-7/screens/a.html">"#) == true)
        #expect(files["index.json"]?.contains(#""baseURL" : "https://previews.example/branch-7/""#) == true)
        let pages = files.keys.filter { $0.hasSuffix(".html") }
        #expect(pages.count > 3 && pages.allSatisfy { files[$0]?.contains(#"<meta name="robots" content="noindex">"#) == true })
        // Built again without them, the site is production's again.
        _ = try VitrineBinary.run(["build", "in", "-o", "out", "-q"], in: folder.url)
        let again = folder.files(under: "out").mapValues { String(decoding: $0, as: UTF8.self) }
        #expect(again["screens/a.html"]?.contains(#"href="https://design.example/sdui/screens/a.html""#) == true)
        #expect(again["screens/a.html"]?.contains("noindex") == false)
        // One vitrine.json would take with a warning is refused on the command line.
        let page = try VitrineBinary.run(["build", "in", "-o", "out", "--base-url", "https://x.example/repo/index.html"], in: folder.url)
        #expect(page.status == 64 && page.stderr.contains("--base-url ends in a page, index.html; the site's folder https://x.example/repo/: give that"), "\(page.stderr)")
        let scheme = try VitrineBinary.run(["build", "in", "-o", "out", "--base-url", "ftp://x.example/"], in: folder.url)
        #expect(scheme.status == 64 && scheme.stderr.contains("--base-url must be an http or https URL"), "\(scheme.stderr)")
    }

    /// `vitrine build` with no arguments renders `Site/` into `_site/`, as the README's demo does.
    @Test func buildWithoutArgumentsRendersSiteIntoUnderscoreSite() throws {
        let folder = try TemporaryFolder()
        try folder.write("Site/a.json", scene("Alpha"))
        let run = try VitrineBinary.run(["build"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.hasSuffix("→ _site/index.html\n"), "\(run.stderr)")
        #expect(folder.files(under: "_site")["screens/a.html"].map { String(decoding: $0, as: UTF8.self).contains("Alpha") } == true)
    }

    /// A build that runs past a second shows `Rendering n/N screens…` on a terminal, redrawn in
    /// place and cleared before the summary; through a pipe, or with `--quiet`, there is none.
    @Test func progressShowsOnATerminalOnly() throws {
        let folder = try TemporaryFolder()
        let checkout = try String(contentsOf: VitrineBinary.repository.appendingPathComponent("Site/payloads/scenes/checkout.json"), encoding: .utf8)
        let count = 400
        for index in 0..<count { try folder.write("in/s\(index).json", checkout) }
        let started = Date()
        let piped = try VitrineBinary.run(["build", "in", "-o", "piped"], in: folder.url)
        let seconds = Date().timeIntervalSince(started)
        #expect(piped.status == 0 && !piped.stderr.contains("Rendering"), "\(piped.stderr.prefix(300))")
        // Rendering is most of a build: past 2.5 s in all, it runs past the line's one second.
        try #require(seconds > 2.5, "the build took \(seconds) s: too quick to show the progress line")
        // A terminal: Python's pty runs the build with stdout and stderr on a pseudo-terminal and copies them out.
        let terminal = ["/usr/bin/env", "python3", "-c", "import pty, sys; sys.exit(pty.spawn(sys.argv[1:]) >> 8)"]
        let shown = try VitrineBinary.run(["build", "in", "-o", "shown"], in: folder.url, through: terminal)
        #expect(shown.status == 0)
        let clear = "\r\u{1B}[2K"
        #expect(shown.stdout.contains(clear + "Rendering ") && shown.stdout.contains("/\(count) screens…"), "\(shown.stdout.suffix(300))")
        let afterLast = shown.stdout.components(separatedBy: "screens…").last ?? ""
        #expect(afterLast.hasPrefix(clear) && afterLast.contains("Built \(count) screens of \(count) payload files"),
                "cleared before the diagnostics and the summary: \(afterLast.prefix(120))")
        let quiet = try VitrineBinary.run(["build", "in", "-o", "quiet", "--quiet"], in: folder.url, through: terminal)
        #expect(quiet.status == 0 && !quiet.stdout.contains("Rendering") && !quiet.stdout.contains("Built"), "\(quiet.stdout.prefix(300))")
    }

    /// Diagnostics are coloured on a terminal, but not with `TERM=dumb` or a non-empty
    /// `NO_COLOR` (an empty one counts as unset, as no-color.org asks).
    @Test func colourFollowsTheTerminalTermAndNoColor() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/a.json", scene("A").replacingOccurrences(of: #""hasNavigationBar""#, with: #""extra":1,"hasNavigationBar""#))
        let terminal = ["/usr/bin/env", "python3", "-c", "import pty, sys; sys.exit(pty.spawn(sys.argv[1:]) >> 8)"]
        func colored(_ environment: [String: String]) throws -> Bool {
            let run = try VitrineBinary.run(["check", "in"], in: folder.url, environment: environment, through: terminal)
            #expect(run.stdout.contains("warning"), "\(run.stdout)")
            return run.stdout.contains("\u{1B}[")
        }
        #expect(try colored(["TERM": "xterm", "NO_COLOR": ""]))
        #expect(try !colored(["TERM": "dumb", "NO_COLOR": ""]))
        #expect(try !colored(["TERM": "xterm", "NO_COLOR": "1"]))
    }

    /// Each command's help lists the options it takes: `serve` prints text as it goes and
    /// never stops, so it has no --format, --strict or --fail-fast, and refuses them.
    @Test func helpListsOnlyTheOptionsOfItsCommand() throws {
        let reporting = ["--format", "--strict", "--fail-fast"]
        for command in ["build", "check"] {
            let help = try VitrineBinary.run([command, "--help"]).stdout
            #expect(reporting.allSatisfy(help.contains), "\(command)")
        }
        let serve = try VitrineBinary.run(["serve", "--help"]).stdout
        #expect(serve.contains("--port") && serve.contains("--theme") && !reporting.contains(where: serve.contains))
        for option in reporting {
            #expect(try VitrineBinary.run(["serve", "in", option] + (option == "--format" ? ["json"] : [])).status == 64, "\(option)")
        }
        // An --allow-host that can never match a Host header is a usage error, not a run of 403s.
        for name in ["http://preview.test", "preview.test:9999", "bad host", "preview.test/x"] {
            let run = try VitrineBinary.run(["serve", "in", "--allow-host", name])
            #expect(run.status == 64 && run.stderr.contains("--allow-host takes a host name"), "\(name): \(run.stderr)")
        }
    }

    /// A binary copied where no Themes/ folder is found still builds with the default theme
    /// built into it, the same site as with the checkout's; another theme is named as missing.
    @Test func aCopiedBinaryHasItsDefaultThemeBuiltIn() throws {
        let folder = try TemporaryFolder()
        let copy = folder.url.appendingPathComponent("bin/vitrine")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: VitrineBinary.url, to: copy)
        try folder.write("in/a.json", scene("A"))
        var environment = ProcessInfo.processInfo.environment
        environment["VITRINE_THEMES"] = nil
        func run(_ executable: URL, _ arguments: [String]) throws -> (status: Int32, stderr: String) {
            let process = Process()
            (process.executableURL, process.arguments, process.currentDirectoryURL, process.environment) = (executable, arguments, folder.url, environment)
            let err = Pipe()
            process.standardError = err
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, stderr)
        }
        #expect(try run(copy, ["build", "in", "-o", "copied", "-q"]).status == 0)
        #expect(try run(VitrineBinary.url, ["build", "in", "-o", "checkout", "-q"]).status == 0)
        let copied = folder.files(under: "copied").filter { !$0.key.hasSuffix(".vitrine-cache") }
        let checkout = folder.files(under: "checkout").filter { !$0.key.hasSuffix(".vitrine-cache") }
        #expect(copied.count > 20 && copied.keys.sorted() == checkout.keys.sorted())
        #expect(copied.keys.allSatisfy { copied[$0] == checkout[$0] })
        let other = try run(copy, ["check", "in", "--theme", "high-contrast"])
        #expect(other.status == 2 && other.stderr.contains("theme high-contrast not found") && other.stderr.contains("(themes by name: default (built into vitrine))"), "\(other.stderr)")
    }

    /// Installed as `<prefix>/bin/vitrine` and run through the PATH (its first argument then
    /// only `vitrine`), it finds `<prefix>/share/vitrine/Themes`; a `Themes/` folder above it
    /// that is not a source checkout's (no Package.swift beside it) is not read.
    @Test func anInstalledBinaryRunThroughThePathFindsItsThemes() throws {
        let folder = try TemporaryFolder()
        let prefix = folder.url.appendingPathComponent("prefix")
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: VitrineBinary.url, to: prefix.appendingPathComponent("bin/vitrine"))
        try folder.write("prefix/share/vitrine/Themes/installed/theme.css", ".v-page { color: black; }\n")
        try folder.write("Themes/stray/theme.css", ".v-page { color: red; }\n")
        try folder.write("prefix/in/a.json", scene("A"))
        var environment = ProcessInfo.processInfo.environment
        environment["VITRINE_THEMES"] = nil
        environment["PATH"] = prefix.appendingPathComponent("bin").path + ":/usr/bin:/bin"
        func check(_ theme: String) throws -> Int32 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            (process.arguments, process.currentDirectoryURL, process.environment) = (["vitrine", "check", "in", "-q", "--theme", theme], prefix, environment)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
        #expect(try check("installed") == 0)
        #expect(try check("stray") == 2)
    }

    @Test func unknownOptionIsAUsageError() throws {
        #expect(try VitrineBinary.run(["build", "--frobnicate"]).status == 64)
    }

    /// A negative size is read as the option's value and refused for what it is; so is one too
    /// large to count in bytes (it overflowed, and every file was refused as too large).
    @Test func aSizeLimitOutOfRangeIsAUsageError() throws {
        for value in ["-1", "0", "1025", "99999999999999", "9223372036854775807"] {
            let run = try VitrineBinary.run(["build", "in", "--max-file-size", value])
            #expect(run.status == 64 && run.stderr.contains("--max-file-size must be between 1 and 1024 (MiB)"), "\(value): \(run.stderr)")
        }
    }

    /// Options written before the command are a usage error that shows the line as it should
    /// be (`build`, the default, took the command for its input folder).
    @Test func optionsBeforeTheCommandAreAUsageErrorThatShowsTheLine() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/a.json", scene("A"))
        let run = try VitrineBinary.run(["--strict", "check", "in"], in: folder.url)
        #expect(run.status == 64 && run.stderr == "vitrine: error: options go after the command: `vitrine check --strict in`\n", "\(run.stderr)")
        try folder.write("check/a.json", scene("A"))
        let folderNamedSo = try VitrineBinary.run(["-q", "check", "-o", "out"], in: folder.url)
        #expect(folderNamedSo.status == 0, "a folder named check is an input: \(folderNamedSo.stderr)")
        let outputNamedSo = try VitrineBinary.run(["-o", "serve", "-q", "in"], in: folder.url)
        #expect(outputNamedSo.status == 0 && folder.files(under: "serve")["index.html"] != nil, "an output folder named serve: \(outputNamedSo.stderr)")
    }

    /// A mistyped command is named as one, not read as `build`'s input folder (nor, after `help`,
    /// answered with the overview); a folder of that name, or a word far from every command, is
    /// still an input.
    @Test func aMistypedCommandIsAUsageErrorThatNamesTheCommand() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/a.json", scene("A"))
        let typo = try VitrineBinary.run(["chekc", "in"], in: folder.url)
        #expect(typo.status == 64 && typo.stderr == "vitrine: error: chekc is no command and no folder; did you mean `vitrine check`?\n", "\(typo.stderr)")
        #expect(try VitrineBinary.run(["Serv", "in"], in: folder.url).stderr.contains("did you mean `vitrine serve`?"))
        try folder.write("chek/a.json", scene("A"))
        let folderNamedSo = try VitrineBinary.run(["chek", "-o", "out", "-q"], in: folder.url)
        #expect(folderNamedSo.status == 0, "\(folderNamedSo.stderr)")
        let help = try VitrineBinary.run(["help", "chekc"], in: folder.url)
        #expect(help.status == 64 && help.stderr == "vitrine: error: chekc is no command; the commands are build, check, diff, serve\n", "\(help.stderr)")
        for asked in [["help", "help"], ["help", "-h"], ["help", "check"]] {
            #expect(try VitrineBinary.run(asked, in: folder.url).status == 0, "\(asked)")
        }
        for far in ["payloads", "dist"] {
            let run = try VitrineBinary.run([far], in: folder.url)
            #expect(run.status == 2 && run.stderr.contains("input folder \(far) does not exist"), "\(run.stderr)")
        }
    }

    /// Leftovers are found at any depth; a folder of that name, and anything behind a link
    /// (here to a folder outside the output), are not touched.
    @Test func leftoversOfAKilledBuildAreRemovedAndNothingElse() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/deep/er/a.json", scene("A"))
        _ = try VitrineBinary.run(["build", "in", "-o", "out", "-q"], in: folder.url)
        try folder.write("out/screens/.vitrine-tmp-123-456", "half a page")
        try folder.write("out/screens/deep/er/.vitrine-tmp-789-1", "half a page")
        try folder.write("out/.vitrine-tmp-folder/keep.txt", "a folder is never a leftover")
        try folder.write("elsewhere/.vitrine-tmp-5-6", "not the output's")
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("out/link").path,
                                                   withDestinationPath: folder.url.appendingPathComponent("elsewhere").path)
        try folder.write("out/notes.txt", "a user's file")
        _ = try VitrineBinary.run(["build", "in", "-o", "out", "-q"], in: folder.url)
        let files = folder.files(under: "out").keys
        #expect(!files.contains("screens/.vitrine-tmp-123-456") && !files.contains("screens/deep/er/.vitrine-tmp-789-1"))
        #expect(files.contains("notes.txt") && files.contains(".vitrine-tmp-folder/keep.txt"))
        #expect(folder.files(under: "elsewhere").keys.contains(".vitrine-tmp-5-6"), "nothing behind a link")
    }

    /// `--theme` takes a name or a folder; a folder in the working directory is found by its bare
    /// name when no theme has that name, and a theme found nowhere says where it was looked for.
    @Test func aThemeFolderIsFoundByItsNameInTheWorkingDirectory() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/a.json", scene("A"))
        try folder.write("brand/theme.css", ".v-page { --brand: #123456; }")
        for theme in ["brand", "./brand"] {
            let run = try VitrineBinary.run(["build", "in", "-o", "out-\(theme.count)", "-q", "--theme", theme], in: folder.url)
            #expect(run.status == 0, "\(theme): \(run.stderr)")
            #expect(folder.files(under: "out-\(theme.count)")["theme/theme.css"].map { String(decoding: $0, as: UTF8.self) }?.contains("#123456") == true)
        }
        let missing = try VitrineBinary.run(["build", "in", "-o", "out", "-q", "--theme", "nowhere"], in: folder.url)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("theme nowhere not found: no theme of that name in $VITRINE_THEMES"), "\(missing.stderr)")
        #expect(missing.stderr.contains("(themes by name: default (built into vitrine), high-contrast)"), "the checkout's themes: \(missing.stderr)")
        // `$VITRINE_THEMES` as it is; pointed at a theme rather than the folder of themes, it says so.
        let pointed = try VitrineBinary.run(["build", "in", "-o", "out", "-q", "--theme", "nowhere"], in: folder.url,
                                            environment: ["VITRINE_THEMES": folder.path("brand")])
        #expect(pointed.stderr.contains("in $VITRINE_THEMES (\(folder.path("brand")), itself a theme: it names the folder that holds themes)"), "\(pointed.stderr)")
        let unset = try VitrineBinary.run(["build", "in", "-o", "out", "-q", "--theme", "nowhere"], in: folder.url, environment: ["VITRINE_THEMES": ""])
        #expect(unset.stderr.contains("in $VITRINE_THEMES (unset), "), "\(unset.stderr)")
    }

    /// A theme may hold only templates (one no page uses is a warning); a relative theme folder
    /// in `vitrine.json` is the input's, wherever the build is started from.
    @Test func aThemeOfTemplatesAloneIsFoundFromTheInputsConfiguration() throws {
        let folder = try TemporaryFolder()
        try folder.write("site/a.json", scene("A"))
        try folder.write("site/vitrine.json", #"{"theme": "looks/brand"}"#)
        try folder.write("site/looks/brand/templates/frame.mustache", "<!doctype html>\n<title>{{title}}</title>\n<p class=\"brand\">{{{deviceHTML}}}</p>\n")
        try folder.write("site/looks/brand/templates/screne.mustache", "a misspelt screen page")
        for (directory, input) in [(folder.url, "site"), (folder.url.appendingPathComponent("site"), ".")] {
            let run = try VitrineBinary.run(["build", input, "-o", folder.url.path + "/out", "-q"], in: directory)
            #expect(run.status == 0, "from \(directory.lastPathComponent): \(run.stderr)")
            // Named from the input, as its payloads are: from the working directory here, the same in index.json wherever the input lies.
            #expect(run.stderr.contains("looks/brand/templates/screne.mustache: warning: no page uses this template and no template includes it\n"), "\(run.stderr)")
            // A warning of the build like any other: counted, and in index.json (it was printed only).
            let summary = try VitrineBinary.run(["build", input, "-o", folder.url.path + "/out"], in: directory).stderr
            #expect(summary.contains("(0 errors, 1 warning)"), "\(summary)")
            let index = folder.files(under: "out")["index.json"].map { String(decoding: $0, as: UTF8.self) } ?? ""
            #expect(index.contains(#""file" : "looks/brand/templates/screne.mustache""#) && !index.contains(folder.url.path), "\(index)")
            let frame = folder.files(under: "out")["screens/a.frame.html"].map { String(decoding: $0, as: UTF8.self) }
            #expect(frame?.hasPrefix("<!doctype html>\n<title>A</title>\n<p class=\"brand\"><div class=\"v-device\"") == true, "\(frame ?? "no page")")
        }
    }

    /// A publishing review: a theme outside the input, found by name in `$VITRINE_THEMES` or given
    /// by its absolute path, put this machine's path (a home folder, a user name) in the
    /// published index.json. The site names its files from the theme's own folder; the terminal
    /// still prints where they lie.
    @Test func aThemeOutsideTheInputIsNamedInTheSiteByItsOwnFolder() throws {
        let folder = try TemporaryFolder()
        try folder.write("site/a.json", scene("A"))
        try folder.write("home/alice/themes/brand/templates/screne.mustache", "a misspelt screen page")
        for (theme, environment) in [("brand", ["VITRINE_THEMES": folder.path("home/alice/themes")]), (folder.path("home/alice/themes/brand"), [:])] {
            let run = try VitrineBinary.run(["build", "site", "-o", "out", "-q", "--theme", theme], in: folder.url, environment: environment)
            #expect(run.status == 0 && run.stderr.contains(folder.path("home/alice/themes/brand/templates/screne.mustache") + ": warning: "), "\(run.stderr)")
            let index = folder.files(under: "out")["index.json"].map { String(decoding: $0, as: UTF8.self) } ?? ""
            #expect(index.contains(#""file" : "brand/templates/screne.mustache""#) && !index.contains("alice"), "\(index)")
        }
    }

    /// A theme folder `vitrine.json` names is read only inside the input, as every file a payload
    /// tree names: a hostile one (`../`, an absolute path, a link out) would otherwise publish any
    /// folder with a `templates/` in it. `--theme`, given by whoever runs the build, takes it.
    @Test func aThemeTheConfigurationNamesOutsideTheInputIsRefused() throws {
        let folder = try TemporaryFolder()
        try folder.write("site/a.json", scene("A"))
        try folder.write("secret/templates/frame.mustache", "{{{deviceHTML}}}")
        try folder.write("secret/credentials.txt", "CANARY")
        try FileManager.default.createSymbolicLink(atPath: folder.url.path + "/site/link", withDestinationPath: folder.url.path + "/secret")
        for theme in ["../secret", folder.url.path + "/secret", "link", "link/"] {
            try folder.write("site/vitrine.json", #"{"theme": "\#(theme)"}"#)
            let run = try VitrineBinary.run(["build", "site", "-o", "out", "-q"], in: folder.url)
            #expect(run.status == 2, "\(theme): \(run.stderr)")
            #expect(run.stderr.contains("theme \(theme) is not inside the input folder: vitrine.json may name an installed theme or a theme folder inside the input"),
                    "\(run.stderr)")
            #expect(folder.files(under: "out")["theme/credentials.txt"] == nil)
        }
        try folder.write("site/vitrine.json", #"{"theme": "../nowhere"}"#)
        let missing = try VitrineBinary.run(["build", "site", "-o", "out", "-q"], in: folder.url)
        // Where vitrine.json names it, in the message and in a workflow annotation (it said neither).
        #expect(missing.status == 2 && missing.stderr.contains("vitrine: error: site/vitrine.json:1:11: theme ../nowhere not found: vitrine.json names no theme installed"),
                "\(missing.stderr)")
        let annotated = try VitrineBinary.run(["build", "site", "-o", "out", "-q", "--format", "github"], in: folder.url)
        #expect(annotated.stderr.hasPrefix("::error file=site/vitrine.json,line=1,col=11"), "\(annotated.stderr)")
        try folder.write("site/vitrine.json", #"{"theme": " "}"#)
        let empty = try VitrineBinary.run(["build", "site", "-o", "out", "-q"], in: folder.url)
        #expect(empty.status == 0 && empty.stderr.contains("site/vitrine.json:1:11: warning: theme is empty; the default theme is used"), "\(empty.stderr)")
        try folder.write("site/vitrine.json", #"{"theme": "../nowhere"}"#)
        let given = try VitrineBinary.run(["build", "site", "-o", "out", "-q", "--theme", "secret"], in: folder.url)
        #expect(given.status == 0, "\(given.stderr)")
        #expect(folder.files(under: "out")["theme/credentials.txt"] != nil, "the runner's own choice")
    }

    /// The files of a theme folder inside the input are the theme's, never payloads; a folder of
    /// the input that only shares an installed theme's name still holds payloads.
    @Test func aThemeFolderInTheInputHoldsNoPayloads() throws {
        let folder = try TemporaryFolder()
        try folder.write("site/a.json", scene("A"))
        try folder.write("site/themes/shop/theme.css", "")
        try folder.write("site/themes/shop/tokens.json", #"{"accent": 1}"#)
        try folder.write("site/high-contrast/b.json", scene("B"))
        try folder.write("site/vitrine.json", #"{"theme": "themes/shop"}"#)
        let inside = try VitrineBinary.run(["check", "site"], in: folder.url)
        #expect(inside.status == 0 && inside.stderr.hasSuffix("Checked 2 payload files: 0 errors, 0 warnings\n"), "\(inside.stderr)")
        try folder.write("site/vitrine.json", #"{"theme": "high-contrast"}"#)
        let installed = try VitrineBinary.run(["check", "site"], in: folder.url)
        #expect(installed.stderr.contains("site/themes/shop/tokens.json: warning: not a payload format"), "\(installed.stderr)")
        #expect(installed.stderr.hasSuffix("Checked 3 payload files: 0 errors, 1 warning\n"), "\(installed.stderr)")
    }

    /// A bare name in `vitrine.json` is a theme's name, or else a theme folder of that name in
    /// the input, from wherever the build starts; a folder of that name in the working directory
    /// is outside the input, and never read for it.
    @Test func aBareThemeNameInTheConfigurationIsFoundInTheInput() throws {
        let folder = try TemporaryFolder()
        try folder.write("site/a.json", scene("A"))
        try folder.write("site/vitrine.json", #"{"theme": "brand"}"#)
        try folder.write("site/brand/theme.css", ".v-page { --brand: #123456; }")
        try folder.write("brand/theme.css", ".v-page { --brand: #654321; }")
        for (directory, input) in [(folder.url, "site"), (folder.url.appendingPathComponent("site"), ".")] {
            let run = try VitrineBinary.run(["build", input, "-o", folder.url.path + "/out", "-q"], in: directory)
            #expect(run.status == 0, "from \(directory.lastPathComponent): \(run.stderr)")
            #expect(folder.files(under: "out")["theme/theme.css"].map { String(decoding: $0, as: UTF8.self) }?.contains("#123456") == true)
        }
        try FileManager.default.removeItem(atPath: folder.url.path + "/site/brand")
        let run = try VitrineBinary.run(["build", "site", "-o", "out", "-q"], in: folder.url)
        #expect(run.status == 2 && run.stderr.contains("theme brand not found: vitrine.json names no theme installed"), "\(run.stderr)")
        // A misspelt theme names the one it likely means: a folder beside it in the input, or an installed theme.
        try folder.write("site/themes/shop/theme.css", ".v-page {}")
        try folder.write("site/vitrine.json", #"{"theme": "themes/shopp"}"#)
        let beside = try VitrineBinary.run(["build", "site", "-o", "out", "-q"], in: folder.url)
        #expect(beside.status == 2 && beside.stderr.hasSuffix("no theme folder at site/themes/shopp; did you mean themes/shop?\n"), "\(beside.stderr)")
        let installed = try VitrineBinary.run(["build", "site", "-o", "out", "-q", "--theme", "hihg-contrast"], in: folder.url)
        #expect(installed.status == 2 && installed.stderr.hasSuffix("; did you mean high-contrast?\n"), "\(installed.stderr)")
    }

    /// I09: a renderer bug (a trap, forced here by a debug-only switch) is the one thing that may
    /// end a build: the crash names the payload being built, the site it found is left as it was,
    /// and the next build, without the bug, completes and removes the half-written files.
    @Test func aRendererCrashNamesItsPayloadAndTheNextBuildIsWhole() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/a.json", scene("A"))
        try folder.write("in/b.json", #"{"hasNavigationBar":false,"container":{"componentId":"root","layout":{"type":"v","alignment":"leading"},"#
                                      + #""views":[{"type":"rectangle","component":{"componentId":"r"}}]}}"#)
        try folder.write("in/c.json", scene("C"))
        let first = try VitrineBinary.run(["build", "in", "-o", "out", "-q"], in: folder.url)
        #expect(first.status == 0, "\(first.stderr)")
        let before = folder.site(under: "out")
        #expect(before["screens/b.html"] != nil && before["screens/c.html"] != nil)
        try folder.write("in/a.json", scene("A, edited"))
        let crashed = try VitrineBinary.run(["build", "in", "-o", "out", "-q", "--no-cache"], in: folder.url,
                                            environment: ["VITRINE_TEST_CRASH_COMPONENT": "rectangle"])
        #expect(crashed.signal == SIGILL, "status \(crashed.status): \(crashed.stderr)")
        #expect(crashed.stderr.contains("vitrine: crashed while building b.json: this is a bug in Vitrine; please report it with that file\n"))
        let left = folder.site(under: "out")
        let changed = Set(before.keys).union(left.keys).filter { before[$0] != left[$0] }
        #expect(changed.sorted() == [], "the site the crashed build found is left as it was")
        let again = try VitrineBinary.run(["build", "in", "-o", "out", "-q"], in: folder.url)
        #expect(again.status == 0, "\(again.stderr)")
        let files = folder.files(under: "out")
        #expect(["screens/a.html", "screens/b.html", "screens/c.html"].allSatisfy(files.keys.contains))
        #expect(files["screens/a.html"].map { String(decoding: $0, as: UTF8.self).contains("A, edited") } == true)
        #expect(!files.keys.contains { $0.contains(".vitrine-tmp-") })
    }

    /// A `--clean` build that writes no site (`--fail-fast` at an error, a `vitrine.json` that
    /// does not parse) leaves the last one whole: it deleted it first, and said it left it as it was.
    @Test func aCleanBuildThatWritesNoSiteKeepsTheLastOne() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/a.json", scene("A"))
        try folder.write("in/b.json", scene("B"))
        #expect(try VitrineBinary.run(["build", "in", "-o", "out", "-q"], in: folder.url).status == 0)
        let before = folder.files(under: "out")
        try folder.write("in/b.json", "{\"container\": ")
        let stopped = try VitrineBinary.run(["build", "in", "-o", "out", "--clean", "--fail-fast"], in: folder.url)
        #expect(stopped.status == 1 && stopped.stderr.hasSuffix("; out was left as it was\n"), "\(stopped.stderr)")
        #expect(folder.files(under: "out") == before)
        try folder.write("in/b.json", scene("B"))
        try folder.write("in/vitrine.json", "{\"title\": ")
        let unwritten = try VitrineBinary.run(["build", "in", "-o", "out", "--clean"], in: folder.url)
        #expect(unwritten.status == 1 && unwritten.stderr.hasSuffix("; out was left as it was\n"), "\(unwritten.stderr)")
        #expect(folder.files(under: "out") == before)
    }

    @Test func cleanDeletesOnlyWhatTheLastBuildListedAndRefusesAForeignFolder() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/deep/a.json", scene("A"))
        try folder.write("in/b.json", scene("B"))
        #expect(try VitrineBinary.run(["build", "in", "-o", "out", "-q"], in: folder.url).status == 0)
        try folder.write("out/mine.txt", "kept")
        try FileManager.default.removeItem(atPath: folder.path("in/deep/a.json"))
        try FileManager.default.removeItem(atPath: folder.path("in/deep"))
        let run = try VitrineBinary.run(["build", "in", "-o", "out", "--clean", "-q"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        let files = folder.files(under: "out")
        #expect(files["mine.txt"] != nil && files["screens/b.html"] != nil)
        #expect(files["screens/deep/a.html"] == nil)
        #expect(!FileManager.default.fileExists(atPath: folder.path("out/screens/deep")), "the emptied folder is removed")
        // A page edited by hand, which a build that finds its bytes unchanged keeps, is written anew.
        try folder.write("out/screens/b.html", "edited by hand")
        #expect(try VitrineBinary.run(["build", "in", "-o", "out", "--clean", "-q"], in: folder.url).status == 0)
        #expect(folder.files(under: "out")["screens/b.html"].map { String(decoding: $0, as: UTF8.self).contains("<!doctype html>") } == true)
        try folder.write("foreign/notes.txt", "x")
        let refused = try VitrineBinary.run(["build", "in", "-o", "foreign", "--clean", "--force", "-q"], in: folder.url)
        #expect(refused.status == 2 && refused.stderr.contains("Vitrine did not write it, so --clean deletes nothing there"))
        #expect(folder.files(under: "foreign").keys.sorted() == ["notes.txt"])
    }
}
