import ArgumentParser
import Foundation
import VitrineCore
import VitrineDiff

/// `vitrine build`: renders an input folder into a static site.
struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Render every payload under INPUT into a static site.",
        discussion: "With no arguments, renders `Site/` (in a checkout, the bundled demo) into `_site/`."
    )

    @OptionGroup var options: InputOptions

    @OptionGroup var reporting: ReportOptions

    @OptionGroup var destination: OutputOptions

    @Flag(help: "Print each screen's view tree instead of writing a site.")
    var dumpTree = false

    @Flag(help: "Draw every payload again, ignoring what the last build into this folder left in its cache.")
    var noCache = false

    @Flag(help: "Write every file anew, without the cache; what the last build wrote and this one does not (its manifest lists them) goes once the new site is in place.")
    var clean = false

    @Option(help: "Add a Changes section (changes/) comparing the input with this git revision, e.g. origin/main.")
    var compare: String?

    @Option(name: .customLong("base-url"), help: "Where this build is published (http or https), over vitrine.json's baseURL: for a preview per branch.")
    var baseURL: String?

    @Flag(help: "Ask search engines not to index any page: a private preview on a public host.")
    var noindex = false

    func validate() throws {
        if dumpTree, reporting.format == .json {
            throw ValidationError("--dump-tree prints the trees on standard output, where --format json prints its document: use one or the other")
        }
        // Given on the command line, a base URL that vitrine.json's would take with a warning is refused.
        if let baseURL {
            let read = SiteConfiguration.baseURL(baseURL)
            if let problem = read.problem { throw ValidationError("--base-url \(problem)" + (read.url.map { "; the site's folder \($0): give that" } ?? "")) }
        }
    }

    func run() throws {
        var console = options.console(format: reporting.format)
        try options.checkInput(failure: 2, console: console)
        let theme = try options.loadTheme(failure: 2, console: console)
        console.namePaths(of: theme)
        if dumpTree {
            let pipeline = BuildPipeline(listing: DirectoryWalker(root: options.input).list(), source: options.reader, writer: DiscardingSiteWriter(), theme: theme)
            throw TreeDumper(preparation: pipeline.prepare(), reader: options.reader, console: console).run()
        }
        let started = Date()
        // Read before the output folder is touched: a revision git cannot read writes nothing.
        let base = try compare.map { ($0, try Self.revision($0, input: options.input, maxBytes: options.reader.maxBytes, console: console)) }
        let writer = try destination.writer(input: options.input, clean: clean, console: console)
        // Ctrl-C while the pages are moved into place lets the moves finish: never half a site.
        let stop = SignalStop(console: console) { writer.stop() }
        let listing = DirectoryWalker(root: options.input, excluding: writer.root).list()
        let cacheReader = FileReader(root: writer.root, maxBytes: 1 << 30)
        let previous = noCache || clean ? nil : (try? cacheReader.read(BuildCache.fileName)).flatMap(BuildCache.read)
        var pipeline = BuildPipeline(listing: listing, source: options.reader, writer: writer, theme: theme,
                                     previousCache: previous, toolIdentity: Self.toolIdentity)
        pipeline.stopAt = reporting.stopAt
        pipeline.keepsOutputWithoutSettings = true
        pipeline.baseURL = baseURL.flatMap { SiteConfiguration.baseURL($0).url }
        pipeline.noindex = noindex
        let changes = base.map { addChanges(comparingWith: $0.0, at: $0.1, listing: listing, to: &pipeline, console: console) }
        let progress = console.progress(started: started)
        var report = pipeline.run(progress: progress.update)
        stop.settle()
        if reporting.strict { report.makeWarningsErrors() }
        progress.finish()
        // One list (one document with --format json): the comparison's problems reading the
        // revisions that the build did not report itself (a file over the size limit fails both), then the build's.
        let reported = Set(report.diagnostics)
        let comparison = (changes?.diagnostics ?? []).filter { !reported.contains($0) }
        console.print(comparison + report.diagnostics, screens: report.screens.count)
        console.summary(report, output: destination.shown(writer), outputWasEmpty: writer.foundEmpty, seconds: Date().timeIntervalSince(started))
        if let changes, let compare, !options.quiet, !report.unwritten, !report.stopped {
            let inputs = changes.inputChanges.isEmpty ? "" : " and \(counted(changes.inputChanges.count, "other input"))"
            console.write("\(counted(changes.files.count, "payload file"))\(inputs) changed since \(compare) → "
                          + Console.file("changes/index.html", in: destination.shown(writer)) + "\n")
        }
        if report.errorCount > 0 || comparison.contains(where: { $0.severity == .error }) { throw ExitCode(1) }
    }

    /// The input as it was at a git revision, or exit code 2.
    private static func revision(_ revision: String, input: String, maxBytes: Int, console: Console) throws -> GitRevision {
        do {
            let base = try GitRevision(folder: input, revision: revision, maxBytes: maxBytes)
            base.warnings.forEach(console.warn)
            return base
        } catch {
            console.fail(error.message)
            throw ExitCode(2)
        }
    }

    /// Compares the input with a git revision (`base`, which `revision` names) and adds the
    /// report under `changes/`, linked from every page and from each changed screen's page.
    private func addChanges(comparingWith revision: String, at base: GitRevision, listing: InputListing, to pipeline: inout BuildPipeline,
                            console: Console) -> RevisionDiff {
        let old = Revision(payloads: base.payloads, drawingInputs: base.drawingInputs, source: base, label: DiffCommand.label(revision, commit: base.commit))
        let new = Revision(payloads: listing.payloads, drawingInputs: listing.drawingInputs, source: options.reader, label: "the working tree")
        var compared = RevisionDiff(old: old, new: new, options: DiffCommand.options(old: old, new: new, console: console))
        DiffCommand.noteMissingFolder(in: &compared, folder: options.input, at: base, revision: revision)
        let diff = compared
        pipeline.navigation = [(label: "Changes (\(diff.files.count))", page: "changes/index.html")]
        pipeline.changePages = Dictionary(diff.files.filter { $0.status != .removed }.map { ($0.path, "changes/" + DiffHTMLReport.page(for: $0.path)) },
                                          uniquingKeysWith: { first, _ in first })
        pipeline.extraPages = { builder, take in DiffHTMLReport(diff: diff, old: old, new: new, builder: builder, folder: "changes/").pages(take) }
        return diff
    }

    /// The version and the binary's size and modification time: a rebuilt tool never reuses
    /// pages drawn by another build of it.
    static var toolIdentity: String {
        var info = stat()
        guard stat(Executable.path, &info) == 0 else { return VitrineCommand.version }
#if canImport(Glibc)
        let modified = info.st_mtim
#else
        let modified = info.st_mtimespec
#endif
        return "\(VitrineCommand.version) \(info.st_size) \(modified.tv_sec).\(modified.tv_nsec)"
    }
}
