// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminCore
import SevenminHistory
import SevenminSystem

/// The history of one `start`: whether it is kept, where, and the work of beginning, resuming and
/// reading the streak, all off the real-time loop.
struct HistorySetup {
    /// The database file, or nil when history is off (`--no-history`, `SEVENMIN_HISTORY=off`, no home).
    let path: String?

    init(disabled: Bool, environment: [String: String] = ProcessEnvironment.current) {
        path = disabled || HistoryStore.isDisabled(environment: environment)
            ? nil : UserDirectories(environment: environment).historyFile
    }

    /// The recorder of `loaded`, as a new session or as the next part of `resumed`, and what begins it:
    /// opening the file, the session's first row and reading the streak, all in the background, which
    /// the workout runs once its first frame is out. Failures reach the workout once, through `journal`.
    func recorder(for loaded: PlanLoading.Loaded, resumed: (id: Int64, part: Int)?,
                  journal: WorkoutJournal, plan: (plan: String, step: Int)? = nil, during: String? = nil)
        -> (recorder: HistoryRecorder, begin: () -> Void)? {
        guard let path else { return nil }
        let recorder = HistoryRecorder(path: path) { [weak journal] error in
            // Publishing, after the workout: the copy in history.d is another machine's, and left as it is.
            if case .idShared(let copy, _) = error {
                return Console.error(HistoryReading.notPublished(error, to: copy))
            }
            Console.error("sevenmin: \(error)")
            if case .startedAfresh(_, let moved) = error {
                journal?.post(.notice(.historyStartedAfresh(movedTo: moved)))
            } else {
                journal?.post(.notice(.historyNotSaved(path: path, error.problem)))
            }
        }
        // When the command started, not when the screen came up.
        let now = Date().timeIntervalSince1970
        let begin = { [weak journal] in
            if let resumed {
                recorder.resume(sessionID: resumed.id, part: resumed.part)
            } else {
                recorder.begin(SessionRecord(
                    routine: loaded.plan.routine.name, routineFile: loaded.path, contentHash: loaded.contentHash,
                    seed: loaded.seed, options: PlanOptions.json(loaded.adjustments, during: during),
                    startedAt: now, utcOffset: SystemTimeZone.current.secondsFromUTC(at: now),
                    plannedSeconds: loaded.plan.totalDuration, plannedExercises: loaded.plan.workSegmentCount,
                    plan: plan?.plan, planStep: plan?.step, kind: loaded.kind))
            }
            recorder.alongside { [weak journal] written in
                // Read on the recorder's thread, after this session's first row and before any of its segments:
                // a thread of its own contended with that first write for SQLite's locks at every start.
                // Through the recorder's own connection; read-only when it could not open the file for writing
                // (a file made read-only still shows its streak). Every machine's workouts count, each once.
                let store = HistoryLibrary(own: written ?? (try? HistoryStore(path: path, readOnly: true)),
                                           shared: UserDirectories().sharedHistoryDirectory,
                                           ownName: HistoryReading.ownCopyName())
                guard let totals = try? store.streakTotals() else { return }
                journal?.post(.streak(StreakBasis(totals, now: Date().timeIntervalSince1970, calendar: .current)))
            }
        }
        return (recorder, begin)
    }

    /// Where `start --resume` picks up: the latest interrupted session, its plan rebuilt from the same
    /// file, options and seed. Reports why not (nothing to resume: 66; a changed file: 65) otherwise.
    /// The session is taken for this process (`reopen`) before the workout begins, in one transaction:
    /// of two resumes at once, the second finds nothing to resume, rather than running unrecorded.
    func resumption() -> Result<(PlanLoading.Loaded, WorkoutApp.Resumption, id: Int64, part: Int,
                                 plan: (plan: String, step: Int)?), ExitStatus> {
        guard let path else {
            Console.error("Error: History is off, so there is nothing to resume.")
            return .failure(ExitStatus(ExitCode.noInput))
        }
        let point: ResumePoint
        let earlier: [SegmentRecord]
        do {
            let store = try HistoryStore(path: path)
            guard let found = try store.latestInterrupted() else {
                Console.error("Error: Nothing to resume: no interrupted workout in the history.")
                return .failure(ExitStatus(ExitCode.noInput))
            }
            point = found
            earlier = try store.segments(of: found.session.id)
        } catch {
            Console.error("Error: \(error)")
            return .failure(ExitStatus(ExitCode.failure))
        }
        var request = PlanRequest()
        // A built-in routine is found again by its name; a file by its path.
        let file = point.session.routineFile
        request.routine = file.hasPrefix(RoutineLocation.builtInFolder + "/")
            ? String(file.dropFirst(RoutineLocation.builtInFolder.count + 1).dropLast(5)) : file
        request.adjustments = PlanOptions.adjustments(fromJSON: point.session.options) ?? RoutineAdjustments()
        request.shuffle = point.session.seed.map { .seed($0) } ?? .none
        request.adjustments.shuffleSeed = nil
        switch PlanLoading.load(request) {
        case .failure(let status): return .failure(status)
        case .success(let loaded):
            guard loaded.contentHash == point.session.contentHash else {
                Console.error("Error: \(visible(loaded.path)) has changed since that workout began, "
                    + "so it cannot be resumed as the same plan.")
                return .failure(ExitStatus(ExitCode.dataError))
            }
            // After a kill the segment under way was never recorded: start it over. After a signal it
            // was recorded as cut short: start that one over.
            let index = point.session.outcome == .interrupted ? point.segmentIndex : max(0, point.segmentIndex - 1)
            guard loaded.plan.segments.indices.contains(index) else {
                Console.error("Error: Nothing to resume: that workout had reached its end.")
                return .failure(ExitStatus(ExitCode.noInput))
            }
            let resumption = WorkoutApp.Resumption(
                segmentIndex: index, exercisesDone: Set(earlier.filter(\.isDoneWork).map(\.index)),
                activeTime: earlier.reduce(0) { $0 + $1.actual })
            do {
                let part = try HistoryStore(path: path).reopen(point.session.id)
                let plan = point.session.plan.map { ($0, point.session.planStep ?? 1) }
                return .success((loaded, resumption, point.session.id, part, plan))
            } catch {
                Console.error("Error: Nothing to resume: that workout is being resumed by another sevenmin.")
                return .failure(ExitStatus(ExitCode.noInput))
            }
        }
    }
}
