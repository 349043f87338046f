import Foundation
import VitrineCore

/// The command's terminal: diagnostics and messages on stderr, progress only on a terminal.
struct Console: Sendable {
    let quiet: Bool
    let format: DiagnosticPrinter.Format
    /// Put before every diagnostic's path (the input folder as typed, when it is relative), so
    /// that paths open from the working directory and GitHub annotations land on the right file.
    let pathPrefix: String
    /// The theme's folder as messages name it, when it lies outside the input: a path of the
    /// theme (a template's) is printed as it is, not under the input folder.
    var themeFolder: String?
    let isTerminal = isatty(STDERR_FILENO) == 1
    /// Colour on a terminal that draws it: not with `TERM=dumb`, nor with `NO_COLOR` set to
    /// anything but the empty string (no-color.org).
    var colored: Bool {
        let environment = ProcessInfo.processInfo.environment
        return isTerminal && format == .text && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    init(quiet: Bool, format: DiagnosticPrinter.Format, input: String = ".") {
        self.quiet = quiet
        self.format = format
        // GitHub finds an annotation's file from the repository's root, whatever the step's working directory.
        workspace = format == .github ? ProcessInfo.processInfo.environment["GITHUB_WORKSPACE"].flatMap { $0.isEmpty ? nil : $0 } : nil
        self.pathPrefix = Self.pathPrefix(input: input, workspace: workspace)
    }

    /// `$GITHUB_WORKSPACE`, with `--format github`: annotations name files from there.
    private let workspace: String?

    /// What goes before the paths of `input`'s files: the folder as typed and a `/`; for an
    /// absolute folder inside the working directory, the folder from there (so that a CI
    /// workflow's `$GITHUB_WORKSPACE/Site` annotates `Site/…`); nothing for the working
    /// directory or an absolute folder outside it (no absolute path is printed).
    /// With `workspace` (`$GITHUB_WORKSPACE`, for annotations), an input inside it is named
    /// from there instead.
    static func pathPrefix(input: String, workingDirectory: String = FileManager.default.currentDirectoryPath, workspace: String? = nil) -> String {
        if let workspace, let prefix = fromWorkspace(input, workingDirectory: workingDirectory, workspace: workspace) { return prefix }
        var folder = input
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        if folder.hasPrefix("/") {
            let (inside, here) = (URL(fileURLWithPath: folder).standardized.path, URL(fileURLWithPath: workingDirectory).standardized.path)
            let start = here == "/" ? "/" : here + "/"
            return inside.hasPrefix(start) && inside != here ? String(inside.dropFirst(start.count)) + "/" : ""
        }
        return folder == "." || folder.isEmpty ? "" : folder + "/"
    }

    /// The folder `path` from `workspace`, with a `/` (nothing for the workspace itself), when it
    /// lies inside it; links resolved on both sides, as the working directory comes (a runner's
    /// workspace may be one).
    static func fromWorkspace(_ path: String, workingDirectory: String = FileManager.default.currentDirectoryPath, workspace: String) -> String? {
        let resolved = { (path: String) in DirectoryWalker.realPath(path) ?? URL(fileURLWithPath: path).standardized.path }
        let root = resolved(workspace)
        let inside = resolved(path.hasPrefix("/") ? path : workingDirectory + "/" + path)
        return DirectoryWalker.relativePath(of: inside, inside: root).map { $0.isEmpty ? "" : $0 + "/" }
    }

    /// Prints the paths of `theme`'s files as they are, or under the input folder for a theme
    /// inside it (the built-in theme has no files to name).
    mutating func namePaths(of theme: Theme) {
        themeFolder = theme.folder == "default" || theme.inputFolder != nil ? nil : theme.folder
    }

    /// `diagnostic`, whose file is named from the working directory (a theme's template, the
    /// input's `vitrine.json`), with that file named from `$GITHUB_WORKSPACE` when it lies inside it.
    private func fromWorkspace(_ diagnostic: Diagnostic) -> Diagnostic {
        guard let workspace, !diagnostic.file.isEmpty else { return diagnostic }
        let folder = (diagnostic.file as NSString).deletingLastPathComponent
        guard let prefix = Self.fromWorkspace(folder.isEmpty ? "." : folder, workspace: workspace) else { return diagnostic }
        var named = diagnostic
        named.file = prefix + (diagnostic.file as NSString).lastPathComponent
        return named
    }

    /// Prints every diagnostic, one line each on stderr, or as one JSON document on stdout
    /// (`screens`: the number of payload files, which only that document reports).
    func print(_ diagnostics: [Diagnostic], screens: Int = 0) {
        let diagnostics = diagnostics.map { diagnostic in
            // A theme's file is named as the theme folder was, from the working directory.
            if themeFolder.map({ diagnostic.file.hasPrefix($0 + "/") }) ?? false { return fromWorkspace(diagnostic) }
            var shown = diagnostic
            if !diagnostic.file.isEmpty, !diagnostic.file.hasPrefix("/") { shown.file = pathPrefix + diagnostic.file }
            return shown
        }
        if format == .json {
            FileHandle.standardOutput.write(Data(DiagnosticReport(diagnostics, screens: screens).json.utf8))
            return
        }
        let printer = DiagnosticPrinter(format: format, colored: colored)
        var text = ""
        for diagnostic in diagnostics { text += printer.line(for: diagnostic) + "\n" }
        write(text)
    }

    /// A fatal problem with the command itself (not with a payload).
    /// Printed in the command's format: a workflow annotation with `github`, and with `json` also
    /// a document on stdout, so a tool reading it gets one whatever happened. `diagnostic` is the
    /// same problem located in a file (a theme's template), for the annotation and the document.
    func fail(_ message: String, at diagnostic: Diagnostic? = nil) {
        if format == .github, let diagnostic {
            write(DiagnosticPrinter(format: .github, colored: false).line(for: fromWorkspace(diagnostic)) + "\n")
        } else {
            announce(.error, message)
        }
        if format == .json {
            let problem = diagnostic ?? Diagnostic(.error, message, file: "")
            FileHandle.standardOutput.write(Data(DiagnosticReport([problem], screens: 0).json.utf8))
        }
    }

    /// A problem with what the command was given that does not stop it (a theme template no page uses).
    func warn(_ message: String) {
        announce(.warning, message)
    }

    private func announce(_ severity: Severity, _ message: String) {
        if format == .github {
            write(DiagnosticPrinter(format: .github, colored: false).line(for: Diagnostic(severity, "vitrine: " + message, file: "")) + "\n")
        } else {
            // A message of several lines (git's) keeps them, indented so none reads as a message
            // of its own; tabs are spaces. Other control characters are escaped.
            let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? "" : DiagnosticPrinter.escaped($0.replacingOccurrences(of: "\t", with: "    ")) }
            write("vitrine: \(severity.rawValue): " + lines.enumerated().map { $0 == 0 || $1.isEmpty ? $1 : "    " + $1 }.joined(separator: "\n") + "\n")
        }
    }

