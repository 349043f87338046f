import ArgumentParser
import VitrineCore

/// `vitrine build --dump-tree`: prints the view tree of every payload instead of building, as
/// the build decodes it (`vitrine.json`'s feed templates, limits and `exclude` applied).
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
                if let screen = decoded.screen { output += "# \(DiagnosticPrinter.escaped(path))\n" + TreeDump.text(of: screen.root, in: decoded.text) }
            } catch {
                diagnostics.append(Diagnostic(.error, error.message, file: path))
            }
        }
        print(output, terminator: "")
        console.print(diagnostics, screens: payloads.count)
        return diagnostics.contains { $0.severity == .error } ? ExitCode(1) : .success
    }
}
