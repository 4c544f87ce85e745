// SPDX-License-Identifier: GPL-3.0-or-later

/// When the snack watcher may give a heads-up: how long a sitting bout may run, the working hours and days,
/// and whether the snack starts by itself at the next pause once a heads-up is out (`--auto`).
public struct SnackWatchSettings: Equatable, Sendable {
    /// Seconds of sitting before a heads-up.
    public var every: Double
    /// The working hours, as minutes after local midnight: from `start` (inclusive) to `end` (exclusive).
    public var start: Int
    public var end: Int
    /// Days of the week, 0 for Sunday to 6 for Saturday.
    public var days: [Int]
    /// The snack's length in minutes, handed to `sevenmin snack`.
    public var minutes: Int
    public var auto: Bool

    public init(every: Double = 30 * 60, start: Int = 9 * 60, end: Int = 17 * 60 + 30, days: [Int] = [1, 2, 3, 4, 5],
                minutes: Int = 2, auto: Bool = false) {
        self.every = every
        self.start = start
        self.end = end
        self.days = days
        self.minutes = minutes
        self.auto = auto
    }

    /// `30m`, `1h`, `90s` or a bare number of minutes, as seconds; nil unless 1 s to 24 h.
    public static func duration(_ text: String) -> Double? {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600]
        var digits = Substring(text), unit = 60.0
        if let last = text.last, let scale = units[last] {
            digits = text.dropLast()
            unit = scale
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let number = Int(digits), number > 0 else { return nil }
        let seconds = Double(number) * unit
        return seconds <= 86400 ? seconds : nil
    }

    /// `09:00-17:30` as minutes after midnight; nil unless two times of day, the first before the second (which
    /// may be `24:00`, the day's end).
    public static func hours(_ text: String) -> (start: Int, end: Int)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let from = Reminder.time(String(parts[0])),
              let to = parts[1] == "24:00" ? (24, 0) : Reminder.time(String(parts[1])) else { return nil }
        let start = from.hour * 60 + from.minute, end = to.hour * 60 + to.minute
        return start < end ? (start, end) : nil
    }

    /// Whether the local `weekday` (0 for Sunday) and `minute` after midnight fall in the working hours.
    func within(weekday: Int, minute: Int) -> Bool {
        days.contains(weekday) && minute >= start && minute < end
    }
}
