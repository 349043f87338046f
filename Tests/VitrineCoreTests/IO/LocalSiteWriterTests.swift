import Foundation
import Testing
@testable import VitrineCore

/// `clean()`: what the manifest lists goes, with the folders it empties; nothing else does.
@Suite struct LocalSiteWriterTests {
    func scratch() throws -> (URL, String) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-writer-\(UUID().uuidString)")
        let input = url.appendingPathComponent("input").path
        try FileManager.default.createDirectory(atPath: input, withIntermediateDirectories: true)
        return (url, input)
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
}
