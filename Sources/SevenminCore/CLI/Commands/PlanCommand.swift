// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// `sevenmin plan`: join, leave, list and show plans of weeks that move with your ratings.
public struct PlanCommand: ParsableCommand, Equatable {
    public static let spec = CommandSpec(
        name: "plan",
        abstract: "Follow a plan of weeks that moves up and back with your ratings.",
        discussion: "With no action, shows the plan joined: its step, today's workout or the next planned day, and "
            + "why the last change happened. While a plan is joined, 'sevenmin start' with no routine runs its "
            + "step. A plan moves up a step after enough completed workouts rated easy enough, no sooner than a "
            + "week after the step began, and back a step after one rated very hard; unrated workouts never "
            + "move it. Plans are JSON files (see 'sevenmin man 5'): shipped ones, and yours in "
            + "$XDG_CONFIG_HOME/sevenmin/plans.",
        positional: .optionalThenOptional(
            "action", help: "join, leave or list; none shows the plan joined.",
            values: .choices(Action.names),
            then: .optional("plan", help: "For join: a plan's name (see 'sevenmin plan list') or a .json file.",
                            values: .plan)),
        options: [Option.json])

    public enum Option {
        public static let json = OptionSpec(long: "json", value: nil, help: "Print JSON, for scripts.")
    }

    public enum Action: Equatable, Sendable {
        case show
        case join(String)
        case leave
        case list
        static let names = ["join", "leave", "list"]
    }

    public var action: Action
    public var json: Bool

    public init(action: Action = .show, json: Bool = false) {
        self.action = action
        self.json = json
    }

    public init(_ parsed: ParsedArguments) throws(UsageError) {
        json = parsed.flag(Option.json)
        let words = parsed.positional
        switch words.first {
        case nil: action = .show
        case "join":
            guard words.count == 2 else { throw .missingArgument("<plan>", command: "plan") }
            action = .join(words[1])
        case "leave", "list":
            if words.count > 1 { throw .unexpectedArgument(words[1], command: "plan") }
            action = words[0] == "leave" ? .leave : .list
        case let word?:
            throw .invalidValue(option: "<action>", value: word, expected: "join, leave or list", command: "plan")
        }
        if json, action != .show, action != .list {
            throw .conflict(Option.json.name, words[0], command: "plan")
        }
    }
}
