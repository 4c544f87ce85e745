// SPDX-License-Identifier: GPL-3.0-or-later
import SevenminCore

/// What `start` runs, and how the coach is set for it.
extension StartCommand {
    /// The workout to run, and where it came from.
    struct Chosen {
        var loaded: PlanLoading.Loaded
        /// A workout resumed: where it stopped, and its session and part in the history.
        var resumption: WorkoutApp.Resumption?
        var resumed: (id: Int64, part: Int)?
        /// The plan's step it is, if it is one.
        var planStep: RoutineChoice.PlanStep?
    }

    /// The workout to run: made by `loading` (a snack), resumed from `history`, or the routine chosen (a plan's
    /// step, the one named, the config's) and loaded. A failure has been said, and is the status to exit with.
    func chosenWorkout(config: UserConfig?, voices: VoiceSetup.Catalogue, voiceName: String?, history: HistorySetup,
                       loading: ((UserConfig?) -> Result<PlanLoading.Loaded, ExitStatus>)?)
        -> Result<Chosen, ExitStatus> {
        if let loading { return loading(config).map { Chosen(loaded: $0) } }
        if resume {
            return history.resumption().map { found in
                // Still the plan's step it began as: the screen says so, and its rating moves the plan.
                Chosen(loaded: found.0, resumption: found.1, resumed: (found.id, found.part),
                       planStep: found.plan.flatMap(PlanFiles.step))
            }
        }
        return PlanLoading.choose(plan, config: .success(config)).flatMap { choice in
            PlanLoading.load(choice.request, voices: voice && !mute && voiceName == nil ? voices.listed : nil)
                .map { Chosen(loaded: $0, planStep: choice.planStep) }
        }
    }

    /// The coach's settings for `chosen` from the options: `speaks` whether a voice was opened, `records` whether
    /// there is a history to find the moves' records in.
    func coachSettings(for chosen: Chosen, language: CoachLanguage, speaks: Bool, records: Bool,
                       during: CommandRun?) -> CoachSettings {
        var settings = CoachSettings(flash: flash, bell: bell, voice: speaks, countAloud: countAloud,
                                     seed: chosen.loaded.seed, notify: notify, asksEffort: records, figure: figure)
        settings.language = language
        settings.planStep = chosen.planStep
        settings.heartRate = strapName != nil
        settings.heartZones = HeartZones(age: age, maxHeartRate: maxHeartRate)
        settings.speaksHeartRate = speakHeartRate
        settings.during = during
        // A hold to the limit, or as many as you can, shows the move's record: read before the first frame, and
        // only for such a plan.
        if records, chosen.loaded.plan.segments.contains(where: { $0.toLimit || $0.asManyAsYouCan != nil }) {
            settings.records = HistoryReading.records()
        }
        settings.ghostMargin = ghost ? ghostMargin : nil
        return settings
    }

    /// The strap asked for, unless `--no-hr` turned it off.
    var strapName: String? { heartRateOff ? nil : heartRate }
}
