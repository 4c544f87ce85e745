// SPDX-License-Identifier: GPL-3.0-or-later
/// The whole sound track of a plan as the coach would play it, undisturbed: every cue and phrase
/// at its planned offset. Worked out by running the real `WorkoutApp` on a clock that jumps from
/// deadline to deadline, so an export can never disagree with a live workout.
public enum AudioSchedule {
    /// One sound of the track.
    public enum Sound: Equatable, Sendable {
        case cue(Cue)
        case phrase(Phrase)
    }

    public struct Item: Equatable, Sendable {
        /// Seconds from the start of the workout.
        public var offset: Double
        public var sound: Sound
    }

    public static func items(for plan: Plan, voice: Bool, countAloud: Bool, language: CoachLanguage = .en) -> [Item] {
        var settings = CoachSettings(flash: false, bell: .never, voice: voice, countAloud: countAloud)
        settings.language = language
        // Nobody presses Enter on a track: its steps counted in reps are done after their exercise's work.
        settings.keysAtHand = false
        var app = WorkoutApp(plan: plan, settings: settings)
        var effects = app.start(at: 0)
        effects += app.handle(.audio(.device("export")), at: 0)
        var items: [Item] = []
        func collect(_ effects: [Effect]) {
            for effect in effects {
                switch effect {
                case .playCue(let cue, let due): items.append(Item(offset: due, sound: .cue(cue)))
                case .announce(let a): items.append(Item(offset: a.due, sound: .phrase(a.phrase)))
                default: break
                }
            }
        }
        collect(effects)
        // After the finish, until the last words said after its cue.
        while app.session.state != .finished || app.hasPendingSpeech, let deadline = app.nextDeadline() {
            collect(app.handle(.tick, at: deadline))
        }
        return items
    }
}
