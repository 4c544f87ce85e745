// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminCore
import SevenminSystem
import Synchronization

/// Writes one workout's history on a thread of its own: the real-time loop only hands writes over
/// and never waits on the disk. Each segment is committed as it ends, so `kill -9` loses at most the
/// segment in progress; but a get-ready's waits for the next write (see `segmentEnded`). Writes
/// given before the thread takes them (the last segment and the finish) are one commit. Only the
/// finish's commit and the close's wait for the disk (`HistoryStore.syncEveryCommit`): a segment's
/// reaches the system, which a killed process cannot lose. The first
/// failure is reported once through `onFailure` and recording stops, but for the session's end, which is
/// still written on its own; the workout runs on.
public final class HistoryRecorder: @unchecked Sendable {
    private let worker = SerialWorker(named: "sevenmin-history")
    private let open: @Sendable () throws(HistoryError) -> HistoryStore
    private let onFailure: @Sendable (HistoryError) -> Void

    // Used only on `worker`'s thread.
    private var store: HistoryStore?
    private var sessionID: Int64?
    private var part = 1
    private var stopped = false
    /// Every write made so far, in order, to be made again into a new file should this one prove
    /// damaged and be moved aside part-way; nil once that cannot be (a resumed session lives in the old file).
    private var written: [Write]? = []

    private typealias Write = @Sendable (HistoryStore) throws(HistoryError) -> Void

    /// What the callers' threads and the recorder's share.
    private struct Shared {
        var failure: HistoryError?
        var closed = false
        /// Writes given and not yet taken by the thread, in order; `posted` says a job that takes them
        /// is on its way to the thread.
        var queued: [Write] = []
        var posted = false
        /// Whether the writes queued are to be synced when committed (the finish is among them).
        var queuedDurable = false
        /// How the session ended, when the finish is among the writes queued.
        var queuedEnd: SessionOutcome?
    }
    private let shared = Mutex(Shared())

    /// Records into the database at `path`, opened on the recorder's thread.
    public convenience init(path: String, onFailure: @escaping @Sendable (HistoryError) -> Void = { _ in }) {
        self.init(open: { () throws(HistoryError) in try HistoryStore(path: path) }, onFailure: onFailure)
    }

    init(open: @escaping @Sendable () throws(HistoryError) -> HistoryStore,
         onFailure: @escaping @Sendable (HistoryError) -> Void) {
        self.open = open
        self.onFailure = onFailure
    }

    deinit {
        worker.stop()
    }

    /// The first failure, if any.
    public var failure: HistoryError? { shared.withLock { $0.failure } }

    /// Starts a new session; `record.id` is ignored.
    public func begin(_ record: SessionRecord) {
        enqueue { store throws(HistoryError) in
            try store.markInterrupted()
            self.sessionID = try store.beginSession(record)
        }
    }

    /// Continues the interrupted session `id` (`start --resume`) as its next part; `part` when the
    /// session was already taken (`HistoryStore.reopen`) before the workout began.
    public func resume(sessionID id: Int64, part: Int? = nil) {
        enqueue { store throws(HistoryError) in
            if let part { self.part = part } else { self.part = try store.reopen(id) }
            self.sessionID = id
            self.written = nil
        }
    }

    /// Records a segment that has just ended; its session id and part are filled in here. A get-ready
    /// does not wake the thread: it is written with the next write (the exercise's end, a quit, the
    /// close). It counts in no sum, and a workout killed in the exercise after it, its row lost,
    /// resumes at that get-ready rather than at a short one before the exercise; one commit and one
    /// wake-up fewer in every workout.
    public func segmentEnded(_ segment: SegmentRecord) {
        enqueue(wakes: segment.kind != SegmentKind.getReady.rawValue) { store throws(HistoryError) in
            guard let id = self.sessionID else { return }
            var s = segment
            s.sessionID = id
            s.part = self.part
            try store.recordSegment(s)
        }
    }

    /// Records the count typed for a step of as many as you can that ended before it (`recordCount`).
    public func counted(index: Int, measure: RecordKind, reps: Int) {
        enqueue(wakes: true) { store throws(HistoryError) in
            guard let id = self.sessionID else { return }
            try store.recordCount(id, index: index, part: self.part, measure: measure, reps: reps)
        }
    }

    /// Records a heart-rate sample. It does not wake the thread: samples are written with the next segment's
    /// end (or the finish, or the close), a few dozen rows in the same commit, so a second's sample costs no
    /// wake-up and no commit of its own; `kill -9` loses those of the segment under way, as it loses the segment.
    public func heartRate(_ sample: HeartRateSample) {
        enqueue(wakes: false) { store throws(HistoryError) in
            guard let id = self.sessionID else { return }
            try store.recordHeartRate(id, [sample])
        }
    }

    /// Records where the workout was paused or went on. Like a sample, it waits for the next write.
    public func pause(_ pause: PauseRecord) {
        enqueue(wakes: false) { store throws(HistoryError) in
            guard let id = self.sessionID else { return }
            try store.recordPause(id, pause)
        }
    }

    /// Records how the session ended. Should that write fail with the others it was made with, or recording
    /// have stopped on an earlier failure, the end is written again on its own (`writeEndAlone`).
    public func finish(_ outcome: SessionOutcome) {
        enqueue(durable: true, ending: outcome) { store throws(HistoryError) in
            guard let id = self.sessionID else { return }
            try store.finish(id, outcome: outcome)
        }
    }

    /// Records how hard the session was, 1 to 10 (the finish screen's question). The answer ends the
    /// workout, so it does not wake the thread: the close, given a moment later, writes it.
    public func rate(_ effort: Int) {
        enqueue(wakes: false) { store throws(HistoryError) in
            guard let id = self.sessionID else { return }
            try store.rate(id, effort: effort)
        }
    }

