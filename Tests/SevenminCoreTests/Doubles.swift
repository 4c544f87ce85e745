// SPDX-License-Identifier: GPL-3.0-or-later
@testable import SevenminCore

/// An in-memory terminal, as ratatui's `TestBackend`: keeps the last frame and counts what was asked.
final class TestBackend: TerminalBackend {
    var size: (width: Int, height: Int)
    private(set) var frame: CellGrid?
    private(set) var frames = 0
    private(set) var invalidations = 0
    private(set) var bells = 0
    private(set) var titles: [String] = []
    private(set) var suspensions = 0
    private(set) var notifications: [String] = []

    init(width: Int = 80, height: Int = 24) { size = (width, height) }

    func draw(_ grid: CellGrid) { frame = grid; frames += 1 }
    func invalidate() { invalidations += 1 }
    func bell() { bells += 1 }
    func setTitle(_ title: String) { titles.append(title) }
    func suspend() { suspensions += 1 }
    func notify(title: String, body: String) { notifications.append(title + ": " + body) }

    /// The last frame as text.
    var text: String { frame?.text ?? "" }
}

/// Keeps every status published, as a status-line reader would have seen it.
final class RecordingStatus: StatusPublisher {
    private(set) var published: [StatusSnapshot?] = []
    func publish(_ snapshot: StatusSnapshot?) { published.append(snapshot) }
}

/// A clock the test moves by hand.
final class ManualClock: MonotonicClock, @unchecked Sendable {
    var time: Instant
    init(_ time: Instant = 0) { self.time = time }
    func now() -> Instant { time }
}

/// Scripted input: each wait returns the next step's inputs at its instant, or, when the step
/// has none, sleeps to the deadline the loop asked for. Runs out with an interrupt so no test hangs.
final class ScriptedInput: InputSource {
    enum Step { case at(Instant, [Input]), untilDeadline }
    private var steps: [Step]
    private let clock: ManualClock
    private(set) var deadlines: [Instant?] = []

    init(clock: ManualClock, _ steps: [Step]) {
        self.clock = clock
        self.steps = steps
    }

    func wait(until deadline: Instant?) throws -> [Input] {
        deadlines.append(deadline)
        guard !steps.isEmpty else { return [.signal(.interrupt)] }
        switch steps.removeFirst() {
        case .at(let t, let inputs):
            clock.time = max(clock.time, t)
            return inputs
        case .untilDeadline:
            if let deadline { clock.time = max(clock.time, deadline) }
            return []
        }
    }
}

/// Records what would be heard.
final class RecordingAudio: AudioSink, @unchecked Sendable {
    private(set) var cues: [(Cue, Instant)] = []
    private(set) var phrases: [Announcement] = []

    func play(_ cue: Cue, due: Instant) { cues.append((cue, due)) }
    func say(_ announcement: Announcement) { phrases.append(announcement) }
    private(set) var prepared: [Phrase] = []
    func prepare(_ phrases: [Phrase]) { prepared += phrases }
}

/// Records the events file and the history.
final class RecordingJournal: WorkoutRecorder {
    private(set) var lines: [EventRecord] = []
    private(set) var entries: [HistoryEntry] = []

    func log(_ record: EventRecord) { lines.append(record) }
    func record(_ entry: HistoryEntry) { entries.append(entry) }
}

/// Keeps every link the loop was asked to open, as a browser would have been handed it.
final class RecordingOpener: LinkOpener {
    private(set) var opened: [String] = []
    func open(_ url: String) { opened.append(url) }
}

/// The cues a workout sounds for `events` handled at `now`, by the rules `WorkoutApp` plays them by:
/// each event's cue (`CuePolicy.cue`), the stale ones dropped (`CuePolicy.isStale`).
func soundedCues(_ events: [SessionEvent], in plan: Plan, at now: Instant) -> [(cue: Cue, event: SessionEvent)] {
    events.compactMap { event in
        guard let cue = CuePolicy.cue(for: event, in: plan), !CuePolicy.isStale(cue, due: event.due, at: now) else {
            return nil
        }
        return (cue, event)
    }
}

/// Keeps what the desktop was told: the media player's states and the screen kept awake or not, in order.
final class RecordingPhone: PhoneScreen {
    enum Told: Equatable { case player(PlayerState?), ended(PhoneEnding), renewed }
    private(set) var told: [Told] = []
    func publish(_ player: PlayerState?) { told.append(.player(player)) }
    func end(_ ending: PhoneEnding) { told.append(.ended(ending)) }
    func renew() { told.append(.renewed) }
}

final class RecordingDesktop: DesktopSession {
    enum Told: Equatable { case player(PlayerState?), awake(Bool), flushed }
    private(set) var told: [Told] = []
    func publish(_ player: PlayerState?) { told.append(.player(player)) }
    func keepAwake(_ awake: Bool) { told.append(.awake(awake)) }
    func flush() { told.append(.flushed) }
}
