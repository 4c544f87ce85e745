// SPDX-License-Identifier: GPL-3.0-or-later
/// `sevenmin snack`: one desk snack now, full-screen as `start` runs a workout.
public struct SnackCommand: ParsableCommand, Equatable {
    public static let spec = CommandSpec(
        name: "snack",
        abstract: "Do a desk snack now: a few minutes of standing moves, a minute each, full-screen.",
        discussion: "The moves come from the shipped routines' moves tagged standing, without floor, jumping, noisy "
            + "or chair ones, varied through the day; a joined plan makes each minute's work longer as it goes on. "
            + "The history keeps it as a snack. Keys as for 'start'.",
        positional: .none,
        options: [Option.minutes, Option.routine, PlanRequest.Option.without, StartCommand.Option.mute,
                  StartCommand.Option.noHistory, StartCommand.Option.plain])

    public enum Option {
        public static let minutes = OptionSpec(long: "minutes", value: "n",
            help: "How long the snack is, in minutes. (values: 1-5; default: the config file's snackMinutes, else 2)")
        public static let routine = OptionSpec(long: "routine", value: "routine",
            help: "Take the moves from this routine (a name or a .json file) instead of the shipped ones; only "
                + "--without then leaves moves out.", values: .routine)
    }

    /// Nil: the config file's `snackMinutes`, else `SnackSchedule`'s default.
    public var minutes: Int?
    /// The routine to take moves from; nil for the shipped library's desk moves.
    public var routine: String?
    /// Tags to leave out, besides the desk's.
    public var without: [String] = []
    public var mute = false
    public var noHistory = false
    public var plain = false
    /// The options typed, which the config file may not override.
    public var explicit = GivenOptions()

    public init() {}

    public init(_ parsed: ParsedArguments) throws(UsageError) {
        minutes = try parsed.integer(Option.minutes, in: SnackSchedule.minutesRange)
        routine = parsed.value(Option.routine)
        without = try PlanRequest.without(parsed)
        mute = parsed.flag(StartCommand.Option.mute)
        noHistory = parsed.flag(StartCommand.Option.noHistory)
        plain = parsed.flag(StartCommand.Option.plain)
        explicit = GivenOptions(parsed.typed)
    }
}
