import VitrineCommands

VitrineCommand.main()
