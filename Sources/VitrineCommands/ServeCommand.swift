import ArgumentParser
import Dispatch
import Foundation
import VitrineCore
import VitrineServe

/// `vitrine serve`: builds the site, serves it on loopback and rebuilds it as the input changes,
/// reloading the pages open in a browser.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build the site, serve it locally and rebuild it as payloads change, reloading open pages.",
        discussion: """
            Watches INPUT, vitrine.json and the theme; a change rebuilds what it touches and reloads the pages \
            that show it, keeping their scroll position; build errors appear over the page. Listens on \
            127.0.0.1 only unless --host says otherwise. Ctrl-C stops (exit code 130).
            """
    )

    @OptionGroup var options: InputOptions

    @OptionGroup var destination: OutputOptions

    @Option(help: "The port to listen on; 0 picks a free one (printed).")
    var port: Int = 4000

    @Option(help: "The address to listen on. Anything but loopback makes the preview reachable from the network.")
    var host: String = "127.0.0.1"

    @Option(name: .customLong("allow-host"), help: "Also answer requests for this host name (repeatable); loopback names always work.")
    var allowedHosts: [String] = []

    @Flag(help: "Open the index in the default browser once the server listens.")
    var open = false

    @Flag(inversion: .prefixedNo, help: "Watch and rebuild; --no-watch serves a built folder as it is (INPUT if it is a site, else --output).")
    var watch = true

    @Flag(help: "Find changes by polling instead of inotify (for network or container mounts that send no events).")
    var poll = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        // A URL, a port or a space can never match a request's Host: said now, not as 403s later.
        for name in allowedHosts where !PreviewServer.Settings.isHostName(name) {
            throw ValidationError("--allow-host takes a host name or an IP address ([::1] for IPv6), without a scheme, port or path: \(name)")
        }
    }

    func run() async throws {
        var starting = options.console()
        let settings = PreviewServer.Settings(host: host, port: port, allowedHosts: allowedHosts)
        do throws(PreviewServer.Failure) { try PreviewServer.checkAddress(settings) } catch {
            starting.fail(error.message)
            throw ExitCode(2)
        }
        if !settings.isLoopback {
            starting.write("vitrine: warning: listening on \(host): the preview is reachable from the network, by this machine's "
                          + "IP addresses; to use a name, add --allow-host NAME\n")
        }
        // The theme's folder known, the console prints its paths as they are.
        let (root, live) = try watch ? prepareSite(console: &starting) : (try existingOutput(console: starting), nil)
        let console = starting
        let signals = SignalStop(console: console) { live?.stop() }  // the watcher too, even mid-build
        if let live {
            let progress = console.progress(started: Date())
            let first = live.build(progress: progress.update)
            progress.finish()
            console.print(first.report.diagnostics, screens: first.report.screens.count)
            console.summary(first.report, output: destination.output, seconds: Double(first.milliseconds) / 1000)
            Thread.detachNewThread {
                live.watch { outcome in Self.print(outcome, console: console) }
            }
        }
        let server = PreviewServer(output: root, settings: settings, live: live)
        do throws(PreviewServer.Failure) {
            try await server.run { port in
                let url = "http://\(settings.urlHost):\(port)/"
                FileHandle.standardOutput.write(Data("Serving \(url)\n".utf8))
                // Listening on every address: the addresses others on the network open.
                if settings.isUnspecified {
                    for address in PreviewServer.Settings.networkAddresses {
                        FileHandle.standardOutput.write(Data("  on the network: http://\(address):\(port)/\n".utf8))
                    }
                }
                if !options.quiet {
                    console.write(live == nil ? "Serving \(DiagnosticPrinter.escaped(root)) as it is (--no-watch); Ctrl-C stops.\n"
                                              : "Watching \(DiagnosticPrinter.escaped(options.input)); Ctrl-C stops.\n")
                }
                if open { Self.openInBrowser(url, console: console) }
            }
        } catch {
            console.fail(error.message)
            throw ExitCode(2)
        }
        withExtendedLifetime(signals) {}
    }

    /// Loads the theme (whose folder `console` then prints its paths from) and makes the output
    /// folder; exit code 2 when it cannot start.
    private func prepareSite(console: inout Console) throws -> (String, LiveSite?) {
        try options.checkInput(failure: 2, console: console,
                               builtSiteHint: "give the folder of payloads it was built from, or serve it as it is with --no-watch")
        let input = options.input
        let themeName = options.theme
        let loaded = try InputOptions.loadedTheme(themeName, input: input, console: console, failure: 2)
        console.namePaths(of: loaded.theme)
        let writer = try destination.writer(input: input, console: console)
        let live = LiveSite(input: input, reader: options.reader, writer: writer, toolIdentity: BuildCommand.toolIdentity,
                            maxFileSize: options.maxFileSize.map { $0 << 20 },
                            theme: loaded.theme, themeFolders: loaded.folders, polling: poll, warn: console.warn) {
            configured in InputOptions.resolveTheme(themeName, configured: configured, input: input)
        }
        return (writer.root, live)
    }

    /// The real path of the folder `--no-watch` serves: INPUT when it is a folder Vitrine wrote
    /// (`vitrine serve public --no-watch`) or a site without the marker (a CI artifact, whose
    /// upload left dotfiles out: it has index.html and theme/vitrine.css), else `--output`;
    /// exit code 2 when there is none.
    private func existingOutput(console: Console) throws -> String {
        // A folder named on the command line that is not there is a typo, not a wish for --output
        // (`Site`, the default, may well be missing where only a built site is served).
        if options.input != InputOptions.defaultInput, !FileManager.default.fileExists(atPath: options.input) {
            console.fail("folder \(options.input) does not exist; give a built site, or the input whose --output to serve")
            throw ExitCode(2)
        }
        let has = { (path: String) in FileManager.default.fileExists(atPath: options.input + "/" + path) }
        let isSite = has(LocalSiteWriter.markerName) || (has("index.html") && has("theme/vitrine.css"))
        let folder = isSite ? options.input : destination.output
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue,
              let real = DirectoryWalker.realPath(folder) else {
            console.fail("output folder \(folder) does not exist; run vitrine build first, or serve without --no-watch")
            throw ExitCode(2)
        }
        return real
    }

    /// One line per rebuild, and the diagnostics that are new since the last one.
    private static func print(_ outcome: LiveSite.Outcome, console: Console) {
        console.print(outcome.newDiagnostics)
        guard !console.quiet else { return }
        let report = outcome.report
        let pages = outcome.changed.filter { !$0.hasPrefix(".") }
        let counts = "(\(counted(report.errorCount, "error")), \(counted(report.warningCount, "warning")) in all)"
        // What started the build: the first input file that changed, and how many more did.
        let trigger = outcome.inputs.first.map { first in
            " after " + DiagnosticPrinter.escaped(first) + (outcome.inputs.count > 1 ? " and \(outcome.inputs.count - 1) more" : "")
        } ?? ""
        guard !pages.isEmpty else {
            // A half-typed vitrine.json changes no page but is an error, and fixing it takes the
            // error away: the line gives the counts whenever they moved.
            console.write("Checked in \(outcome.milliseconds) ms\(trigger): nothing changed\(outcome.diagnosticsChanged ? " " + counts : "")\n")
            return
        }
        console.write("Rebuilt in \(outcome.milliseconds) ms\(trigger): \(counted(pages.count, "file")) changed \(counts)\n")
    }

    private static func openInBrowser(_ url: String, console: Console) {
        let failed = "vitrine: could not open a browser; open \(url) yourself\n"
#if os(macOS)
        let opener: String? = "/usr/bin/open"
#else
        // `xdg-open` from the PATH: through `env`, a missing one failed without a word.
        let opener = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .map { String($0) + "/xdg-open" }.first { access($0, X_OK) == 0 }
#endif
        guard let opener else { return console.write(failed) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.terminationHandler = { if $0.terminationStatus != 0 { console.write(failed) } }  // no browser to hand it to
        do { try process.run() } catch {
            console.write(failed)
        }
    }
}
