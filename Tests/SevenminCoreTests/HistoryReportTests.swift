// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import SevenminCore

func summary(id: Int64, routine: String = "classic", start: Double, worked: Double, done: Int, planned: Int = 12,
             outcome: SessionOutcome? = .completed, parts: Int = 1, seed: UInt64? = nil,
             effort: Int? = nil) -> SessionSummary {
    SessionSummary(record: SessionRecord(id: id, routine: routine, routineFile: "/w/\(routine).json",
                                         contentHash: String(repeating: "a", count: 64), seed: seed,
                                         options: #"{"work": 40}"#, startedAt: start, utcOffset: -18000,
                                         plannedSeconds: 480, plannedExercises: planned, outcome: outcome,
                                         parts: parts, effort: effort),
                   workedSeconds: worked, exercisesDone: done)
}

@Suite("History and stats output")
struct HistoryReportTests {
    let newYork = calendar("America/New_York")
    var zone: any TimeZoneRules { newYork.timeZone }

    @Test func historyTextHasOneAlignedLinePerSession() {
        let sessions = [
            summary(id: 1, start: local("2026-11-28 07:05", newYork), worked: 360, done: 12, effort: 8),
            summary(id: 2, routine: "tabata\u{1B}[2J", start: local("2026-11-29 18:30", newYork), worked: 95, done: 3,
                    outcome: .signal(15), parts: 2),
            summary(id: 3, start: local("2026-11-29 19:00", newYork), worked: 3725, done: 1, outcome: nil),
        ]
        let lines = HistoryReport.text(sessions, metrics: .unicode).split(separator: "\n")
        #expect(lines == [
            "DATE              ROUTINE       WORKED  EXERCISES  EFFORT  OUTCOME",
            "2026-11-28 07:05  classic         6:00      12/12    8/10  completed",
            "2026-11-29 18:30  tabata^[[2J     1:35       3/12       -  stopped by SIGTERM (2 parts)",
            "2026-11-29 19:00  classic      1:02:05       1/12       -  running",
        ])
        #expect(HistoryReport.text([], metrics: .unicode) == "No workouts recorded yet.\n")
    }

    /// The plan and step each workout was done for has a column once any was; one off any plan shows "-".
    @Test func historyTextNamesThePlanAndStepOfEachWorkout() {
        var onPlan = summary(id: 1, start: local("2026-11-28 07:05", newYork), worked: 360, done: 12, effort: 5)
        onPlan.record.plan = "Quick steps"
        onPlan.record.planStep = 3
        let off = summary(id: 2, start: local("2026-11-29 07:05", newYork), worked: 360, done: 12)
        let lines = HistoryReport.text([onPlan, off], metrics: .unicode).split(separator: "\n")
        #expect(lines == [
            "DATE              ROUTINE  WORKED  EXERCISES  EFFORT  OUTCOME    PLAN",
            "2026-11-28 07:05  classic    6:00      12/12    5/10  completed  Quick steps step 3",
            "2026-11-29 07:05  classic    6:00      12/12       -  completed  -",
        ])
    }

    /// Read through every machine's copies, each workout's short id comes first, and in the JSON beside its uuid.
    @Test func eachWorkoutsShortIDIsShownFirst() throws {
        var first = summary(id: 1, start: local("2026-11-28 07:05", newYork), worked: 360, done: 12, effort: 8)
        first.record.shortID = "b969f8a3"
        var second = summary(id: 2, start: local("2026-11-29 07:05", newYork), worked: 95, done: 3)
        second.record.shortID = "0c3f5e2"
        let lines = HistoryReport.text([first, second], metrics: .unicode).split(separator: "\n")
        #expect(lines == [
            "ID        DATE              ROUTINE  WORKED  EXERCISES  EFFORT  OUTCOME",
            "b969f8a3  2026-11-28 07:05  classic    6:00      12/12    8/10  completed",
            "0c3f5e2   2026-11-29 07:05  classic    1:35       3/12       -  completed",
        ])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(HistoryReport.json([first]).utf8))
            as? [[String: Any]])
        #expect(json.first?["short_id"] as? String == "b969f8a3")
    }

    /// A workout done in Tokyo at 06:00 showed as 22:00 the day before when read in Berlin, and `--json`'s
    /// `local_start` contradicted the `utc_offset` beside it: each workout is shown at the time it was lived.
    @Test func eachWorkoutIsShownAtTheLocalTimeItWasLived() throws {
        var tokyo = summary(id: 1, start: 1_795_381_200, worked: 360, done: 12)  // 2026-11-22T21:00:00Z
        tokyo.record.utcOffset = 32400
        var berlin = summary(id: 2, start: 1_795_413_600, worked: 360, done: 12)  // 2026-11-23T06:00:00Z
        berlin.record.utcOffset = 3600
        let text = HistoryReport.text([tokyo, berlin], metrics: .unicode)
        #expect(text.split(separator: "\n").dropFirst().map { $0.prefix(16) }
                == ["2026-11-23 06:00", "2026-11-23 07:00"])
        let json = HistoryReport.json([tokyo])
        #expect(json.contains(#""start": "2026-11-22T21:00:00Z", "local_start": "2026-11-23 06:00", "#
                              + #""utc_offset": 32400"#))
        #expect(HistoryReport.csv([tokyo]).contains(",2026-11-22T21:00:00Z,2026-11-23 06:00,"))
    }

    @Test(arguments: [
        ("plain", "plain"), ("a,b", "\"a,b\""), ("say \"hi\"", "\"say \"\"hi\"\"\""), ("two\nlines", "\"two\nlines\""),
        ("cr\r", "\"cr\r\""), (" edge", "\" edge\""), ("", ""),
    ])
    func csvQuotesOnlyWhatNeedsIt(field: String, quoted: String) {
        #expect(HistoryReport.csvField(field) == quoted)
    }

    /// The plan and step a workout was done for, as `history --json` gives them: empty off any plan.
    @Test func csvHasAHeaderAndOneRecordPerSession() {
        let s = summary(id: 7, routine: "my, \"routine\"", start: local("2026-11-29 07:05", newYork), worked: 29.5,
                        done: 1, outcome: .quit, seed: 42, effort: 10)
        var onPlan = summary(id: 8, start: local("2026-11-30 07:05", newYork), worked: 400, done: 12)
        onPlan.record.plan = "Quick steps"
        onPlan.record.planStep = 3
        let csv = HistoryReport.csv([s, onPlan])
        #expect(csv == "id,start,local_start,routine,routine_file,worked_seconds,exercises_done,exercises_planned,"
                + "planned_seconds,outcome,seed,parts,effort,plan,plan_step,average_bpm,peak_bpm,recovery_bpm\r\n"
                + "7,2026-11-29T12:05:00Z,2026-11-29 07:05,\"my, \"\"routine\"\"\",\"/w/my, \"\"routine\"\".json\","
                + "29.5,1,12,480,quit,42,1,10,,,,,\r\n"
                + "8,2026-11-30T12:05:00Z,2026-11-30 07:05,classic,/w/classic.json,400,12,12,480,completed,,1,,"
                + "Quick steps,3,,,\r\n")
    }

    @Test func historyJSONParsesAndKeepsEveryField() throws {
        let s = summary(id: 7, routine: "q\"uote", start: local("2026-11-29 07:05", newYork), worked: 29.5, done: 1,
                        outcome: nil, seed: UInt64.max)
        let text = HistoryReport.json([s, s])
        guard case .array(let items) = try JSONParser.parse(Array(text.utf8)).value,
              case .object(let members) = items[0].value else { Issue.record("not an array of objects"); return }
        let fields = Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0.value.value) })
        #expect(items.count == 2)
        #expect(fields["routine"] == .string("q\"uote") && fields["outcome"] == .null)
        #expect(fields["start"] == .string("2026-11-29T12:05:00Z") && fields["worked_seconds"] == .number(29.5))
        #expect(fields["options"] == .string(#"{"work": 40}"#) && fields["effort"] == .null)
        #expect(HistoryReport.json([summary(id: 1, start: 0, worked: 0, done: 0, effort: 6)])
            .contains(#""effort": 6"#))
        // A 64-bit seed is written in full; JSON readers that keep integers exact get it back.
        #expect(text.contains("\"seed\": 18446744073709551615"))
        #expect(HistoryReport.json([]) == "[]\n")
    }

    func sampleStats() -> HistoryStats {
        let days = ["2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29"]
        let segments = days.flatMap { work(14, endingAt: local($0 + " 07:30", newYork)) }
            + work(30, endingAt: local("2026-10-01 07:30", newYork), exercise: "Plank")
        let sessions = [SessionRecord(routine: "classic", routineFile: "", contentHash: "", startedAt: 0, utcOffset: 0,
                                      plannedSeconds: 480, plannedExercises: 12, outcome: .completed)]
        return HistoryStats.compute(sessions: sessions, segments: segments, now: local("2026-11-29 20:00", newYork),
                                    calendar: newYork, weightKg: 70)
    }

    @Test func statsTextShowsStreakGuidelineAndCalories() {
        let text = StatsReport.text(sampleStats(), colors: .none, utf8: true, metrics: .unicode)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "Day streak: 5 days in a row (best: 5 days).")
        #expect(lines[1] == "This week: █████████▍░░░░░░░░░░ "
            + "35 of 75 minutes (46%, ACSM/WHO guideline)")
        #expect(lines[2] == "Workouts: 1 (1 completed), 50 min of work")
        #expect(lines[3] == "Energy: about 467 kcal in all, 327 this week (MET 8.0 at 70 kg)")
        #expect(lines.contains("  Squat     70 times     35:00"))
    }

    /// At 80×24 the whole report stays on screen with the prompt: at most 23 lines of at most 80
    /// columns, the streak first, and the plan's streak named apart from the day streak.
    @Test(arguments: [true, false])
    func statsFitsAnEightyByTwentyFourTerminalWithTheStreakFirst(utf8: Bool) {
        var stats = sampleStats()
        stats.exercises += (1...12).map { HistoryStats.ExerciseTotal(title: "Move \($0)", times: $0, seconds: 30) }
        let week = PlanWeek(days: [.init(day: stats.today - 2, status: .done, madeUpOn: nil),
                                   .init(day: stats.today, status: .open, madeUpOn: nil)], streak: 4)
        let plan = StatsReport.PlanSummary(name: "Quick steps", step: 1, steps: 2, week: week)
        let text = StatsReport.text(stats, colors: .none, utf8: utf8, metrics: .unicode, plan: plan)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count <= 23, "\(text)")
        #expect(lines.allSatisfy { TextMetrics.unicode.width(String($0)) <= 80 }, "\(text)")
        #expect(lines[0].hasPrefix("Day streak: 5 days in a row"))
        #expect(lines[1] == "Plan streak: 4 planned days kept in a row (Quick steps, step 1 of 2)")
    }

    @Test func heatMapPutsEachDayInItsWeekdayRowAndWeekColumnApart() {
        let stats = sampleStats()
        let map = StatsReport.heatMap(stats, colors: .none, utf8: false)
        #expect(map.weeks == 38 && map.rows.count == 8)   // month names, seven weekdays
        let weekdays = map.rows.dropFirst().map { String($0.prefix(3)) }
        #expect(weekdays == ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])
        // Every day is a cell with a space after it, so no two run together.
        for row in map.rows.dropFirst() {
            let cells = Array(row.dropFirst(4))
            #expect(cells.indices.allSatisfy { $0 % 2 == 0 || cells[$0] == " " }, "\(row)")
        }
        // Today is Sunday the 29th: the last cell of the last row. Wednesday to Sunday this week count.
        let lastColumn = map.rows[1...7].map { row -> String in
            let cells = Array(row)
            return cells.count > 4 + 2 * 37 ? String(cells[4 + 2 * 37]) : " "
        }
        #expect(lastColumn == [".", ".", "+", "+", "+", "+", "+"])
        // 1 October: 15 minutes, level 3, on a Thursday in the week of 28 September.
        let column = (CivilTime(iso: "2026-09-28")!.dayNumber - stats.heatMapStart) / 7 - (52 - 38)
        #expect(Array(map.rows[4])[4 + 2 * column] == "*")
        #expect(map.rows[0].contains("Oct"))
        let text = StatsReport.text(stats, colors: .none, utf8: false, metrics: .unicode)
        #expect(text.contains("Last 38 weeks   less . : + * # more"))
    }

    @Test(arguments: [(StatsReport.Colors.none, false), (.none, true), (.basic8, false), (.basic8, true),
                      (.xterm256, false), (.xterm256, true)])
    func statsTextIsPlainASCIIWithoutUTF8AndEscapeFreeWithoutColour(colors: StatsReport.Colors, utf8: Bool) {
        let text = StatsReport.text(sampleStats(), colors: colors, utf8: utf8, metrics: .unicode)
        #expect(text.utf8.allSatisfy { $0 < 0x80 } == !utf8)
        #expect(text.contains("\u{1B}[") == (colors != .none))
        #expect(text.contains("\u{1B}[38;5;") == (colors == .xterm256))
        #expect(text.contains("Day streak: 5 days in a row"))
    }

    @Test func theLastTwelveWeeksAreOneLineScaledToTheGuideline() {
        let text = StatsReport.text(sampleStats(), colors: .none, utf8: false, metrics: .unicode)
        // Nothing but 15 minutes in the week of 28 September (1.6 eighths: the second level), and this
        // week's 35 of 75 minutes (3.7 eighths: the fourth).
        #expect(text.contains("Minutes a week, last 12: . . . : . . . . . . . = (# = 75)"), "\(text)")
    }

    @Test func statsJSONParsesAndCarriesTheHeatMap() throws {
        let text = StatsReport.json(sampleStats())
        guard case .object(let members) = try JSONParser.parse(Array(text.utf8)).value else {
            Issue.record("not an object"); return
        }
        let fields = Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0.value.value) })
        #expect(fields["current_streak"] == .number(5) && fields["longest_streak"] == .number(5))
        #expect(fields["week_minutes"] == .number(35) && fields["guideline_minutes"] == .number(75))
        #expect(fields["weight_kg"] == .number(70))
        guard case .array(let heat) = fields["heat_map"], case .array(let weekly) = fields["weekly"] else {
            Issue.record("no heat map or weekly list"); return
        }
        #expect(heat.count == 51 * 7 + 7 && weekly.count == 12)
        guard case .object(let last) = heat.last?.value else { Issue.record("bad cell"); return }
        #expect(last.map(\.key) == ["date", "minutes", "level"] && last[0].value.value == .string("2026-11-29"))
    }
}

