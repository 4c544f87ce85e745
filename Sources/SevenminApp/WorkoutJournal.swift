// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminCore
import SevenminHistory
import SevenminSystem

/// What the loop writes as it goes: the events file and the history. History is written by the
/// recorder on its own queue; news for the workout (a failure, the streak) goes to the loop's
/// inbox, which wakes it.
final class WorkoutJournal: WorkoutRecorder, @unchecked Sendable {
    private let events: EventLog?
    private let inbox: WakeInbox
    /// Set once, before the loop starts.
    var history: HistoryRecorder?

    init(events: EventLog?, inbox: WakeInbox, notices: [WorkoutNotice] = []) {
        self.events = events
        self.inbox = inbox
        for notice in notices { inbox.post(.notice(notice)) }
    }

    /// Hands `input` to the loop, waking it; safe from any thread.
    func post(_ input: Input) { inbox.post(input) }

    func log(_ record: EventRecord) {
        events?.append(record)
        if let failure = events?.takeFailure() { inbox.post(.notice(.eventsFileStopped(failure))) }
    }

    func record(_ entry: HistoryEntry) {
        guard let history else { return }
        switch entry {
        case .segmentEnded(let end):
            history.segmentEnded(SegmentRecord(index: end.index, kind: end.kind.rawValue, exercise: end.title,
                                               round: end.round, planned: end.planned, actual: end.actual,
                                               ended: end.ranOut ? .ranOut : .skipped,
                                               endedAt: Date().timeIntervalSince1970, side: end.side,
                                               stage: end.stage, measure: end.measure,
                                               reps: end.reps))
        case .counted(let index, let kind, let reps):
            history.counted(index: index, measure: kind, reps: reps)
        case .finished(let outcome):
            history.finish(outcome)
        case .effort(let effort):
            history.rate(effort)
        case .heartRate(let bpm):
            history.heartRate(HeartRateSample(at: Date().timeIntervalSince1970, bpm: bpm))
        case .paused(let ago):
            history.pause(PauseRecord(at: Date().timeIntervalSince1970 - ago, resumed: false))
        case .resumed(let ago):
            history.pause(PauseRecord(at: Date().timeIntervalSince1970 - ago, resumed: true))
        }
    }
}
