import Foundation
import VitrineCore
@testable import VitrineServe

/// A copy of the demo `Site/` in a temporary folder, with an output folder beside it, for
/// builds that edit the input between them.
struct LiveInput {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let base: URL
    var input: String { base.appendingPathComponent("input").path }
    var output: String { base.appendingPathComponent("output").path }

    init() throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.repository.appendingPathComponent("Site").path, toPath: input)
    }

    static var themeFolder: String { repository.appendingPathComponent("Themes/default").path }

    /// A live site over the copy, writing into `output` (or another folder).
    /// A theme named in `vitrine.json` is one of the repository's, or a folder by its absolute path.
    func liveSite(output: String? = nil, polling: Bool = false, themeFolder: String = LiveInput.themeFolder,
                  warn: @escaping (String) -> Void = { _ in }) throws -> LiveSite {
        let writer = try LocalSiteWriter(path: output ?? self.output, input: input)
        let theme = try ThemeLoader.theme(themeFolder)
        return LiveSite(input: input, reader: FileReader(root: input), writer: writer, toolIdentity: "test",
                        theme: theme, themeFolders: [themeFolder], polling: polling, warn: warn) { configured in
            let folder = configured.map { $0.hasPrefix("/") ? $0 : LiveInput.repository.appendingPathComponent("Themes/" + $0).path } ?? themeFolder
            return Result { () throws(ThemeLoader.Failure) in
                (folder == themeFolder ? try ThemeLoader.theme(folder) : try ThemeLoader.theme(folder, over: themeFolder), [folder])
            }
        }
    }

    /// A clean build of the input as it is now, as `vitrine build` makes it, into a new folder.
    func cleanBuild() throws -> (folder: String, report: BuildReport) {
        let folder = base.appendingPathComponent("clean-\(UUID().uuidString)").path
        let writer = try LocalSiteWriter(path: folder, input: input)
        var pipeline = BuildPipeline(listing: DirectoryWalker(root: input, excluding: writer.root).list(), source: FileReader(root: input),
                                     writer: writer, theme: try ThemeLoader.theme(Self.themeFolder), toolIdentity: "test")
        pipeline.keepsOutputWithoutSettings = true  // as `vitrine build`
        return (folder, pipeline.run())
    }

    func write(_ path: String, _ text: String) throws {
        let url = URL(fileURLWithPath: input).appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Runs git in the input folder, as a test author; throws when it fails.
    func git(_ arguments: String...) throws {
        let process = try Process.run(URL(fileURLWithPath: "/usr/bin/env"),
                                      arguments: ["git", "-C", input, "-c", "user.name=Test", "-c", "user.email=test@example.com",
                                                  "-c", "commit.gpgsign=false"] + arguments)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad, userInfo: ["git": arguments]) }
    }

    func read(_ path: String) throws -> String {
        try String(contentsOfFile: input + "/" + path, encoding: .utf8)
    }

    func remove() {
        try? FileManager.default.removeItem(at: base)
    }

    /// Every file under `folder` with its bytes.
    static func files(_ folder: String) -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let path = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder), !isFolder.boolValue {
                result[path] = FileManager.default.contents(atPath: folder + "/" + path)
            }
        }
        return result
    }
}
