// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// The sums `HistoryStats` is computed from: seconds per local day, totals per exercise and the
/// number of sessions. The store adds them up in SQL, from a few thousand rows, however long the
/// history; `init(sessions:segments:…)` adds them up from the records, as the reference.
public struct HistoryTotals: Equatable, Sendable {
    /// One local day's seconds: of completed workout (what streaks and the heat map count), and of
    /// work however it ended (what the week's work and calories count).
    public struct Day: Equatable, Sendable {
        public var workout: Double
        public var work: Double

        public init(workout: Double = 0, work: Double = 0) {
            self.workout = workout
            self.work = work
        }
    }

    /// One exercise's work that ran its full time: how often, and for how long in all.
    public struct Exercise: Equatable, Sendable {
        public var times: Int
        public var seconds: Double

        public init(times: Int = 0, seconds: Double = 0) {
            self.times = times
            self.seconds = seconds
        }
    }

    /// By local day (days since 1970), the day each workout started on by its stored UTC offset.
    public var days: [Int: Day]
    public var exercises: [String: Exercise]
    public var sessions: Int
    public var completedSessions: Int

    public init(days: [Int: Day] = [:], exercises: [String: Exercise] = [:], sessions: Int = 0,
                completedSessions: Int = 0) {
        self.days = days
        self.exercises = exercises
        self.sessions = sessions
        self.completedSessions = completedSessions
    }

    /// Adds `other` in, as another file's sessions (each session counted in one of them only).
    public mutating func add(_ other: HistoryTotals) {
        for (day, sums) in other.days {
            days[day, default: Day()].workout += sums.workout
            days[day, default: Day()].work += sums.work
        }
        for (title, sums) in other.exercises {
            exercises[title, default: Exercise()].times += sums.times
            exercises[title, default: Exercise()].seconds += sums.seconds
        }
        sessions += other.sessions
        completedSessions += other.completedSessions
    }

    /// The sums of the records themselves. A workout counts on the local day it started, by the UTC
    /// offset stored with it: one begun at 23:56 is not split across midnight, and a trip's workouts
    /// keep the days they were lived on. A segment without its session counts on the day it ended.
    public init(sessions: [SessionRecord], segments: [SegmentRecord], now: Double, calendar: LocalCalendar) {
        self.init(sessions: sessions.count, completedSessions: sessions.filter { $0.outcome == .completed }.count)
        var startDay: [Int64: Int] = [:]
        for session in sessions {
            startDay[session.id] = CivilTime.dayNumber(at: session.startedAt, utcOffset: session.utcOffset)
        }
        let earliest = min(now, segments.lazy.map(\.endedAt).min() ?? now)
        let local = LocalDays(calendar: calendar, from: earliest, to: now)
        for segment in segments where segment.kind == "work" || segment.isCompletedWorkout {
            let day = startDay[segment.sessionID] ?? local.day(at: segment.endedAt)
            if segment.kind == "work" { days[day, default: Day()].work += segment.actual }
            guard segment.isCompletedWorkout else { continue }
            days[day, default: Day()].workout += segment.actual
            guard segment.isCompletedWork else { continue }
            // An exercise done on each side is one time, counted as its second side runs out.
            if segment.side != 1 { exercises[segment.exercise, default: Exercise()].times += 1 }
            exercises[segment.exercise, default: Exercise()].seconds += segment.actual
        }
    }
}
