import ArgumentParser
import Foundation
import VitrineCore

/// `vitrine check`: reads and draws every payload as a build would, writes nothing, reports.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate every payload under INPUT without writing a site.",
        discussion: "Exit code 0 when no payload has errors (with --strict: no warnings either), 1 otherwise."
    )

    @Argument(help: "The folder of payloads.")
    var input: String = "Site"

    @Option(help: "How to print diagnostics: text, github (workflow annotations) or json.")
    var format: DiagnosticPrinter.Format = .text

    @Option(help: "A theme name or path: its symbols and templates take part in the check.")
    var theme: String = "default"

    @Option(help: "Largest payload file read, in MiB.")
    var maxFileSize: Int = 16

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    @Flag(name: .shortAndLong, help: "Print only diagnostics, no summary.")
    var quiet = false

    func validate() throws {
        guard maxFileSize > 0 else { throw ValidationError("--max-file-size must be positive") }
    }

    func run() throws {
        let console = Console(quiet: quiet, format: format)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: input, isDirectory: &isFolder), isFolder.boolValue else {
            console.fail("input folder \(input) does not exist")
            throw ExitCode(2)
        }
        guard let themeFolder = ThemeLoader.locate(theme) else {
            console.fail("theme \(theme) not found (looked in $VITRINE_THEMES, share/vitrine/Themes and Themes/)")
            throw ExitCode(2)
        }
        let themeFiles: [OutputFile]
        do { themeFiles = try ThemeLoader.load(themeFolder) } catch {
            console.fail(error.message)
            throw ExitCode(2)
        }
        let pipeline = BuildPipeline(listing: DirectoryWalker(root: input).list(),
                                     source: FileReader(root: input, maxBytes: maxFileSize << 20),
                                     writer: DiscardingSiteWriter(), theme: themeFiles)
        var report = pipeline.run()
        if strict { report.makeWarningsErrors() }
        console.print(report.diagnostics, screens: report.screens.count)
        if !quiet, format == .text {
            console.write("Checked \(Console.counted(report.screens.count, "payload file")): "
                          + "\(Console.counted(report.errorCount, "error")), \(Console.counted(report.warningCount, "warning"))\n")
        }
        if report.errorCount > 0 { throw ExitCode(1) }
    }
}
