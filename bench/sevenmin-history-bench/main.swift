// SPDX-License-Identifier: GPL-3.0-or-later
// Generates a large workout history and times `stats` on it (see BENCHMARKS.md), and records a
// synthetic workout through HistoryRecorder so tests can run, kill and race real processes.
//
//   sevenmin-history-bench time [--sessions N] [--runs N] [--db PATH] [--print [--color] [--ascii]]
//   sevenmin-history-bench record --db PATH [--segments N] [--interval-ms N] [--routine NAME] [--uuid UUID]
//   sevenmin-history-bench sync [--sessions N]
//   sevenmin-history-bench machines --state DIR [--sessions N] [--machines N]
import FoundationEssentials
import Glibc
import SevenminCore
import SevenminHistory
import SevenminSystem

let exercises = ["Jumping jacks", "Wall sit", "Push-up", "Abdominal crunch", "Step-up onto chair", "Squat",
                 "Triceps dip on chair", "Plank", "High knees running in place", "Lunge", "Push-up and rotation",
                 "Side plank"]

func option(_ name: String, _ fallback: String) -> String {
    let args = CommandLine.arguments
    guard let k = args.firstIndex(of: name), k + 1 < args.count else { return fallback }
    return args[k + 1]
}

/// Segment `index` of the classic plan: get ready, then work and rest in turn.
func classicSegment(_ index: Int, endedAt: Double, ended: SegmentEnding = .ranOut) -> SegmentRecord {
    let kind = index == 0 ? "getReady" : (index % 2 == 1 ? "work" : "rest")
    let length = kind == "work" ? 30.0 : 10.0
    return SegmentRecord(index: index, kind: kind, exercise: exercises[max(0, index - 1) / 2 % exercises.count],
                         round: 1, planned: length, actual: ended == .ranOut ? length : length / 3,
                         ended: ended, endedAt: endedAt)
}

func session(start: Double, routine: String = "classic") -> SessionRecord {
    SessionRecord(routine: routine, routineFile: "Workouts/\(routine).json", contentHash: ContentHash.sha256([1, 2, 3]),
                  startedAt: start, utcOffset: 0, plannedSeconds: 480, plannedExercises: 12)
}

/// Fills `store` with `count` sessions ending today: most days one, some two, some none; one in
/// ten quit part-way and a few skip an exercise, as real use would.
func generate(_ store: HistoryStore, count: Int, now: Double) throws {
    var rng = SplitMix64(seed: 7)
    var starts: [Double] = [0]
    for _ in 1..<count {
        let gap = rng.next() % 100 < 30 ? 3600 * 5 : 86400 + Int(rng.next() % 7200)
        starts.append(starts.last! + Double(gap))
    }
    // At most twenty years back: a longer history would start before 1970, which the store refuses to
    // believe. A bigger history is then several workouts a day.
    let span = 20 * 365 * 86400.0
    if starts.last! > span { starts = starts.map { $0 * span / starts.last! } }
    // The last one an hour ago, so that today and this week have data.
    let shift = now - 3600 - starts.last!
    // One transaction, the sums added up once at its end rather than by a trigger for every segment.
    try store.bulkLoad { () throws(HistoryError) in
        for n in 0..<count {
            let t = starts[n] + shift
            let id = try store.beginSession(session(start: t))
            let last = rng.next() % 10 == 0 ? Int(rng.next() % 23) : 23
            var end = t
            for k in 0...last {
                let skipped = k % 2 == 1 && rng.next() % 40 == 0
                var s = classicSegment(k, endedAt: end, ended: skipped ? .skipped : .ranOut)
                end += s.actual
                s.endedAt = end
                s.sessionID = id
                try store.recordSegment(s)
            }
            try store.finish(id, outcome: last == 23 ? .completed : .quit)
        }
    }
}

func milliseconds(_ d: Duration) -> Double {
    Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
}

