// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Testing
@testable import SevenminCore

@Suite("Snack schedule")
struct SnackScheduleTests {
    @Test(arguments: [("30m", 30 as Int?), ("30", 30), ("1h", 60), ("1h30m", 90), ("1H", 60), ("4h", 240),
                      ("1m", 1), ("0m", nil), ("4h1m", nil), ("m", nil), ("30s", nil), ("h1", nil), ("1m1h", nil),
                      ("", nil), ("-5m", nil), ("99999m", nil)])
    func everyIsMinutesOrHours(text: String, minutes: Int?) {
        #expect(SnackSchedule.every(text) == minutes)
    }

    @Test(arguments: [("09:00-17:30", (540, 1050) as (Int, Int)?), ("9:00-17:30", (540, 1050)),
                      ("00:00-24:00", (0, 1440)), ("17:30-09:00", nil), ("09:00-09:00", nil), ("09:00", nil),
                      ("09:00-17:60", nil), ("9-17", nil), ("09:00-17:30-18:00", nil)])
    func hoursAreAStartBeforeAnEnd(text: String, minutes: (Int, Int)?) {
        let hours = SnackSchedule.hours(text)
        #expect(hours.map { [$0.start, $0.end] } == minutes.map { [$0.0, $0.1] })
        if let hours { #expect(SnackSchedule.hours(hours.spelled) == hours) }
    }

    @Test func daysAreTakenAsRemindTakesThem() {
        #expect(SnackSchedule.days("mon-fri") == [1, 2, 3, 4, 5])
        #expect(SnackSchedule.days("mon,wed") == Reminder.days("mon,wed"))
        #expect(SnackSchedule.spelled(days: [1, 2, 3, 4, 5]) == "mon,tue,wed,thu,fri")
        #expect(SnackSchedule.days("someday") == nil)
    }

    @Test func workingTimeIsTheHoursOfTheDays() {
        let schedule = SnackSchedule()
        // Monday 2026-12-07 in UTC+1: 08:59 no, 09:00 yes, 17:29 yes, 17:30 no; Saturday 10:00 no.
        let monday = Double(CivilTime(year: 2026, month: 12, day: 7).dayNumber * 86_400) - 3600
        #expect(!schedule.isWorkingTime(at: monday + 8 * 3600 + 59 * 60, utcOffset: 3600))
        #expect(schedule.isWorkingTime(at: monday + 9 * 3600, utcOffset: 3600))
        #expect(schedule.isWorkingTime(at: monday + 17 * 3600 + 29 * 60, utcOffset: 3600))
        #expect(!schedule.isWorkingTime(at: monday + 17 * 3600 + 30 * 60, utcOffset: 3600))
        #expect(!schedule.isWorkingTime(at: monday + 5 * 86_400 + 10 * 3600, utcOffset: 3600))
    }

    @Test func theWatchersArgumentsParseBackToTheSameSchedule() throws {
        var schedule = SnackSchedule()
        schedule.every = 45
        schedule.hours = SnackSchedule.Hours(start: 8 * 60, end: 16 * 60)
        schedule.days = [0, 6]
        schedule.minutes = 3
        schedule.auto = true
        let parsed = try #require(try CommandLineParser.parse(["snacks", "watch"] + schedule.arguments)
            as? SnacksCommand)
        #expect(parsed.schedule == schedule)
        #expect(parsed.action == .watch)
    }

    @Test(arguments: [
        (["snacks", "on", "--every", "90s"], "--every <interval>"), (["snacks", "on", "--hours", "17:00-09:00"],
        "--hours <HH:MM-HH:MM>"), (["snacks", "on", "--days", "weekdays"], "--days <days>"),
        (["snacks", "on", "--minutes", "6"], "--minutes <n>"),
    ])
    func badValuesAreUsageErrors(arguments: [String], option: String) {
        #expect(throws: UsageError.self) { _ = try CommandLineParser.parse(arguments) }
        do { _ = try CommandLineParser.parse(arguments) } catch {
            if case .invalidValue(let named, _, _, let command) = error {
                #expect(named == option)
                #expect(command == "snacks")
            } else {
                Issue.record("\(error)")
            }
        }
    }

