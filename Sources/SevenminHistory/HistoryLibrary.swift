// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminCore
import SevenminSystem

/// This machine's history and the histories of others, read together: every `*.sqlite3` in a
/// shared folder (`history.d`, synced by Syncthing or the like) is read, read-only through SQLite,
/// beside the machine's own file, and each workout counts once, by its stable id, however many
/// files hold it. Only the own file is ever written, by the recorder; this only reads. Another machine's
/// file that cannot be read (Syncthing can deliver one half-written) is named once and left out of every
/// read from then on; the rest is read as if it were not there.
public final class HistoryLibrary {
    public let own: HistoryStore?
    /// The machine this machine's own workouts are marked with: the label its copy carries, as every other
    /// machine reads it, once the history is shared (`history.d` is there); nil otherwise.
    let ownMachine: String?
    /// Other machines' files, named by their file names without `.sqlite3`, in name order.
    public let others: [(machine: String, store: HistoryStore)]
    /// One line for each file of `history.d` that claims a machine id another file claims (a copy made by
    /// hand or by a sync, or two machines given one id), naming both; handed out first by `takeNotices`.
    public let claims: [String]
    /// One line for each shared file left out, for the user: one that could not be opened, or whose read
    /// failed or found damage later. `takeNotices` hands each out once.
    public private(set) var notices: [String]
    private var noticesTaken = 0
    /// Places in `others` of the files left out since they were opened; still in `others`, so that the
    /// ids of the rest stay where they were.
    private var leftOut: Set<Int> = []

