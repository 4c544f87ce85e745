// SPDX-License-Identifier: GPL-3.0-or-later
/// `sevenmin during`: a workout while a command runs (a build, a test suite, a deploy), ending with it.
public struct DuringCommand: ParsableCommand, Equatable {
    public static let spec = CommandSpec(
        name: "during",
        abstract: "Work out while a command runs, and end with it: sevenmin during -- make.",
        discussion: "The command runs in a terminal of its own and its own process group, its input not this "
            + "terminal; its output goes to a log under the state folder, named at the end, and its last line "
            + "shows on the status line. When it ends, a cue and a phrase say so, the exercise under way runs "
            + "to its end and the workout finishes. A workout that ends first waits for the command (q leaves "
            + "it running). While it runs, q or Ctrl-C asks first: y or Enter stops both, b leaves the command "
            + "running in the background (its process group and log named at the end), n goes on; Ctrl-C there "
            + "stops both and sevenmin ends by SIGINT. SIGTERM and SIGHUP, or Ctrl-C with no keys to answer "
            + "(input not a terminal), stop both at once. The exit status is the command's, as timeout(1) gives "
            + "it: 124 if it was left running (its status not known yet), 125 if sevenmin failed, 126 if the "
            + "command cannot run, 127 if it is not found, 128+N if signal N killed it. Keys and options are "
            + "those of 'sevenmin start'.",
        positional: .thenCommand(PlanRequest.routineArgument, name: "command",
                                 help: "The command and its arguments, after --."),
        options: StartCommand.spec.options.filter { $0.long != StartCommand.Option.resume.long }
            + [Option.now, Option.untilDone, Option.snack])

    public enum Option {
        public static let now = OptionSpec(long: "now", value: nil,
            help: "End the workout as soon as the command ends, even mid-exercise.")
        public static let untilDone = OptionSpec(long: "until-done", value: nil,
            help: "Repeat the circuit until the command ends, however long it runs.")
        public static let snack = OptionSpec(long: "snack", value: nil,
            help: "Do a desk snack's moves, as 'sevenmin snack' chooses them (from <routine> if given; only "
                + "--without then changes them).")
    }

    /// The workout's options, as `start` takes them.
    public var start: StartCommand
    /// The command to run and its arguments.
    public var command: [String]
    public var ending: DuringEnding
    /// With `--snack`: the snack whose moves the workout does, in place of a routine.
    public var snack: SnackCommand?

    public init(start: StartCommand = StartCommand(), command: [String], ending: DuringEnding = .afterExercise,
                snack: SnackCommand? = nil) {
        self.start = start
        self.command = command
        self.ending = ending
        self.snack = snack
    }

    public init(_ parsed: ParsedArguments) throws(UsageError) {
        start = try StartCommand(parsed)
        command = parsed.command
        if parsed.flag(Option.now), parsed.flag(Option.untilDone) {
            throw .conflict(Option.now.name, Option.untilDone.name, command: Self.spec.name)
        }
        ending = parsed.flag(Option.now) ? .now : parsed.flag(Option.untilDone) ? .untilDone : .afterExercise
        if parsed.flag(Option.snack) {
            // A snack lays out its own minutes: of the plan's options, only --without means anything to it.
            let changes = PlanRequest.options.filter { $0.long != PlanRequest.Option.without.long }
            if let change = changes.first(where: parsed.given) {
                throw .conflict(Option.snack.name, change.name, command: Self.spec.name)
            }
            var snack = SnackCommand()
            snack.routine = parsed.positional.first
            snack.without = start.plan.adjustments.without
            self.snack = snack
        }
    }

    /// The command's name as the workout shows and keeps it: the program's file name, never its arguments.
    public var name: String {
        let program = command.first ?? ""
        return program.split(separator: "/").last.map(String.init) ?? program
    }
}
