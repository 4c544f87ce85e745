// SPDX-License-Identifier: GPL-3.0-or-later
import SevenminCore
import SevenminTerminal

extension HelpCommand: RunnableCommand {
    func run() -> Int32 {
        let width = Main.terminalWidth()
        let glyphs = Glyphs.forLocale(utf8: localeCharsetIsUTF8())
        if let topic, let spec = CommandLineParser.specs.first(where: { $0.name == topic }) {
            Console.out(glyphs.fold(HelpText.help(for: spec, width: width)))
        } else {
            Console.out(glyphs.fold(HelpText.overview(width: width)))
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
