import ArgumentParser
import VitrineCommands

/// Runs an asynchronous root command (plain `main()` here would pick the synchronous one).
func run<Command: AsyncParsableCommand>(_: Command.Type) async {
    await Command.main()
}

await run(VitrineCommand.self)
