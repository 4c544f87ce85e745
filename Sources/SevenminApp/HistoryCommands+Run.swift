// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminCore
import SevenminHistory
import SevenminSystem

extension HistoryCommand: RunnableCommand {
    func run() -> Int32 {
        if let edit { return run(edit) }
        if verify { return runVerify() }
        var sessions: [SessionSummary] = []
        var segments: [Int64: [SegmentRecord]] = [:]
        var samples: [Int64: [HeartRateSample]] = [:]
        var pauses: [Int64: [PauseRecord]] = [:]
        let store: HistoryLibrary?
        // The date's midnight on each workout's own clock, as the list shows it.
        let from = since.map { Double($0.dayNumber) * 86400 }
        do {
            store = try HistoryReading.store()
            sessions = try store?.sessions(since: from, limit: limit) ?? []
            // FIT files hold a lap for each segment, and a record each second with a heart rate; JSON streams
            // them below.
            if format.isFIT, let store {
                let recorded = try store.mayHaveHeartRate(sessions.map(\.record.id))
                for s in sessions {
                    segments[s.record.id] = try store.segments(of: s.record.id)
                    let heart = recorded(s.record.id) ? try store.heartRate(of: s.record.id) : []
                    if !heart.isEmpty { samples[s.record.id] = heart }
                    pauses[s.record.id] = try store.pauses(of: s.record.id)
                }
            }
            // The list and the CSV give each workout's heart rate, where one was recorded.
            if format.summarisesHeartRate, let store {
                let hearts = try store.heartRates(of: sessions.map(\.record.id))
                for k in sessions.indices { sessions[k].heart = hearts[sessions[k].record.id] }
            }
        } catch {
            return HistoryReading.report(error)
        }
        switch format {
        case .text:
            // A history with nothing readable left in it is not empty: what is wrong is said below.
            if sessions.isEmpty, !HistoryReading.leftOut(store) { Console.out(nothingRecorded + ".\n") }
            if !sessions.isEmpty {
                Console.out(HistoryReport.text(sessions, metrics: .system))
            }
        case .json:
            // JSON is for scripts, which get every segment as recorded: streamed, a session at a time.
            guard let store, !sessions.isEmpty else {
                Console.out("[]\n")
                break
            }
            do {
                try streamJSON(sessions, from: store)
            } catch {
                return HistoryReading.report(error)
            }
        case .csv: Console.out(HistoryReport.csv(sessions))
        case .fit(let dir):
            // With rows of the history left out as unreadable, a file already written may hold more than
            // the history now shows: it is not replaced.
            return HistoryCommand.writeFIT(sessions.map(\.record), segments: segments, heartRate: samples,
                                           pauses: pauses, into: dir, nothing: nothingRecorded,
                                           replacing: !HistoryReading.leftOut(store))
        }
        return HistoryReading.finish(store)
    }

    /// What an empty list means: nothing yet, or nothing since the date asked for.
    var nothingRecorded: String {
        since.map { "No workouts recorded since \($0.iso)" } ?? "No workouts recorded yet"
    }
}

