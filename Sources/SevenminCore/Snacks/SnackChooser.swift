// SPDX-License-Identifier: GPL-3.0-or-later
/// What a desk snack is made of: moves that suit a desk, varied through the day, a minute each, harder as a
/// joined plan goes on. Pure: fed the library and the snacks done before, from the history.
public enum SnackChooser {
    /// The tag a move must have to be offered at a desk, from the shipped library.
    public static let required = "standing"
    /// The tags left out unless a routine is named: no floor, no jumping, quiet; and no chair, since an
    /// office chair rolls.
    public static let leftOut = ["floor", "jumping", "noisy", "chair"]
    /// The name the snack's routine goes by, in history and on the screen.
    public static let routineName = "Desk snack"
    /// Seconds before the first move.
    public static let getReady = 5.0

    /// A move done in an earlier snack, with the local day (days since 1970) it was done on.
    public struct Done: Equatable, Sendable {
        public var title: String
        public var day: Int

        public init(title: String, day: Int) {
            self.title = title
            self.day = day
        }
    }

    /// The moves of `library` a snack may use, each title once in the library's order: with `required` when
    /// `desk` (the shipped library), and without any tag of `without`.
    public static func moves(_ library: [Exercise], desk: Bool, without: [String]) -> [Exercise] {
        var seen = Set<String>()
        return library.filter { move in
            (!desk || move.tags.contains(required)) && !move.tags.contains(where: without.contains)
                && move.reps == nil && seen.insert(move.title).inserted
        }
    }

    /// `count` moves from `moves`: each time the one done least today, then the one done longest ago (never
    /// done first), then by `seed`; never the move done just before it, so neither twice running nor, to begin
    /// the day, yesterday's last. `done` is the moves of earlier snacks, oldest first.
    public static func choose(_ count: Int, from moves: [Exercise], done: [Done], today: Int,
                              seed: UInt64) -> [Exercise] {
        guard !moves.isEmpty else { return [] }
        var history = done, picked: [Exercise] = [], random = SplitMix64(seed: seed)
        for _ in 0..<count {
            let last = history.last?.title
            var candidates = moves.filter { $0.title != last }
            if candidates.isEmpty { candidates = moves }
            func rank(_ move: Exercise) -> (Int, Int) {
                let today = history.filter { $0.day == today && $0.title == move.title }.count
                let lastDone = history.lastIndex { $0.title == move.title } ?? -1
                return (today, lastDone)
            }
            let best = candidates.map(rank).min { $0 < $1 }!
            let tied = candidates.filter { rank($0) == best }
            let move = tied[Int(random.below(UInt64(tied.count)))]
            picked.append(move)
            history.append(Done(title: move.title, day: today))
        }
        return picked
    }

    /// Seconds of work in each minute at `level` of a joined plan (0 at its first step, 1 at its last; 0 when
    /// none is joined): 30 s, stepping up by 5 s to 50 s; the rest of the minute is rest.
    public static func work(level: Double) -> Double {
        30 + 5 * (4 * min(1, max(0, level))).rounded(.down)
    }

    /// The snack: `moves` a minute each (work, then the rest of the minute; none after the last).
    public static func routine(_ moves: [Exercise], level: Double) -> Routine {
        let work = work(level: level)
        let timed = moves.map { move in
            var move = move
            move.work = work
            move.rest = nil
            move.switchRest = nil
            return move
        }
        return Routine(name: routineName, description: "A minute a move, beside the desk", rest: 60 - work,
                       getReady: getReady, rounds: 1, exercises: timed, switchRest: 0)
    }
}
