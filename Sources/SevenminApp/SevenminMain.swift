// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminCore
import SevenminSystem
import SevenminTerminal

/// The program: parses arguments, runs the command, returns the exit status.
public enum Main {
    public static func run(_ arguments: [String]) -> Int32 {
        Console.ensureStandardDescriptors()
        // Widths of what every command prints, and its glyphs, follow the user's locale.
        adoptUserLocale()
        let command: any ParsableCommand
        do {
            command = try CommandLineParser.parse(arguments)
        } catch {
            Console.error(Messages.usage(error))
            return ExitCode.usage
        }
        // `start`, whose screen a user waits for, is run without the cast to a protocol, whose first use has the
        // runtime search every conformance of the binary, twice; every other command goes through it.
        if let start = command as? StartCommand { return Console.finish(start.run()) }
        guard let runnable = command as? any RunnableCommand else {
            Console.error("Error: '\(type(of: command).spec.name)' cannot run here.")
            return ExitCode.failure
        }
        return Console.finish(runnable.run())
    }

    /// `COLUMNS` if set, else the terminal's width, else 80.
    static func terminalWidth() -> Int {
        if let columns = ProcessEnvironment.current["COLUMNS"].flatMap(Int.init), columns > 20 {
            return columns
        }
        guard let size = kernelTerminalSize(), size.width > 20 else { return 80 }
        return size.width
    }
}
