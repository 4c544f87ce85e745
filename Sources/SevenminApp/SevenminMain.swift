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
            return withPlan(options.plan) { plan, seed in
                if options.json {
                    print(PlanJSON.encode(plan, seed: seed), terminator: "")
                } else {
                    let env = ProcessInfo.processInfo.environment
                    let color = isatty(STDOUT_FILENO) == 1 && env["NO_COLOR"] == nil && env["TERM"] != "dumb"
                    print(ListCommand.render(plan, color: color, seed: seed), terminator: "")
                }
                return ExitCode.success
            }
        case .start(let options):
            return withPlan(options.plan) { plan, seed in
                StartCommand.run(plan: plan, options: options, seed: seed)
            }
        case .routines:
            return RoutineCommands.routines(WorkoutDataSource())
        case .new(let name, let from):
            return RoutineCommands.new(name: name, from: from, WorkoutDataSource())
        case .validate(let paths):
            return RoutineCommands.validate(paths)
        }
    }

    /// Loads a routine and applies the command line's changes, or reports why not.
    static func withPlan(_ request: PlanRequest, _ body: (Plan, UInt64?) -> Int32) -> Int32 {
        do {
            let routine = try WorkoutDataSource().load(request.routine)
            var adjustments = request.adjustments
            switch request.shuffle {
            case .none: break
            case .seed(let seed): adjustments.shuffleSeed = seed
            case .random: adjustments.shuffleSeed = UInt64.random(in: 0...999_999)
            }
            return body(Plan(try adjustments.apply(to: routine)), adjustments.shuffleSeed)
        } catch let error as RoutineLoadError {
            printError(error.description)
            return ExitCode.dataError
        } catch let error as RoutineAdjustments.Failure {
            printError(error.description)
            return ExitCode.dataError
        } catch let error as RoutineFileError {
            printError(error.description)
            return error.exitCode
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