extension HistoryCommand {
    /// Writes the JSON array as the segments are read, into one buffer written out in chunks, never
    /// holding it whole.
    private func streamJSON(_ sessions: [SessionSummary], from library: HistoryLibrary) throws(HistoryError) {
        let chunk = 1 << 16
        var out = JSONBytes(capacity: 2 * chunk)
        out.raw("[\n")
        func flushing() {
            guard out.count >= chunk else { return }
            Console.out(out.bytes)
            out.removeAll()
        }
        // Each workout's heart rate, over it and per segment, where one was recorded.
        let recorded = try library.mayHaveHeartRate(sessions.map(\.record.id))
        func withHeart(_ s: SessionSummary, _ segments: [SegmentRecord]) throws(HistoryError) -> SessionSummary {
            guard recorded(s.record.id) else { return s }
            let samples = try library.heartRate(of: s.record.id)
            guard !samples.isEmpty else { return s }
            var s = s
            s.heart = HeartRateSummary.Workout(segments: segments, samples: samples)
            return s
        }
        guard let own = library.own, library.others.isEmpty else {
            // Several machines' files: each session's segments read on their own, in the order shown.
            for (k, s) in sessions.enumerated() {
                if k > 0 { out.raw(",\n") }
                let segments = try library.segments(of: s.record.id)
                HistoryReport.writeJSONObject(try withHeart(s, segments), segments: segments, into: &out)
                flushing()
            }
            out.raw("\n]\n")
            Console.out(out.bytes)
            return
        }
        var position: [Int64: Int] = [:]
        for (k, s) in sessions.enumerated() { position[s.record.id] = k }
        var next = 0
        func emit(through k: Int, _ segments: [SegmentRecord]) throws(HistoryError) {
            // Sessions in between had no segments; they still get their list.
            while next <= k {
                if next > 0 { out.raw(",\n") }
                let these = next == k ? segments : []
                HistoryReport.writeJSONObject(try withHeart(sessions[next], these), segments: these, into: &out)
                next += 1
            }
            flushing()
        }
        // Sessions and their segments come in the same order, from the first session shown on; a heart
        // rate is read once its session's segments are in.
        var failure: HistoryError?
        try own.eachSessionsSegments(since: sessions[0].record.startedAt) { id, segments in
            guard failure == nil, let k = position[id], k >= next else { return }
            do throws(HistoryError) { try emit(through: k, segments) } catch { failure = error }
        }
        if let failure { throw failure }
        if next < sessions.count { try emit(through: sessions.count - 1, []) }
        out.raw("\n]\n")
        Console.out(out.bytes)
    }
}

extension HistoryCommand.Format {
    var isFIT: Bool {
        if case .fit = self { return true }
        return false
    }

    /// Whether each workout's heart rate is summed up: the list's columns and the CSV's.
    var summarisesHeartRate: Bool {
        switch self {
        case .text, .csv: return true
        case .json, .fit: return false
        }
    }
}

extension StatsCommand: RunnableCommand {
    /// The plan joined, with this week's planned days and the plan streak; nil without one, or when the
    /// plan cannot be followed (said, with its exit status). Its workouts are read from `library`, the one the
    /// statistics came from, so that what it left out is said once.
    private func planSummary(_ stats: HistoryStats, library: HistoryLibrary?)
        -> Result<StatsReport.PlanSummary?, ExitStatus> {
        let now = Date().timeIntervalSince1970
        // The sessions themselves only for a plan: the statistics need their sums alone.
        var sessions: [SessionRecord] = []
        let report: PlanReport, joined: JoinedPlan
        switch PlanFiles.current(now: now, sessions: {
            sessions = HistoryReading.everySession(in: library)
            return sessions
        }) {
        case .failure(let status): return .failure(status)
        case .success(nil): return .success(nil)
        case .success(let found?): (report, joined) = found
        }
        let workoutDays = Set(sessions.filter { $0.outcome == .completed }
            .map { CivilTime.dayNumber(at: $0.startedAt, utcOffset: $0.utcOffset) })
        let week = PlanWeek.compute(planDays: report.plan.days, workoutDays: workoutDays,
                                    from: CivilTime.dayNumber(at: joined.joinedAt, utcOffset: report.utcOffset),
                                    today: stats.today, weekStart: stats.weeklyStarts.last ?? stats.today)
        return .success(StatsReport.PlanSummary(name: report.plan.name, step: report.progress.step + 1,
                                                steps: report.plan.steps.count, week: week))
    }

    /// `stats --records`: every move's best, from every machine's history.
    private func runRecords() -> Int32 {
        let store: HistoryLibrary?
        let records: PersonalRecords
        do {
            store = try HistoryReading.store()
            records = try store?.records() ?? PersonalRecords()
        } catch {
            return HistoryReading.report(error)
        }
        Console.out(json ? RecordsReport.json(records)
            : RecordsReport.text(records) { SystemTimeZone.current.secondsFromUTC(at: $0) })
        return HistoryReading.finish(store)
    }