    /// `ownName` is the file this machine publishes into `shared` (its machine id), left out of the others
    /// unless another machine of that id left it (`HistoryError.idShared`, said among the claims); `host` is
    /// the label this machine's copy carries.
    public init(own: HistoryStore?, shared folder: String?, ownName: String? = nil,
                host: String = HistoryLibrary.machineName()) {
        self.own = own
        var info = stat()
        ownMachine = folder.map { stat($0, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR } == true ? host : nil
        var others: [(String, HistoryStore)] = []
        var notices: [String] = [], claims: [String] = []
        var claimed: [String: String] = [:]
        for (name, path) in Self.files(in: folder) {
            // This machine's copy, or a month of it: left out, unless another machine of this id left it.
            if let ownName, name == ownName || name.hasPrefix(ownName + "/") {
                guard Publisher.isMachineID(ownName) else { continue }
                guard let copy = try? HistoryStore(sharedFile: path),
                      case .idShared(_, let mark)? = HistoryStore.idShared(copy, history: own, host: host) else {
                    claimed[ownName] = path
                    continue
                }
                claims.append("\(visible(path)) is counted as another machine's: \(HistoryError.idShared(mark)).")
                others.append((name, copy))
                continue
            }
            do { others.append((name, try HistoryStore(sharedFile: path))) } catch {
                notices.append(Self.notice(path, error))
            }
        }
        self.others = others
        self.notices = notices
        for (_, store) in others {
            guard let id = store.publisher?.machine else { continue }
            // The months of one machine's copy, and the single copy it made before, are one machine's.
            if let first = claimed[id], Self.copy(first, of: id) != Self.copy(store.path, of: id) {
                claims.append("\(visible(first)) and \(visible(store.path)) claim one machine id (\(id)): a copy "
                    + "made by hand or by a sync, or two machines given one id (a state folder copied whole, whose "
                    + "machine-id then wants removing on one of them); a workout in both counts once.")
            } else if claimed[id] == nil {
                claimed[id] = store.path
            }
        }
        self.claims = claims
    }

    /// The files of `folder` to read, each with its name: `NAME.sqlite3` (a machine's single copy, as copies
    /// were before they were split by month, or one named by hand) as `NAME`, and each month of a machine's
    /// copy, `ID/YYYY-MM.sqlite3`, as `ID/YYYY-MM`.
    static func files(in folder: String?) -> [(name: String, path: String)] {
        guard let folder else { return [] }
        var files: [(String, String)] = []
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() {
            let path = folder + "/" + name
            if name.hasSuffix(".sqlite3") {
                files.append((String(name.dropLast(8)), path))
                continue
            }
            var info = stat()
            guard Publisher.isMachineID(name), lstat(path, &info) == 0,
                  info.st_mode & S_IFMT == S_IFDIR else { continue }
            let months = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            for month in months.sorted() where month.hasSuffix(".sqlite3") {
                files.append((name + "/" + String(month.dropLast(8)), path + "/" + month))
            }
        }
        return files
    }

    /// The copy the file at `path` is part of, for machine `id`: its folder of months (`ID/`), which its single
    /// copy of before (`ID.sqlite3`) belongs to as well; otherwise the file itself.
    static func copy(_ path: String, of id: String) -> String {
        let folder = PathText.folder(of: path)
        if folder.hasSuffix("/" + id) { return folder }
        return path.hasSuffix("/" + id + ".sqlite3") ? String(path.dropLast(8)) : path
    }

    /// The line that says another machine's file at `path` was left out, and why.
    public static func notice(_ path: String, _ error: HistoryError) -> String {
        "left out \(visible(path)): \(error.readingReason); the file was left as it is."
    }

    /// The notices not handed out before, each said once however many reads found it; the claims first.
    public func takeNotices() -> [String] {
        defer { noticesTaken = notices.count; claimsTaken = true }
        return (claimsTaken ? [] : claims) + Array(notices[noticesTaken...])
    }
    private var claimsTaken = false

    /// This machine's store, then the others' not left out, in the order they are read.
    public var stores: [HistoryStore] { placed.map(\.store) }

    /// Every store read, with the machine its sessions are marked with (the host name its copy carries, else
    /// its file's name; this machine's, `ownMachine`) and its place in `others` (nil for this machine's).
    var placed: [(store: HistoryStore, machine: String?, place: Int?)] {
        (own.map { [($0, ownMachine, Int?.none)] } ?? [])
            + others.enumerated().filter { !leftOut.contains($0.offset) }.map {
                let store = $0.element.store
                return (store, store.publisher?.host ?? $0.element.machine, $0.offset)
            }
    }

    /// `body`'s read of one store. This machine's failure is thrown, as before; another machine's file
    /// whose read fails, or finds damage part-way, is left out (nil), now and in every read after.
    func attempt<T>(_ place: Int?, _ store: HistoryStore,
                            _ body: (HistoryStore) throws(HistoryError) -> T) throws(HistoryError) -> T? {
        guard let place else { return try body(store) }
        do {
            let result = try body(store)
            guard let damage = store.damageFound else { return result }
            leave(place, damage)
        } catch {
            leave(place, error)
        }
        return nil
    }

    private func leave(_ place: Int, _ error: HistoryError) {
        guard leftOut.insert(place).inserted else { return }
        notices.append(Self.notice(others[place].store.path, error))
    }

    /// `edits()`, once read.
    private var readEdits: SessionEdits?

    /// Forgets what was read once for all (`edits()`, `allSessions()`), after an edit changed it.
    func forgetReads() {
        readEdits = nil
        every = nil
        numbered = nil
    }

    /// `numbers()`, once read.
    var numbered: Numbers?

    /// What the edits kept in every store come to: each machine's, read in any order, give one answer.
    public func edits() throws(HistoryError) -> SessionEdits {
        if let readEdits { return readEdits }
        var all = SessionEdits()
        for (store, _, place) in placed {
            let read = try attempt(place, store) { store throws(HistoryError) in try store.annotations() }
            for edit in read ?? [] { all.add(edit) }
        }
        readEdits = all
        return all
    }

    /// Sessions from every store, each once (this machine's copy first), as `HistoryStore.sessions`, as
    /// the edits of every machine leave them: a removed one left out.
    public func sessions(since: Double? = nil, limit: Int? = nil) throws(HistoryError) -> [SessionSummary] {
        let edits = try edits()
        // Removed workouts may be among the latest: as many more are read.
        let asked = limit.map { $0 + edits.removed.count }
        var seen: Set<String> = []
        var all: [SessionSummary] = []
        let numbers = try numbers()
        for (store, machine, place) in placed {
            let read = try attempt(place, store) { store throws(HistoryError) in
                try store.sessions(since: since, limit: asked)
            }
            for var s in read ?? [] where seen.insert(s.record.uuid).inserted {
                guard let edited = edits.applied(to: s.record),
                      let id = numbers.id(place, s.record.id) else { continue }
                s.record = edited
                s.record.id = id
                s.record.shortID = numbers.shortIDs[id]
                s.record.machine = machine
                s.record.recordedHere = place == nil
                all.append(s)
            }
        }
        all.sort { $0.record.id < $1.record.id }
        return limit.map { Array(all.suffix($0)) } ?? all
    }

    /// The segments of a session as `sessions` numbered it.
    public func segments(of id: Int64) throws(HistoryError) -> [SegmentRecord] {
        guard let (store, place, local) = try locate(id) else { return [] }
        let read = try attempt(place, store) { store throws(HistoryError) in try store.segments(of: local) }
        return (read ?? []).map { segment in
            var s = segment
            s.sessionID = id
            return s
        }
    }

    /// The heart-rate samples of a session as `sessions` numbered it, in time order.
    public func heartRate(of id: Int64) throws(HistoryError) -> [HeartRateSample] {
        guard let (store, place, local) = try locate(id) else { return [] }
        return try attempt(place, store) { store throws(HistoryError) in try store.heartRate(of: local) } ?? []
    }

    /// The pauses and resumptions of a session as `sessions` numbered it, in time order.
    public func pauses(of id: Int64) throws(HistoryError) -> [PauseRecord] {
        guard let (store, place, local) = try locate(id) else { return [] }
        return try attempt(place, store) { store throws(HistoryError) in try store.pauses(of: local) } ?? []
    }

    /// The ids, as `sessions` numbers them, of the sessions with a heart rate recorded.
    public func sessionsWithHeartRate() throws(HistoryError) -> Set<Int64> {
        var all: Set<Int64> = []
        let numbers = try numbers()
        for (store, _, place) in placed {
            let read = try attempt(place, store) { store throws(HistoryError) in try store.sessionsWithHeartRate() }
            for id in read ?? [] { numbers.id(place, id).map { _ = all.insert($0) } }
        }
        return all
    }

    /// The heart rate of each of `ids` (as `sessions` numbers them) that has one recorded, with its work
    /// segments' seconds: over the workout, per segment, and the recovery after its last work segment. Only
    /// these workouts' samples are read: `history --limit 20` reads 20 workouts' of a thousand.
    public func heartRates(of ids: [Int64]) throws(HistoryError) -> [Int64: HeartRateSummary.Workout] {
        var out: [Int64: HeartRateSummary.Workout] = [:]
        let recorded = try mayHaveHeartRate(ids)
        for id in ids where recorded(id) {
            let samples = try heartRate(of: id)
            if !samples.isEmpty { out[id] = HeartRateSummary.Workout(segments: try segments(of: id), samples: samples) }
        }
        return out
    }

    /// Whether each of `ids` may have a heart rate recorded, to be read: any of a few, whose samples are then
    /// read alone; of many, only those the heart-rate tables name, read once for all.
    public func mayHaveHeartRate(_ ids: [Int64]) throws(HistoryError) -> (Int64) -> Bool {
        guard ids.count > 100 else { return { _ in true } }
        let recorded = try sessionsWithHeartRate()
        return { recorded.contains($0) }
    }

    /// The personal records of every store read: a best is a maximum, so a workout two copies hold counts once.
    public func records() throws(HistoryError) -> PersonalRecords {
        var records = PersonalRecords()
        for (store, _, place) in placed {
            for step in try attempt(place, store, { store throws(HistoryError) in try store.measuredSteps() }) ?? [] {
                records.offer(step)
            }
        }
        return records
    }

    /// `allSessions`, once read: `completedSegments` needs it too.
    private var every: [SessionRecord]?

    /// Every session once, oldest first, as `HistoryStore.allSessions`, edited as `sessions` edits them.
    public func allSessions() throws(HistoryError) -> [SessionRecord] {
        if let every { return every }
        let edits = try edits()
        var seen: Set<String> = []
        var all: [SessionRecord] = []
        let numbers = try numbers()
        for (store, machine, place) in placed {
            let read = try attempt(place, store) { store throws(HistoryError) in try store.allSessions() }
            for found in read ?? [] where seen.insert(found.uuid).inserted {
                guard var r = edits.applied(to: found), let id = numbers.id(place, found.id) else { continue }
                r.id = id
                r.shortID = numbers.shortIDs[id]
                r.machine = machine
                r.recordedHere = place == nil
                all.append(r)
            }
        }
        every = all.sorted { $0.id < $1.id }
        return every!
    }

    /// The segments `HistoryStats` counts, of the sessions `allSessions` keeps only.
    public func completedSegments() throws(HistoryError) -> [SegmentRecord] {
        let kept = Set(try allSessions().map(\.id))
        var all: [SegmentRecord] = []
        let numbers = try numbers()
        for (store, _, place) in placed {
            let read = try attempt(place, store) { store throws(HistoryError) in try store.completedSegments() }
            for var s in read ?? [] {
                guard let id = numbers.id(place, s.sessionID) else { continue }
                s.sessionID = id
                if kept.contains(id) { all.append(s) }
            }
        }
        return all
    }

    /// What `stats` is computed from: the sums of every session once (the first file's copy, in the
    /// order `allSessions` keeps them), added up in SQL; rows out of range are skipped and counted. A removed
    /// workout counts as seen before any file is read: it is counted nowhere.
    public func totals() throws(HistoryError) -> HistoryTotals {
        var seen = try edits().removed
        var all = HistoryTotals()
        for (store, _, place) in placed {
            var now = seen
            let read = try attempt(place, store) { store throws(HistoryError) -> HistoryTotals in
                let keys = try store.sessionKeys()
                let kept = keys.filter { now.insert($0.uuid).inserted }
                // The file's own sums hold each of its sessions once; only a file sharing sessions with an
                // earlier one is summed from its segments.
                var sums = kept.count == keys.count ? try store.keptTotals() : try store.totals(of: kept.map(\.id))
                sums.sessions = kept.count
                sums.completedSessions = kept.filter(\.completed).count
                try store.countUnsoundSegments()
                return sums
            }
            // A file left out part-way counts none of its sessions as seen.
            guard let read else { continue }
            seen = now
            all.add(read)
        }
        return all
    }

    /// The sums a streak is counted from, read quickly enough for the start of a workout: with no other
    /// machine's history, this machine's file's own sums (a row a day); otherwise `totals()`.
    public func streakTotals() throws(HistoryError) -> HistoryTotals {
        if others.isEmpty, let own, try edits().removed.isEmpty { return try own.keptTotals() }
        return try totals()
    }

    /// This machine's host name, made safe as a file name: the label its copy carries, and the name the
    /// copy had before copies were named by the machine's id.
    public static func machineName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        // ignored: gethostname fails only for a short buffer; an empty name falls back below.
        _ = gethostname(&buffer, buffer.count - 1)
        let name = String(nulTerminated: buffer)
        return Publisher.hostLabel(name) ?? "this-machine"
    }
}