func time() throws {
    let count = Int(option("--sessions", "10000"))!
    let runs = Int(option("--runs", "20"))!
    let dir = FileManager.default.temporaryDirectory.path + "/sevenmin-history-bench-\(getpid())"
    let path = option("--db", dir + "/history.sqlite3")
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let clock = ContinuousClock()
    let now = Date().timeIntervalSince1970
    let calendar = LocalCalendar.current

    let generating = try clock.measure { try generate(HistoryStore(path: path), count: count, now: now) }
    let store = try HistoryStore(path: path, readOnly: true)
    let library = HistoryLibrary(own: store, shared: nil)
    var totals = HistoryTotals()
    var loads: [Double] = [], computes: [Double] = [], renders: [Double] = [], streaks: [Double] = []
    var bytes = 0
    for run in 0...runs {
        let load = try clock.measure { totals = try library.totals() }
        // What a workout reads at its start, in the background: the file's sums a day, and the streak.
        let streak = try clock.measure {
            _ = StreakBasis(try library.streakTotals(), now: now, calendar: calendar)
        }
        var stats: HistoryStats?
        let compute = clock.measure {
            stats = HistoryStats.compute(totals, now: now, calendar: calendar, weightKg: 70)
        }
        let render = clock.measure {
            bytes = StatsReport.text(stats!, colors: .xterm256, utf8: true, metrics: .unicode).utf8.count
                + StatsReport.json(stats!).utf8.count
        }
        // The first run warms caches and is not counted.
        if run > 0 {
            loads.append(milliseconds(load))
            computes.append(milliseconds(compute))
            renders.append(milliseconds(render))
            streaks.append(milliseconds(streak))
        }
    }
    if CommandLine.arguments.contains("--print"), let stats = Optional(HistoryStats.compute(
        totals, now: now, calendar: calendar, weightKg: 70)) {
        let utf8 = !CommandLine.arguments.contains("--ascii")
        let colors: StatsReport.Colors = CommandLine.arguments.contains("--color") ? .xterm256 : .none
        print(StatsReport.text(stats, colors: colors, utf8: utf8, metrics: .unicode))
        print(HistoryReport.text(try store.sessions(limit: 5), metrics: .unicode))
    }
    let both = zip(computes, renders).map { $0 + $1 }
    func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }
    var info = stat()
    let fileSize = stat(path, &info) == 0 ? Int(info.st_size) : 0
    print("sessions: \(totals.sessions), days: \(totals.days.count), file: \(fileSize / 1024) KiB")
    print("generate (one transaction, the sums added up once): \(Int(milliseconds(generating))) ms")
    print("load (sums in SQL, rows out of range counted): median \(median(loads).fixed(1)) ms, "
          + "max \(loads.max()!.fixed(1)) ms")
    print("start-up streak (read + compute): median \(median(streaks).fixed(1)) ms, max \(streaks.max()!.fixed(1)) ms "
          + "(target ≤ 20 ms)")
    print("stats compute: median \(median(computes).fixed(1)) ms; render text + JSON (\(bytes) bytes): "
          + "median \(median(renders).fixed(1)) ms")
    print("stats compute + render: median \(median(both).fixed(1)) ms, max \(both.max()!.fixed(1)) ms "
          + "over \(runs) runs (target ≤ 100 ms)")
}

/// One more workout on a history of `--sessions` workouts (1,000) with a heart rate a second: how many bytes of
/// files under `history.d` change, for a sync to move, with the copy split by month and as one file.
func measureSync() throws {
    let count = Int(option("--sessions", "1000"))!
    let dir = FileManager.default.temporaryDirectory.path + "/sevenmin-history-sync-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try FileManager.default.createDirectory(atPath: dir + "/history.d", withIntermediateDirectories: true)
    let now = Date().timeIntervalSince1970
    let store = try HistoryStore(path: dir + "/history.sqlite3")
    try generate(store, count: count, now: now - 86400)
    // A strap's reading a second through every workout, as HeartRateLog keeps it.
    func heart(_ id: Int64, from start: Double) throws(HistoryError) {
        try store.recordHeartRate(id, (0..<480).map { HeartRateSample(at: start + Double($0), bpm: 120 + $0 % 50) })
    }
    try store.bulkLoad { () throws(HistoryError) in
        for s in try store.allSessions() { try heart(s.id, from: s.startedAt) }
    }
    let copy = PublishedCopy(path: dir + "/history.d/" + String(repeating: "5", count: 32),
                             publisher: Publisher(machine: String(repeating: "5", count: 32), host: "bench")!,
                             formerly: nil)
    let single = dir + "/history.d/single.sqlite3"
    try store.publish(copy)
    try store.publish(to: single, as: copy.publisher)
    let before = files(under: dir + "/history.d")
    let clock = ContinuousClock()
    let id = try store.beginSession(session(start: now))
    for k in 0...23 {
        var s = classicSegment(k, endedAt: now + Double(k) * 20)
        s.sessionID = id
        try store.recordSegment(s)
    }
    try heart(id, from: now)
    try store.finish(id, outcome: .completed)
    let months = try clock.measure { try store.publish(copy) }
    let whole = try clock.measure { try store.publish(to: single, as: copy.publisher) }
    let after = files(under: dir + "/history.d")
    let changed = after.filter { before[$0.key] == nil || before[$0.key]! != $0.value }
    let split = changed.filter { $0.key != single }.map(\.value.size).reduce(0, +)
    let monthFiles = after.keys.filter { $0 != single }.count
    let total = after.filter { $0.key != single }.map(\.value.size).reduce(0, +)
    print("history: \(count + 1) workouts with heart rate; one copy: \(after[single]!.size / 1024) KiB; "
          + "split: \(monthFiles) months, \(total / 1024) KiB")
    print("one more workout: months changed \(changed.count - 1), \(split / 1024) KiB written in "
          + "\(Int(milliseconds(months))) ms (target ≤ 1024 KiB); the one copy: \(after[single]!.size / 1024) KiB in "
          + "\(Int(milliseconds(whole))) ms")
}

