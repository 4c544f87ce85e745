// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// What status lines and the media player were last told, so that each hears of a change and of nothing
/// else: the segment, whether paused, and when it ends (running) or how long it has left (paused).
/// `WorkoutApp` routes the workout's state here and performs what it answers.
struct Publication {
    struct Told: Equatable, Sendable {
        var index: Int
        var paused: Bool
        var end: Double

        /// Tenths of a second of rounding are not a change; restarting or adding time is.
        func same(as other: Told?) -> Bool {
            guard let other else { return false }
            return other.index == index && other.paused == paused && abs(other.end - end) < 0.05
        }
    }

    enum News {
        /// The workout runs or is paused, as `Told`; the status and the player's state, made only if told.
        case state(Told, status: () -> StatusSnapshot, player: () -> PlayerState)
        /// The workout has finished: both are told it is over, once, and then what goes `also` (the phone's
        /// end, the desktop's notice); status lines are told `keeping` instead, if given (the command `during`
        /// still waits for), until the end.
        case finished(keeping: StatusSnapshot? = nil, also: () -> [Effect])
        /// The workout ends (quit, a signal, the summary dismissed).
        case ended
        /// Status lines must hear the state again (the wall clock was set, the phone's address came). The
        /// player keeps what it was told: it speaks in the workout's own time.
        case statusStale
    }

    private(set) var status: Told?
    private(set) var player: Told?
    private var finishTold = false

    mutating func handle(_ news: News) -> [Effect] {
        switch news {
        case .state(let now, let makeStatus, let makePlayer):
            var effects: [Effect] = []
            if !now.same(as: status) {
                status = now
                effects.append(.status(makeStatus()))
            }
            if !now.same(as: player) {
                player = now
                effects.append(.player(makePlayer()))
            }
            return effects
        case .finished(let kept, let also):
            guard !finishTold else { return [] }
            finishTold = true
            // A status kept is told once, and taken back at the end.
            status = kept.map { _ in Told(index: -1, paused: false, end: 0) }
            player = nil
            return [.status(kept), .player(nil)] + also()
        case .ended:
            defer { status = nil; player = nil }
            return (status == nil ? [] : [.status(nil)]) + (player == nil ? [] : [.player(nil)])
        case .statusStale:
            // After the finish, a status kept stays told: the end must still take it back.
            if !finishTold { status = nil }
            return []
        }
    }
}
