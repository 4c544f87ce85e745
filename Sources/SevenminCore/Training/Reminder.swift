// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// A weekly reminder to work out: days of the week and a local time, written as a systemd user timer
/// (`OnCalendar=`) or an iCalendar event (`RRULE:FREQ=WEEKLY`). Pure: the app writes the files.
public struct Reminder: Equatable, Sendable {
    /// Days of the week, 0 for Sunday to 6 for Saturday, in order.
    public var days: [Int]
    public var hour: Int
    public var minute: Int

    public init(days: [Int], hour: Int, minute: Int) {
        self.days = days
        self.hour = hour
        self.minute = minute
    }

    /// The files' base name under `systemd/user/`.
    public static let unitName = "sevenmin-reminder"
    /// The first line of every file sevenmin writes, so it knows its own from a user's.
    public static let marker = "# Written by 'sevenmin remind add'; 'sevenmin remind remove' removes it."

    static let fullDayNames = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]

    /// `mon,wed,fri` (or `Monday Wednesday`, or a range such as `mon-fri`, which may wrap: `sat-mon`) as
    /// days; nil when a word is not a day.
    public static func days(_ text: String) -> [Int]? {
        let words = text.lowercased().split { $0 == "," || $0 == " " }.map(String.init)
        func day(_ word: Substring) -> Int? {
            TrainingPlan.dayNames.firstIndex(of: String(word)) ?? fullDayNames.firstIndex(of: String(word))
        }
        var days = Set<Int>()
        for word in words {
            let ends = word.split(separator: "-", omittingEmptySubsequences: false)
            guard (1...2).contains(ends.count), let first = day(ends[0]), let last = day(ends[ends.count - 1]) else {
                return nil
            }
            for step in 0...((last - first + 7) % 7) { days.insert((first + step) % 7) }
        }
        return days.isEmpty ? nil : days.sorted()
    }

    /// `07:30` (or `7:30`) as hour and minute; nil unless a time of day.
    public static func time(_ text: String) -> (hour: Int, minute: Int)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              let h = Int(parts[0]), let m = Int(parts[1]), (0...23).contains(h), (0...59).contains(m) else {
            return nil
        }
        return (h, m)
    }

    public var clock: String { CivilTime.pad(hour) + ":" + CivilTime.pad(minute) }

    static let systemdDays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let icalDays = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]

    /// `Mon,Wed,Fri *-*-* 07:30:00`, as `OnCalendar=` takes it.
    public var onCalendar: String {
        days.map { Reminder.systemdDays[$0] }.joined(separator: ",") + " *-*-* " + clock + ":00"
    }

    private var dayList: String { days.map { Reminder.systemdDays[$0] }.joined(separator: " ") }

    /// The timer unit: fires at the days and time, and catches up a time missed while the machine slept.
    public var timerUnit: String {
        """
        \(Reminder.marker)
        [Unit]
        Description=Reminder for a seven-minute workout (\(dayList) at \(clock))

        [Timer]
        OnCalendar=\(onCalendar)
        Persistent=true

        [Install]
        WantedBy=timers.target

        """
    }

    /// Until when `remind notify` waits for its notification's Start button: the end of the local day that
    /// holds `now` (seconds since 1970 UTC), when the notification is withdrawn. The button starts today's
    /// workout, and the timer fires at most once a day, so its next firing never finds the service still
    /// running (a oneshot service still running makes a timer's firing do nothing).
    public static func answerDeadline(now: Double, utcOffset: Int) -> Double {
        Double((CivilTime.dayNumber(at: now, utcOffset: utcOffset) + 1) * CivilTime.secondsPerDay - utcOffset)
    }

    /// The service the timer starts: `sevenmin remind notify`, with the binary at `executable`; nil when the path
    /// holds a line break, which sevenmin never writes into a unit file.
    public static func serviceUnit(executable: String) -> String? {
        execStart(executable).map {
            """
            \(marker)
            [Unit]
            Description=Seven-minute workout reminder

            [Service]
            Type=oneshot
            ExecStart=\($0)

            """
        }
    }

    /// `ExecStart=`'s value running `executable remind notify`, written by systemd.service(5)'s "Command lines":
    /// `%` is a specifier (`%%`) everywhere; an argument may be double-quoted with C escapes, and `$` is a
    /// variable in it (`$$`), but not in the executable, where systemd refuses a quote, a backslash or a
    /// control character outright ("Executable name contains special characters"). Such a path is handed to
    /// `/bin/sh` as an argument instead. Nil for a path with a line break.
    /// `arguments` are words of letters, digits and `-,:`, which need no quoting.
    static func execStart(_ executable: String, arguments: [String] = ["remind", "notify"]) -> String? {
        let scalars = executable.unicodeScalars
        let words = arguments.joined(separator: " ")
        if scalars.contains(where: { $0 == "\n" || $0 == "\r" }) { return nil }
        let refused: Set<Unicode.Scalar> = ["\"", "'", "\\", "\u{7F}"]
        if !scalars.contains(where: { $0.value < 0x20 || refused.contains($0) }) {
            return "\"" + escaped(executable, ["%": "%%"]) + "\" " + words
        }
        let argument = scalars.reduce(into: "") { out, c in
            switch c {
            case "\\", "\"": out += "\\" + String(c)
            case "%": out += "%%"
            case "$": out += "$$"
            case "\t": out += "\\t"
            case _ where c.value < 0x20 || c.value == 0x7F: out += "\\x" + (c.value < 0x10 ? "0" : "")
                + String(c.value, radix: 16)
            default: out.unicodeScalars.append(c)
            }
        }
        return #"/bin/sh -c "exec \"$$0\" "# + words + #"" ""# + argument + "\""
    }

    /// `text` with each character in `table` written as the table says.
    static func escaped(_ text: String, _ table: [Character: String]) -> String {
        text.reduce(into: "") { out, c in out += table[c] ?? String(c) }
    }

    /// An iCalendar file (RFC 5545) with one weekly event at the local time (a floating `DTSTART`, which
    /// calendars show at that time wherever they are), from the first planned day on or after `today`
    /// (days since 1970). `now` (UTC seconds) stamps it. Lines end in CRLF and are folded at 75 octets.
    public func icalendar(today: Int, now: Double) -> String {
        let first = (0..<7).map { today + $0 }.first { days.contains(CivilTime.weekday(ofDay: $0)) } ?? today
        let start = CivilTime(dayNumber: first, secondOfDay: hour * 3600 + minute * 60).basicISO
        let stamp = CivilTime(now).basicISO + "Z"
        let byDay = days.map { Reminder.icalDays[$0] }.joined(separator: ",")
        let lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//sevenmin//sevenmin remind//EN", "CALSCALE:GREGORIAN",
            "BEGIN:VEVENT",
            "UID:sevenmin-\(byDay.lowercased().replacing(",", with: "-"))-\(CivilTime.pad(hour))"
                + "\(CivilTime.pad(minute))@sevenmin.invalid",
            "DTSTAMP:" + stamp, "DTSTART:" + start, "DURATION:PT10M", "RRULE:FREQ=WEEKLY;BYDAY=" + byDay,
            "SUMMARY:Seven-minute workout",
            "DESCRIPTION:" + Reminder.icalText("Time for your workout: run 'sevenmin start' in a terminal. "
                + "A plan joined runs its step; 'sevenmin plan' shows it."),
            "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Seven-minute workout", "TRIGGER:PT0M", "END:VALARM",
            "END:VEVENT", "END:VCALENDAR",
        ]
        return lines.map(Reminder.folded).joined()
    }

    /// Text escaped for an iCalendar value: `\\`, `;`, `,` and line breaks.
    static func icalText(_ text: String) -> String {
        escaped(text, ["\\": "\\\\", ";": "\\;", ",": "\\,", "\n": "\\n"])
    }

    /// A content line folded as RFC 5545 says: at most 75 octets a line, continued after CRLF and a
    /// space, never inside a UTF-8 sequence.
    static func folded(_ line: String) -> String {
        var out = "", octets = 0
        for c in line {
            let n = String(c).utf8.count
            if octets + n > 75 {
                out += "\r\n "
                octets = 1
            }
            out.append(c)
            octets += n
        }
        return out + "\r\n"
    }
}
