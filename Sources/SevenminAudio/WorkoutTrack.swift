// SPDX-License-Identifier: GPL-3.0-or-later
import SevenminCore

/// A plan's whole sound track, ready for `TrackRenderer`: every cue and phrase of
/// `AudioSchedule` at its planned offset, with its sound.
public enum WorkoutTrack {
    /// The items, with cues from `cues` and phrases rendered by `speak` (nil: no voice).
    /// Phrases said several times are rendered once.
    public static func items(for plan: Plan, cues: [Cue: Sound], countAloud: Bool, language: CoachLanguage = .en,
                             speak: ((String) throws -> Sound)?) throws -> [TrackRenderer.Item] {
        var spoken: [String: Sound] = [:]
        var items: [TrackRenderer.Item] = []
        for item in AudioSchedule.items(for: plan, voice: speak != nil, countAloud: countAloud,
                                                     language: language) {
            switch item.sound {
            case .cue(let cue):
                guard let sound = cues[cue] else { continue }
                items.append(TrackRenderer.Item(offset: item.offset, kind: .cue(cue), sound: sound))
            case .phrase(let phrase):
                guard let speak else { continue }
                let sound = try spoken[phrase.text] ?? speak(phrase.text)
                spoken[phrase.text] = sound
                items.append(TrackRenderer.Item(offset: item.offset, kind: .phrase(phrase.text,
                    priority: phrase.priority),
                                                sound: sound))
            }
        }
        return items
    }

    /// How long the track lasts: the plan, and whatever still sounds after its end (the final cue).
    public static func duration(of plan: Plan, items: [TrackRenderer.Item]) -> Double {
        items.reduce(plan.totalDuration) { max($0, $1.offset + $1.sound.duration) }
    }
}
