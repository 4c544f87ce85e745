import Foundation
import SevenminCore
import SevenminSystem
import SevenminTerminal

/// `start` in plain mode (`--plain`, or no terminal on standard input or output): the same loop and app as
/// the full screen, with a line per change on standard output and keys read from a terminal on
/// standard input when there is one.
enum PlainWorkout {
    /// Runs the workout; the summary does not wait for a key, since nobody may be at the keys.
    static func run(_ plan: Plan, settings: CoachSettings, clock: any MonotonicClock, signals: SignalPipe,
                    timer: DeadlineTimer, audio: (any AudioSink)?,
                    recorder: any WorkoutRecorder) throws -> (ending: WorkoutEnding, app: WorkoutApp) {
        setlocale(LC_ALL, "")
        var settings = settings
        settings.summaryWaitsForKey = false
        settings.flash = false
        let transcript = PlainTranscript(unicode: localeCharsetIsUTF8())
        func workout(_ keyboard: KeyboardMode?) throws -> (ending: WorkoutEnding, app: WorkoutApp) {
            let terminal = PlainTerminal(transcript: transcript, signals: signals, keyboard: keyboard) {
                Console.out($0)
            }
            let loop = WorkoutLoop(app: WorkoutApp(plan: plan, settings: settings), clock: clock, terminal: terminal,
                                   input: PlainInput(signals: signals, timer: timer, keyboard: keyboard,
                                                     outputClosed: { Console.outputError == EPIPE }),
                                   audio: audio, recorder: recorder)
            return (try loop.run(), loop.app)
        }
        guard KeyboardMode.isTerminal(STDIN_FILENO) else { return try workout(nil) }
        return try KeyboardMode.withKeys(fd: STDIN_FILENO) { try workout($0) }
    }
}
