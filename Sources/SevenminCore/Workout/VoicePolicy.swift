// SPDX-License-Identifier: GPL-3.0-or-later
/// Decides what the coach says for each session event; the words themselves are in `Phrases`.
public enum VoicePolicy {
    /// The phrase for `event`, or nil for events said with no words (the seconds, the start).
    /// `complete` says whether every exercise was done, for the words at the finish. With `heartRate`,
    /// the bpm to say, the halfway of a work segment (or its switch of sides) says it after its words.
    public static func phrase(for event: SessionEvent, in session: WorkoutSession, countAloud: Bool,
                              language: CoachLanguage = .en, complete: Bool = true, heartRate: Int? = nil) -> Phrase? {
        let plan = session.plan, phrases = Phrases(language)
        let index = event.segmentIndex
        func withHeartRate(_ phrase: Phrase) -> Phrase {
            guard let heartRate else { return phrase }
            return Phrase(phrase.text + " " + phrases.heartRate(heartRate).text, priority: phrase.priority)
        }
        switch event.kind {
        case .segmentStarted:
            return start(of: index, in: plan, language: language)
        case .halfway: return withHeartRate(phrases.halfway)
        case .switchSides: return withHeartRate(phrases.switchSides)
        case .countdown(let n): return countAloud ? phrases.count(n) : nil
        case .paused: return phrases.paused
        case .resumed: return phrases.resumed
        case .finished: return phrases.finished(seconds: session.activeTime(at: event.due), complete: complete)
        case .started, .second: return nil
        }
    }

    /// What is said as segment `index` starts: for the first, what is due with the first frame.
    /// It lasts at most as long as the segment.
    public static func start(of index: Int, in plan: Plan, language: CoachLanguage = .en) -> Phrase {
        var phrase = opening(of: index, in: plan, language: language)
        let length = plan.segments[index].duration
        if length > 0 { phrase.longest = length }
        return phrase
    }

    private static func opening(of index: Int, in plan: Plan, language: CoachLanguage) -> Phrase {
        let exercise = plan.exercise(of: index), phrases = Phrases(language)
        let name = exercise.say ?? exercise.title
        switch plan.segments[index].segment {
        case .getReady:
            return phrases.getReady(first: name)
        case .work:
            if let reps = plan.segments[index].reps {
                return phrases.reps(reps, title: exercise.title, say: exercise.say)
            }
            // Held to the limit, a `max` is no time to announce, nor is there one as many as you can: the step is
            // the user's.
            return phrases.workStart(title: exercise.title, say: exercise.say,
                                     seconds: plan.segments[index].countsUp ? nil : plan.segments[index].duration)
        case .rest where plan.isFinalRest(index):
            return phrases.finalRest
        case .rest:
            return phrases.rest(next: name, isLast: plan.isLastPause(index))
        case .roundRest(let next):
            let rest = phrases.rest(next: name, isLast: plan.isLastPause(index))
            return Phrase(phrases.round(next.round, of: plan.rounds).text + " " + rest.text, priority: rest.priority)
        case .switchSides:
            // The segment's own words, so as high as any start: the second side's go follows it.
            return Phrase(phrases.switchSides.text, priority: .high)
        }
    }

    /// How many segments ahead the voice is rendered. Rendering a plan's every phrase up front took a
    /// routine of long `say` texts to 5.6 GB; a window of the next few keeps memory bounded, and each
    /// renders in milliseconds, long before it is due.
    public static let renderAhead = 6

    /// Every phrase a plan can call for before its finish, each once, in the order first needed:
    /// what the voice renders ahead of time so that nothing waits on synthesis when it is due.
    /// With `from` and `segments`, only what the `segments` segments from `from` call for (and the
    /// phrases any moment may: pausing, resuming, counting), as the workout reaches them.
    public static func phrases(in plan: Plan, countAloud: Bool, language: CoachLanguage = .en, from: Int = 0,
                               segments: Int? = nil) -> [Phrase] {
        let phrases = Phrases(language)
        var seen = Set<String>(), out: [Phrase] = []
        func add(_ phrase: Phrase) {
            if seen.insert(phrase.text).inserted { out.append(phrase) }
        }
        let first = min(max(0, from), plan.segments.count)
        let end = segments.map { min(plan.segments.count, first + $0) } ?? plan.segments.count
        for index in first..<end {
            add(start(of: index, in: plan, language: language))
            // A side of its own has no halfway: the switch between the sides is its own segment.
            if plan.segments[index].segment.isWork, plan.segments[index].side == nil,
               !plan.segments[index].countsUp {
                add(plan.exercise(of: index).sides == 2 ? phrases.switchSides : phrases.halfway)
            }
        }
        if countAloud { (1...3).reversed().forEach { add(phrases.count($0)) } }
        add(phrases.paused)
        add(phrases.resumed)
        if end == plan.segments.count { add(phrases.finished(seconds: plan.totalDuration)) }
        return out
    }
}
