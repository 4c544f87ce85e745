// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import SevenminCore

/// What the snack watcher hears from a desktop that only answers the idle time (KDE) or hints it (logind).
@Suite("The idle time, as asked or hinted")
struct IdleTrackerTests {
    /// KDE: asked at each look, the last input is now less the idle time answered.
    @Test func anIdleTimeAskedAtEachLookBringsTheBreakAndTheReturnOnce() {
        var idle = IdleTracker()
        #expect(idle.heard(lastInput: 1000 - 40, at: 1000).isEmpty)
        // No input since: the look is due when the break would be, and finds it.
        #expect(idle.nextLook == 960 + SnackWatch.breakLength)
        #expect(idle.heard(lastInput: 960, at: 1260) == [.idle(since: 960)])
        #expect(idle.nextLook == nil, "away, it waits for the watcher's minute look")
        #expect(idle.heard(lastInput: 960, at: 1320).isEmpty, "still away: told once")
        #expect(idle.heard(lastInput: 1350, at: 1380) == [.active])
        #expect(idle.nextLook == 1350 + SnackWatch.breakLength)
        // Input between the looks moves the next one on; nothing is told.
        #expect(idle.heard(lastInput: 1600, at: 1650).isEmpty && idle.nextLook == 1900)
    }

    /// logind: the hint off is input going on; on, it says since when, and the break comes 5 min after that.
    @Test func anIdleHintIsABreakOnlyFiveMinutesAfterItsStart() {
        var idle = IdleTracker()
        #expect(idle.heard(lastInput: nil, at: 1000).isEmpty && idle.nextLook == nil)
        #expect(idle.heard(lastInput: 1000, at: 1060).isEmpty, "a minute idle is no break")
        #expect(idle.nextLook == 1300)
        #expect(idle.look(at: 1300) == [.idle(since: 1000)])
        #expect(idle.heard(lastInput: nil, at: 1500) == [.active])
        // A hint that comes late says the break began long ago.
        #expect(idle.heard(lastInput: 1000, at: 2000) == [.idle(since: 1000)])
    }

    /// A pause watched for is told once for each stretch without input, and not once the watch stops.
    @Test func aPauseIsToldOncePerStretchWithoutInput() {
        var idle = IdleTracker()
        #expect(idle.heard(lastInput: 995, at: 1000).isEmpty)
        idle.watchPause(true)
        #expect(idle.nextLook == 995 + SnackWatch.pauseLength)
        #expect(idle.heard(lastInput: 1003, at: 1005).isEmpty, "input came: no pause yet")
        #expect(idle.nextLook == 1013)
        #expect(idle.heard(lastInput: 1003, at: 1013) == [.paused])
        #expect(idle.nextLook == 1003 + SnackWatch.breakLength, "the break is still looked for")
        #expect(idle.heard(lastInput: 1003, at: 1020).isEmpty, "the same pause")
        #expect(idle.heard(lastInput: 1025, at: 1040) == [.paused], "a new one")
        idle.watchPause(false)
        #expect(idle.heard(lastInput: 1045, at: 1060).isEmpty && idle.nextLook == 1045 + SnackWatch.breakLength)
    }
}
