// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import CSevenminSystem
import SevenminCore
@testable import SevenminApp
import SevenminSystem
import SevenminTerminal
import Synchronization
import Testing

/// A terminal that keeps, for each frame, when it was shown and the notice on it.
final class TimedTerminal: TerminalBackend, @unchecked Sendable {
    let size = (width: 80, height: 24)
    let frames = Mutex<[(at: Instant, paused: Bool, notice: String?)]>([])
    private let clock = SystemMonotonicClock()

    func present(_ model: ScreenModel, with renderer: ScreenRenderer) {
        let now = clock.now()
        frames.withLock { $0.append((now, model.paused, model.notice)) }
    }

    /// Waits, up to five seconds, for a frame that `matches`.
    func waitForFrame(_ matches: ((at: Instant, paused: Bool, notice: String?)) -> Bool) -> Bool {
        let deadline = clock.now() + 5
        while clock.now() < deadline {
            if frames.withLock({ $0.contains(where: matches) }) { return true }
            usleep(5_000)
        }
        return false
    }
    func draw(_ grid: CellGrid) {}
    func invalidate() {}
    func bell() {}
    func setTitle(_ title: String) {}
    func notify(title: String, body: String) {}
    func suspend() {}
}

/// An input source that keeps, for each wait, the deadline it was given and what it returned.
final class RecordedWaits: InputSource, @unchecked Sendable {
    private let inner: InputSource
    let waits = Mutex<[(deadline: Instant?, inputs: [Input])]>([])

    init(_ inner: InputSource) { self.inner = inner }

    func wait(until deadline: Instant?) throws -> [Input] {
        let inputs = try inner.wait(until: deadline)
        waits.withLock { $0.append((deadline, inputs)) }
        return inputs
    }
}

@Suite("News from background work", .serialized)
struct BackgroundNewsTests {
    /// A paused workout sleeps with no deadline but the long pause's; news posted from another thread (the
    /// history's streak, a failure, the sound device opening) wakes the real wait on its eventfd: the wait that
    /// returns it had a deadline minutes away, so nothing but the news can have ended it.
    @Test func newsWakesAPausedLoopAtOnce() throws {
        let hold = Exercise(title: "Hold", color: FlatColor.red.rgb, work: 60)
        let routine = Routine(name: "Wake", rest: 0, getReady: 60, exercises: [hold])
        var settings = CoachSettings()
        settings.flash = false
        let app = WorkoutApp(plan: Plan(routine), settings: settings)
        let clock = SystemMonotonicClock()
        let inbox = try WakeInbox()
        let input = RecordedWaits(PlainInput(signals: try SignalPipe(), timer: try DeadlineTimer(), inbox: inbox,
                                             keyboard: nil))
        let terminal = TimedTerminal()
        let loop = WorkoutLoop(app: app, clock: clock, terminal: terminal, input: input, audio: nil, recorder: nil)
        inbox.post(.key(.character(" ")))
        let posted = Mutex<Instant?>(nil)
        startThread(named: "test-news") {
            // Once the paused frame is drawn, the loop goes to sleep with no deadline.
            if terminal.waitForFrame({ $0.paused }) {
                posted.withLock { $0 = clock.now() }
                inbox.post(.notice(.historyNotSaved(path: "/h.sqlite3", .full)))
                _ = terminal.waitForFrame { $0.notice != nil }
            }
            inbox.post(.signal(.interrupt))
        }
        #expect(try loop.run() == .signal(.interrupt))
        let sent = try #require(posted.withLock { $0 })
        let shown = try #require(terminal.frames.withLock {
            $0.first { $0.notice == "history not saved (disk full): /h.sqlite3" }?.at
        })
        #expect(shown >= sent)
        let woken = try #require(input.waits.withLock { $0.first { $0.inputs.contains { if case .notice = $0 {
            true } else { false } } } })
        let after = woken.deadline.map { $0 - sent }
        #expect(after.map { $0 > 60 } ?? true, "the wait that brought the news ended by \(after ?? 0) s")
    }
}

@Suite("C calls name the call that failed")
struct SystemCallLabelTests {
    /// The redirect's shim makes three calls; the error names the one that failed, with its errno.
    @Test func aRedirectIntoAMissingFolderNamesOpen() {
        #expect(throws: SystemError(call: "open", errno: ENOENT)) {
            try StderrRedirect(path: scratchDirectory() + "/missing/sevenmin.log")
        }
    }

    /// The timer's shim returns -errno, which becomes the error.
    @Test func armingAClosedTimerNamesTimerfdSettime() throws {
        #expect(throws: SystemError(call: "timerfd_settime", errno: EBADF)) {
            try retryingNegativeErrno("timerfd_settime") { csevenmin_timer_arm(-1, 5) }
        }
    }
}

@Suite("The command table")
struct CommandTableTests {
    /// Every command help lists, and the hidden ones, has a way to run: none parses only to fail with
    /// "not implemented" at the edge.
    @Test func everyEntryCanRun() {
        for type in CommandLineParser.commands + CommandLineParser.hiddenCommands {
            #expect(type is any RunnableCommand.Type, "\(type.spec.name) has no run()")
        }
    }
}
