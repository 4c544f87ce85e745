import Foundation
import SevenminAudio
import SevenminCore
import SevenminTerminal

/// The program: parses arguments, runs the command, returns the exit status.
public enum Main {
    public static func run(_ arguments: [String]) -> Int32 {
        let command: Command
        do {
            command = try CommandLineParser.parse(arguments)
        } catch {
            printError(HelpText.message(for: error))
            return ExitCode.usage
        }
        switch command {
        case .version:
            print("sevenmin \(HelpText.version)")
            return ExitCode.success
        case .help(let topic):
            let width = terminalWidth()
            if let topic, let spec = CommandTable.all.first(where: { $0.name == topic }) {
                print(HelpText.help(for: spec, width: width), terminator: "")
            } else {
                print(HelpText.overview(width: width), terminator: "")
            }
            return ExitCode.success
        case .list(let options):
            return withRoutine(options.routine, rounds: options.rounds) { plan in
                let color = isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
                    && ProcessInfo.processInfo.environment["TERM"] != "dumb"
                print(ListCommand.render(plan, color: color), terminator: "")
                return ExitCode.success
            }
        case .start(let options):
            return withRoutine(options.routine, rounds: options.rounds) { plan in
                StartCommand.run(plan: plan, options: options)
            }
        }
    }

    /// Loads a routine, or reports why not with the right exit status.
    static func withRoutine(_ name: String, rounds: Int?, _ body: (Plan) -> Int32) -> Int32 {
        do {
            var routine = try WorkoutDataSource.load(name)
            if let rounds { routine.rounds = rounds }
            return body(Plan(routine))
        } catch let error as RoutineLoadError {
            printError(error.description)
            return ExitCode.dataError
        } catch let error as RoutineNotFound {
            printError(error.description)
            return ExitCode.noInput
        } catch {
            printError("Error: \(error)")
            return ExitCode.failure
        }
    }

    static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// `COLUMNS` if set, else the terminal's width, else 80.
    static func terminalWidth() -> Int {
        if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns > 20 { return columns }
        guard let size = kernelTerminalSize(), size.width > 20 else { return 80 }
        return size.width
    }
}

/// sysexits.h codes, as the house style asks.
public enum ExitCode {
    public static let success: Int32 = 0
    public static let failure: Int32 = 1
    public static let usage: Int32 = 64
    public static let dataError: Int32 = 65
    public static let noInput: Int32 = 66
}