@Suite("Plan options kept for resuming")
struct PlanOptionsTests {
    @Test(arguments: [
        RoutineAdjustments(),
        RoutineAdjustments(work: 32.5, rest: 0.1, getReady: 0, rounds: 3),
        RoutineAdjustments(without: ["floor", "no\"isy"], shuffleSeed: UInt64.max),
        RoutineAdjustments(work: 40, rounds: 100, without: ["chair"], shuffleSeed: 0),
    ])
    func optionsRoundTripExactly(adjustments: RoutineAdjustments) {
        #expect(PlanOptions.adjustments(fromJSON: PlanOptions.json(adjustments)) == adjustments)
    }

    @Test func theSeedIsWrittenAsAStringSoEveryBitSurvives() {
        #expect(PlanOptions.json(RoutineAdjustments(work: 40, shuffleSeed: 18_446_744_073_709_551_615))
                == #"{"work": 40.0, "seed": "18446744073709551615"}"#)
    }

    @Test(arguments: ["", "[]", #"{"seed": 42}"#, #"{"work": "forty"}"#, #"{"colour": "red"}"#,
                      #"{"rounds": 2.5}"#, #"{"without": [1]}"#])
    func anythingElseIsRefused(text: String) {
        #expect(PlanOptions.adjustments(fromJSON: text) == nil)
    }
}

@Suite("history --json, byte for byte")
struct HistoryJSONBytesTests {
    /// One session as `history --json` wrote it before it was written as bytes (escapes of C0, DEL and
    /// C1, text beyond ASCII, numbers whole, in thousandths and in Swift's shortest form, sides, nulls).
    @Test func aSessionIsWrittenAsItAlwaysWas() {
        let record = SessionRecord(
            id: 2, routine: "Tabata \"q\" \\ back\u{01}\u{1B}[2J\u{7F}\u{85}\u{9F} é 日本 😀",
            routineFile: "/w/a\tb\nc.json", contentHash: "abc", seed: UInt64.max, options: #"{"work": 40}"#,
            startedAt: 1_700_000_000.5, utcOffset: -18000, plannedSeconds: 237.125, plannedExercises: 8,
            outcome: .completed, parts: 2, effort: 7, uuid: "u-1", plan: "plan \"x\"", planStep: 3)
        let segments = [
            SegmentRecord(index: 0, kind: "getReady", exercise: "Get ready", round: 1, planned: 10, actual: 10,
                          ended: .ranOut, endedAt: 0),
            SegmentRecord(index: 1, kind: "work", exercise: "Push-up \u{80}", round: 1, planned: 30,
                          actual: 29.987654, ended: .ranOut, endedAt: 0, side: 1),
            SegmentRecord(index: 2, kind: "switch", exercise: "Push-up", round: 1, planned: 7.5, actual: 0.0004,
                          ended: .skipped, endedAt: 0),
            SegmentRecord(index: 3, kind: "work", exercise: "Push-up", round: 2, planned: 1e-5, actual: 123456.789,
                          ended: .ranOut, endedAt: 0, part: 2, side: 2),
            SegmentRecord(index: 4, kind: "work", exercise: "Side plank", round: 3, planned: 0.1, actual: 0.3333333,
                          ended: .ranOut, endedAt: 0, part: 2),
        ]
        let summary = SessionSummary(record: record, workedSeconds: 123487.1099873, exercisesDone: 2)
        let expected = [
            #"  {"id": 2, "start": "2023-11-14T22:13:20Z", "local_start": "2023-11-14 17:13", "#,
            #""utc_offset": -18000, "#,
            #""routine": "Tabata \"q\" \\ back\u0001\u001b[2J\u007f\u0085\u009f é 日本 😀", "#,
            #""routine_file": "/w/a\tb\nc.json", "content_hash": "abc", "seed": 18446744073709551615, "#,
            #""options": "{\"work\": 40}", "planned_seconds": 237.125, "worked_seconds": 123487.11, "#,
            #""exercises_done": 2, "exercises_planned": 8, "outcome": "completed", "parts": 2, "effort": 7, "#,
            #""uuid": "u-1", "machine": null, "plan": "plan \"x\"", "plan_step": 3, "kind": "workout", "#,
            #""segments": [{"index": 0, "#,
            #""kind": "getReady", "exercise": "Get ready", "round": 1, "planned": 10, "actual": 10, "#,
            #""ended": "ranOut", "part": 1}, {"index": 1, "kind": "work", "exercise": "Push-up \u0080", "#,
            #""round": 1, "planned": 30, "actual": 29.988, "ended": "ranOut", "part": 1, "side": 1}, "#,
            #"{"index": 2, "kind": "switch", "exercise": "Push-up", "round": 1, "planned": 7.5, "actual": 0, "#,
            #""ended": "skipped", "part": 1}, {"index": 3, "kind": "work", "exercise": "Push-up", "round": 2, "#,
            #""planned": 1e-05, "actual": 123456.789, "ended": "ranOut", "part": 2, "side": 2}, {"index": 4, "#,
            #""kind": "work", "exercise": "Side plank", "round": 3, "planned": 0.1, "actual": 0.333, "#,
            #""ended": "ranOut", "part": 2}]}"#,
        ].joined()
        #expect(HistoryReport.jsonObject(summary, segments: segments) == expected)
        var out = JSONBytes()
        HistoryReport.writeJSONObject(summary, segments: segments, into: &out)
        #expect(String(decoding: out.bytes, as: UTF8.self) == HistoryReport.jsonObject(summary, segments: segments))
    }

    /// Numbers are written as Swift's shortest form would write them, without making that string.
    @Test func numbersAreSwiftsShortestForm() {
        var rng = SplitMix64(seed: 11)
        var values: [Double] = [0, -0.0, 1e-5, 1e-4, 0.001, 0.1, 0.3, 7.5, 29.988, 123456.789, 1e12 - 0.001, 1e15,
                                1e15 + 2, 1e16, 1.5e300, -2.5, .nan, .infinity, -.infinity, 1.0 / 3, 2.0 / 3]
        for _ in 0..<20_000 {
            let milli = Double(Int64(bitPattern: rng.next()) % 2_000_000_000_000)
            values.append(milli / 1000)
            values.append(Double(bitPattern: rng.next()))
            values.append(Double(rng.next() % 1_000_000) / Double(1 + rng.next() % 1000))
        }
        for v in values {
            var out = JSONBytes()
            out.number(v)
            let expected = !v.isFinite ? "null" : v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
            #expect(String(decoding: out.bytes, as: UTF8.self) == expected, "\(v)")
        }
    }

    /// Escaping bytes gives what escaping scalars gives, for any text.
    @Test func stringsAreEscapedAsScalarsWouldBe() {
        var rng = SplitMix64(seed: 5)
        let pieces: [String] = ["a", " ", "\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}", "\u{80}",
                                "\u{9F}", "\u{A0}", "é", "\u{C2}", "日", "😀", "\r\n", "\u{2028}", "}"]
        for _ in 0..<5_000 {
            let text = (0..<Int(rng.next() % 12)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
            var expected = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": expected += "\\\""
                case "\\": expected += "\\\\"
                case "\n": expected += "\\n"
                case "\r": expected += "\\r"
                case "\t": expected += "\\t"
                default:
                    if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                        let hex = String(scalar.value, radix: 16)
                        expected += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    } else {
                        expected.unicodeScalars.append(scalar)
                    }
                }
            }
            #expect(JSONWriter.quote(text) == expected + "\"", "\(Array(text.utf8))")
        }
    }
}
