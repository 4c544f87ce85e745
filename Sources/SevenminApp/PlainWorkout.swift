// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminCore
import SevenminSystem
import SevenminTerminal

/// `start` in plain mode (`--plain`, or no terminal on standard input or output): the same loop and app as
/// the full screen, with a line per change on standard output and keys read from a terminal on
/// standard input when there is one.
enum PlainWorkout {
    /// The settings of a plain workout: nothing flashes, and without `keys` (a terminal on standard input)
    /// nothing waits for a key, since nobody may be at the keys. With keys, the summary waits only for
    /// the effort question's answer.
    static func adjusted(_ settings: CoachSettings, keys: Bool) -> CoachSettings {
        var settings = settings
        settings.summaryWaitsForKey = keys && settings.asksEffort
        if !keys { settings.asksEffort = false }
        settings.keysAtHand = keys
        settings.flash = false
        return settings
    }

    /// Runs `app` (made with `adjusted` settings) to its end.
    static func run(_ app: WorkoutApp, clock: any MonotonicClock, signals: SignalPipe, timer: DeadlineTimer,
                    inbox: WakeInbox, audio: (any AudioSink)?, recorder: any WorkoutRecorder,
                    status: (any StatusPublisher)?, desktop: (any DesktopSession)? = nil,
                    phone: (any PhoneScreen)? = nil,
                    afterFirstFrame: (() -> Void)? = nil)
        throws -> (ending: WorkoutEnding, app: WorkoutApp) {
        let transcript = PlainTranscript(unicode: localeCharsetIsUTF8())
        func workout(_ keyboard: KeyboardMode?) throws -> (ending: WorkoutEnding, app: WorkoutApp) {
            let terminal = PlainTerminal(transcript: transcript, signals: signals, keyboard: keyboard) {
                Console.out($0)
            }
            let loop = WorkoutLoop(app: app, clock: clock, terminal: terminal,
                                   input: PlainInput(signals: signals, timer: timer, inbox: inbox, keyboard: keyboard,
                                                     outputClosed: { Console.outputError == EPIPE }),
                                   audio: audio, recorder: recorder, status: status, desktop: desktop, phone: phone,
                                   afterFirstFrame: afterFirstFrame)
            return (try loop.run(), loop.app)
        }
        guard KeyboardMode.isTerminal(STDIN_FILENO) else { return try workout(nil) }
        return try KeyboardMode.withKeys(fd: STDIN_FILENO) { try workout($0) }
    }
}
