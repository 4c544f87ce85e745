// SPDX-License-Identifier: GPL-3.0-or-later
import SevenminCore

/// Something to be heard: a cue or a spoken phrase, with its samples at the output rate.
public struct AudioItem: Sendable {
    /// What the item is, as reported back with its delivery.
    public enum Kind: Hashable, Sendable {
        case cue(Cue)
        case phrase(String, priority: Phrase.Priority)
    }

    public var kind: Kind
    public var samples: [Int16]
    /// When it fell due, on the session's clock (or the track's offset, for an export).
    public var due: Instant

    public init(_ kind: Kind, samples: [Int16], due: Instant) {
        self.kind = kind
        self.samples = samples
        self.due = due
    }

    /// The finish is never dropped for being late: it is the one cue that says the workout is over.
    var expires: Bool {
        switch kind {
        case .cue(let cue): return cue != .finish
        case .phrase(_, let priority): return priority != .finish
        }
    }
}

/// How an item reached the user (or why it did not).
public enum Delivery: Equatable, Sendable {
    /// Handed to the sound device, or written to the file.
    case played
    /// There is no sound device (libao's null driver took it): the app should ring the terminal bell.
    case noDevice
    /// Dropped: it was `late` seconds past due when the audio thread took it, over `CuePolicy.stalenessLimit`.
    case stale(late: Double)
    /// A phrase stopped early because a more important one started.
    case cutOff
}

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
