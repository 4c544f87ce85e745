// SPDX-License-Identifier: GPL-3.0-or-later
import SevenminCore

/// A plan's whole sound track, ready for `TrackRenderer`: every cue and phrase of
/// `AudioSchedule` at its planned offset, cues with their sound, phrases to be spoken when due.
public enum WorkoutTrack {
    /// The items, with cues from `cues`; the phrases only when `voice` is on, with no sound: the
    /// renderer asks its voice for each when it is due, so a long track never holds them all.
    public static func items(for plan: Plan, cues: [Cue: Sound], countAloud: Bool, language: CoachLanguage = .en,
                             voice: Bool) -> [TrackRenderer.Item] {
        AudioSchedule.items(for: plan, voice: voice, countAloud: countAloud, language: language).compactMap { item in
            switch item.sound {
            case .cue(let cue):
                guard let sound = cues[cue] else { return nil }
                return TrackRenderer.Item(offset: item.offset, kind: .cue(cue), sound: sound)
            case .phrase(let phrase):
                guard voice else { return nil }
                return TrackRenderer.Item(offset: item.offset, kind: .phrase(phrase.text, priority: phrase.priority),
                                          sound: nil)
            }
        }
    }
}

/// A voice for `TrackRenderer` that keeps what it said, up to `limit` bytes, so that a phrase said
/// again and again (the rests, "Halfway") is spoken and resampled once while a long track stays small.
public final class RecentPhrases {
    private let speak: (String) -> Sound
    private let limit: Int
    /// The track's rate, which each phrase is resampled to once, as it is kept; nil keeps the engine's.
    private let sampleRate: Int?
    private var kept: [String: Sound] = [:]
    private var bytes = 0

    public init(limit: Int = 16 << 20, sampleRate: Int? = nil, speak: @escaping (String) -> Sound) {
        self.limit = limit
        self.sampleRate = sampleRate
        self.speak = speak
    }

    public func sound(for text: String) -> Sound {
        if let sound = kept[text] { return sound }
        let spoken = speak(text)
        let sound = sampleRate.map { spoken.resampled(to: $0) } ?? spoken
        let size = sound.samples.count * MemoryLayout<Int16>.size
        if bytes + size > limit {
            kept.removeAll()
            bytes = 0
        }
        if size <= limit {
            kept[text] = sound
            bytes += size
        }
        return sound
    }
}
