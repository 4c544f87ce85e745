// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// The coach's words not yet said: those held until the cue that goes with them has been heard
/// (`Cue.clearance`), and those whose speech was not rendered when due, waiting for it until the
/// staleness limit. `WorkoutApp` routes the news about words here and performs what it answers.
struct SpeechQueue: Sendable {
    /// News about the words, as `WorkoutApp` learns it.
    enum News: Sendable {
        /// Words to say: now, or once their cue has been heard (`held`).
        case toSay(Announcement, held: Bool)
        /// The audio thread had no speech for these words when they were due.
        case notRendered(Announcement, AudioDelivery)
        /// A phrase's speech is rendered now.
        case ready(Phrase)
        /// A new segment (or the finish): words still held about the last are not said.
        case segmentChanged
        /// Time passed: held words fall due, and words waited for too long are given up.
        case time
    }

    /// Held for their cue, soonest first.
    private(set) var held: [Announcement] = []
    /// Not rendered when due, waiting for their speech.
    private(set) var awaiting: [Announcement] = []

    /// Whether words are still held for a cue now sounding.
    var holdsWords: Bool { !held.isEmpty }

    /// When something here next falls due: held words, or a wait's end.
    var nextDeadline: Instant? {
        ([held.first?.due] + awaiting.map { $0.due + CuePolicy.stalenessLimit }).compactMap { $0 }.min()
    }

    /// What `news` at `now` comes to: words to say, and the events-file lines of words not said
    /// (`t` counted from `origin`).
    mutating func handle(_ news: News, at now: Instant, origin: Instant) -> [Effect] {
        switch news {
        case .toSay(let announcement, let hold):
            guard hold else { return [.announce(announcement)] }
            held.insert(announcement, at: held.firstIndex { $0.due > announcement.due } ?? held.endIndex)
            return []
        case .notRendered(let announcement, let reported):
            // Waited for within the staleness limit, never said late. The finish is rendered on the spot,
            // so one not rendered could not be, and is given up at once.
            guard announcement.phrase.priority != .finish, now - announcement.due < CuePolicy.stalenessLimit else {
                return [.log(EventRecords.delivery(reported, origin: origin))]
            }
            awaiting.removeAll { $0.phrase == announcement.phrase }
            awaiting.append(announcement)
            return []
        case .ready(let phrase):
            // Said now if it is still worth saying; otherwise its deadline has already given it up.
            guard let k = awaiting.firstIndex(where: { $0.phrase == phrase }) else { return [] }
            return [.announce(awaiting.remove(at: k))]
        case .segmentChanged:
            held.removeAll()
            return []
        case .time:
            var effects: [Effect] = []
            while let first = held.first, first.due <= now { effects.append(.announce(held.removeFirst())) }
            let late = awaiting.filter { now - $0.due >= CuePolicy.stalenessLimit }
            awaiting.removeAll { late.contains($0) }
            return effects + late.map { a in
                .log(EventRecords.delivery(AudioDelivery(.phrase(a.phrase), due: a.due, at: now, outcome: .notRendered),
                                           origin: origin))
            }
        }
    }
}
