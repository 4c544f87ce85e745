import SevenminCore

extension HelpCommand: RunnableCommand {
    func run() -> Int32 {
        let width = Main.terminalWidth()
        if let topic, let spec = CommandLineParser.specs.first(where: { $0.name == topic }) {
            Console.out(HelpText.help(for: spec, width: width))
        } else {
            Console.out(HelpText.overview(width: width))
        }
        return ExitCode.success
    }
}

extension VersionCommand: RunnableCommand {
    func run() -> Int32 {
        Console.out("sevenmin \(HelpText.version)\n")
        return ExitCode.success
    }
}
