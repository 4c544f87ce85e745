// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import SevenminBuiltIn
import SevenminCore
import SevenminHistory
import SevenminSystem

extension SnackCommand: RunnableCommand {
    /// Runs the snack through `start`'s machinery, with the config file's settings under the options typed.
    func run() -> Int32 {
        var start = StartCommand()
        start.mute = mute
        start.noHistory = noHistory
        start.plain = plain
        start.explicit = explicit
        return start.run { snack(config: $0) }
    }

    /// The snack to run: its moves chosen by `SnackChooser` from the library and the snacks done since yesterday
    /// (`during --snack`'s too).
    func snack(config: UserConfig?) -> Result<PlanLoading.Loaded, ExitStatus> {
        let now = Date().timeIntervalSince1970
        let offset = SystemTimeZone.current.secondsFromUTC(at: now)
        let today = CivilTime.dayNumber(at: now, utcOffset: offset)
        let library: [Exercise]
        do {
            let routines = try routine.map { [try WorkoutDataSource().load($0)] }
                ?? BuiltInFiles.routineNames.compactMap { name in
                    try BuiltInFiles.routine(name).map { try RoutineLoader.parse($0, path: name) }
                }
            library = routines.flatMap { $0.warmup + $0.exercises + $0.cooldown }
        } catch {
            return .failure(ExitStatus(PlanLoading.report(error)))
        }
        let known = Set(library.flatMap(\.tags))
        if let unknown = without.first(where: { !known.contains($0) }) {
            return .failure(ExitStatus(PlanLoading.report(PlanRequest.Failure.unknownTag(unknown,
                                                                                         known: known.sorted()))))
        }
        let moves = SnackChooser.moves(library, desk: routine == nil,
                                       without: (routine == nil ? SnackChooser.leftOut : []) + without)
        guard !moves.isEmpty else {
            Console.error("Error: No move is left for a snack" + (without.isEmpty ? "." : " without "
                + without.map(visible).joined(separator: ", ") + "."))
            return .failure(ExitStatus(ExitCode.dataError))
        }
        let count = minutes ?? config?.value("snackMinutes", as: Int.self) ?? SnackSchedule().minutes
        let chosen = SnackChooser.choose(count, from: moves, done: Self.done(since: today - 1, now: now),
                                         today: today, seed: UInt64.random(in: 0...UInt64.max))
        let routine = SnackChooser.routine(chosen, level: Self.planLevel(now: now))
        return .success(PlanLoading.Loaded(
            plan: Plan(routine), seed: nil, path: SnackChooser.routineName,
            contentHash: ContentHash.sha256(Array(chosen.map(\.title).joined(separator: "\n").utf8)),
            adjustments: RoutineAdjustments(), kind: .snack))
    }

    /// The moves of the snacks done since local day `day` began, on any machine, oldest first.
    private static func done(since day: Int, now: Double) -> [SnackChooser.Done] {
        guard let library = (try? HistoryReading.store()) ?? nil,
              let sessions = try? library.sessions(since: Double(day * CivilTime.secondsPerDay)) else { return [] }
        return sessions.filter { $0.record.kind == .snack }.flatMap { summary in
            let done = CivilTime.dayNumber(at: summary.record.startedAt, utcOffset: summary.record.utcOffset)
            let segments = (try? library.segments(of: summary.record.id)) ?? []
            return segments.filter { $0.kind == SegmentKind.work.rawValue && $0.side != 2 }
                .map { SnackChooser.Done(title: $0.exercise, day: done) }
        }
    }

    /// How far the joined plan has gone, 0 at its first step to 1 at its last; 0 when none is joined.
    private static func planLevel(now: Double) -> Double {
        guard case .success(let (report, _)?) = PlanFiles.current(now: now) else { return 0 }
        return Double(report.progress.step) / Double(max(1, report.plan.steps.count - 1))
    }
}
