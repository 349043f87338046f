import ArgumentParser
import Foundation
import VitrineCore

/// `vitrine check`: reads and draws every payload as a build would, makes no page, writes nothing, reports.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate every payload under INPUT without writing a site.",
        discussion: "Exit code 0 when no payload has errors (with --strict: no warnings either), 1 when some have; 2 when it cannot run (a missing or unreadable input, a missing or broken theme); 64 for a usage error."
    )

    @OptionGroup var options: InputOptions

    @OptionGroup var reporting: ReportOptions

    func run() throws {
        var console = options.console(format: reporting.format)
        try options.checkInput(failure: 2, console: console)
        let theme = try options.loadTheme(failure: 2, console: console)
        console.namePaths(of: theme)
        var pipeline = BuildPipeline(listing: DirectoryWalker(root: options.input).list(), source: options.reader,
                                     writer: DiscardingSiteWriter(), theme: theme)
        pipeline.checksOnly = true
        pipeline.stopAt = reporting.stopAt
        var report = pipeline.run()
        if reporting.strict { report.makeWarningsErrors() }
        console.print(report.diagnostics, screens: report.screens.count)
        if !options.quiet, reporting.format != .json {
            console.writeSummary("\(report.stopped ? "Stopped at the first problem (--fail-fast) after" : "Checked") \(counted(report.screens.count, "payload file")): "
                          + "\(counted(report.errorCount, "error")), \(counted(report.warningCount, "warning"))\n")
        }
        if report.errorCount > 0 { throw ExitCode(1) }
    }
}
