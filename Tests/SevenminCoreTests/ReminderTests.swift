// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Testing
@testable import SevenminCore

@Suite("Reminders")
struct ReminderTests {
    @Test(arguments: [("mon,wed,fri", [1, 3, 5] as [Int]?), ("Fri,mon", [1, 5]), ("sunday saturday", [0, 6]),
                      ("mon,mon", [1]), ("mo,we", nil), ("monk", nil), ("", nil), ("mon-fri", [1, 2, 3, 4, 5]),
                      ("sat-mon", [0, 1, 6]), ("mon-wed,sat", [1, 2, 3, 6]), ("mon-", nil), ("mon-tue-wed", nil)])
    func daysAreParsed(text: String, days: [Int]?) {
        #expect(Reminder.days(text) == days)
    }

    @Test(arguments: [("07:30", true), ("7:05", true), ("23:59", true), ("24:00", false), ("7:5", false),
                      ("07.30", false), ("0730", false), (":30", false)])
    func timesAreParsed(text: String, valid: Bool) {
        #expect((Reminder.time(text) != nil) == valid)
    }

    @Test func theTimerFiresOnTheDaysAtTheTimeAndCatchesUp() {
        let r = Reminder(days: [1, 3, 5], hour: 7, minute: 30)
        #expect(r.onCalendar == "Mon,Wed,Fri *-*-* 07:30:00")
        #expect(r.timerUnit.hasPrefix(Reminder.marker + "\n[Unit]\n"))
        #expect(r.timerUnit.contains("\n[Timer]\nOnCalendar=Mon,Wed,Fri *-*-* 07:30:00\nPersistent=true\n"))
        #expect(r.timerUnit.contains("WantedBy=timers.target"))
        let service = Reminder.serviceUnit(executable: "/opt/my $dir/100%/sevenmin") ?? ""
        // systemd expands `%` in the executable but not `$`: `$$` would stay two.
        #expect(service.contains(#"ExecStart="/opt/my $dir/100%%/sevenmin" remind notify"#))
        #expect(service.contains("Type=oneshot"))
    }

    /// The Start button is waited for until the local day ends: never into the day of the next firing.
    @Test(arguments: [(1_796_121_186.0, 0, 1_796_169_600.0), (1_796_121_186.0, 3600, 1_796_166_000.0),
                      (1_796_169_599.0, -18_000, 1_796_187_600.0), (1_796_169_600.0, 0, 1_796_256_000.0)])
    func theButtonIsWaitedForUntilTheEndOfTheLocalDay(now: Double, offset: Int, deadline: Double) {
        // 2026-12-01 10:33:06 UTC: midnight UTC is 13:26:54 away, midnight at +01:00 an hour sooner; at -05:00,
        // 23:59:59 UTC is 18:59:59 on the 1st, whose day ends at 05:00 UTC on the 2nd; midnight itself is a new day.
        #expect(Reminder.answerDeadline(now: now, utcOffset: offset) == deadline)
    }

    @Test func anExecutableSystemdRefusesToNameIsAnArgumentToTheShell() {
        // systemd refuses a quote, a backslash or a control character in the executable, not in an argument.
        #expect(Reminder.execStart("/home/o'b \"x\"/\\$HOME%\t\u{1}/sevenmin")
            == #"/bin/sh -c "exec \"$$0\" remind notify" "/home/o'b \"x\"/\\$$HOME%%\t\x01/sevenmin""#)
    }

    @Test(arguments: ["/opt/new\nline/sevenmin", "/opt/carriage\rreturn/sevenmin", "/opt/both\r\n/sevenmin"])
    func aLineBreakInThePathIsRefused(path: String) {
        #expect(Reminder.serviceUnit(executable: path) == nil)
    }

    @Test func theCalendarIsAWeeklyEventAtALocalTimeWithCRLFAndFolding() {
        // Tuesday 2026-12-01, 10:33:06 UTC: the first Monday, Wednesday or Friday is Wednesday the 2nd.
        let now = 1_796_121_186.0
        let ics = Reminder(days: [1, 3, 5], hour: 7, minute: 30)
            .icalendar(today: CivilTime.dayNumber(at: now, utcOffset: 0), now: now)
        let lines = ics.components(separatedBy: "\r\n")
        #expect(ics.hasSuffix("END:VCALENDAR\r\n") && !ics.replacing("\r\n", with: "").contains("\n"))
        #expect(lines.first == "BEGIN:VCALENDAR" && lines.contains("VERSION:2.0"))
        #expect(lines.contains("RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR"))
        #expect(lines.contains("DTSTART:20261202T073000"), "floating: local time wherever the calendar is")
        #expect(lines.contains("DTSTAMP:20261201T103306Z"))
        #expect(lines.contains("UID:sevenmin-mo-we-fr-0730@sevenmin.invalid"))
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        #expect(lines.contains { $0.hasPrefix(" ") }, "the description is folded")
        #expect(ics.contains("\\;"), "a ';' in text is escaped")
    }

    @Test func foldingNeverSplitsACharacter() {
        let folded = Reminder.folded("SUMMARY:" + String(repeating: "é", count: 60))
        for line in folded.components(separatedBy: "\r\n") {
            // No character is cut in two: a cut would have been repaired as U+FFFD.
            #expect(line.utf8.count <= 75 && !line.unicodeScalars.contains("\u{FFFD}"))
        }
    }
}