    /// Every workout (each once) with a heart rate recorded, as `stats` counts it.
    private func heartWorkouts(_ library: HistoryLibrary?) throws(HistoryError) -> [HistoryStats.HeartWorkout] {
        guard let library, !(try library.sessionsWithHeartRate()).isEmpty else { return [] }
        let sessions = try library.allSessions()
        let hearts = try library.heartRates(of: sessions.map(\.id))
        return sessions.compactMap { r in
            guard let heart = hearts[r.id], let work = heart.work else { return nil }
            return HistoryStats.HeartWorkout(day: CivilTime.dayNumber(at: r.startedAt, utcOffset: r.utcOffset),
                                             workSeconds: heart.workSeconds, work: work)
        }
    }

    /// `stats` with this week's snacks counted at their intensity, and the sitting the snack watcher told of;
    /// as they were when no snack was done this week and no watcher has written.
    private static func countingSnacks(_ stats: HistoryStats, store: HistoryLibrary?,
                                       now: Double) throws(HistoryError) -> HistoryStats {
        let week = (stats.weeklyStarts.last ?? stats.today)...stats.today
        let snacks = try store?.sessions(since: Double(week.lowerBound * CivilTime.secondsPerDay))
            .map(\.record).filter { $0.kind == .snack } ?? []
        let state = SnackWatchFile.recorded()
        guard !snacks.isEmpty || state != nil else { return stats }
        var segments: [SegmentRecord] = []
        for snack in snacks { segments += try store?.segments(of: snack.id) ?? [] }
        // Counted as the week's minutes first counted them.
        let counted = HistoryTotals(sessions: snacks, segments: segments, now: now, calendar: .current).days
        return stats.counting(SnackTally(snacks: snacks, secondsByDay: counted.mapValues(\.workout), today: stats.today,
                                         week: week, state: state, now: now,
                                         utcOffset: SystemTimeZone.current.secondsFromUTC(at: now)))
    }

    func run() -> Int32 {
        if records { return runRecords() }
        // The config file's weight, unless --weight gave one; its sex and age, for calories from the heart rate.
        var settings = self, age: Int?
        switch ConfigFile.load() {
        case .failure(let status): return status.code
        case .success(let config):
            settings = config.map { applying($0) } ?? self
            age = config?.value("age", as: Int.self)
        }
        let stats: HistoryStats
        let store: HistoryLibrary?
        do {
            store = try HistoryReading.store()
            let now = Date().timeIntervalSince1970
            stats = try Self.countingSnacks(HistoryStats.compute(try store?.totals() ?? HistoryTotals(), now: now,
                                                                 calendar: .current, weightKg: settings.weight,
                                                                 heart: try heartWorkouts(store), age: age,
                                                                 sex: settings.sex),
                                            store: store, now: now)
        } catch {
            return HistoryReading.report(error)
        }
        let planned = planSummary(stats, library: store)
        let plan = try? planned.get()
        if json {
            Console.out(StatsReport.json(stats, plan: plan))
        } else {
            let look = OutputStyle.standardOutput()
            Console.out(StatsReport.text(stats, colors: look.statsColors, utf8: look.utf8,
                                         metrics: look.metrics, plan: plan, width: Main.terminalWidth()))
        }
        let status = HistoryReading.finish(store)
        if case .failure(let failed) = planned { return max(status, failed.code) }
        return status
    }
}

/// Reading the history for `history` and `stats`. A file not there yet is an empty history (and is not
/// created). The file is only ever opened read-only: a reader changes nothing, and moves nothing aside.
enum HistoryReading {
    /// This machine's history and every other machine's in `history.d`, read together; a file of
    /// `history.d` that cannot be read is said and left out.
    static func store() throws(HistoryError) -> HistoryLibrary? {
        let own = try ownStore()
        let library = HistoryLibrary(own: own, shared: UserDirectories().sharedHistoryDirectory,
                                     ownName: ownCopyName())
        warn(library)
        return own == nil && library.others.isEmpty ? nil : library
    }

    /// The personal records of every machine's history; none where it cannot be read (`history` says why).
    static func records() -> PersonalRecords {
        ((try? store()) ?? nil).flatMap { try? $0.records() } ?? PersonalRecords()
    }

