// SPDX-License-Identifier: GPL-3.0-or-later
/// `sevenmin status`: one line about the workout under way, for tmux and other status bars.
public struct StatusCommand: ParsableCommand, Equatable {
    public static let spec = CommandSpec(
        name: "status",
        abstract: "Print the workout under way in one line, e.g. 'Wall Sit 0:12', for a status bar.",
        discussion: "With no workout under way, prints 'snack due' when the snack watcher has a heads-up out "
            + "(see 'sevenmin snacks'); else exits 1, printing nothing. A workout 'during' finished before its "
            + "command says 'Done' with the command's state (state finished) until the command ends. In tmux: "
            + "set -g status-right '#(sevenmin status)' and set -g status-interval 1.",
        positional: .none,
        options: [Option.json, Option.format])

    public enum Option {
        public static let json = OptionSpec(long: "json", value: nil,
                                            help: "Print the status as JSON, with the seconds left now.")
        public static let format = OptionSpec(long: "format", value: "text",
            help: "Print this text with {title}, {remaining}, {routine}, {segment}, {segments}, {state}, "
                + "{paused} and {command} (the command 'during' runs and its state) filled in. "
                + "(default: '{title} {remaining}{paused}{command}')")
    }

    public var json = false
    public var format = StatusRecord.defaultFormat

    public init() {}

    public init(_ parsed: ParsedArguments) throws(UsageError) {
        json = parsed.flag(Option.json)
        if let text = parsed.value(Option.format) {
            if json { throw .conflict(Option.json.name, Option.format.name, command: "status") }
            format = text
        }
    }
}