    /// Runs `job` on the recorder's thread, after the writes given so far and before those given later:
    /// a read of the history that must neither race them nor wait on the loop. It is handed the database
    /// the recorder writes, already open (nil when it could not be opened or recording stopped), so that
    /// a read (the streak) costs no second connection, which would open the file and read its schema
    /// again. Not run once closed.
    public func alongside(_ job: @escaping @Sendable (HistoryStore?) -> Void) {
        if shared.withLock({ $0.closed }) { return }
        worker.async {
            self.writeQueued()
            job(self.stopped ? nil : self.store)
        }
    }

    /// The session as recorded so far, over all its parts, for the finish summary; waits for
    /// the writes before it for at most `timeout` seconds.
    public func summary(timeout: Double = 2) -> SessionSummary? {
        let result = LockedBox<SessionSummary?>(nil)
        let done = worker.sync(timeout: timeout) {
            self.writeQueued()
            if !self.stopped, let id = self.sessionID { result.value = try? self.store?.session(id) }
        }
        return done ? result.value : nil
    }

    /// Waits up to `timeout` seconds for every write so far, then closes the database. Returns
    /// false if the writes did not finish in time (they carry on, but nothing more is accepted).
    /// With `publishing`, a copy of the whole history is written there first, for other machines.
    @discardableResult
    public func close(timeout: Double = 2, publishing copy: PublishedCopy? = nil) -> Bool {
        shared.withLock { $0.closed = true }
        // The thread ends once it has closed the file, rather than sleep again until told to end.
        return worker.finish(timeout: timeout) {
            self.writeQueued(durable: true)
            if let copy, !self.stopped, let store = self.store {
                do throws(HistoryError) {
                    try store.publish(copy)
                } catch {
                    self.onFailure(error)
                }
            }
            self.store = nil
            self.stopped = true
        }
    }

    /// Queues `write`; with `wakes`, makes sure a job that takes it is on its way to the thread; with
    /// `durable`, its commit is synced; `ending` says it is the session's end.
    private func enqueue(wakes: Bool = true, durable: Bool = false, ending: SessionOutcome? = nil,
                         _ write: @escaping Write) {
        let post: Bool = shared.withLock { state in
            if state.closed { return false }
            state.queued.append(write)
            state.queuedDurable = state.queuedDurable || durable
            state.queuedEnd = ending ?? state.queuedEnd
            guard wakes, !state.posted else { return false }
            state.posted = true
            return true
        }
        if post { worker.async { self.writeQueued() } }
    }

    /// Makes every write queued so far, in one transaction when there are several, synced when one of
    /// them asked for it or `durable` does. On the worker's thread.
    private func writeQueued(durable: Bool = false) {
        let (group, synced, end): ([Write], Bool, SessionOutcome?) = shared.withLock { state in
            defer { (state.queued, state.posted, state.queuedDurable, state.queuedEnd) = ([], false, false, nil) }
            return (state.queued, state.queuedDurable || durable, state.queuedEnd)
        }
        guard !group.isEmpty else { return }
        if stopped {
            if let end { writeEndAlone(end) }
            return
        }
        let write: Write
        if group.count == 1 {
            write = group[0]
        } else {
            write = { (store: HistoryStore) throws(HistoryError) -> Void in
                try store.batch { () throws(HistoryError) -> Void in
                    for each in group { try each(store) }
                }
            }
        }
        do throws(HistoryError) {
            do throws(HistoryError) {
                try perform(write, synced: synced)
            } catch .corrupt(let path, let movedTo) {
                // The damaged file was moved aside: this workout starts the new one at once, with
                // everything recorded of it so far, rather than being lost with the old one.
                guard let earlier = written else { throw HistoryError.corrupt(path: path, movedTo: movedTo) }
                store = nil
                written = []
                sessionID = nil
                for again in earlier { try perform(again) }
                try perform(write, synced: synced)
                onFailure(.startedAfresh(path: path, movedTo: movedTo))
            }
        } catch {
            stopped = true
            shared.withLock { $0.failure = error }
            onFailure(error)
            if let end { writeEndAlone(end) }
            store = nil
        }
    }

    /// Writes how the session ended, alone, after the writes it came with failed or recording stopped on
    /// an earlier failure (reported already): a workout that ran to its end must never be left to read as
    /// interrupted, and be run again by `start --resume`. It changes one row in place, which needs at most
    /// a page: on a full disk, the room the failed writes took in the WAL. On the connection that failed,
    /// while there is one; should this fail too, the first failure is what was said.
    private func writeEndAlone(_ outcome: SessionOutcome) {
        guard let id = sessionID else { return }
        do throws(HistoryError) {
            let store: HistoryStore
            if let kept = self.store { store = kept } else { store = try open() }
            self.store = store
            try store.syncEveryCommit(true)
            try store.finish(id, outcome: outcome)
        } catch {
            // The workout's failure was reported once; a second one has nothing to add to it.
        }
    }

    /// Makes one write (opening the file first if need be), synced with `synced`, and keeps it for
    /// `written`. On the worker's thread.
    private func perform(_ write: @escaping Write, synced: Bool = false) throws(HistoryError) {
        if store == nil {
            let opened = try open()
            try opened.syncEveryCommit(false)
            store = opened
        }
        guard let store else { return }
        if synced { try store.syncEveryCommit(true) }
        try write(store)
        if synced { try store.syncEveryCommit(false) }
        written?.append(write)
    }
}

/// A value handed from the recorder's thread to a waiting one.
private final class LockedBox<T: Sendable>: Sendable {
    private let stored: Mutex<T>
    init(_ value: T) { stored = Mutex(value) }
    var value: T {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}