    @Test func snackTakesMinutesARoutineAndTagsToLeaveOut() throws {
        let plain = try #require(try CommandLineParser.parse(["snack"]) as? SnackCommand)
        #expect(plain.minutes == nil && plain.routine == nil && plain.without.isEmpty)
        let given = try #require(try CommandLineParser.parse(["snack", "--minutes", "3", "--routine", "standing",
                                                              "--without", "wall", "--mute"]) as? SnackCommand)
        #expect(given.minutes == 3 && given.routine == "standing" && given.without == ["wall"] && given.mute)
        for bad in [["snack", "--minutes", "6"], ["snack", "--minutes", "0"], ["snack", "--without", "Wall"],
                    ["snack", "standing"]] {
            #expect(throws: UsageError.self, "\(bad)") { _ = try CommandLineParser.parse(bad) }
        }
    }

    @Test func offTakesNoOptionsAndAnUnknownActionIsNamed() {
        #expect(throws: UsageError.self) { _ = try CommandLineParser.parse(["snacks", "off", "--every", "30m"]) }
        #expect(throws: UsageError.self) { _ = try CommandLineParser.parse(["snacks", "of"]) }
    }

    @Test func theConfigFileGivesTheDefaultsAndOptionsWin() throws {
        let json = #"{"snackEvery": "1h", "snackDays": "mon-wed", "snackMinutes": 4, "snackHours": "08:00-12:00"}"#
        let config = try UserConfig.parse(Array(json.utf8), path: "config.json")
        let typed = try #require(try CommandLineParser.parse(["snacks", "on", "--minutes", "1"]) as? SnacksCommand)
        let applied = typed.applying(config)
        #expect(applied.schedule.every == 60)
        #expect(applied.schedule.days == [1, 2, 3])
        #expect(applied.schedule.hours.spelled == "08:00-12:00")
        #expect(applied.schedule.minutes == 1)
        let rows = EffectiveSettings(config: config, path: "config.json").rows
        #expect(rows.first { $0.key == "snackEvery" }?.value == "\"60m\"")
        #expect(rows.first { $0.key == "snackDays" }?.value == "\"mon,tue,wed\"")
        #expect(rows.first { $0.key == "snackAuto" }?.value == "false")
    }

    @Test func aBadValueInTheConfigFileIsPlaced() {
        let json = "{\n  \"snackHours\": \"17:00-09:00\"\n}"
        #expect(throws: RoutineLoadError.self) { _ = try UserConfig.parse(Array(json.utf8), path: "config.json") }
        do { _ = try UserConfig.parse(Array(json.utf8), path: "config.json") } catch {
            #expect("\(error)".contains("config.json:2:17"))
            #expect("\(error)".contains("\"snackHours\" must be local hours"))
        }
    }
}

@Suite("Snack watch state")
struct SnackWatchStateTests {
    @Test func theFileReadsBackAsItWasWritten() {
        let state = SnackWatchState(pid: 42, updatedAt: 1000, sittingSince: 400, nextHeadsUp: 2200, due: true,
                                    heldBack: "call", idleSource: "mutter",
                                    bouts: [.init(start: 0, end: 300)])
        #expect(SnackWatchState.parse(state.json) == state)
        #expect(SnackWatchState.parse(Array("{}".utf8)) == nil)
        var other = state
        other.version = 2
        #expect(SnackWatchState.parse(other.json) == nil)
    }

    @Test func theLongestBoutCountsTheOneUnderWayAndItsDay() {
        let day = 20_000, start = Double(day * 86_400)
        let state = SnackWatchState(pid: 1, updatedAt: start, sittingSince: start + 3600 * 10,
                                    bouts: [.init(start: start - 86_400 + 3600, end: start - 86_400 + 3600 * 3),
                                            .init(start: start + 3600, end: start + 3600 + 1800)])
        // Today: a finished half hour and the 40 minutes under way at 10:40.
        #expect(state.longestBout(onDay: day, utcOffset: 0, at: start + 3600 * 10 + 2400) == 2400)
        #expect(state.longestBout(onDay: day - 1, utcOffset: 0, at: start) == 7200)
        #expect(state.longestBout(onDay: day - 2, utcOffset: 0, at: start) == nil)
        // Yesterday's two hours and today's 40 minutes: 80 minutes a day.
        let average = state.averageLongestBout(days: (day - 6)...day, utcOffset: 0, at: start + 3600 * 10 + 2400)
        #expect(average == 4800.0)
    }
}
