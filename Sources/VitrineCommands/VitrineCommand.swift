import ArgumentParser
import Foundation

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

    /// The usage error for a command line that `build` (the default) would misread, taking a
    /// word for its input folder and complaining about the rest:
    /// - options before the command (`vitrine --strict check in`): the command, no existing
    ///   path, after an option;
    /// - a mistyped command (`vitrine chekc in`): a first argument that is no command, option or
    ///   existing path, one edit from a command's name (two from a longer word: `dist` is not
    ///   `diff`, `chekc` is `check`);
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
        guard !names.contains(first),
              let name = names.first(where: { editDistance(Array($0.utf8), Array(first.lowercased().utf8)) <= (first.count > 4 ? 2 : 1) })
        else { return nil }
        return "vitrine: error: \(DiagnosticPrinter.escaped(first)) is no command and no folder; did you mean `vitrine \(name)`?"
    }

    /// The options whose next argument is their value, not a command.
    static let valueOptions: Set<String> = ["-o", "--output", "--theme", "--compare", "--format", "--max-file-size", "--base", "--port",
                                            "--host", "--markdown", "--json", "--ignore", "--fail-on", "--report-url", "--allow-host"]

    /// Levenshtein distance, with a swap of neighbours counted as one edit (`chekc`).
    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = min(current[j], previous2[j - 2] + 1) }
            }
            (previous2, previous) = (previous, current)
        }
        return previous[b.count]
    }
}
