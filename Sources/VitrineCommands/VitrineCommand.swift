import ArgumentParser

/// The `vitrine` command: turns server-driven UI payloads into a static preview site.
@available(macOS 10.15, macCatalyst 13, iOS 13, tvOS 13, watchOS 6, *)
public struct VitrineCommand: AsyncParsableCommand {
    public static let version = "0.1.0"

    public static let configuration = CommandConfiguration(
        commandName: "vitrine",
        abstract: "Render server-driven UI payloads into a static preview site.",
        discussion: """
            Vitrine reads a folder of SDUI payloads (k-sdui-ios scenes and TrendyolGo-style home feeds) \
            and draws every screen as the iOS app would, into a site you can open from disk.
            Exit codes of build and serve: 0 success, 1 inputs had errors, 2 nothing usable written; \
            check and diff give theirs in their help; 64 usage.
            """,
        version: version,
        subcommands: [BuildCommand.self, CheckCommand.self, DiffCommand.self, ServeCommand.self],
        defaultSubcommand: BuildCommand.self
    )

    public init() {}
}