/// A state folder (`--state`, as XDG_STATE_HOME) whose history is `--sessions` workouts (1,000) with a heart rate
/// a second, recorded in turn on `--machines` machines (3): this one's own history and copy in `history.d`, and
/// the others' copies there, a file a month, as each machine's sevenmin leaves them.
func writeMachines() throws {
    let count = Int(option("--sessions", "1000"))!, machines = Int(option("--machines", "3"))!
    let folder = option("--state", "") + "/sevenmin"
    try FileManager.default.createDirectory(atPath: folder + "/history.d", withIntermediateDirectories: true)
    let scratch = FileManager.default.temporaryDirectory.path + "/sevenmin-history-machines-\(getpid())"
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let whole = try HistoryStore(path: scratch + "/all.sqlite3")
    try generate(whole, count: count, now: Date().timeIntervalSince1970)
    let all = try whole.allSessions()
    for m in 0..<machines {
        let id = String(repeating: String(m + 1), count: 32)
        let path = m == 0 ? folder + "/history.sqlite3" : scratch + "/\(m).sqlite3"
        let store = try HistoryStore(path: path)
        try store.bulkLoad { () throws(HistoryError) in
            for s in all.indices where s % machines == m {
                let record = all[s]
                let local = try store.beginSession(record)
                for var segment in try whole.segments(of: all[s].id) {
                    segment.sessionID = local
                    try store.recordSegment(segment)
                }
                try store.recordHeartRate(local, (0..<480).map {
                    HeartRateSample(at: record.startedAt + Double($0), bpm: 120 + $0 % 50)
                })
                try store.finish(local, outcome: all[s].outcome ?? .completed)
            }
        }
        if m == 0 { try AtomicFile.write("\(id)\n", to: folder + "/machine-id") }
        try store.publish(PublishedCopy(path: folder + "/history.d/" + id,
                                        publisher: Publisher(machine: id, host: "machine-\(m + 1)")!, formerly: nil))
    }
    print("\(count) workouts with heart rate on \(machines) machines in \(folder)")
}

/// Every file under `folder`, with its inode, size and change time: a file replaced by a rename has a new inode.
func files(under folder: String) -> [String: FileState] {
    var found: [String: FileState] = [:]
    for name in (try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? [] {
        var info = stat()
        guard stat(folder + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
        found[folder + "/" + name] = FileState(inode: UInt64(info.st_ino), size: Int(info.st_size),
                                               changed: info.st_mtim.tv_sec * 1_000_000_000 + info.st_mtim.tv_nsec)
    }
    return found
}

struct FileState: Equatable {
    let inode: UInt64
    let size: Int
    let changed: Int
}

/// Records a classic-shaped workout as the app would, one segment every `--interval-ms`.
func record() {
    let path = option("--db", "")
    let segments = Int(option("--segments", "24"))!
    let interval = UInt32(option("--interval-ms", "0"))!
    let recorder = HistoryRecorder(path: path) { error in
        _ = try? SystemCall.write(2, Array("\(error)\n".utf8))
        exit(1)
    }
    var now = Date().timeIntervalSince1970
    var record = session(start: now, routine: option("--routine", "classic"))
    record.uuid = option("--uuid", "")
    recorder.begin(record)
    for k in 0..<segments {
        // ignored: an interruption only makes this interval shorter, which the benchmark tolerates
        if interval > 0 { usleep(interval * 1000) }
        now += 1
        recorder.segmentEnded(classicSegment(k, endedAt: now))
    }
    recorder.finish(.completed)
    let closed = recorder.close(timeout: 30)
    if let failure = recorder.failure { _ = try? SystemCall.write(2, Array("record: \(failure)\n".utf8)) }
    exit(closed && recorder.failure == nil ? 0 : 1)
}

switch CommandLine.arguments.dropFirst().first {
case "time": do { try time() } catch { print("error: \(error)"); exit(1) }
case "record": record()
case "sync": do { try measureSync() } catch { print("error: \(error)"); exit(1) }
case "machines": do { try writeMachines() } catch { print("error: \(error)"); exit(1) }
default:
    print("usage: sevenmin-history-bench time [--sessions N] [--runs N] [--db PATH]")
    print("       sevenmin-history-bench record --db PATH [--segments N] [--interval-ms N] [--routine NAME] "
          + "[--uuid UUID]")
    print("       sevenmin-history-bench sync [--sessions N]")
    print("       sevenmin-history-bench machines --state DIR [--sessions N] [--machines N]")
    exit(64)
}
