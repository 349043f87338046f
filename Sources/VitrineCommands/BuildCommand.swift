import ArgumentParser
import Foundation
import VitrineCore

/// `vitrine build`: renders an input folder into a static site.
struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Render every payload under INPUT into a static site.",
        discussion: "With no arguments, renders the bundled demo `Site/` into `_site/`."
    )

    @Argument(help: "The folder of payloads (with optional assets/, fonts/, components/ and vitrine.json).")
    var input: String = "Site"

    @Option(name: [.short, .customLong("output")], help: "Where to write the site. Vitrine only writes into a folder it owns.")
    var output: String = "_site"

    @Option(help: "A theme name (looked up in Themes/) or the path of a theme folder.")
    var theme: String = "default"

    @Option(help: "How to print diagnostics: text, github (workflow annotations) or json (one document on stdout).")
    var format: DiagnosticPrinter.Format = .text

    @Option(help: "Largest payload file read, in MiB.")
    var maxFileSize: Int = 16

    @Flag(help: "Write into a non-empty output folder that Vitrine did not create.")
    var force = false

    @Flag(name: .shortAndLong, help: "Print only diagnostics: no progress, no summary.")
    var quiet = false

    @Flag(help: "Treat warnings as errors (exit code 1 when there are any).")
    var strict = false

    @Flag(help: "Print each screen's view tree instead of writing a site.")
    var dumpTree = false

    @Flag(help: "Draw every payload again, ignoring what the last build into this folder left in its cache.")
    var noCache = false

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
        if dumpTree {
            throw TreeDumper(input: input, maxBytes: maxFileSize << 20, console: console).run()
        }
        guard let themeFolder = ThemeLoader.locate(theme) else {
            console.fail("theme \(theme) not found (looked in $VITRINE_THEMES, share/vitrine/Themes and Themes/)")
            throw ExitCode(2)
        }
        let started = Date()
        do {
            let themeFiles = try ThemeLoader.load(themeFolder)
            let writer = try LocalSiteWriter(path: output, input: input, force: force)
            let listing = DirectoryWalker(root: input, excluding: writer.root).list()
            let cacheReader = FileReader(root: writer.root, maxBytes: 1 << 30)
            let previous = noCache ? nil : (try? cacheReader.read(BuildCache.fileName)).flatMap(BuildCache.read)
            let pipeline = BuildPipeline(listing: listing, source: FileReader(root: input, maxBytes: maxFileSize << 20),
                                         writer: writer, theme: themeFiles, previousCache: previous, toolIdentity: Self.toolIdentity)
            let progress = console.progress(total: listing.payloads.count, started: started)
            var report = pipeline.run(progress: progress.update)
            if strict { report.makeWarningsErrors() }
            progress.finish()
            console.print(report.diagnostics, screens: report.screens.count)
            console.summary(report, output: output, seconds: Date().timeIntervalSince(started))
            if report.errorCount > 0 { throw ExitCode(1) }
        } catch let error as ThemeLoader.Failure {
            console.fail(error.message)
            throw ExitCode(2)
        } catch let error as SiteWriterError {
            console.fail("\(error.path): \(error.message)")
            throw ExitCode(2)
        }
    }

    /// The version and the binary's size and modification time: a rebuilt tool never reuses
    /// pages drawn by another build of it.
    static var toolIdentity: String {
        var info = stat()
        let executable = DirectoryWalker.realPath(CommandLine.arguments.first ?? "") ?? ""
        guard stat(executable, &info) == 0 else { return VitrineCommand.version }
        return "\(VitrineCommand.version) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }
}
