// SPDX-License-Identifier: GPL-3.0-or-later
/// `sevenmin history`: one line per workout recorded.
public struct HistoryCommand: ParsableCommand, Equatable {
    public static let spec = CommandSpec(
        name: "history",
        abstract: "List the workouts recorded, one a line.",
        discussion: "Each line: the date, the routine, the time worked, the exercises done of those planned, and "
            + "how it ended. History lives in $XDG_STATE_HOME/sevenmin/history.sqlite3.",
        positional: .none,
        options: [
            OptionSpec(long: "since", value: "date", help: "Only workouts from this local date on, as YYYY-MM-DD."),
            OptionSpec(long: "limit", value: "n", help: "Only the latest n workouts."),
            OptionSpec(long: "json", value: nil, help: "Print JSON, for scripts."),
            OptionSpec(long: "csv", value: nil, help: "Print CSV, for spreadsheets."),
            OptionSpec(long: "fit", value: "dir",
                       help: "Write each workout as a FIT activity file into dir, for Strava, Garmin Connect or "
                           + "intervals.icu, and print the paths of those written.", values: .file),
        ])

    public enum Format: Equatable, Sendable {
        case text, json, csv
        /// FIT files into a folder.
        case fit(String)
    }

    public var since: CivilDate?
    public var limit: Int?
    public var format = Format.text

    public init() {}

    public init(_ parsed: ParsedArguments) throws(UsageError) {
        if let text = parsed.value("since") {
            guard let date = CivilDate(iso: text) else {
                throw .invalidValue(option: "--since <date>", value: text, expected: "a date as YYYY-MM-DD",
                    command: "history")
            }
            since = date
        }
        limit = try parsed.integer("limit", placeholder: "n", in: 1...1_000_000)
        let chosen = [("--json", parsed.flag("json")), ("--csv", parsed.flag("csv")),
                      ("--fit", parsed.value("fit") != nil)].filter(\.1).map(\.0)
        if chosen.count > 1 { throw .conflict(chosen[0], chosen[1], command: "history") }
        format = parsed.flag("json") ? .json : parsed.flag("csv") ? .csv : parsed.value("fit").map { .fit($0) } ?? .text
    }
}
