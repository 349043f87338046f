import ArgumentParser
import VitrineCore

/// `vitrine build --dump-tree`: prints the view tree of every payload instead of building.
struct TreeDumper {
    let input: String
    let reader: FileReader
    let console: Console

    /// Prints the trees on stdout and diagnostics on stderr; returns the exit code.
    func run() -> ExitCode {
        let listing = DirectoryWalker(root: input).list()
        var diagnostics = listing.diagnostics
        var output = ""
        for path in listing.payloads {
            do throws(FileReader.Failure) {
                let decoded = PayloadDecoder().decode(path, bytes: try reader.read(path))
                diagnostics += decoded.diagnostics
                if let screen = decoded.screen { output += "# \(DiagnosticPrinter.escaped(path))\n" + TreeDump.text(of: screen.root, in: decoded.text) }
            } catch {
                diagnostics.append(Diagnostic(.error, error.message, file: path))
            }
        }
        print(output, terminator: "")
        console.print(diagnostics, screens: listing.payloads.count)
        return diagnostics.contains { $0.severity == .error } ? ExitCode(1) : .success
    }
}
