// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// `sevenmin remind`: a weekly reminder, as a systemd user timer or an iCalendar file.
public struct RemindCommand: ParsableCommand, Equatable {
    public static let spec = CommandSpec(
        name: "remind",
        abstract: "Remind you to work out on set days, by a desktop notification or a calendar.",
        discussion: "'add' writes a systemd user timer and service under $XDG_CONFIG_HOME/systemd/user and enables "
            + "the timer when a user manager runs (else it says the command to run); the timer runs 'remind "
            + "notify', which sends a desktop notification unless today's workout is done. 'ics FILE' writes a "
            + "weekly event for any calendar. The days default to those of the plan joined, else mon,wed,fri. "
            + "Files that sevenmin did not write are never replaced without --force.",
        positional: .requiredThenOptional(
            "action", help: "add, list, remove, notify or ics.", values: .choices(Action.names),
            then: .optional("file", help: "For ics: the .ics file to write.", values: .file)),
        options: [Option.days, Option.at, Option.force])

    public enum Option {
        public static let days = OptionSpec(long: "days", value: "days",
                                            help: "Days of the week, e.g. mon,wed,fri. (default: the plan's)",
                                            values: .choices(dayChoices))
        /// What completion offers for `--days`: the usual sets, then each day alone.
        static let dayChoices = ["mon,wed,fri", "tue,thu,sat", "mon,tue,wed,thu,fri"] + TrainingPlan.dayNames
        public static let at = OptionSpec(long: "at", value: "time", help: "The local time, as HH:MM. (default: 07:30)")
        public static let force = OptionSpec(long: "force", value: nil,
                                             help: "Replace files that sevenmin did not write.")
    }

    public enum Action: Equatable, Sendable {
        case add, list, remove, notify
        case ics(String)
        static let names = ["add", "list", "remove", "notify", "ics"]
    }

    public var action: Action
    /// Nil: the plan's days, else Monday, Wednesday and Friday.
    public var days: [Int]?
    public var hour = 7, minute = 30
    public var force = false

    public init(action: Action, days: [Int]? = nil, hour: Int = 7, minute: Int = 30, force: Bool = false) {
        self.action = action
        self.days = days
        self.hour = hour
        self.minute = minute
        self.force = force
    }

    public init(_ parsed: ParsedArguments) throws(UsageError) {
        let words = parsed.positional
        switch words[0] {
        case "add": action = .add
        case "list": action = .list
        case "remove": action = .remove
        case "notify": action = .notify
        case "ics":
            guard words.count == 2 else { throw .missingArgument("<file>", command: "remind") }
            action = .ics(words[1])
        default:
            let near = Suggestions.nearest(to: words[0], in: Action.names).first.map { "; did you mean '\($0)'?" }
            throw .invalidValue(option: "<action>", value: words[0],
                                expected: "add, list, remove, notify or ics" + (near ?? ""), command: "remind")
        }
        if words.count > 1, words[0] != "ics" { throw .unexpectedArgument(words[1], command: "remind") }
        if let text = parsed.value(Option.days) {
            guard let days = Reminder.days(text) else {
                throw .invalidValue(option: Option.days.synopsis, value: text,
                                    expected: "days of the week such as mon,wed,fri", command: "remind")
            }
            self.days = days
        }
        if let text = parsed.value(Option.at) {
            guard let time = Reminder.time(text) else {
                throw .invalidValue(option: Option.at.synopsis, value: text, expected: "a time of day as HH:MM",
                                    command: "remind")
            }
            (hour, minute) = time
        }
        force = parsed.flag(Option.force)
        let shapes = action == .add || { if case .ics = action { return true } else { return false } }()
        if !shapes, let given = [Option.days, Option.at, Option.force].first(where: parsed.given) {
            throw .conflict(given.name, words[0], command: "remind")
        }
    }
}
