import ArgumentParser
import Foundation
import VitrineCore

/// The options `build` and `serve` share: where the site goes, and whether a foreign folder may be used.
struct OutputOptions: ParsableArguments {
    @Option(name: [.short, .customLong("output")], help: "Where to write the site. Vitrine only writes into a folder it owns.")
    var output: String = "_site"

    @Flag(help: "Write into a non-empty output folder that Vitrine did not create.")
    var force = false

    func validate() throws {
        guard !output.isEmpty else { throw ValidationError("--output needs a folder") }
    }

    /// The writer for the output folder; exit code 2, with the reason, when the folder is refused.
    func writer(input: String, clean: Bool = false, console: Console) throws -> LocalSiteWriter {
        do throws(SiteWriterError) {
            return try LocalSiteWriter(path: output, input: input, force: force, clean: clean)
        } catch {
            console.fail("\(error.path): \(error.message)")
            throw ExitCode(2)
        }
    }

    /// The output folder as the summary names it: as typed, or its real path when it is a
    /// symbolic link, so the user sees where the files went.
    func shown(_ writer: LocalSiteWriter) -> String {
        var status = stat()
        var path = output
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }  // `out/` would follow the link
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return output }
        return writer.root
    }
}
