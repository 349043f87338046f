import ArgumentParser
import VitrineCore

/// `vitrine build --dump-tree`: prints the view tree of every payload, and of the pages it
/// implies, instead of building, as the build decodes it (`vitrine.json`'s feed templates, limits and `exclude` applied).
struct TreeDumper {
    let preparation: BuildPipeline.Preparation
    let reader: FileReader
    let console: Console

    /// Prints the trees on stdout and diagnostics on stderr (the build's, in its format); returns
    /// the exit code.
    func run() -> ExitCode {
        let payloads = preparation.listing.payloads
        var diagnostics = preparation.diagnostics
        var output = ""
        for path in payloads {
            do throws(FileReader.Failure) {
                let decoded = preparation.builder.decoder.decode(path, bytes: try reader.read(path))
                // As the build reports them, drawing included (an asset the input lacks).
                diagnostics += preparation.builder.screen(path, decoded: decoded, pages: false).diagnostics
                if let screen = decoded.screen { output += Self.text(of: screen, path: path, dialect: decoded.dialect, in: decoded.text) }
            } catch {
                diagnostics.append(Diagnostic(.error, error.message, file: path))
            }
        }
        print(output, terminator: "")
        console.print(diagnostics, screens: payloads.count)
        return diagnostics.contains { $0.severity == .error } ? ExitCode(1) : .success
    }

    /// `# path (dialect)` over the screen's tree, then `## key "title"` over each page it implies.
    static func text(of screen: DecodedScreen, path: String, dialect: String?, in source: SourceText) -> String {
        var text = "# \(DiagnosticPrinter.escaped(path))" + (dialect.map { " (\($0))" } ?? "") + "\n" + TreeDump.text(of: screen.root, in: source)
        for page in screen.subpages {
            text += "## \(page.key) \"\(DiagnosticPrinter.escaped(page.title))\"\n" + TreeDump.text(of: page.root, in: source)
        }
        return text
    }
}
