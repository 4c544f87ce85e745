// SPDX-License-Identifier: GPL-3.0-or-later
import SevenminCore

/// The rules deciding what sounds, shared by the live player and the track export so both
/// sound alike: stale items are dropped, cues always start, and a phrase starts only when
/// the voice is free or holds a less important phrase; otherwise it waits for its turn.
struct Playout {
    var mixer: Mixer
    /// Phrases waiting for the voice, oldest first.
    private(set) var waiting: [AudioItem] = []
    /// The phrase sounding, to report it when it is cut off.
    private var speaking: AudioItem?

    init(gain: Float = 1) { mixer = Mixer(gain: gain) }

    /// Starts what can start at `now` (the new `items` and those waiting) and drops what is stale.
    mutating func admit(_ items: [AudioItem], now: Instant) -> [(item: AudioItem, delivery: Delivery)] {
        if mixer.phraseFramesLeft == 0 { speaking = nil }
        // Cues first, the more important first, then phrases by importance and age.
        let ordered = (waiting + items).enumerated().sorted { a, b in
            let ka = Playout.rank(a.element), kb = Playout.rank(b.element)
            return ka != kb ? ka > kb : a.offset < b.offset
        }.map(\.element)
        waiting.removeAll()
        var report: [(item: AudioItem, delivery: Delivery)] = []
        for item in ordered {
            let late = now - item.due
            if item.expires, late > CuePolicy.stalenessLimit {
                report.append((item, .stale(late: late)))
                continue
            }
            switch item.kind {
            case .cue(let cue):
                mixer.start(cue, samples: item.samples)
                report.append((item, .played))
            case .phrase(_, let priority):
                guard mixer.canSay(priority) else { waiting.append(item); continue }
                if mixer.say(item.samples, priority: priority), let cut = speaking { report.append((cut, .cutOff)) }
                speaking = item
                report.append((item, .played))
            }
        }
        return report
    }

    private static func rank(_ item: AudioItem) -> Int {
        switch item.kind {
        case .cue(let cue): return 100 + cue.priority
        case .phrase(_, let priority): return priority.rawValue
        }
    }
}
