// SPDX-License-Identifier: GPL-3.0-or-later
/// A date and a time of day on a wall clock (the proleptic Gregorian calendar): the one place an
/// instant becomes a local day, a weekday or a time of day, and days are counted. Days convert to and
/// from a count since 1970-01-01 with Howard Hinnant's integer algorithms, so no `DateFormatter` is needed.
public struct CivilTime: Equatable, Comparable, Sendable {
    public var year: Int
    public var month: Int
    public var day: Int
    /// Seconds since the day's midnight.
    public var secondOfDay: Int

    public static let secondsPerDay = 86_400

    public init(year: Int, month: Int, day: Int, secondOfDay: Int = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.secondOfDay = secondOfDay
    }

    /// `secondOfDay` into the date `dayNumber` days after 1970-01-01.
    public init(dayNumber: Int, secondOfDay: Int = 0) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        day = doy - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        self.secondOfDay = secondOfDay
    }

    /// The wall-clock time at `t` (seconds since 1970 UTC) where clocks are `utcOffset` seconds ahead
    /// of UTC; the fraction of a second is dropped.
    public init(_ t: Double, utcOffset: Int = 0) {
        let whole = Int((t + Double(utcOffset)).rounded(.down))
        let day = CivilTime.dayNumber(at: Double(whole))
        self.init(dayNumber: day, secondOfDay: whole - day * CivilTime.secondsPerDay)
    }

    /// The local day holding `t` (seconds since 1970 UTC) at `utcOffset`, as days since 1970-01-01.
    public static func dayNumber(at t: Double, utcOffset: Int = 0) -> Int {
        Int(((t + Double(utcOffset)) / Double(secondsPerDay)).rounded(.down))
    }

    /// Days since 1970-01-01.
    public var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    public var hour: Int { secondOfDay / 3600 }
    public var minute: Int { secondOfDay / 60 % 60 }
    public var second: Int { secondOfDay % 60 }

    /// 0 for Sunday to 6 for Saturday.
    public var weekday: Int { CivilTime.weekday(ofDay: dayNumber) }

    /// 0 for Sunday to 6 for Saturday, for a day counted since 1970-01-01 (a Thursday).
    public static func weekday(ofDay day: Int) -> Int {
        ((day + 4) % 7 + 7) % 7
    }

    /// The day the week holding `day` starts on, when weeks start on `firstWeekday` (1 for Sunday … 7).
    public static func weekStart(of day: Int, firstWeekday: Int) -> Int {
        day - ((weekday(ofDay: day) + 1 - firstWeekday) % 7 + 7) % 7
    }

    /// The date, `2026-03-08`.
    public var iso: String { "\(year)-\(CivilTime.pad(month))-\(CivilTime.pad(day))" }

    /// The date and time in ISO 8601's basic form, as iCalendar writes it: `20260308T073000`.
    public var basicISO: String {
        String(year) + CivilTime.pad(month) + CivilTime.pad(day) + "T" + CivilTime.pad(hour) + CivilTime.pad(minute)
            + CivilTime.pad(second)
    }

    /// Three-letter English month name, as in the heat map's header.
    public var monthAbbreviation: String {
        ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][month - 1]
    }

    /// Parses `YYYY-MM-DD` (as `history --since` takes it); nil for anything else or a date that does not exist.
    public init?(iso text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return nil }
        self.init(year: y, month: m, day: d)
        // Round-tripping rejects 02-30 and the like.
        guard (1...12).contains(m), CivilTime(dayNumber: dayNumber) == self else { return nil }
    }

    public static func < (a: CivilTime, b: CivilTime) -> Bool {
        (a.dayNumber, a.secondOfDay) < (b.dayNumber, b.secondOfDay)
    }

    static func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
