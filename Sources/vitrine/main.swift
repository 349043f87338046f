import ArgumentParser
import VitrineCommands
import VitrineCore

/// Runs an asynchronous root command (plain `main()` here would pick the synchronous one).
func run<Command: AsyncParsableCommand>(_: Command.Type) async {
    await Command.main()
}

CrashNote.install()
await run(VitrineCommand.self)
