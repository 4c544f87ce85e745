import Foundation
import SevenminCore
import SevenminTerminal

/// How a workout ended.
public enum WorkoutEnding: Equatable {
    case completed
    case quit
    case signal(Int32)
}

/// The real-time loop: sleeps until the next visible or audible change, a key, or a signal;
/// hands the current instant to the session; performs the effects it returns.
final class WorkoutRunner {
    private let clock: any MonotonicClock
    private let timeline: Timeline
    private var session: WorkoutSession
    private let cues: CueSink?
    private let log: EventLog?
    private let notice: () -> String?
    private let seed: UInt64?
    private var overlay = ScreenModel.Overlay.none
    private var resumeAfterQuitPrompt = false
    private var origin: Instant = 0
    private var idleReads = 0

    init(plan: Plan, clock: any MonotonicClock, timeline: Timeline, cues: CueSink?, log: EventLog?, notice: @escaping () -> String?, seed: UInt64? = nil) {
        self.seed = seed
        self.clock = clock
        self.timeline = timeline
        self.session = WorkoutSession(plan: plan)
        self.cues = cues
        self.log = log
        self.notice = notice
    }

    func run(terminal: CursesTerminal, signals: SignalPipe, timer: DeadlineTimer) -> WorkoutEnding {
        let presenter = CursesPresenter(terminal: terminal)
        origin = clock.now()
        timeline.begin(at: origin)
        record(session.start(at: origin), at: origin)
        draw(presenter, terminal, at: origin)
        let input = STDIN_FILENO
        while true {
            // Sleep until the next change on an absolute timer, a key, or a signal.
            timer.arm(at: session.nextDeadline())
            let ready = Waiter.wait([input, signals.fileDescriptor, timer.fileDescriptor])
            var now = clock.now()
            if ready.contains(timer.fileDescriptor) { timer.clear() }
            record(session.advance(to: now), at: now)

            if ready.contains(signals.fileDescriptor) {
                for signo in signals.drain() {
                    switch signo {
                    case SIGINT, SIGTERM, SIGHUP:
                        log?.append(EventRecord(t: now - origin, event: "quit", [("signal", .integer(Int(signo)))]))
                        return .signal(signo)
                    case SIGTSTP:
                        record(session.pause(at: now), at: now)
                        terminal.suspend()
                        signals.stopProcess()
                        // Back after `fg`: still paused, drawn afresh.
                        terminal.resumeAfterStop()
                        presenter.invalidate()
                        now = clock.now()
                    case SIGWINCH:
                        terminal.followResize()
                        presenter.invalidate()
                    case SIGCONT:
                        // After SIGSTOP/SIGCONT the session has already caught up above; repaint in full.
                        presenter.invalidate()
                    default:
                        break
                    }
                }
            }

            if ready.contains(input) {
                let keys = terminal.pendingKeys()
                // A readable terminal that yields nothing has gone away.
                idleReads = keys.isEmpty ? idleReads + 1 : 0
                if idleReads > 50 {
                    log?.append(EventRecord(t: now - origin, event: "quit", [("reason", .string("input closed"))]))
                    return .signal(SIGHUP)
                }
                for key in keys {
                    if key == .resize { presenter.invalidate(); continue }
                    if let ending = apply(KeyBindings.action(for: key, overlay: overlay, finished: session.state == .finished), at: clock.now()) {
                        return ending
                    }
                }
            }
            draw(presenter, terminal, at: clock.now())
        }
    }

    /// Performs an action; returns an ending when the workout should stop.
    private func apply(_ action: Action, at now: Instant) -> WorkoutEnding? {
        switch action {
        case .togglePause: record(session.togglePause(at: now), at: now)
        case .next: record(session.next(at: now), at: now)
        case .previous: record(session.previous(at: now), at: now)
        case .restart: record(session.restartSegment(at: now), at: now)
        case .addTime(let seconds): record(session.addTime(seconds, at: now), at: now)
        case .toggleHelp: overlay = overlay == .help ? .none : .help
        case .requestQuit:
            guard session.state == .running || session.state == .paused else { return quit(at: now) }
            resumeAfterQuitPrompt = session.state == .running
            record(session.pause(at: now), at: now)
            overlay = .confirmQuit
        case .confirmQuit:
            return quit(at: now)
        case .cancelQuit:
            overlay = .none
            if resumeAfterQuitPrompt { record(session.resume(at: now), at: now) }
        case .dismiss:
            return .completed
        case .none:
            break
        }
        return nil
    }

    private func quit(at now: Instant) -> WorkoutEnding {
        log?.append(EventRecord(t: now - origin, event: "quit"))
        return .quit
    }

    private func draw(_ presenter: CursesPresenter, _ terminal: CursesTerminal, at now: Instant) {
        let size = terminal.size
        let model = ScreenModel(session: session, at: now, overlay: overlay, notice: notice(), shuffleSeed: seed)
        presenter.present(WorkoutScreen.render(model, width: size.width, height: size.height))
    }

    /// Logs events and hands their cues to the player.
    private func record(_ events: [SessionEvent], at now: Instant) {
        guard !events.isEmpty else { return }
        let plan = session.plan
        if let log {
            for event in events {
                let t = now - origin, planned = event.due - origin
                switch event.kind {
                case .started:
                    var fields: [(String, EventRecord.Value)] = [
                        ("routine", .string(plan.routine.name)),
                        ("segments", .integer(plan.segments.count)),
                        ("duration", .number(plan.totalDuration)),
                        // The origin on CLOCK_MONOTONIC, so tools can line events up with other clocks.
                        ("clock", .number(origin)),
                    ]
                    if let seed { fields.append(("seed", .string(String(seed)))) }
                    log.append(EventRecord(t: t, event: "start", fields))
                case .segmentStarted:
                    let segment = plan.segments[event.segmentIndex]
                    log.append(EventRecord(t: t, event: "segment", [
                        ("kind", .string(segment.kind.rawValue)),
                        ("index", .integer(event.segmentIndex)),
                        ("title", .string(segment.kind == .work ? segment.exercise.title : segment.heading)),
                        ("round", .integer(segment.round)),
                        ("planned", .number(planned)),
                    ]))
                case .paused: log.append(EventRecord(t: t, event: "pause"))
                case .resumed: log.append(EventRecord(t: t, event: "resume"))
                case .finished: log.append(EventRecord(t: t, event: "finish", [("planned", .number(planned))]))
                case .second, .halfway, .switchSides, .countdown: break
                }
            }
        }
        if let cues {
            for (cue, event) in CuePolicy.cues(for: events, in: plan, at: now) {
                cues.play(cue, due: event.due)
            }
        }
    }
}
