import VitrineCommands

await VitrineCommand.launch()
