// SPDX-License-Identifier: GPL-3.0-or-later
/// `sevenmin history`: one line per workout recorded.
public struct HistoryCommand: ParsableCommand, Equatable {
    public static let spec = CommandSpec(
        name: "history",
        abstract: "List the workouts recorded, one a line.",
        discussion: "Each line: the workout's id, the date, the routine, the time worked, the exercises done of those "
            + "planned, and how it ended. History lives in $XDG_STATE_HOME/sevenmin/history.sqlite3. To share it, "
            + "make history.d beside it and sync that folder (Syncthing or the like): each machine writes its copy "
            + "there, ID/YYYY-MM.sqlite3, rewriting only the months that changed, and reads every other's. 'remove' "
            + "and 'rename' (and 'rate --session') edit any machine's workout, by its id: the first digits of its "
            + "uuid, as many as name it alone (fewer will do, 4 at least, while they still do), the same on every "
            + "machine and never moved. Its number in 'history --json' will do too: the workouts of every copy, "
            + "removed ones too, numbered from 1 in the order they started (a copy arriving late with an older "
            + "workout moves the later ones up). The edit is kept in this machine's copy. When machines edit one "
            + "workout's field, the edit latest by its clock wins, a tie going to the greater machine id, so every "
            + "machine shows the same.",
        positional: .optionalThenOptional(
            "action", help: "remove or rename; none lists the workouts.", values: .choices(["remove", "rename"]),
            then: .optionalThenOptional("id", help: "The workout to remove or rename, by its id or number.",
                                        then: .optional("name", help: "For rename: the name it is shown by."))),
        options: [Option.since, Option.limit, Option.json, Option.csv, Option.fit, Option.verify])

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
        public static let verify = OptionSpec(long: "verify", value: nil,
            help: "Read every copy and say, per machine, its workouts and edits and anything left out; exit 0 "
                + "only when all was read.")
    }

    /// An edit of a workout, by its id or number.
    public enum Edit: Equatable, Sendable {
        case remove(WorkoutReference)
        case rename(WorkoutReference, String)
    }

    public enum Format: Equatable, Sendable {
        case text, json, csv
        /// FIT files into a folder.
        case fit(String)
    }

    public var since: CivilTime?
    public var limit: Int?
    public var format = Format.text
    public var edit: Edit?
    public var verify = false

    public init() {}

    public init(_ parsed: ParsedArguments) throws(UsageError) {
        let words = parsed.positional
        if let action = words.first {
            guard ["remove", "rename"].contains(action) else {
                throw .invalidValue(option: "<action>", value: action, expected: "remove or rename", command: "history")
            }
            guard words.count > 1 else { throw .missingArgument("<id>", command: "history") }
            let id = try WorkoutReference.parse(words[1], option: "<id>", command: "history")
            if action == "remove", words.count > 2 { throw .unexpectedArgument(words[2], command: "history") }
            if action == "rename" {
                guard words.count > 2, !words[2].isEmpty else { throw .missingArgument("<name>", command: "history") }
                edit = .rename(id, words[2])
            } else {
                edit = .remove(id)
            }
            if let given = Self.spec.options.first(where: parsed.given) {
                throw .conflict(given.name, action, command: "history")
            }
        }
        verify = parsed.flag(Option.verify)
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