    /// A summary line: with `--format github`, a notice annotation, shown with the run however
    /// many problem annotations GitHub leaves out.
    func writeSummary(_ line: String) {
        write(format == .github ? "::notice::" + DiagnosticPrinter.githubData(line.trimmingCharacters(in: .newlines)) + "\n" : line)
    }

    /// The one-line summary after a build; `outputWasEmpty` when the build found the output
    /// folder new or empty, so that one that writes no site does not say it left a site alone.
    func summary(_ report: BuildReport, output: String, outputWasEmpty: Bool = false, seconds: Double) {
        guard !quiet else { return }
        let untouched = "; " + DiagnosticPrinter.escaped(output) + (outputWasEmpty ? " holds no site\n" : " was left as it was\n")
        if report.stopped {
            writeSummary("Stopped at the first problem (--fail-fast) after \(counted(report.screens.count, "payload file")) "
                  + "(\(counted(report.errorCount, "error")), \(counted(report.warningCount, "warning")))" + untouched)
            return
        }
        let drawn = report.screens.count { $0.status == .rendered }
        let time = String(format: "%.2f", seconds)
        writeSummary("\(report.unwritten ? "Drew" : "Built") \(counted(drawn, "screen")) of \(counted(report.screens.count, "payload file")) "
              + "(\(counted(report.errorCount, "error")), \(counted(report.warningCount, "warning"))) in \(time) s"
              + (report.unwritten ? untouched : " → " + Self.file("index.html", in: output) + "\n"))
    }

    /// `folder/name` for a message, the folder as the user typed it (a trailing `/` not
    /// doubled), escaped for the terminal.
    static func file(_ name: String, in folder: String) -> String {
        var folder = folder
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        return DiagnosticPrinter.escaped(folder == "/" ? "/" + name : folder + "/" + name)
    }

    /// A progress line that appears once a build has run for a second, on a terminal only.
    func progress(started: Date) -> Progress {
        Progress(enabled: isTerminal && !quiet, started: started)
    }

    func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}

/// Redraws `[done/total]` on stderr at most ten times a second.
final class Progress: @unchecked Sendable {
    private let enabled: Bool
    private let started: Date
    private let lock = NSLock()
    private var lastDrawn = Date.distantPast
    private var drawn = false

    init(enabled: Bool, started: Date) {
        self.enabled = enabled
        self.started = started
    }

    @Sendable func update(done: Int, total: Int) {
        guard enabled else { return }
        let now = Date()
        lock.withLock {
            guard now.timeIntervalSince(started) > 1, now.timeIntervalSince(lastDrawn) > 0.1 else { return }
            lastDrawn = now
            drawn = true
            FileHandle.standardError.write(Data("\r\u{1B}[2KRendering \(done)/\(total) screens…".utf8))
        }
    }

    /// Clears the progress line.
    func finish() {
        lock.withLock {
            if drawn { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
        }
    }
}
