// SPDX-License-Identifier: GPL-3.0-or-later
/// What covers the workout's screen, the keys or the quit prompt, and what the quit prompt remembers: whether
/// closing it goes on with a workout that was running, and whether Ctrl-C opened it. `WorkoutApp` routes the
/// news about them here and performs what it answers on the session.
struct Overlays: Sendable {
    /// News about what covers the screen, as `WorkoutApp` learns it.
    enum News: Sendable {
        /// `?`: the keys, shown or hidden.
        case toggleHelp
        /// The quit prompt, asked for by a key or by Ctrl-C (`bySignal`), over a workout that was `running`;
        /// beside a command still running (`command`), it asks about that too.
        case askQuit(running: Bool, command: String?, bySignal: Bool)
        /// The prompt answered "go on".
        case cancelQuit
        /// The command ended: no command is left to ask about.
        case commandEnded
        /// The workout finished: its finish shows, with nothing over it.
        case finished
    }

    /// What covers the screen now.
    private(set) var shown = ScreenModel.Overlay.none
    /// The quit prompt was opened by Ctrl-C: stopping from it ends the process by SIGINT, as Ctrl-C would.
    private(set) var bySignal = false
    /// Closing the quit prompt goes on with the workout: it was running when the prompt opened.
    private var resumes = false

    /// What `news` comes to: true when the workout is to go on (it was paused only for the prompt).
    @discardableResult
    mutating func handle(_ news: News) -> Bool {
        switch news {
        case .toggleHelp:
            shown = shown == .help ? .none : .help
        case let .askQuit(running, command, signal):
            shown = command.map(ScreenModel.Overlay.confirmQuitCommand) ?? .confirmQuit
            resumes = running
            bySignal = signal
        case .cancelQuit:
            shown = .none
            bySignal = false
            return resumes
        case .commandEnded:
            if shown.askedCommand != nil { shown = .confirmQuit }
        case .finished:
            shown = .none
        }
        return false
    }
}
