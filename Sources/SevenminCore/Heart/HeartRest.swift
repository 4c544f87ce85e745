// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// The rests of a routine with `restUntil` (`rule`), which wait for the heart: the first fresh reading in one
/// makes it last the rule's `max` in all, a reading under the rule's bpm ends it there and then, and without
/// a reading it runs as set. Keeps what the rest under way added to its timer, and how the last such rest
/// ended, for the screen. `WorkoutApp` routes the news about rests and readings here and performs what it
/// answers on the session.
struct HeartRest: Sendable {
    /// News about a rest that may wait, as `WorkoutApp` learns it.
    enum News: Sendable {
        /// Time passed in the rest at `index`, `length` seconds long now, with the fresh reading if there is one.
        case resting(index: Int, length: Double, bpm: Int?)
        /// The timer took `seconds` of the time asked (`Action.lengthen`): less at a rest past the longest.
        case lengthened(by: Double)
        /// The strap was lost (gone, out of reach, no longer read) at segment `index`: a rest there is an
        /// ordinary one again, and a reading that comes again stretches it again. Skin contact lost is not a loss.
        case strapLost(index: Int)
        /// The segment at `index` began because the one before ran out, not by a key.
        case ranOut(into: Int)
    }

    /// What the session is to do.
    enum Action: Equatable, Sendable {
        /// Add this many seconds to the rest (the timer may take less: tell `.lengthened`).
        case lengthen(by: Double)
        /// Take back what the rest's waiting added.
        case shorten(by: Double)
        /// End the rest now: the heart is under the rule's bpm.
        case end
    }

    let rule: RestUntil
    /// The rest under way, and the seconds its waiting added (nil before a reading, or once the strap is lost).
    private var waiting: (index: Int, added: Double?)?
    /// The segment after a rest that waited, with the reading that ended it (nil: it ran to its longest).
    private var ended: (index: Int, bpm: Int?)?

    init(rule: RestUntil) { self.rule = rule }

    /// What `news` comes to.
    mutating func handle(_ news: News) -> [Action] {
        switch news {
        case let .resting(index, length, bpm):
            if waiting?.index != index { waiting = (index, nil) }
            guard let bpm else { return [] }
            var actions: [Action] = []
            if waiting?.added == nil {
                actions.append(.lengthen(by: rule.max - length))
                waiting?.added = 0
            }
            if bpm < rule.heartRate {
                ended = (index + 1, bpm)
                actions.append(.end)
            }
            return actions
        case .lengthened(let seconds):
            waiting?.added = seconds
            return []
        case .strapLost(let index):
            guard let rest = waiting, rest.index == index, let added = rest.added else { return [] }
            waiting?.added = nil
            return [.shorten(by: added)]
        case .ranOut(let index):
            if let rest = waiting, rest.added != nil, rest.index == index - 1 { ended = (index, nil) }
            return []
        }
    }

    /// The rest screen's words at segment `index`: what the rest under way waits for, or how the one just
    /// before ended; nil where neither is so.
    func words(at index: Int, text: ScreenText) -> String? {
        if let rest = waiting, rest.index == index, rest.added != nil {
            return text.restUntil(rule.heartRate, TimeFormat.clock(rule.max))
        }
        guard let end = ended, end.index == index else { return nil }
        return end.bpm.map(text.restEndedAt) ?? text.restEndedAfter(TimeFormat.clock(rule.max))
    }
}
