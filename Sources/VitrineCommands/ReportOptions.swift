import ArgumentParser
import VitrineCore

/// The options of the commands that report on a whole run, `build` and `check`: how
/// diagnostics are printed and which of them fail the run or stop it.
struct ReportOptions: ParsableArguments {
    @Option(help: "How to print diagnostics: text, github (workflow annotations) or json (one document on stdout).")
    var format: DiagnosticPrinter.Format = .text

    @Flag(help: "Treat warnings as errors: printed (and annotated) as errors, exit code 1 when there are any.")
    var strict = false

    @Flag(help: "Stop at the first payload with an error (with --strict: a warning), writing nothing.")
    var failFast = false

    /// The severity that ends the run under `--fail-fast`.
    var stopAt: Severity? { failFast ? (strict ? .warning : .error) : nil }
}