    /// Says each file of `history.d` that `library` has left out since it last said any.
    static func warn(_ library: HistoryLibrary?) {
        for notice in library?.takeNotices() ?? [] { Console.error("Warning: \(visible(notice))") }
    }

    /// Every workout of this machine and of `history.d`, each once, for a plan's step; from `library`
    /// when a command has read the history already. A file of `history.d` that cannot be read is said and
    /// left out, as `history` leaves it out; this machine's history that cannot be read counts as no
    /// workouts (`history` and `doctor` say why).
    static func everySession(in library: HistoryLibrary?? = nil) -> [SessionRecord] {
        let library = library ?? HistoryLibrary(own: (try? ownStore()) ?? nil,
                                                shared: UserDirectories().sharedHistoryDirectory,
                                                ownName: ownCopyName())
        let sessions = (try? library?.allSessions()) ?? []
        warn(library)
        return sessions
    }

    /// This machine's file, read-only; nil when there is none yet.
    static func ownStore() throws(HistoryError) -> HistoryStore? {
        guard let path = UserDirectories().historyFile else { return nil }
        var info = stat()
        // Not there yet (a link to nowhere is still there, and refused as a link).
        guard lstat(path, &info) == 0 else { return nil }
        return try HistoryStore(path: path, readOnly: true)
    }

    /// Where a workout leaves a copy of this machine's history: `history.d/ID/`, a file a month, named by this
    /// machine's id (made the first time) and marked with its host name, when the user has made
    /// `history.d` (to share it); nil otherwise. The copy was `ID.sqlite3` before, and `HOST.sqlite3` before that.
    static func publishedCopy() -> PublishedCopy? {
        let directories = UserDirectories()
        guard let dir = directories.sharedHistoryDirectory, let idFile = directories.machineIDFile else { return nil }
        var info = stat()
        guard stat(dir, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, let id = MachineID.readOrMake(idFile),
              let publisher = Publisher(machine: id, host: HistoryLibrary.machineName()) else { return nil }
        return PublishedCopy(path: dir + "/" + id, publisher: publisher,
                             formerly: dir + "/" + HistoryLibrary.machineName() + ".sqlite3")
    }

    /// The warning that this machine's copy in `history.d`, at `path`, was not brought up to date.
    static func notPublished(_ error: HistoryError, to path: String) -> String {
        if case .idShared = error { return "Warning: \(visible(error.description))" }
        return "Warning: \(visible(path)) is not up to date: \(error)"
    }

    /// The name of the copy this machine leaves in `history.d` (its id), left out of the others; nil
    /// before it has left one.
    static func ownCopyName() -> String? {
        UserDirectories().machineIDFile.flatMap(MachineID.read)
    }

    /// After the output: says, for each file read, how many rows were left out as out of range, and
    /// what damage stopped the reading (exit 1; what could be read was shown).
    static func finish(_ library: HistoryLibrary?) -> Int32 {
        guard let library else { return ExitCode.success }
        warn(library)
        var status = ExitCode.success
        for store in library.stores {
            sayIfSkipped(store)
            if let damage = store.damageFound { status = report(damage) }
        }
        return status
    }

    /// Says how many rows a read of `store` left out as out of range, if any.
    static func sayIfSkipped(_ store: HistoryStore) {
        guard store.skippedRows > 0 else { return }
        let rows = store.skippedRows == 1 ? "1 row" : "\(store.skippedRows) rows"
        Console.error("sevenmin: \(visible(store.path)): skipped \(rows) holding values out of range.")
    }

    /// Whether a read so far left anything out: rows out of range, damage, or a file of `history.d`.
    static func leftOut(_ library: HistoryLibrary?) -> Bool {
        guard let library else { return false }
        return !library.notices.isEmpty || library.stores.contains { $0.skippedRows > 0 || $0.damageFound != nil }
    }

    static func report(_ error: HistoryError) -> Int32 {
        Console.error("Error: \(error.readingDescription)")
        return ExitCode.failure
    }
}
