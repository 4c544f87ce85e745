import FoundationEssentials
import Glibc
import SevenminCore
import SevenminHistory
import Synchronization

/// What the loop writes as it goes: the events file and the history. History is written by the
/// recorder on its own queue; news for the workout (a failure, the streak) waits here for the loop.
final class WorkoutJournal: WorkoutRecorder, @unchecked Sendable {
    private let events: EventLog?
    /// Set once, before the loop starts.
    var history: HistoryRecorder?
    private let lock = Mutex(())
    private var pending: [Input]

    init(events: EventLog?, notices: [String] = []) {
        self.events = events
        pending = notices.map { Input.notice($0) }
    }

    /// Hands `input` to the loop at its next turn; safe from any thread.
    func post(_ input: Input) {
        lock.withLock { _ in pending.append(input) }
    }

    func log(_ record: EventRecord) { events?.append(record) }

    func record(_ entry: HistoryEntry) {
        guard let history else { return }
        switch entry {
        case .segmentEnded(let end):
            history.segmentEnded(SegmentRecord(index: end.index, kind: end.kind.rawValue, exercise: end.title,
                                               round: end.round, planned: end.planned, actual: end.actual,
                                               ended: end.ranOut ? .ranOut : .skipped,
                                               endedAt: Date().timeIntervalSince1970))
        case .finished(let outcome):
            history.finish(outcome)
        case .effort(let effort):
            history.rate(effort)
        }
    }

    func takeInputs() -> [Input] {
        let failure = events?.takeFailure().map { Input.notice($0) }
        return lock.withLock { _ in
            defer { pending = [] }
            return pending + [failure].compactMap { $0 }
        }
    }
}
