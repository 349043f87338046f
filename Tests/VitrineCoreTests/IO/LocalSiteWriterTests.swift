import Foundation
import Testing
@testable import VitrineCore

/// `clean()`: what the manifest lists goes, with the folders it empties; nothing else does.
/// `stop()`, changes, and a long-lived writer (`serve`) whose folders vanish.
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
            (error as? SiteWriterError)?.message == "refusing to write into a directory that is or contains the input, the root or the home folder"
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

    @Test func cleanRemovesListedFilesAndEmptiedFoldersOnly() throws {
        let (url, input) = try scratch()
        defer { try? FileManager.default.removeItem(at: url) }
        let output = url.appendingPathComponent("site").path
        let writer = try LocalSiteWriter(path: output, input: input)
        try writer.write(OutputFile(path: "screens/a/b.html", text: "b"))
        try writer.write(OutputFile(path: "index.html", text: "i"))
        try writer.finish(writing: ["screens/a/b.html", "index.html"])
        try Data("mine".utf8).write(to: URL(fileURLWithPath: output + "/screens/notes.txt"))

        try writer.clean()
        let left = try FileManager.default.subpathsOfDirectory(atPath: output).sorted()
        #expect(left == [LocalSiteWriter.markerName, "screens", "screens/notes.txt"])
    }

    /// I06: an empty folder is claimed before the first page, so a build killed before `finish`
    /// leaves a folder the next build writes into without `--force`.
    @Test func anEmptyFolderIsClaimedBeforeTheFirstPage() throws {
        let (url, input) = try scratch()
        defer { try? FileManager.default.removeItem(at: url) }
        let output = url.appendingPathComponent("site").path
        let killed = try LocalSiteWriter(path: output, input: input)
        try killed.write(OutputFile(path: "screens/a.html", text: "a"))
        #expect(FileManager.default.fileExists(atPath: output + "/" + LocalSiteWriter.markerName))
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
        let writer = try LocalSiteWriter(path: output, input: input, force: true)
        #expect(throws: SiteWriterError.self) { try writer.clean() }
        #expect(FileManager.default.fileExists(atPath: output + "/keep.txt"))
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

    @Test func aFolderRemovedDuringABuildIsMadeAgain() throws {
        let (url, input) = try scratch()
        defer { try? FileManager.default.removeItem(at: url) }
        let output = url.appendingPathComponent("site").path
        let writer = try LocalSiteWriter(path: output, input: input)
        try writer.write(OutputFile(path: "screens/a.html", text: "a"))
        try FileManager.default.removeItem(atPath: output)
        try writer.write(OutputFile(path: "screens/b.html", text: "b"))
        try writer.write(OutputFile(path: "index.html", text: "i"))
        try writer.finish(writing: ["screens/b.html", "index.html"])
        #expect(try String(contentsOfFile: output + "/screens/b.html", encoding: .utf8) == "b")
    }
}
