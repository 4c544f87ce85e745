// SPDX-License-Identifier: GPL-3.0-or-later
/// When desk snacks come and how long they are: what `snacks on` installs, the watcher follows and the
/// config file's `snack…` keys hold. Each value is parsed and spelled here, once, for the options, the
/// file and the unit's command line alike.
public struct SnackSchedule: Equatable, Sendable {
    /// Minutes of sitting before a heads-up.
    public var every = 30
    /// The local hours the heads-ups come in.
    public var hours = Hours(start: 9 * 60, end: 17 * 60 + 30)
    /// Days of the week they come on, 0 for Sunday to 6 for Saturday, in order.
    public var days = [1, 2, 3, 4, 5]
    /// How long a snack is, in minutes.
    public var minutes = 2
    /// Once a heads-up is out, start the snack by itself at the person's next natural pause.
    public var auto = false

    /// The sitting minutes `every` accepts: a minute (for tests) to four hours.
    public static let everyRange = 1...240
    /// The snack lengths `minutes` accepts.
    public static let minutesRange = 1...5

    public init() {}

    /// Local hours of a day: from `start` up to `end`, each in minutes after midnight, `start` before `end`.
    public struct Hours: Equatable, Sendable {
        public var start: Int
        public var end: Int

        public init(start: Int, end: Int) {
            self.start = start
            self.end = end
        }

        /// `09:00-17:30`, as `--hours` and the config file write it.
        public var spelled: String { Self.clock(start) + "-" + Self.clock(end) }

        /// Whether a local time of day, in seconds after midnight, falls within them.
        public func contains(secondOfDay: Int) -> Bool { (start * 60..<end * 60).contains(secondOfDay) }

        static func clock(_ minutes: Int) -> String { CivilTime.pad(minutes / 60) + ":" + CivilTime.pad(minutes % 60) }
    }

    /// `30m`, `30` (minutes), `1h` or `1h30m` as minutes within `everyRange`; nil otherwise.
    public static func every(_ text: String) -> Int? {
        var rest = Substring(text.lowercased()), total = 0, units = 0
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count <= 4, let n = Int(digits) else { return nil }
            rest = rest.dropFirst(digits.count)
            switch rest.first {
            case "h" where units == 0: total += n * 60
            case "m", nil: total += n
            default: return nil
            }
            units += 1
            rest = rest.dropFirst()
        }
        return units > 0 && everyRange.contains(total) ? total : nil
    }

    /// `every` as `--every` writes it: `30m`.
    public static func spelled(every minutes: Int) -> String { "\(minutes)m" }

    /// `09:00-17:30` (or `9:00-17:30`) as hours, the start before the end; nil otherwise. `24:00` may end them.
    public static func hours(_ text: String) -> Hours? {
        let ends = text.split(separator: "-", omittingEmptySubsequences: false)
        guard ends.count == 2, let start = Reminder.time(String(ends[0])) else { return nil }
        let end = String(ends[1]) == "24:00" ? (hour: 24, minute: 0) : Reminder.time(String(ends[1]))
        guard let end, start.hour * 60 + start.minute < end.hour * 60 + end.minute else { return nil }
        return Hours(start: start.hour * 60 + start.minute, end: end.hour * 60 + end.minute)
    }

    /// Days as `remind --days` takes them: `mon,tue,wed`, `mon-fri`.
    public static func days(_ text: String) -> [Int]? { Reminder.days(text) }

    /// Days as `--days` writes them: `mon,tue,wed,thu,fri`.
    public static func spelled(days: [Int]) -> String { days.map { TrainingPlan.dayNames[$0] }.joined(separator: ",") }

    /// Whether heads-ups may come at `t` (seconds since 1970 UTC) where clocks are `utcOffset` seconds ahead:
    /// on one of the days, within the hours.
    public func isWorkingTime(at t: Double, utcOffset: Int) -> Bool {
        let local = CivilTime(t, utcOffset: utcOffset)
        return days.contains(CivilTime.weekday(ofDay: local.dayNumber))
            && hours.contains(secondOfDay: local.secondOfDay)
    }

    /// The schedule as `snacks watch` takes it on its command line: what the service's unit runs.
    public var arguments: [String] {
        ["--every", Self.spelled(every: every), "--hours", hours.spelled, "--days", Self.spelled(days: days),
         "--minutes", "\(minutes)"] + (auto ? ["--auto"] : [])
    }
}
