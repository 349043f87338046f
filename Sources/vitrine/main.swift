import ArgumentParser
import Foundation
import VitrineCommands
import VitrineCore

/// Runs an asynchronous root command (plain `main()` here would pick the synchronous one).
func run<Command: AsyncParsableCommand>(_: Command.Type) async {
    await Command.main()
}

StandardStreams.secure()
CrashNote.install()
DescriptorLimit.raise()
if let error = VitrineCommand.commandLineError(in: Array(CommandLine.arguments.dropFirst())) {
    FileHandle.standardError.write(Data((error + "\n").utf8))
    exit(64)
}
await run(VitrineCommand.self)
