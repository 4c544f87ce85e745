// SPDX-License-Identifier: GPL-3.0-or-later
/// `sevenmin history`: one line per workout recorded.
public struct HistoryCommand: ParsableCommand, Equatable {
    public static let spec = CommandSpec(
        name: "history",
        abstract: "List the workouts recorded, one a line.",
        discussion: "Each line: the date, the routine, the time worked, the exercises done of those planned, and "
            + "how it ended. History lives in $XDG_STATE_HOME/sevenmin/history.sqlite3.",
        positional: .none,
        options: [Option.since, Option.limit, Option.json, Option.csv, Option.fit])

    public enum Option {
        public static let since = OptionSpec(long: "since", value: "date",
                                             help: "Only workouts from this local date on, as YYYY-MM-DD.")
        public static let limit = OptionSpec(long: "limit", value: "n", help: "Only the latest n workouts.")
        public static let json = OptionSpec(long: "json", value: nil, help: "Print JSON, for scripts.")
        public static let csv = OptionSpec(long: "csv", value: nil, help: "Print CSV, for spreadsheets.")
        public static let fit = OptionSpec(long: "fit", value: "dir",
            help: "Write each workout that has ended with an exercise done as a FIT activity file into dir, "
                + "for Strava, Garmin Connect or intervals.icu, and print the paths of those written.",
            values: .file)
    }

    public enum Format: Equatable, Sendable {
        case text, json, csv
        /// FIT files into a folder.
        case fit(String)
    }

    public var since: CivilTime?
    public var limit: Int?
    public var format = Format.text

    public init() {}

    public init(_ parsed: ParsedArguments) throws(UsageError) {
        if let text = parsed.value(Option.since) {
            guard let date = CivilTime(iso: text) else {
                throw .invalidValue(option: Option.since.synopsis, value: text, expected: "a date as YYYY-MM-DD",
                    command: "history")
            }
            since = date
        }
        limit = try parsed.integer(Option.limit, in: 1...1_000_000)
        let chosen = [Option.json, Option.csv, Option.fit].filter(parsed.given)
        if chosen.count > 1 { throw .conflict(chosen[0].name, chosen[1].name, command: "history") }
        format = parsed.flag(Option.json) ? .json : parsed.flag(Option.csv) ? .csv
            : parsed.value(Option.fit).map { .fit($0) } ?? .text
    }
}
