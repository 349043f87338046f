import Foundation
import Testing
@testable import VitrineCore

/// `clean`: every file written anew, and what the manifest lists and the build does not goes with
/// the folders it empties, once the new site is in place; nothing else does. `stop()`, changes, and a long-lived writer (`serve`) whose folders vanish. I06: a build that
/// is killed leaves the previous site or, once it has written its journal, the new one.
@Suite struct LocalSiteWriterTests {
    func scratch() throws -> (URL, String) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-writer-\(UUID().uuidString)")
        let input = url.appendingPathComponent("input").path
        try FileManager.default.createDirectory(atPath: input, withIntermediateDirectories: true)
        return (url, input)
    }

    /// I01: the file system's root is refused before anything is written, even with `force`.
    @Test func theRootFolderIsRefused() throws {
        let (url, input) = try scratch()
        defer { try? FileManager.default.removeItem(at: url) }
        #expect {
            _ = try LocalSiteWriter(path: "/", input: input, force: true)
        } throws: { error in
            (error as? SiteWriterError)?.message == "refusing to write into the root folder"
        }
    }

    /// A non-empty folder inside the input would, once marked, hide its payloads from every
    /// later walk: refused even with `force`. An empty one, or one Vitrine wrote, is fine.
    @Test func aForeignFolderInsideTheInputIsRefusedEvenWithForce() throws {
        let (url, input) = try scratch()
        defer { try? FileManager.default.removeItem(at: url) }
        try FileManager.default.createDirectory(atPath: input + "/payloads", withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: input + "/payloads/a.json"))
        #expect {
            _ = try LocalSiteWriter(path: input + "/payloads", input: input, force: true)
        } throws: { error in
            (error as? SiteWriterError)?.message.hasPrefix("refusing to write into a non-empty folder inside the input") == true
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: input + "/payloads") == ["a.json"])
        _ = try LocalSiteWriter(path: input + "/preview", input: input)
        _ = try LocalSiteWriter(path: input + "/preview", input: input)
    }

    @Test func cleanRewritesEveryFileAndRemovesListedFilesAndEmptiedFoldersOnlyOnceFinished() throws {
        let (url, input) = try scratch()
        defer { try? FileManager.default.removeItem(at: url) }
        let output = url.appendingPathComponent("site").path
        do {
            let writer = try LocalSiteWriter(path: output, input: input)
            try writer.write(OutputFile(path: "screens/a/b.html", text: "b"))
            try writer.write(OutputFile(path: "index.html", text: "i"))
            try writer.finish(writing: ["screens/a/b.html", "index.html"])
        }
        try Data("mine".utf8).write(to: URL(fileURLWithPath: output + "/screens/notes.txt"))
        let inode = { (path: String) in (try FileManager.default.attributesOfItem(atPath: output + "/" + path)[.systemFileNumber] as? Int) ?? -1 }
        let index = try inode("index.html")

        // A clean build that stops writes nothing and removes nothing.
        do {
            let stopped = try LocalSiteWriter(path: output, input: input, clean: true)
            try stopped.write(OutputFile(path: "index.html", text: "i"))
            stopped.stop()
        }
        #expect(try FileManager.default.subpathsOfDirectory(atPath: output).sorted()
                == [LocalSiteWriter.manifestName, LocalSiteWriter.markerName, "index.html", "screens", "screens/a", "screens/a/b.html", "screens/notes.txt"])

        let writer = try LocalSiteWriter(path: output, input: input, clean: true)
        try writer.write(OutputFile(path: "index.html", text: "i"))
        try writer.finish(writing: ["index.html"])
        #expect(try inode("index.html") != index, "a file that held its bytes already is written anew")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: output).sorted()
                == [LocalSiteWriter.manifestName, LocalSiteWriter.markerName, "index.html", "screens", "screens/notes.txt"])
    }

    /// I07: when the journal cannot be written (a full disk), the build's new files are removed,
    /// not left to take room, and the previous site stays as it was.
    @Test func aJournalThatCannotBeWrittenLeavesNoTemporaryFiles() throws {
        let (url, input) = try scratch()
        defer { try? FileManager.default.removeItem(at: url) }
        let output = url.appendingPathComponent("site").path
        let writer = try LocalSiteWriter(path: output, input: input)
        try writer.write(OutputFile(path: "screens/a.html", text: "old"))
        try writer.finish(writing: ["screens/a.html"])
        // A folder where the journal goes makes its rename fail, as a full disk fails its write.
        try FileManager.default.createDirectory(atPath: output + "/" + CommitJournal.fileName + "/x", withIntermediateDirectories: true)
        try writer.write(OutputFile(path: "screens/a.html", text: "new"))
        try writer.write(OutputFile(path: "screens/b/c.html", text: "c"))
        #expect(throws: SiteWriterError.self) { try writer.finish(writing: ["screens/a.html", "screens/b/c.html"]) }
        let left = try FileManager.default.subpathsOfDirectory(atPath: output)
        #expect(!left.contains { $0.contains(LocalSiteWriter.temporaryPrefix) }, "\(left)")
        #expect(try String(contentsOfFile: output + "/screens/a.html", encoding: .utf8) == "old")
    }

    /// I06: an empty folder is claimed before the first page, so a build killed before `finish`
    /// leaves a folder the next build writes into without `--force`.
    @Test func anEmptyFolderIsClaimedBeforeTheFirstPage() throws {
        let (url, input) = try scratch()
        defer { try? FileManager.default.removeItem(at: url) }
        let output = url.appendingPathComponent("site").path
        do {
            let killed = try LocalSiteWriter(path: output, input: input)
            try killed.write(OutputFile(path: "screens/a.html", text: "a"))
            #expect(FileManager.default.fileExists(atPath: output + "/" + LocalSiteWriter.markerName))
        }
        let next = try LocalSiteWriter(path: output, input: input)
        try next.finish(writing: ["screens/a.html"])
        #expect(try String(contentsOfFile: output + "/" + LocalSiteWriter.markerName, encoding: .utf8)
                == "This directory is written by vitrine build; its files are replaced on every run.\n")
    }

    @Test func cleanRefusesAFolderWithoutTheMarker() throws {
        let (url, input) = try scratch()
        defer { try? FileManager.default.removeItem(at: url) }
        let output = url.appendingPathComponent("foreign").path
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: output + "/keep.txt"))
        #expect {
            _ = try LocalSiteWriter(path: output, input: input, force: true, clean: true)
        } throws: { error in
            (error as? SiteWriterError)?.message == "has no .vitrine-output marker: Vitrine did not write it, so --clean deletes nothing there"
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: output) == ["keep.txt"])
    }

    @Test func aStoppedWriterWritesAndRemovesNothing() throws {
        let (url, input) = try scratch()
        defer { try? FileManager.default.removeItem(at: url) }
        let output = url.appendingPathComponent("site").path
        let writer = try LocalSiteWriter(path: output, input: input)
        try writer.write(OutputFile(path: "index.html", text: "i"))
        try writer.write(OutputFile(path: "screens/a.html", text: "a"))
        try writer.finish(writing: ["index.html", "screens/a.html"])
        #expect(writer.takeChanges() == [LocalSiteWriter.manifestName, LocalSiteWriter.markerName, "index.html", "screens/a.html"])
        writer.stop()
        #expect(throws: SiteWriterError.self) { try writer.write(OutputFile(path: "index.html", text: "new")) }
        // A build stopped half-way lists only what it got to: nothing it did not list is removed.
        #expect(throws: SiteWriterError.self) { try writer.finish(writing: ["index.html"]) }
        #expect(try String(contentsOfFile: output + "/screens/a.html", encoding: .utf8) == "a")
        #expect(try String(contentsOfFile: output + "/index.html", encoding: .utf8) == "i")
    }

    /// The folders a stopped or killed build made for its new pages alone go with the pages'
    /// temporary files: no later build or `--clean` would remove them (they are in no manifest).
    @Test func theFoldersOfAStoppedBuildsPagesGoWithThem() throws {
        let (url, input) = try scratch()
        defer { try? FileManager.default.removeItem(at: url) }
        let output = url.appendingPathComponent("site").path
        do {  // the writer, and its lock on the folder, end with this block
            let first = try LocalSiteWriter(path: output, input: input)
            try first.write(OutputFile(path: "screens/a.html", text: "a"))
            try first.finish(writing: ["screens/a.html"])
            try first.write(OutputFile(path: "screens/new/deep/b.html", text: "b"))
            first.stop()
            #expect(try FileManager.default.subpathsOfDirectory(atPath: output + "/screens") == ["a.html"])
        }

        // Killed: the next writer finds the temporary files, and removes the folders they leave empty.
        let leftovers = ["screens/other/x/" + LocalSiteWriter.temporaryPrefix + "1-2", "screens/kept/" + LocalSiteWriter.temporaryPrefix + "1-3"]
        for path in leftovers + ["screens/kept/notes.txt"] {
            try FileManager.default.createDirectory(atPath: output + "/" + SitePath.folder(of: path), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: URL(fileURLWithPath: output + "/" + path))
        }
        _ = try LocalSiteWriter(path: output, input: input)
        #expect(try FileManager.default.subpathsOfDirectory(atPath: output + "/screens").sorted() == ["a.html", "kept", "kept/notes.txt"])
    }

    /// I05's last line of defence: a path that is empty, absolute, or has an empty, `.` or `..`
    /// segment or a NUL byte is refused before anything is written; `...` and dotted names are fine.
    @Test func onlySafeRelativePathsAreWritten() throws {
        let (url, input) = try scratch()
        defer { try? FileManager.default.removeItem(at: url) }
        let output = url.appendingPathComponent("site").path
        let writer = try LocalSiteWriter(path: output, input: input)
        for path in ["", "/etc/x.html", "a//b.html", "a/", "./a.html", "a/./b.html", "../a.html", "a/../../b.html", "a/..", "a\u{0}b.html"] {
            #expect(throws: SiteWriterError.self, "\(path)") { try writer.write(OutputFile(path: path, text: "x")) }
        }
        let safe = [".../a.html", "a/.b.html", "a..b/c.d.html", "x"]
        for path in safe { try writer.write(OutputFile(path: path, text: "x")) }
        try writer.finish(writing: safe)
        for path in safe { #expect(FileManager.default.fileExists(atPath: output + "/" + path), "\(path)") }
        #expect(!FileManager.default.fileExists(atPath: url.appendingPathComponent("a.html").path))
    }

    @Test func aFolderRemovedDuringABuildIsMadeAgain() throws {
        let (url, input) = try scratch()
        defer { try? FileManager.default.removeItem(at: url) }
        let output = url.appendingPathComponent("site").path
        let writer = try LocalSiteWriter(path: output, input: input)
        try writer.write(OutputFile(path: "screens/a.html", text: "a"))
        try FileManager.default.removeItem(atPath: output)
        try writer.write(OutputFile(path: "screens/b.html", text: "b"))
        try writer.write(OutputFile(path: "index.html", text: "i"))
        // A folder not opened before the output went: its parent's descriptor was of the deleted root.
        try FileManager.default.removeItem(atPath: output)
        try writer.write(OutputFile(path: "gallery/new/c.html", text: "c"))
        try writer.finish(writing: ["gallery/new/c.html"])
        #expect(try String(contentsOfFile: output + "/gallery/new/c.html", encoding: .utf8) == "c")
    }

    /// A folder swapped for a symlink after the writer opened it leads nowhere: the build's
    /// files go on into the folder it opened, never through the link, and the build says so;
    /// the next build puts a folder back where the link is.
    @Test func aSymlinkPlantedDuringABuildIsNeverFollowed() throws {
        let (url, input) = try scratch()
        defer { try? FileManager.default.removeItem(at: url) }
        let output = url.appendingPathComponent("site").path, outside = url.appendingPathComponent("outside").path
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        do {
            let writer = try LocalSiteWriter(path: output, input: input)
            try writer.write(OutputFile(path: "screens/a.html", text: "a"))
            try FileManager.default.moveItem(atPath: output + "/screens", toPath: output + "/moved")
            try FileManager.default.createSymbolicLink(atPath: output + "/screens", withDestinationPath: outside)
            try writer.write(OutputFile(path: "screens/b.html", text: "b"))
            // The build says its pages are not where the site is.
            #expect {
                try writer.finish(writing: ["screens/a.html", "screens/b.html"])
            } throws: { error in
                (error as? SiteWriterError)?.path == "screens" && (error as? SiteWriterError)?.message.hasPrefix("was moved or replaced during the build") == true
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside) == [])
        #expect(try site(output + "/moved") == ["a.html": "a", "b.html": "b"])

        try finishedBuild(output, input, ["screens/a.html": "a"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside) == [])
        #expect(try FileManager.default.attributesOfItem(atPath: output + "/screens")[.type] as? FileAttributeType == .typeDirectory)
        #expect(try String(contentsOfFile: output + "/screens/a.html", encoding: .utf8) == "a")
    }

    /// More folders than the writer keeps open are opened for each use and closed after it.
    @Test func moreFoldersThanStayOpenAreWrittenAndCleaned() throws {
        let (url, input) = try scratch()
        defer { try? FileManager.default.removeItem(at: url) }
        let output = url.appendingPathComponent("site").path
        let files = Dictionary(uniqueKeysWithValues: (0..<300).map { ("screens/\($0 % 3)/\($0)/page.html", "\($0)") })
        do {
            let writer = try LocalSiteWriter(path: output, input: input)
            for (path, text) in files { try writer.write(OutputFile(path: path, text: text)) }
            #expect((1...writer.folders.limit).contains(writer.folders.descriptorCount), "at most the limit stay open: \(writer.folders.descriptorCount)")
            try writer.finish(writing: Array(files.keys))
            #expect(writer.folders.descriptorCount == 0, "closed once the build is done")
        }
        #expect(try site(output).filter { !$0.key.hasPrefix(".vitrine") } == files)
        let writer = try LocalSiteWriter(path: output, input: input)
        try writer.finish(writing: [])
        #expect(try FileManager.default.contentsOfDirectory(atPath: output).sorted() == [LocalSiteWriter.manifestName, LocalSiteWriter.markerName])
    }

    /// Past its limit, the table opens a folder for each use and closes it after; what it keeps
    /// and what it forgets while in use are closed once no one uses them.
    @Test func openFoldersStayWithinTheirLimit() throws {
        let (url, _) = try scratch()
        defer { try? FileManager.default.removeItem(at: url) }
        let folders = OutputFolders(root: url.path, limit: 8)
        try folders.using { () throws(SiteWriterError) in
            for index in 0..<20 {
                var handle = try folders.handle("a/\(index)", create: true)
                #expect(OutputFolders.isRegularFile("x", in: handle.descriptor) == false)
                handle.release()
            }
            #expect(folders.descriptorCount == 8)
            folders.forgetAll()
            #expect(folders.descriptorCount == 8, "forgotten while in use: kept open until the use ends")
        }
        #expect(folders.descriptorCount == 0)
        #expect(FileManager.default.fileExists(atPath: url.path + "/a/19"))
    }

    /// Writes these files into `output` and finishes, as a build does.
    func finishedBuild(_ output: String, _ input: String, _ files: [String: String]) throws {
        let writer = try LocalSiteWriter(path: output, input: input)
        for (path, text) in files { try writer.write(OutputFile(path: path, text: text)) }
        try writer.finish(writing: Array(files.keys))
    }

    /// A page whose name holds a line break is removed when its payload goes, and the pieces
    /// of its name are not taken for pages (the manifest had a path a line).
    @Test func aPageNamedWithALineBreakIsRemovedWhenStale() throws {
        let (url, input) = try scratch()
        defer { try? FileManager.default.removeItem(at: url) }
        let output = url.appendingPathComponent("site").path
        try finishedBuild(output, input, ["screens/a\nindex.html": "odd", "index.html": "i"])
        try finishedBuild(output, input, ["index.html": "i2", "screens/a": "x"])
        try finishedBuild(output, input, ["index.html": "i3"])
        let left = try FileManager.default.subpathsOfDirectory(atPath: output).sorted()
        #expect(left == [LocalSiteWriter.manifestName, LocalSiteWriter.markerName, "index.html"])
        // A manifest of an earlier Vitrine, a path a line, is still read.
        try Data("index.html\nold.html\n".utf8).write(to: URL(fileURLWithPath: output + "/" + LocalSiteWriter.manifestName))
        try Data("o".utf8).write(to: URL(fileURLWithPath: output + "/old.html"))
        try finishedBuild(output, input, ["index.html": "i4"])
        #expect(!FileManager.default.fileExists(atPath: output + "/old.html"))
    }

    /// On a case-insensitive disk `Home.html`, listed last time, is the file `home.html` written
    /// now: it is not removed as stale. A name that is another file, or has no namesake, is.
    @Test func aStaleNameThatIsANewPageUnderAnotherCaseIsKept() {
        let caseInsensitive: (String, String) -> Bool = { $0.lowercased() == $1.lowercased() }
        let last = ["index.html", "screens/Home.html", "screens/Gone.html", "screens/Cafe\u{301}.html"]
        let current = ["index.html", "screens/home.html", "screens/caf\u{E9}.html"]
        #expect(LocalSiteWriter.stale(last: last, current: current, isSameFile: caseInsensitive) == ["screens/Gone.html"])
        #expect(LocalSiteWriter.stale(last: last, current: current, isSameFile: { _, _ in false })
                == ["screens/Home.html", "screens/Gone.html", "screens/Cafe\u{301}.html"])
    }

    /// A page renamed only in its Unicode normalisation (NFC to NFD) is two files on Linux:
    /// the old one is stale, though the two names are one `String`; on a disk that ignores
    /// normalisation (macOS) they are one file, which stays.
    @Test func aPageRespeltInAnotherNormalisationIsStaleUnlessItIsTheSameFile() throws {
        let last = ["index.html", "screens/caf\u{E9}/x.html"], current = ["index.html", "screens/cafe\u{301}/x.html"]
        #expect(LocalSiteWriter.stale(last: last, current: current, isSameFile: { _, _ in false }) == ["screens/caf\u{E9}/x.html"])
        #expect(LocalSiteWriter.stale(last: last, current: current, isSameFile: { _, _ in true }) == [])
        // On this disk: the folder of the new name is not the old one's, kept open from the writes.
        let (url, input) = try scratch()
        defer { try? FileManager.default.removeItem(at: url) }
        let output = url.appendingPathComponent("site").path
        try finishedBuild(output, input, ["index.html": "i", last[1]: "old"])
        try finishedBuild(output, input, ["index.html": "i", current[1]: "new"])
        let left = try FileManager.default.subpathsOfDirectory(atPath: output).map { Array($0.utf8) }
        #expect(left.contains(Array("screens/cafe\u{301}/x.html".utf8)))
        #expect(!left.contains(Array("screens/caf\u{E9}/x.html".utf8)) && !left.contains(Array("screens/caf\u{E9}".utf8)))
        #expect(FileManager.default.contents(atPath: output + "/" + current[1]) == Data("new".utf8))
    }

    /// Two names are one file when they lead to one inode (a hard link here; letter case on macOS).
    @Test func twoNamesOfOneFileAreTheSameFile() throws {
        let (url, _) = try scratch()
        defer { try? FileManager.default.removeItem(at: url) }
        for (name, text) in [("Home.html", "a"), ("other.html", "a")] { try Data(text.utf8).write(to: url.appendingPathComponent(name)) }
        try FileManager.default.linkItem(atPath: url.path + "/Home.html", toPath: url.path + "/home.html")
        #expect(LocalSiteWriter.isSameFile("Home.html", "home.html", in: url.path))
        #expect(!LocalSiteWriter.isSameFile("Home.html", "other.html", in: url.path))
        #expect(!LocalSiteWriter.isSameFile("Home.html", "missing.html", in: url.path))
    }

    /// While one writer works in a folder, another (a second build, `serve`) is refused; the
    /// lock goes with the writer.
    @Test func twoWritersNeverShareAFolder() throws {
        let (url, input) = try scratch()
        defer { try? FileManager.default.removeItem(at: url) }
        let output = url.appendingPathComponent("site").path
        do {
            let first = try LocalSiteWriter(path: output, input: input)
            #expect {
                _ = try LocalSiteWriter(path: output, input: input)
            } throws: { error in
                (error as? SiteWriterError)?.message == "another Vitrine process (a build, or serve) is writing into this folder; wait for it or give another folder"
            }
            try first.finish(writing: [])
        }
        try finishedBuild(output, input, ["index.html": "i"])
    }

    /// Every file of the output but temporary ones, with its text.
    func site(_ output: String) throws -> [String: String] {
        var files: [String: String] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: output) {
            var folder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: output + "/" + path, isDirectory: &folder), !folder.boolValue,
                  !SitePath.fileName(path).hasPrefix(LocalSiteWriter.temporaryPrefix) else { continue }
            files[path] = try String(contentsOfFile: output + "/" + path, encoding: .utf8)
        }
        return files
    }

    /// I06: until `finish`, the pages of a build are temporary files; killed before then, it
    /// leaves the previous site as it was, and the next run deletes what it wrote.
    @Test func aBuildThatDoesNotFinishLeavesThePreviousSiteWhole() throws {
        let (url, input) = try scratch()
        defer { try? FileManager.default.removeItem(at: url) }
        let output = url.appendingPathComponent("site").path
        try finishedBuild(output, input, ["screens/a.html": "a1", "index.html": "i1"])
        let before = try site(output)

        do {
            let killed = try LocalSiteWriter(path: output, input: input)
            try killed.write(OutputFile(path: "screens/a.html", text: "a2"))
            try killed.write(OutputFile(path: "screens/b.html", text: "b2"))
            try killed.write(OutputFile(path: "index.html", text: "i2"))
            #expect(try site(output) == before)
            #expect(try FileManager.default.subpathsOfDirectory(atPath: output).count(where: { $0.contains(LocalSiteWriter.temporaryPrefix) }) == 3)
        }

        _ = try LocalSiteWriter(path: output, input: input)
        #expect(try site(output) == before)
        #expect(try FileManager.default.subpathsOfDirectory(atPath: output).allSatisfy { !$0.contains(LocalSiteWriter.temporaryPrefix) })
    }

    /// A build that writes the same files as the last one touches nothing in the output, not
    /// even the folder (a journal was made and deleted each time).
    @Test func aBuildOfTheSameFilesTouchesNothing() throws {
        let (url, input) = try scratch()
        defer { try? FileManager.default.removeItem(at: url) }
        let output = url.appendingPathComponent("site").path
        let files = ["screens/a.html": "a", "index.html": "i"]
        try finishedBuild(output, input, files)
        func modified(_ path: String) -> [Int] {
            var info = stat()
            stat(path, &info)
            return [info.st_mtim.tv_sec, info.st_mtim.tv_nsec, Int(info.st_ino)]
        }
        let before = [output, output + "/screens", output + "/index.html"].map(modified)
        usleep(20_000)
        try finishedBuild(output, input, files)
        #expect([output, output + "/screens", output + "/index.html"].map(modified) == before)
    }

    /// Guards a fixed bug: a page whose path was a file of the last build and is now a folder
    /// (`x.json` gave way to `x.html/y.json`), or the other way round, could not be written: every
    /// later build failed, or the old folder went and the new page never came.
    @Test(arguments: [
        (["screens/x.html": "x", "screens/x.frame.html": "xf", "index.html": "i1"], ["screens/x.html/y.html": "y", "index.html": "i2"]),
        (["screens/x.html/y.html": "y", "screens/x.html/z/w.html": "w", "index.html": "i1"], ["screens/x.html": "x", "index.html": "i2"]),
    ])
    func aFileThatBecomesAFolderOrAFolderThatBecomesAFile(before: [String: String], after: [String: String]) throws {
        let (url, input) = try scratch()
        defer { try? FileManager.default.removeItem(at: url) }
        let output = url.appendingPathComponent("site").path
        try finishedBuild(output, input, before)
        try finishedBuild(output, input, after)
        #expect(try site(output).filter { !$0.key.hasPrefix(".vitrine-") } == after)
        #expect(try FileManager.default.subpathsOfDirectory(atPath: output).allSatisfy { !$0.contains(LocalSiteWriter.temporaryPrefix) })
        try finishedBuild(output, input, before)
        #expect(try site(output).filter { !$0.key.hasPrefix(".vitrine-") } == before, "and back")
    }

    /// I06: a build killed after writing its journal, half-way through moving its files into
    /// place, is completed by the next run: every move, the stale page removed, the new manifest.
    @Test func aCommitCutShortIsCompletedByTheNextRun() throws {
        let (url, input) = try scratch()
        defer { try? FileManager.default.removeItem(at: url) }
        let output = url.appendingPathComponent("site").path
        try finishedBuild(output, input, ["screens/a.html": "1", "screens/old.html": "1", "index.html": "1"])

        let journal = try {
            let killed = try LocalSiteWriter(path: output, input: input)
            for path in ["screens/a.html", "screens/b.html", "index.html"] { try killed.write(OutputFile(path: path, text: "2")) }
            return try #require(try killed.writeJournal(listing: ["screens/a.html", "screens/b.html", "index.html"]))
        }()
        #expect(journal.moves.map(\.destination) == ["index.html", "screens/a.html", "screens/b.html"])
        #expect(try CommitJournal(bytes: Array(Data(contentsOf: URL(fileURLWithPath: output + "/" + CommitJournal.fileName)))) == journal)
        // The process dies after the first move.
        #expect(rename(output + "/" + journal.moves[0].temporary, output + "/" + journal.moves[0].destination) == 0)
        #expect(try site(output)["index.html"] == "2")
        #expect(try site(output)["screens/a.html"] == "1")

        _ = try LocalSiteWriter(path: output, input: input)
        #expect(try site(output) == [
            LocalSiteWriter.markerName: "This directory is written by vitrine build; its files are replaced on every run.\n",
            LocalSiteWriter.manifestName: "index.html\0screens/a.html\0screens/b.html\0",
            "index.html": "2", "screens/a.html": "2", "screens/b.html": "2",
        ])
    }

    /// Guards a fixed bug: a build killed during its moves, one of its files waiting in the
    /// output's root (an old file blocked its folder), left a journal the next run took for
    /// one cut short: it dropped it, and the site stayed half old, half new.
    @Test func aCommitCutShortWithAFileWaitingInTheRootIsCompleted() throws {
        let (url, input) = try scratch()
        defer { try? FileManager.default.removeItem(at: url) }
        let output = url.appendingPathComponent("site").path
        try finishedBuild(output, input, ["screens/x.html": "x", "index.html": "1"])
        let journal = try {
            let killed = try LocalSiteWriter(path: output, input: input)
            for path in ["screens/x.html/y.html", "index.html"] { try killed.write(OutputFile(path: path, text: "2")) }
            return try #require(try killed.writeJournal(listing: ["screens/x.html/y.html", "index.html"]))
        }()
        #expect(journal.moves.map { SitePath.folder(of: $0.temporary) } == ["", ""], "both wait in the root")
        #expect(rename(output + "/" + journal.moves[0].temporary, output + "/" + journal.moves[0].destination) == 0)
        _ = try LocalSiteWriter(path: output, input: input)
        #expect(try site(output).filter { !$0.key.hasPrefix(".vitrine-") } == ["screens/x.html/y.html": "2", "index.html": "2"])
    }

    /// The output and the folders above it deleted under `serve` (`rm -rf build` of
    /// `build/site`) are made again by the next build.
    @Test func anOutputDeletedWithItsParentIsMadeAgain() throws {
        let (url, input) = try scratch()
        defer { try? FileManager.default.removeItem(at: url) }
        let output = url.appendingPathComponent("build/site").path
        let writer = try LocalSiteWriter(path: output, input: input)
        try writer.write(OutputFile(path: "index.html", text: "1"))
        try writer.finish(writing: ["index.html"])
        try FileManager.default.removeItem(at: url.appendingPathComponent("build"))
        try writer.write(OutputFile(path: "index.html", text: "2"))
        try writer.finish(writing: ["index.html"])
        #expect(try site(output)["index.html"] == "2")
    }

    /// A journal edited by hand may name a page or a temporary file twice, or move a file into a
    /// temporary name that a later move takes; the moves run on all cores otherwise, but such a
    /// journal is carried out in its order every time: the later of two moves into a page wins, a
    /// temporary file goes to the first page that names it, and a chain is followed link by link.
    @Test func aJournalNamingAFileTwiceIsCarriedOutInOrder() throws {
        let tmp = LocalSiteWriter.temporaryPrefix
        for _ in 0..<20 {
            let (url, input) = try scratch()
            defer { try? FileManager.default.removeItem(at: url) }
            let output = url.appendingPathComponent("site").path
            try finishedBuild(output, input, ["index.html": "1", "a.html": "1", "b.html": "1"])
            for (name, text) in [("1-1", "first"), ("1-2", "second"), ("1-3", "third"), ("1-4", "fourth"), ("1-5", "fifth")] {
                try Data(text.utf8).write(to: URL(fileURLWithPath: output + "/" + tmp + name))
            }
            let journal = CommitJournal(listed: ["a.html", "b.html", "c.html", "index.html"], moves: [
                ("index.html", tmp + "1-1"), ("index.html", tmp + "1-2"),
                ("a.html", tmp + "1-3"), ("b.html", tmp + "1-3"),
                (tmp + "1-5", tmp + "1-4"), ("c.html", tmp + "1-5"),
            ])
            try Data(journal.bytes).write(to: URL(fileURLWithPath: output + "/" + CommitJournal.fileName))
            _ = try LocalSiteWriter(path: output, input: input)
            let files = try site(output)
            #expect(files["index.html"] == "second" && files["a.html"] == "third" && files["b.html"] == "1" && files["c.html"] == "fourth",
                    "\(files)")
        }
    }

    /// A journal cut short while it was written (no moves began) or naming files outside their
    /// folder's temporary files is not carried out.
    @Test func aJournalThatIsNotWholeIsDropped() throws {
        let whole = CommitJournal(listed: ["a/b.html", "x\ny.html"], moves: [("a/b.html", "a/.vitrine-tmp-1-2")])
        #expect(CommitJournal(bytes: whole.bytes) == whole)
        for cut in 0..<whole.bytes.count { #expect(CommitJournal(bytes: Array(whole.bytes[..<cut])) == nil, "cut at \(cut)") }
        #expect(CommitJournal(bytes: CommitJournal(listed: [], moves: [("a/b.html", "c/.vitrine-tmp-1")]).bytes) == nil)
        #expect(CommitJournal(bytes: CommitJournal(listed: [], moves: [("index.html", "../etc/passwd")]).bytes) == nil)

        let (url, input) = try scratch()
        defer { try? FileManager.default.removeItem(at: url) }
        let output = url.appendingPathComponent("site").path
        try finishedBuild(output, input, ["index.html": "1"])
        let before = try site(output)
        try Data(whole.bytes.dropLast(3)).write(to: URL(fileURLWithPath: output + "/" + CommitJournal.fileName))
        _ = try LocalSiteWriter(path: output, input: input)
        #expect(try site(output) == before)
    }
}
