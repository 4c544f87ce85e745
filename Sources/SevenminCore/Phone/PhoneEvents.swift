// SPDX-License-Identifier: GPL-3.0-or-later
/// What the phone's page is told, as Server-Sent Events: the plan once, when it connects, and then the
/// workout's state once per change (a segment, a pause, a resume, the end), never once a second: the
/// page counts down by itself from the segment's end.
public enum PhoneEvents {
    /// Seconds between heartbeats on every stream. The page calls its connection lost after `lostAfter` seconds
    /// without a word (a stalled connection is never closed), and then tries a new stream every `retryEvery`.
    public static let beatEvery = 1.0, lostAfter = 2.5, retryEvery = 1.0

    /// The heartbeat: nothing new, and the connection alive.
    public static let beat = event("beat", .object([]))

    /// A stream's last event when its phone was dropped with `x`: its cookie and the token it scanned are void.
    public static let dropped = event("dropped", .object([]))

    /// One event in the stream's format: its name and a line of JSON.
    static func event(_ name: String, _ value: JSONWriter.Value) -> String {
        "event: \(name)\ndata: \(JSONWriter.line(value))\n\n"
    }

    /// The state as of `now`: the segment (0-based, into the plan's list), whether it is paused, and the
    /// seconds it has left (null for a step counted in reps, which counts up from `counted`); `ended`
    /// once the workout is over.
    public static func state(_ player: PlayerState?, at now: Instant) -> String {
        guard let player else { return event("state", .object([.init("ended", .bool(true))])) }
        let counted = player.elapsed + (player.playing ? max(0, now - player.at) : 0)
        let remaining: JSONWriter.Value = player.length > 0 ? .seconds(max(0, player.length - counted)) : .null
        return event("state", .object([
            .init("segment", .integer(player.segment)), .init("paused", .bool(!player.playing)),
            .init("remaining", remaining), .init("counted", .seconds(counted)), .init("ended", .bool(false)),
        ]))
    }

    /// The whole plan, for the page to show any segment without asking again: each segment's heading (a step
    /// counted in reps as "10 × Push-up"), kind, colours, counters, round, what comes next, where it sits in the
    /// workout, and its move's figure, by its place in the plan's list of figures (each once, as the terminal's
    /// figure is drawn from, mirrored for a second side); the page's words, the countdown's rounding and the
    /// figure's easing. Its size grows with the segments, not with their figures.
    public static func plan(_ plan: Plan, language: CoachLanguage) -> String {
        let words = ScreenWords.of(language), phone = PhoneWords.of(language), text = ScreenText.of(language)
        let look = PhoneLook(plan)
        var figures: [JSONWriter.Value] = [], known: [Figure: Int] = [:], mirrors: [Figure: Int] = [:]
        func place(_ figure: Figure, mirrored: Bool) -> Int {
            if let k = (mirrored ? mirrors : known)[figure] { return k }
            figures.append(self.figure(figure, mirrored: mirrored))
            if mirrored { mirrors[figure] = figures.count - 1 } else { known[figure] = figures.count - 1 }
            return figures.count - 1
        }
        let segments: [JSONWriter.Value] = plan.segments.indices.map { k in
            let segment = plan.segments[k], exercise = plan.exercise(of: k), work = segment.kind == .work
            let heading = visible(segment.kind.heading(exercise: exercise, round: segment.round, words: words))
            // In a pause, the move to come, as the terminal shows it.
            let moving = work ? exercise : plan.comingNext(after: k)
            let next = work ? plan.nextWork(after: k) : plan.comingNext(after: k)
            var counter = work ? WorkoutScreen.counter(stage: segment.stage, number: segment.slot.index + 1,
                count: plan.exerciseCount(in: segment.stage), round: segment.round, rounds: plan.rounds,
                words: words, text: text) : ""
            if work, let side = segment.side { counter += " · " + (side == 1 ? words.firstSide : words.otherSide) }
            return .object([
                .init("title", .string(segment.reps.map { "\($0) × \(heading)" } ?? heading)),
                .init("kind", .string(segment.kind.rawValue)),
                .init("colors", look.colors(kind: segment.kind, exercise: exercise)),
                .init("counter", .string(counter)),
                .init("position", .string(WorkoutScreen.position(round: segment.round, rounds: plan.rounds,
                    work: plan.workNumber(ofSegment: k), of: plan.workSegmentCount, text: text, separator: " · "))),
                .init("offset", .seconds(segment.offset)), .init("length", .seconds(segment.duration)),
                .init("reps", segment.reps.map { .integer($0) } ?? .null),
                .init("next", next.map { .string(visible($0.title)) } ?? .null),
                .init("figure", moving?.figure.map {
                    .integer(place($0, mirrored: work && segment.side == 2))
                } ?? .null),
            ])
        }
        return event("plan", .object([
            .init("routine", .string(visible(plan.routine.name))), .init("language", .string(language.rawValue)),
            .init("total", .seconds(plan.totalDuration)),
            .init("words", .object([
                .init("pause", .string(phone.pause)), .init("resume", .string(phone.resume)),
                .init("skip", .string(phone.skip)), .init("back", .string(phone.back)),
                .init("start", .string(phone.tapToStart)), .init("lost", .string(phone.connectionLost)),
                .init("dropped", .string(phone.dropped)), .init("done", .string(text.done)),
                .init("next", .string(words.next)), .init("colon", .string(words.colon)),
                .init("paused", .string(words.paused)), .init("finished", .string(words.finished)),
            ])),
            .init("timing", .object([
                .init("beat", .seconds(beatEvery)), .init("lost", .seconds(lostAfter)),
                .init("retry", .seconds(retryEvery)),
            ])),
            .init("clock", PhoneLook.clock), .init("easing", PhoneLook.easing),
            .init("finish", look.finish(plan.exercise(of: 0))),
            .init("figures", .array(figures)), .init("segments", .array(segments)),
        ]))
    }

    /// The workout over: the ending's words, and the rating's buttons while its question is open.
    public static func ending(_ ending: PhoneEnding) -> String {
        event("end", .object([
            .init("title", .string(visible(ending.title))),
            .init("line", ending.line.map { .string(visible($0)) } ?? .null),
            .init("question", ending.question.map { .string(visible($0)) } ?? .null),
        ]))
    }

    /// A figure for the page's SVG: each keyframe as the joints' x and y in the unit box (`Joint.allCases`
    /// order), the bones between them by index, the props, and the period of one cycle.
    static func figure(_ figure: Figure, mirrored: Bool) -> JSONWriter.Value {
        func round(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
        func point(_ p: FigurePoint) -> [JSONWriter.Value] {
            [.number(round(mirrored ? 1 - p.x : p.x)), .number(round(p.y))]
        }
        let joints = Joint.allCases
        return .object([
            .init("period", .seconds(figure.period)),
            .init("keyframes", .array(figure.keyframes.map { pose in .array(pose.points.flatMap(point)) })),
            .init("bones", .array(Joint.bones.map { bone in
                .array([.integer(joints.firstIndex(of: bone.0)!), .integer(joints.firstIndex(of: bone.1)!)])
            })),
            .init("props", .array(figure.props.map { .array(point($0.from) + point($0.to)) })),
        ])
    }
}
