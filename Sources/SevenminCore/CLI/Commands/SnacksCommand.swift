// SPDX-License-Identifier: GPL-3.0-or-later
/// `sevenmin snacks`: desk snacks across the working day, watched by a systemd user service.
public struct SnacksCommand: ParsableCommand, Equatable {
    public static let spec = CommandSpec(
        name: "snacks",
        abstract: "Offer a desk snack after each long sitting, through the working day.",
        discussion: "'on' writes a systemd user service under $XDG_CONFIG_HOME/systemd/user that runs 'snacks "
            + "watch' and starts it where a user manager runs; 'off' stops it and removes what 'on' wrote. "
            + "Alone, 'snacks' says whether it runs, how long you have sat and when the next heads-up is due. "
            + "The options' defaults come from the config file's snack keys (see 'sevenmin config'). The watcher "
            + "hears idle time and the lock from GNOME, KDE or logind, the first that answers ('doctor' says which). "
            + "No heads-up comes while a workout or snack runs here; one run to its end is a break.",
        positional: .optional("action", help: "on, off or watch. (default: say how it stands)",
                              values: .choices(Action.allCases.map(\.rawValue))),
        options: [Option.every, Option.hours, Option.days, Option.minutes, Option.auto])

    public enum Option {
        public static let every = OptionSpec(long: "every", value: "interval",
            help: "A heads-up after this much sitting, e.g. 30m or 1h. (values: 1m-4h; default: 30m)")
        public static let hours = OptionSpec(long: "hours", value: "HH:MM-HH:MM",
            help: "The local hours heads-ups come in. (default: 09:00-17:30)")
        public static let days = OptionSpec(long: "days", value: "days",
            help: "The days they come on, as 'remind' takes them: mon,wed,fri or mon-fri. (default: mon-fri)",
            values: .choices(["mon-fri", "mon,tue,wed,thu,fri", "mon-sat"] + TrainingPlan.dayNames))
        public static let minutes = OptionSpec(long: "minutes", value: "n",
            help: "How long each snack is, in minutes. (values: 1-5; default: 2)")
        public static let auto = OptionSpec(long: "auto", value: nil,
            help: "Once a heads-up is out, start the snack by itself at your next pause (10 s without input).")
    }

    public enum Action: String, CaseIterable, Equatable, Sendable {
        case on, off, watch
    }

    /// Nil: say how the watcher stands.
    public var action: Action?
    public var schedule = SnackSchedule()
    /// The options typed, which the config file may not override.
    public var explicit = GivenOptions()

    public init() {}

    public init(action: Action?, schedule: SnackSchedule = SnackSchedule()) {
        self.action = action
        self.schedule = schedule
    }

    public init(_ parsed: ParsedArguments) throws(UsageError) {
        if let word = parsed.positional.first {
            guard let action = Action(rawValue: word) else {
                let near = Suggestions.nearest(to: word, in: Action.allCases.map(\.rawValue)).first
                throw .invalidValue(option: "<action>", value: word,
                                    expected: "on, off or watch" + (near.map { "; did you mean '\($0)'?" } ?? ""),
                                    command: Self.spec.name)
            }
            self.action = action
        }
        if action == .off, let given = Self.spec.options.first(where: parsed.given) {
            throw .conflict(given.name, "off", command: Self.spec.name)
        }
        func read<T>(_ option: OptionSpec, _ parse: (String) -> T?, expected: String) throws(UsageError) -> T? {
            guard let text = parsed.value(option) else { return nil }
            guard let value = parse(text) else {
                throw .invalidValue(option: option.synopsis, value: text, expected: expected, command: Self.spec.name)
            }
            return value
        }
        schedule.every = try read(Option.every, SnackSchedule.every,
                                  expected: "minutes or hours from 1m to 4h, such as 30m or 1h") ?? schedule.every
        schedule.hours = try read(Option.hours, SnackSchedule.hours,
                                  expected: "local hours as HH:MM-HH:MM, the start first, such as 09:00-17:30")
            ?? schedule.hours
        schedule.days = try read(Option.days, SnackSchedule.days,
                                 expected: "days of the week such as mon,wed,fri or mon-fri") ?? schedule.days
        schedule.minutes = try parsed.integer(Option.minutes, in: SnackSchedule.minutesRange) ?? schedule.minutes
        schedule.auto = parsed.flag(Option.auto)
        explicit = GivenOptions(parsed.typed)
    }

    /// The options typed, as `snacks watch` takes them: what the service's unit passes on, so that the config
    /// file's keys, read at each start, give the rest.
    public var typedArguments: [String] {
        let spelled: [(OptionSpec, [String])] = [
            (Option.every, [SnackSchedule.spelled(every: schedule.every)]), (Option.hours, [schedule.hours.spelled]),
            (Option.days, [SnackSchedule.spelled(days: schedule.days)]), (Option.minutes, ["\(schedule.minutes)"]),
            (Option.auto, []),
        ]
        return spelled.filter { explicit.contains($0.0) }.flatMap { [$0.0.name] + $0.1 }
    }
}
