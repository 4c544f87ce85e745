// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import SevenminCore

/// `Overlays` alone: what covers the screen, and what the quit prompt remembers.
@Suite("What covers the screen, as a value")
struct OverlaysTests {
    @Test func goingOnFromTheQuitPromptResumesOnlyAWorkoutThatWasRunning() {
        var overlays = Overlays()
        let asked = overlays.handle(.askQuit(running: true, command: nil, bySignal: false))
        #expect(!asked && overlays.shown == .confirmQuit && !overlays.bySignal)
        let resumed = overlays.handle(.cancelQuit)
        #expect(resumed && overlays.shown == .none, "it was running: it goes on")
        overlays.handle(.askQuit(running: false, command: nil, bySignal: false))
        let resumedFromPause = overlays.handle(.cancelQuit)
        #expect(!resumedFromPause, "paused before the prompt, paused after")
    }

    @Test func ctrlCsPromptAsksAboutTheCommandUntilItEnds() {
        var overlays = Overlays()
        overlays.handle(.askQuit(running: true, command: "make", bySignal: true))
        #expect(overlays.shown == .confirmQuitCommand("make") && overlays.bySignal)
        overlays.handle(.commandEnded)
        #expect(overlays.shown == .confirmQuit && overlays.bySignal, "no command left to ask about")
        overlays.handle(.cancelQuit)
        #expect(!overlays.bySignal, "a prompt opened later by a key stops by no signal")
    }

    @Test func theHelpTogglesAndTheFinishClearsWhatever() {
        var overlays = Overlays()
        overlays.handle(.toggleHelp)
        #expect(overlays.shown == .help)
        overlays.handle(.toggleHelp)
        #expect(overlays.shown == .none)
        overlays.handle(.commandEnded)
        #expect(overlays.shown == .none, "the help or nothing stays as it is")
        overlays.handle(.askQuit(running: true, command: "make", bySignal: false))
        overlays.handle(.finished)
        #expect(overlays.shown == .none)
    }
}
