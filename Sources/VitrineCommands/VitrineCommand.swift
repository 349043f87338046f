import ArgumentParser
import Foundation
import VitrineCore

/// The `vitrine` command: turns server-driven UI payloads into a static preview site.
@available(macOS 10.15, macCatalyst 13, iOS 13, tvOS 13, watchOS 6, *)
public struct VitrineCommand: AsyncParsableCommand {
    /// The version `--version` prints.
    public static let version = "0.1.0"

    /// The command line: its name, abstract and subcommands (`build` by default).
    public static let configuration = CommandConfiguration(
        commandName: "vitrine",
        abstract: "Render server-driven UI payloads into a static preview site.",
        discussion: """
            Vitrine reads a folder of SDUI payloads (k-sdui-ios scenes and TrendyolGo-style home feeds) \
            and draws every screen as the iOS app would, into a site you can open from disk.
            Exit codes of build: 0 success, 1 inputs had errors (or the output was left as it was), 2 nothing usable \
            written; serve exits 2 when it cannot start; build, serve and diff exit 130, 143 or 129 when stopped (Ctrl-C, \
            SIGTERM, SIGHUP); check exits 1 for errors and 2 when it cannot run; diff gives its own in its help; 64 usage.
            """,
        version: version,
        subcommands: [BuildCommand.self, CheckCommand.self, DiffCommand.self, ServeCommand.self],
        defaultSubcommand: BuildCommand.self
    )

    /// A command with nothing parsed yet; ArgumentParser fills it in.
    public init() {}

    /// Runs vitrine on the process's arguments: its standard streams and file descriptors made
    /// safe to use, a crash note ready, and a command line `build` would misread refused (exit 64).
    /// On the main actor, as `main.swift`'s code is, so nothing runs before the streams are
    /// secured (an executor's thread pool opened a descriptor where a closed stdout had been).
    @MainActor
    public static func launch() async {
        StandardStreams.secure()
        CrashNote.install()
        DescriptorLimit.raise()
        if let error = commandLineError(in: Array(CommandLine.arguments.dropFirst())) {
            FileHandle.standardError.write(Data((error + "\n").utf8))
            Foundation.exit(64)  // the C function: ParsableCommand has an `exit` of its own
        }
        await run(Self.self)
    }

    /// Runs an asynchronous root command (a plain `main()` in a caller's context may pick the synchronous one).
    private static func run<Command: AsyncParsableCommand>(_: Command.Type) async {
        await Command.main()
    }

    /// The usage error for a command line that `build` (the default) would misread, taking a
    /// word for its input folder and complaining about the rest:
    /// - options before the command (`vitrine --strict check in`): the command, no existing
    ///   path, after an option;
    /// - a mistyped command (`vitrine chekc in`): a first argument that is no command, option or
    ///   existing path, that `Misspelling` takes for a command's name (`chekc` is `check`, `dist`
    ///   is not `diff`);
    /// - `help` with a word that is no command (ArgumentParser answers it with the overview).
    public static func commandLineError(in arguments: [String]) -> String? {
        let names = configuration.subcommands.compactMap { $0.configuration.commandName }
        if arguments.first?.hasPrefix("-") == true, !arguments.contains(where: { ["-h", "--help", "--version"].contains($0) }),
           let index = arguments.indices.first(where: { names.contains(arguments[$0]) && !FileManager.default.fileExists(atPath: arguments[$0]) }),
           !valueOptions.contains(arguments[index - 1]) {  // `vitrine -o check in` builds into ./check
            var reordered = arguments
            reordered.insert(reordered.remove(at: index), at: 0)
            let line = (["vitrine"] + reordered).map { DiagnosticPrinter.escaped($0) }.joined(separator: " ")
            return "vitrine: error: options go after the command: `\(line)`"
        }
        if arguments.first == "help", arguments.count > 1, !names.contains(arguments[1]), arguments[1] != "help", !arguments[1].hasPrefix("-") {
            return "vitrine: error: \(DiagnosticPrinter.escaped(arguments[1])) is no command; the commands are \(names.joined(separator: ", "))"
        }
        guard let first = arguments.first, !first.hasPrefix("-"), !FileManager.default.fileExists(atPath: first) else { return nil }
        guard let name = Misspelling.likelyMeant(first, among: names) else { return nil }
        return "vitrine: error: \(DiagnosticPrinter.escaped(first)) is no command and no folder; did you mean `vitrine \(name)`?"
    }

    /// The options whose next argument is their value, not a command.
    static let valueOptions: Set<String> = ["-o", "--output", "--theme", "--compare", "--format", "--max-file-size", "--base", "--port",
                                            "--host", "--markdown", "--json", "--ignore", "--fail-on", "--report-url", "--allow-host"]
}
