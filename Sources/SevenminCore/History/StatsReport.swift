// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// `sevenmin stats`: streaks, the week against the guideline, a year's heat map, a 12-week
/// chart and totals, as text for a terminal (in colour or not) or as JSON.
public enum StatsReport {
    /// How much colour the terminal shows.
    public enum Colors: Sendable {
        case none, basic8, xterm256
    }

    static let reset = "\u{1B}[0m"
    /// Green shades like GitHub's, from the 6×6×6 cube; level 0 a dark grey.
    static let shades256 = [237, 22, 28, 34, 46]
    static let shadeGlyphs = ["·", "░", "▒", "▓", "█"]
    static let asciiGlyphs = [".", ":", "+", "*", "#"]
    static let weekdayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    /// The plan joined, as `stats` shows it: its name, step and this week's planned days.
    public struct PlanSummary: Equatable, Sendable {
        public var name: String
        public var step: Int
        public var steps: Int
        public var week: PlanWeek

        public init(name: String, step: Int, steps: Int, week: PlanWeek) {
            self.name = name
            self.step = step
            self.steps = steps
            self.week = week
        }
    }

    /// The report in at most 23 lines of at most `width` columns (80 by default), so a 24-row terminal
    /// shows it whole with the prompt: the day streak first, then the plan's, this week, a heat map of as
    /// many weeks as fit with its days kept apart, the last 12 weeks in one line, and the most done.
    public static func text(_ stats: HistoryStats, colors: Colors, utf8: Bool, metrics: TextMetrics,
                            plan: PlanSummary? = nil, width: Int = 80) -> String {
        var out: [String] = []
        out.append(streakLine(stats))
        if let plan {
            let kept = plan.week.streak == 1 ? "1 planned day" : "\(plan.week.streak) planned days"
            out.append("Plan streak: \(kept) kept in a row (\(visible(plan.name)), step \(plan.step) of \(plan.steps))")
            out.append("  This week: " + plan.week.line(utf8: utf8))
        }
        let guideline = HistoryStats.weeklyGuidelineMinutes
        let percent = Int((100 * stats.weekMinutes / guideline).rounded(.down))
        out.append("This week: " + bar(stats.weekMinutes, scale: guideline, width: 20, marker: nil, colors: colors,
                                       utf8: utf8, met: stats.weekMinutes >= guideline)
                   + " \(wholeMinutes(stats.weekMinutes)) of \(Int(guideline)) minutes"
                   + " (\(percent)%, ACSM/WHO guideline)")
        if let snacks = stats.snacks { out.append(snacks.line) }
        out.append("Workouts: \(stats.sessions) (\(stats.completedSessions) completed), "
                   + TimeFormat.hoursMinutesWords.string(stats.totalWorkSeconds, roundingUp: false) + " of work")
        if stats.heartWorkouts > 0, let average = stats.heartAverage, let peak = stats.heartPeak {
            out.append("Heart rate: \(stats.heartWorkouts) workout\(stats.heartWorkouts == 1 ? "" : "s") recorded, "
                       + "average \(average) bpm, peak \(peak) bpm during work")
        }
        if let total = stats.totalCalories, let week = stats.weekCalories, let kg = stats.weightKg {
            let met = "MET \(HistoryStats.met) at \(HistoryReport.number(kg)) kg"
            out.append("Energy: about \(Int(total.rounded())) kcal in all, \(Int(week.rounded())) this week"
                       + (stats.heartCalorieWorkouts == 0 ? " (\(met))" : ""))
            // Which workouts' calories come from what: the heart rate's, and MET minutes for the others.
            if stats.heartCalorieWorkouts > 0 {
                let others = stats.sessions > stats.heartCalorieWorkouts ? "; \(met) for the others" : ""
                out.append("  from heart rate in \(stats.heartCalorieWorkouts) workout"
                           + (stats.heartCalorieWorkouts == 1 ? "" : "s") + " (Keytel 2005)" + others)
            } else if stats.heartWorkouts > 0 {
                out.append("  by MET minutes: from heart rate with \"age\" and \"sex\" in the config")
            }
        }
        out.append("")
        let map = heatMap(stats, colors: colors, utf8: utf8, width: width)
        out.append("Last \(map.weeks) weeks   less " + (0...4).map { cell($0, colors: colors, utf8: utf8) }
            .joined(separator: " ") + " more")
        out += map.rows
        out.append("")
        let scale = max(guideline, stats.weeklyMinutes.max() ?? 0)
        out.append("Minutes a week, last \(stats.weeklyMinutes.count): "
                   + stats.weeklyMinutes.map { spark($0, scale: scale, utf8: utf8) }.joined(separator: " ")
                   + " (\(utf8 ? "█" : "#") = \(Int(scale)))")
        if !stats.exercises.isEmpty {
            // As many as the 23 lines leave room for, up to three.
            let shown = stats.exercises.prefix(max(1, min(3, 23 - out.count - 2)))
            out.append("")
            let of = stats.exercises.count > shown.count ? " of \(stats.exercises.count) exercises" : ""
            out.append("Most done" + of)
            let width = shown.map { metrics.width(visible($0.title)) }.max() ?? 0
            for e in shown {
                let title = visible(e.title)
                out.append("  " + title + String(repeating: " ", count: width - metrics.width(title)) + "  "
                           + pad(String(e.times), 5) + (e.times == 1 ? " time   " : " times  ")
                           + pad(TimeFormat.clock(e.seconds, roundingUp: false), 8))
            }
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// The one day streak, named as such: "Day streak: 5 days in a row (best: 5 days)."
    static func streakLine(_ stats: HistoryStats) -> String {
        let best = "best: \(days(stats.longestStreak))"
        let rule = "a day counts with \(Int(stats.dayThreshold / 60)) minutes of workout"
        switch (stats.currentStreak, stats.todayCounts) {
        case (0, _):
            if stats.longestStreak == 0 { return "Day streak: none yet (\(rule))." }
            return "Day streak: none today (\(best); \(rule))."
        case (let n, true):
            return "Day streak: \(days(n)) in a row (\(best))."
        case (let n, false):
            return "Day streak: \(days(n)) in a row; work out today to make it \(n + 1) (\(best))."
        }
    }

    /// One week's minutes as a bar of eighths, "·" for none.
    static func spark(_ minutes: Double, scale: Double, utf8: Bool) -> String {
        guard minutes > 0, scale > 0 else { return utf8 ? "·" : "." }
        let levels = utf8
            ? ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
            : [".", ":", "-", "=", "+", "*", "%", "#"]
        return levels[max(0, min(7, Int((minutes / scale * 8).rounded(.up)) - 1))]
    }

    /// Seven rows (one a weekday) of one cell a week, each followed by a space so that days never run
    /// together, oldest week on the left, with month names above: the latest weeks that fit `width`.
    static func heatMap(_ stats: HistoryStats, colors: Colors, utf8: Bool,
                        width: Int = 80) -> (weeks: Int, rows: [String]) {
        let all = HistoryStats.heatMapWeeks
        let weeks = max(1, min(all, (width - 4) / 2))
        let first = all - weeks
        var header = [Character](repeating: " ", count: 2 * weeks + 3)
        var lastMonth = 0
        for week in 0..<weeks {
            let date = CivilTime(dayNumber: stats.heatMapStart + 7 * (first + week))
            // A month is named above the first week that starts in it, when the name fits.
            if date.month != lastMonth, 2 * week + 3 <= 2 * weeks, header[max(0, 2 * week - 1)] == " " {
                for (k, c) in date.monthAbbreviation.enumerated() { header[2 * week + k] = c }
            }
            lastMonth = date.month
        }
        var rows = ["    " + String(String(header).trailingSpaceTrimmed)]
        let firstWeekday = ((stats.heatMapStart + 4) % 7 + 7) % 7
        for row in 0..<7 {
            var line = weekdayNames[(firstWeekday + row) % 7] + " "
            for week in first..<all {
                let index = 7 * week + row
                guard index < stats.heatMapMinutes.count else { line += "  "; continue }
                let level = HistoryStats.level(minutes: stats.heatMapMinutes[index], threshold: stats.dayThreshold)
                line += cell(level, colors: colors, utf8: utf8) + " "
            }
            rows.append(String(line.trailingSpaceTrimmed))
        }
        return (weeks, rows)
    }

    static func cell(_ level: Int, colors: Colors, utf8: Bool) -> String {
        let glyphs = utf8 ? shadeGlyphs : asciiGlyphs
        switch colors {
        case .none: return glyphs[level]
        case .xterm256: return "\u{1B}[38;5;\(shades256[level])m" + (utf8 ? "■" : "#") + reset
        case .basic8:
            // Eight colours have one green; the glyph carries the shade, bold the top two.
            if level == 0 { return glyphs[0] }
            return (level >= 3 ? "\u{1B}[1;32m" : "\u{1B}[32m") + glyphs[level] + reset
        }
    }

    /// A horizontal bar of `width` cells for `value` out of `scale`, in eighths where UTF-8 allows,
    /// with `marker` drawn where the bar stops short of it.
    static func bar(_ value: Double, scale: Double, width: Int, marker: Double?, colors: Colors, utf8: Bool,
                    met: Bool) -> String {
        let eighths = scale > 0 ? Int((min(value, scale) / scale * Double(width * 8)).rounded()) : 0
        var cells: [String] = []
        if utf8 {
            let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
            cells = Array(repeating: "█", count: eighths / 8)
            if eighths % 8 > 0 { cells.append(partial[eighths % 8]) }
        } else {
            cells = Array(repeating: "#", count: (eighths + 4) / 8)
        }
        let filled = cells.count
        // A bar with a marker is a chart row; without one, a progress bar with its track shown.
        var rest = Array(repeating: marker == nil ? (utf8 ? "░" : "-") : " ", count: width - filled)
        if let marker, scale > 0 {
            let column = min(width - 1, Int((marker / scale * Double(width)).rounded()))
            if column >= filled { rest[column - filled] = utf8 ? "│" : "|" }
        }
        let drawn = cells.joined()
        let color = colors == .none || drawn.isEmpty ? "" : (met ? "\u{1B}[32m" : "\u{1B}[33m")
        return color + drawn + (color.isEmpty ? "" : reset) + rest.joined()
    }

    /// The statistics as one JSON object.
    public static func json(_ stats: HistoryStats, plan: PlanSummary? = nil) -> String {
        let n = HistoryReport.number
        let heat = stats.heatMapMinutes.enumerated().map { k, m in
            "{\"date\": \"\(CivilTime(dayNumber: stats.heatMapStart + k).iso)\", \"minutes\": \(n(m)), "
                + "\"level\": \(HistoryStats.level(minutes: m, threshold: stats.dayThreshold))}"
        }
        let weekly = zip(stats.weeklyStarts, stats.weeklyMinutes).map { start, m in
            "{\"week_start\": \"\(CivilTime(dayNumber: start).iso)\", \"minutes\": \(n(m))}"
        }
        let exercises = stats.exercises.map {
            "{\"title\": \(JSONWriter.quote($0.title)), \"times\": \($0.times), \"seconds\": \(n($0.seconds))}"
        }
        let fields: [(String, String)] = [
            ("today", "\"\(CivilTime(dayNumber: stats.today).iso)\""),
            ("current_streak", String(stats.currentStreak)),
            ("today_counts", String(stats.todayCounts)),
            ("longest_streak", String(stats.longestStreak)),
            ("day_threshold_minutes", n(stats.dayThreshold / 60)),
            ("week_minutes", n(stats.weekMinutes)),
            ("guideline_minutes", n(HistoryStats.weeklyGuidelineMinutes)),
            ("snacks_today", stats.snacks.map { String($0.today) } ?? "0"),
            ("snacks_week", stats.snacks.map { String($0.week) } ?? "0"),
            ("sitting_longest_today_seconds", stats.snacks?.longestSittingToday.map(n) ?? "null"),
            ("sitting_week_average_seconds", stats.snacks?.averageLongestSitting.map(n) ?? "null"),
            ("sessions", String(stats.sessions)),
            ("completed_sessions", String(stats.completedSessions)),
            ("total_work_seconds", n(stats.totalWorkSeconds)),
            ("met", n(HistoryStats.met)),
            ("weight_kg", stats.weightKg.map(n) ?? "null"),
            ("total_kcal", stats.totalCalories.map(n) ?? "null"),
            ("week_kcal", stats.weekCalories.map(n) ?? "null"),
            ("kcal_from", stats.totalCalories == nil ? "null" : stats.heartCalorieWorkouts == 0 ? "\"met\""
                : stats.heartCalorieWorkouts < stats.sessions ? "\"heart_rate_and_met\"" : "\"heart_rate\""),
            ("kcal_heart_rate_workouts", String(stats.heartCalorieWorkouts)),
            ("age", stats.ageYears.map(String.init) ?? "null"),
            ("sex", stats.sex.map { "\"\($0.rawValue)\"" } ?? "null"),
            ("heart_rate_workouts", String(stats.heartWorkouts)),
            ("heart_rate_average", stats.heartAverage.map(String.init) ?? "null"),
            ("heart_rate_peak", stats.heartPeak.map(String.init) ?? "null"),
            ("weekly", "[" + weekly.joined(separator: ", ") + "]"),
            ("exercises", "[" + exercises.joined(separator: ", ") + "]"),
            ("heat_map", "[\n    " + heat.joined(separator: ",\n    ") + "\n  ]"),
            ("plan", plan.map { p in
                JSONWriter.line(.object([
                    .init("name", .string(p.name)), .init("step", .integer(p.step)), .init("steps", .integer(p.steps)),
                    .init("streak", .integer(p.week.streak)),
                    .init("week", .array(p.week.days.map { d in
                        .object([.init("date", .string(CivilTime(dayNumber: d.day).iso)),
                                 .init("status", .string(d.status.rawValue)),
                                 .init("made_up_on",
                                       d.madeUpOn.map { .string(CivilTime(dayNumber: $0).iso) } ?? .null)])
                    })),
                ]))
            } ?? "null"),
        ]
        return "{\n" + fields.map { "  \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n}\n"
    }

    static func days(_ n: Int) -> String { n == 1 ? "1 day" : "\(n) days" }
    static func wholeMinutes(_ m: Double) -> String { String(Int(m.rounded())) }
    static func pad(_ s: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - s.count)) + s }
}
