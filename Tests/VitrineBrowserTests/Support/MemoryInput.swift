import Foundation
// @testable only for `FileReader.Failure`'s initialiser, which is internal.
@testable import VitrineCore

/// An input tree held in memory, listed as the walker would list it.
struct MemoryInput: InputSource {
    let files: [String: [UInt8]]

    init(_ files: [String: String]) {
        self.files = files.mapValues { Array($0.utf8) }
    }

    init(files: [String: [UInt8]]) {
        self.files = files
    }

    var listing: InputListing {
        var listing = InputListing()
        for path in files.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) { listing.add(path) }
        return listing
    }

    func read(_ path: String) throws(FileReader.Failure) -> [UInt8] {
        guard let bytes = files[path] else { throw FileReader.Failure(message: "no such file in memory: \(path)") }
        return bytes
    }
}

/// Builds fixture sites with VitrineCore's public pipeline and the repository's default theme.
enum TestSite {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = repository.appendingPathComponent("Tests/VitrineBrowserTests/Fixtures")

    /// Writes the site of `input` into `site` (a new folder beside the scratch `inputFolder`),
    /// with the repository's theme `theme` laid over the default one.
    /// - Throws: when the fixture has errors, unless `allowErrors`.
    @discardableResult
    static func build(_ input: MemoryInput, into site: URL, inputFolder: URL, theme name: String = "default", allowErrors: Bool = false) throws -> BuildReport {
        try FileManager.default.createDirectory(at: inputFolder, withIntermediateDirectories: true)
        let writer = try LocalSiteWriter(path: site.path, input: inputFolder.path)
        let theme = try ThemeLoader.theme(repository.appendingPathComponent("Themes/" + name).path,
                                          over: repository.appendingPathComponent("Themes/default").path)
        let report = BuildPipeline(listing: input.listing, source: input, writer: writer, theme: theme).run()
        guard allowErrors || report.errorCount == 0 else {
            let messages = report.diagnostics.map { "\($0.severity.rawValue): \($0.message) \($0.pointer?.description ?? "")" }
            throw BrowserCheckError("the fixture does not build:\n" + messages.joined(separator: "\n"))
        }
        return report
    }
}
