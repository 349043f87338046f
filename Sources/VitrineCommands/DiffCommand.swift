import ArgumentParser
import Foundation
import VitrineCore
import VitrineDiff

/// `vitrine diff`: what changed between two revisions of a payload tree, semantically and on
/// the render.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two revisions of a payload tree: OLD and NEW folders, or --base REV against NEW.",
        discussion: """
            Exit codes: 0 no change (or changes without --exit-code / --fail-on), 2 changes found with --exit-code, \
            or changes of the --fail-on class or worse, 1 could not compare (unreadable input, bad revision, output refused) \
            or a payload was left out (too large, unreadable, a name too long for its pages; this wins over 2), 130 / 143 / 129 stopped \
            while writing the HTML report (Ctrl-C, SIGTERM, SIGHUP; the report is left whole, old or new), 64 usage. \
            A comparison that cannot start removes the --markdown and --json files an earlier run left. \
            Paths in the reports are relative to the payload folder (NEW).
            """
    )

    @Argument(help: "OLD and NEW folders; with --base, only NEW (default Site).")
    var folders: [String] = []

    @Option(help: "A git revision (branch, tag, commit) to compare NEW with; read with git, no checkout.")
    var base: String?

    @Option(name: [.short, .customLong("output")], help: "Write the HTML report into this folder.")
    var output: String?

    @Option(help: "Write the Markdown summary to this file (- for standard output).")
    var markdown: String?

    @Option(help: "Write the changes as JSON to this file (- for standard output).")
    var json: String?

    @Option(help: "Where the HTML report will be published (http or https, at most 2,048 bytes), for links in the Markdown summary.")
    var reportURL: String?

    @Option(parsing: .singleValue, help: "Leave out changes at JSON Pointers matching this glob (repeatable), e.g. '**/accessibilityLabel'.")
    var ignore: [String] = []

    @Flag(help: "Exit with 2 when anything changed.")
    var exitCode = false

    @Option(help: "Exit with 2 when a change of this class or a worse one is found: breaking, structure, content, style (any payload change) or any (other inputs too).")
    var failOn: FailOn?

    @Option(help: "A theme name or folder for the HTML report.")
    var theme: String?

    @Option(parsing: .unconditional, help: "Largest payload file read, in MiB (default: NEW's vitrine.json limits.fileSizeMiB, else 16).")
    var maxFileSize: Int?

    @Flag(help: "Write the report into a non-empty folder that Vitrine did not create.")
    var force = false

    @Flag(name: .shortAndLong, help: "Print only problems: no summary.")
    var quiet = false

    enum FailOn: String, ExpressibleByArgument {
        case breaking, structure, content, style, any

        /// The least severe class that fails; nil for `any`, which other inputs fail too.
        var threshold: ChangeClass? { ChangeClass(rawValue: rawValue) }
    }

    func validate() throws {
        if base == nil, folders.count != 2 { throw ValidationError("give OLD and NEW folders, or --base REV and at most one folder") }
        if base != nil, folders.count > 1 { throw ValidationError("with --base, give only the NEW folder") }
        if let markdown, let json, ReportTarget.identity(markdown) == ReportTarget.identity(json) {
            throw ValidationError(ReportTarget.identity(json) == ReportTarget.identity("-") ? "only one of --markdown and --json can go to standard output" : "--markdown and --json name the same file")
        }
        // Together they would fail on any change, which a reader of `--fail-on breaking` does not expect.
        if exitCode, failOn != nil { throw ValidationError("give --exit-code (any change fails) or --fail-on CLASS (that class or a worse one fails), not both") }
        if output?.isEmpty == true { throw ValidationError("--output needs a folder") }
        if base?.isEmpty == true { throw ValidationError("--base needs a revision (a branch, tag or commit)") }
        if let reportURL {
            // Pages are appended to it: a query or fragment would swallow them, and the comment links nothing else.
            let lowered = reportURL.lowercased()
            guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://"), !reportURL.contains(where: { "?#".contains($0) }),
                  URLComponents(string: reportURL)?.host?.isEmpty == false,
                  !reportURL.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control }) else {
                throw ValidationError("--report-url must be an http or https URL with a host, without a query, a fragment or spaces")
            }
            // Each screen's row links into it: a longer one would leave the comment room for few rows.
            guard reportURL.utf8.count <= 2048 else { throw ValidationError("--report-url is longer than 2,048 bytes") }
        }
        try InputOptions.validate(maxFileSize: maxFileSize)
    }

    /// The folder of the new revision.
    private var newFolder: String { base == nil ? folders[1] : (folders.first ?? InputOptions.defaultInput) }
    /// The folders read: OLD and NEW, or with `--base` only NEW.
    private var inputFolders: [String] { base == nil ? folders : [newFolder] }

    func run() throws {
        var console = Console(quiet: quiet, format: .text, input: newFolder)
        // A theme is read before anything is compared, so that a wrong name fails at once, with or without the HTML report.
        var theme: Theme?
        let old: Revision, new: Revision, walked: [Diagnostic]
        do {
            let named = self.theme
            theme = output == nil && named == nil ? nil : try InputOptions.loadTheme(named, input: newFolder, console: console, failure: 1)
            // A theme that vitrine.json names inside the input is the changes' own: its pages'
            // scripts would run in the report reviewers open. Only --theme names one for a report.
            if named == nil, let folder = theme?.inputFolder {
                theme = try InputOptions.loadTheme("default", input: newFolder, console: console, failure: 1)
                if output != nil {
                    console.warn("the report is drawn with the default theme, not \(folder.isEmpty ? "the input folder" : folder), which vitrine.json names "
                                 + "inside the input, where the changes under review could have rewritten it (its scripts would run in the report); "
                                 + "name it with --theme to use it")
                }
            }
            if let theme { console.namePaths(of: theme) }
            // A report file that cannot be written is known before anything is compared.
            for path in [markdown, json].compactMap({ $0 }) {
                guard case .file(let target) = ReportTarget.place(path), let problem = reportProblem(target) else { continue }
                console.fail("\(path): \(problem)")
                throw ExitCode(1)
            }
            (old, new, walked) = try revisions(console: console)
        } catch {
            removeEarlierReports(console: console)
            throw error
        }
        var options = Self.options(old: old, new: new, console: console)
        // NEW's configuration errors, as a build prints them (one that does not parse is a breaking change too).
        if new.drawingInputs.contains(InputListing.configFile), let (_, problems) = SiteConfiguration.read(from: new.source) {
            let errors = problems.filter { $0.severity == .error }
            if !errors.isEmpty { console.print(errors) }
        }
        options.ignore += ignore.map(PathPattern.init)
        for pattern in ignore where !pattern.contains("/") && !pattern.contains("*") {
            console.write("vitrine: warning: --ignore \(pattern) matches only a top-level key; '**/\(pattern)' matches it anywhere\n")
        }
        var diff = RevisionDiff(old: old, new: new, options: options)
        console.print(walked + diff.diagnostics)
        if let base, let git = old.source as? GitRevision { Self.noteMissingFolder(in: &diff, folder: newFolder, at: git, revision: base) }
        if base == nil, let same = DirectoryWalker.realPath(folders[0]), same == DirectoryWalker.realPath(folders[1]) {
            console.warn("OLD and NEW are the same folder (\(same)): nothing can differ; to compare with a commit, use --base REV")
        }

        let notCompared = walked.filter { $0.severity == .error } + diff.diagnostics
        if let markdown {
            let text = DiffMarkdownReport.render(diff, reportURL: reportURL.map { $0.hasSuffix("/") ? $0 : $0 + "/" }, notCompared: notCompared)
            try write(Array(text.utf8), to: markdown, console: console)
        }
        if let json { try write(DiffJSONReport.render(diff, notCompared: notCompared), to: json, console: console) }
        if let output, let theme { try writeReport(diff, old: old, new: new, theme: theme, into: output, console: console) }
        // Asked for no report: the changes themselves, on standard output, as `git diff` would.
        if markdown == nil, json == nil, output == nil, !quiet {
            FileHandle.standardOutput.write(Data(DiffTextReport.render(diff).utf8))
        }
        // No summary when a report is on standard output (by `-` or by name): the report is the output.
        if !quiet, ![markdown, json].contains(where: { $0.map { ReportTarget.identity($0) == ReportTarget.identity("-") } ?? false }) {
            let classes = ChangeClass.allCases.map { "\(diff.count($0)) \($0.rawValue)" }.joined(separator: ", ")
            let reformatted = diff.reformatted.isEmpty ? "" : " (\(diff.reformatted.count) only reformatted)"
            let payloads = diff.files.isEmpty
                ? "No changes in the \(counted(diff.unchanged, "payload file")) compared\(reformatted)"
                : "\(counted(diff.files.count, "file")) \(diff.files.count == 1 ? "differs" : "differ") (\(classes)); \(diff.unchanged) unchanged\(reformatted)"
            let inputs = diff.inputChanges.isEmpty ? "" : "; \(counted(diff.inputChanges.count, "other input")) changed"
            let ignored = diff.ignored == 0 ? "" : "; \(counted(diff.ignored, "difference")) ignored"
            console.write(payloads + inputs + ignored + (diff.hasChanges ? output.map { " → " + Console.file("index.html", in: $0) } ?? "" : "") + "\n")
        }
        if !notCompared.isEmpty { throw ExitCode(1) }
        if exitCode, diff.hasChanges { throw ExitCode(2) }
        if let failOn, failOn.threshold.map({ threshold in diff.worstClass.map { $0 <= threshold } == true }) ?? diff.hasChanges {
            throw ExitCode(2)
        }
    }

    /// A folder as the reports name it: as typed, but an absolute path by its last component,
    /// so a published report holds no path of the machine it ran on.
    static func label(_ folder: String) -> String {
        let last = (folder as NSString).lastPathComponent
        return folder.hasPrefix("/") || last == "." || last == ".." ? URL(fileURLWithPath: folder).standardizedFileURL.lastPathComponent : folder
    }

    /// A git revision as the reports name it: as typed, with the commit it named then, so an
    /// old report says what it compared (`main (3f2c1ab)`).
    static func label(_ revision: String, commit: String) -> String {
        revision + " (" + commit.prefix(7) + ")"
    }

    /// Says in the reports that `folder` has no file at the revision (a pull request that adds
    /// it): every payload then counts as added, which a wrong folder or revision looks like too.
    static func noteMissingFolder(in diff: inout RevisionDiff, folder: String, at base: GitRevision, revision: String) {
        guard !base.hasFolder else { return }
        diff.notes.insert("\(name: label(folder)) has no file at \(name: revision): every payload counts as added", at: 0)
    }

    /// The comparison settings of the revisions' `vitrine.json` files (their problems are reported
    /// by builds): `diff.ignore` from the old one, the rest from the new one.
    static func options(old: Revision, new: Revision, console: Console) -> RevisionDiff.Options {
        let options = RevisionDiff.Options(configuration: new.configuration ?? SiteConfiguration(), base: old.configuration)
        if options.newRulesNotApplied { console.write("vitrine: warning: \(RevisionDiff.Options.rulesNote)\n") }
        return options
    }

    /// The two revisions, and what the walk of the new folder found wrong (a payload left out
    /// because its pages cannot be named, a link leaving the folder): as a build reports it.
    private func revisions(console: Console) throws -> (Revision, Revision, [Diagnostic]) {
        for folder in inputFolders {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                console.fail(FileManager.default.fileExists(atPath: folder) ? "\(folder) is a file; give the folder that holds the payloads"
                                                                             : "folder \(folder) does not exist")
                throw ExitCode(1)
            }
        }
        let newListing = DirectoryWalker(root: newFolder, excluding: output.flatMap(DirectoryWalker.realPath)).list()
        try readWhole(newListing, folder: newFolder, console: console)
        let maxBytes = InputOptions.maxBytes(maxFileSize, input: newFolder)
        let new = Revision(payloads: newListing.payloads, drawingInputs: newListing.drawingInputs, source: FileReader(root: newFolder, maxBytes: maxBytes),
                           label: Self.label(newFolder) + (base == nil ? "" : " (working tree)"))
        if let base {
            do {
                let git = try GitRevision(folder: newFolder, revision: base, maxBytes: maxBytes)
                git.warnings.forEach(console.warn)
                return (Revision(payloads: git.payloads, drawingInputs: git.drawingInputs, source: git, label: Self.label(base, commit: git.commit)),
                        new, newListing.diagnostics)
            } catch {
                console.fail(error.message)
                throw ExitCode(1)
            }
        }
        let oldListing = DirectoryWalker(root: folders[0], excluding: output.flatMap(DirectoryWalker.realPath)).list()
        try readWhole(oldListing, folder: folders[0], console: console)
        return (Revision(payloads: oldListing.payloads, drawingInputs: oldListing.drawingInputs, source: FileReader(root: folders[0], maxBytes: maxBytes),
                         label: Self.label(folders[0])), new, newListing.diagnostics)
    }

    /// Fails unless `listing` read all of `folder`: what a folder it could not read holds would
    /// be compared as removed (or added).
    private func readWhole(_ listing: InputListing, folder: String, console: Console) throws {
        guard listing.partlyUnread else { return }
        console.print(listing.diagnostics.filter { $0.severity == .error })
        console.fail("folder \(folder) cannot be read whole: what it cannot read would be compared as removed or added")
        throw ExitCode(1)
    }

    /// Removes the `--markdown` and `--json` files an earlier run wrote, when this one cannot
    /// compare: a workflow that posts `summary.md` when it exists must not post an old one. Only
    /// a plain file (not a link, a stream or standard output) outside the input folders goes.
    private func removeEarlierReports(console: Console) {
        for path in [markdown, json].compactMap({ $0 }) {
            guard case .file = ReportTarget.place(path), reportProblem(path) == nil else { continue }
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            if unlink(path) != 0 { console.warn("\(path): an earlier report, left as it was: cannot remove it: " + String(cString: strerror(errno))) }
        }
    }

    /// Why a report cannot be written at `target`, or nil: its folder is missing, it is a folder,
    /// or it lies inside an input folder, where it would replace a payload or become one.
    private func reportProblem(_ target: String) -> String? {
        let typedParent = (target as NSString).deletingLastPathComponent
        let parent = typedParent.isEmpty ? "." : typedParent
        var isFolder: ObjCBool = false
        return if !FileManager.default.fileExists(atPath: parent, isDirectory: &isFolder) || !isFolder.boolValue {
            "there is no folder \(parent)"
        } else if FileManager.default.fileExists(atPath: target, isDirectory: &isFolder), isFolder.boolValue {
            "it is a folder; give a file name"
        } else if let realParent = DirectoryWalker.realPath(parent), let input = inputFolders.first(where: { folder in
            DirectoryWalker.realPath(folder).map { DirectoryWalker.relativePath(of: realParent, inside: $0) != nil } == true
        }) {
            "refusing to write a report inside the input folder \(input)"
        } else {
            nil
        }
    }

    /// Writes a report file, atomically; never inside an input folder, where it would replace a
    /// payload or become one.
    private func write(_ bytes: [UInt8], to path: String, console: Console) throws {
        let target: String
        switch ReportTarget.place(path) {
        case .descriptor(let descriptor):
            try writing(path, console: console) {
                try FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).write(contentsOf: Data(bytes))
            }
            return
        case .closed(let descriptor):
            console.fail("\(path): cannot write: \(descriptor == STDOUT_FILENO ? "standard output" : "descriptor \(descriptor)") is closed")
            throw ExitCode(1)
        case .loop:
            console.fail("\(path): cannot write: too many levels of symbolic links")
            throw ExitCode(1)
        case .stream:
            // A pipe or device (`/dev/null`, `>(…)`) is written into, never replaced by a file.
            try writing(path, console: console) {
                guard let handle = FileHandle(forWritingAtPath: path) else { throw CocoaError(.fileWriteNoPermission) }
                defer { try? handle.close() }
                try handle.write(contentsOf: Data(bytes))
            }
            return
        case .file(let file):
            target = file  // a symlink stays: the file it leads to is the one replaced
        }
        if let problem = reportProblem(target) {
            console.fail("\(path): \(problem)")
            throw ExitCode(1)
        }
        // A file is replaced whole: readers never see half of it.
        try writing(path, console: console) { try Data(bytes).write(to: URL(fileURLWithPath: target), options: .atomic) }
    }

    /// Runs a write, a failure of which ends the command with a message.
    private func writing(_ path: String, console: Console, _ write: () throws -> Void) throws {
        do {
            try write()
        } catch {
            console.fail("\(path): cannot write: \(error.localizedDescription)")
            throw ExitCode(1)
        }
    }

    private func writeReport(_ diff: RevisionDiff, old: Revision, new: Revision, theme: Theme, into folder: String, console: Console) throws {
        console.print(theme.templateWarnings)
        do {
            let writer = try LocalSiteWriter(path: folder, input: newFolder, otherInputs: base == nil ? [folders[0]] : [], force: force, holding: .report)
            let signals = SignalStop(console: console) { writer.stop() }
            defer { signals.settle() }
            let listing = DirectoryWalker(root: newFolder, excluding: writer.root).list()
            try DiffHTMLReport.write(diff, old: old, new: new, listing: listing, source: FileReader(root: newFolder), theme: theme, into: writer)
        } catch {
            // Everything in the block throws `SiteWriterError` only.
            console.fail("\(error.path): \(error.message)")
            throw ExitCode(1)
        }
    }
}
