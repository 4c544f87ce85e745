/// Decides what the coach says for each session event; the words themselves are in `Phrases`.
public enum VoicePolicy {
    /// The phrase for `event`, or nil for events said with no words (the seconds, the start).
    public static func phrase(for event: SessionEvent, in session: WorkoutSession, countAloud: Bool) -> Phrase? {
        let plan = session.plan
        let index = event.segmentIndex
        switch event.kind {
        case .segmentStarted:
            return start(of: index, in: plan)
        case .halfway: return Phrases.halfway
        case .switchSides: return Phrases.switchSides
        case .countdown(let n): return countAloud ? Phrases.count(n) : nil
        case .paused: return Phrases.paused
        case .resumed: return Phrases.resumed
        case .finished: return Phrases.finished(seconds: session.activeTime(at: event.due))
        case .started, .second: return nil
        }
    }

    /// What is said as segment `index` starts: for the first, what is due with the first frame.
    public static func start(of index: Int, in plan: Plan) -> Phrase {
        let exercise = plan.exercise(of: index)
        let name = exercise.say ?? exercise.title
        switch plan.segments[index].segment {
        case .getReady:
            return Phrases.getReady(first: name)
        case .work:
            return Phrases.workStart(title: exercise.title, say: exercise.say, seconds: plan.segments[index].duration)
        case .rest:
            return Phrases.rest(next: name, isLast: plan.isLastPause(index))
        case .roundRest(let next):
            let rest = Phrases.rest(next: name, isLast: plan.isLastPause(index))
            return Phrase(Phrases.round(next.round, of: plan.rounds).text + " " + rest.text, priority: rest.priority)
        }
    }

    /// Every phrase a plan can call for before its finish, each once, in the order first needed:
    /// what the voice renders ahead of time so that nothing waits on synthesis when it is due.
    public static func phrases(in plan: Plan, countAloud: Bool) -> [Phrase] {
        var seen = Set<String>(), out: [Phrase] = []
        func add(_ phrase: Phrase) {
            if seen.insert(phrase.text).inserted { out.append(phrase) }
        }
        for index in plan.segments.indices {
            add(start(of: index, in: plan))
            if plan.segments[index].segment.isWork {
                add(plan.exercise(of: index).sides == 2 ? Phrases.switchSides : Phrases.halfway)
            }
        }
        if countAloud { (1...3).reversed().forEach { add(Phrases.count($0)) } }
        add(Phrases.paused)
        add(Phrases.resumed)
        add(Phrases.finished(seconds: plan.totalDuration))
        return out
    }
}
