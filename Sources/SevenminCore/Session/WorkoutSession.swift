// SPDX-License-Identifier: GPL-3.0-or-later


/// Runs a plan: a pure state machine that is told the current instant and answers with events.
///
/// Each segment is timed by a `CountdownTimer`. When one runs out the next starts at the
/// exact instant the previous was due to end, so every boundary is the workout's start
/// plus the plan's offsets plus time paused (and any time added or skipped): late wake-ups
/// never accumulate into drift. A step counted in reps (or held to the limit) is timed by the same timer as a
/// stopwatch: it counts up, says nothing on the way, and ends when the user says it is done (or at its limit).
public struct WorkoutSession: Sendable {
    public enum State: Equatable, Sendable { case ready, running, paused, finished }

    public let plan: Plan
    public private(set) var state: State = .ready
    public private(set) var index = 0
    public private(set) var timer = CountdownTimer()
    /// When the workout started.
    public private(set) var origin: Instant = 0
    public private(set) var pausedTotal = 0.0
    public private(set) var finishedAt: Instant?
    /// Work segments that ran to their end rather than being skipped.
    public private(set) var completedWork: Set<Int> = []
    private var pausedSince: Instant?
    private var lastRemaining = 0.0
    /// The instant last advanced to, where a stopwatch's next whole second is counted from.
    private var lastInstant: Instant = 0
    private var halfwayDone = false
    /// The circuit starts again where the last segment runs out, instead of finishing (`during --until-done`).
    public var repeats = false
    /// The workout finishes where this segment runs out, instead of going on (`during`, once the command has
    /// ended mid-exercise: the exercise's, or for one done on each side its second side's).
    public var finishesAfter: Int?

    /// What removing time leaves at least on the clock.
    public static let minimumLeft = 1.0

    /// Crossing tests allow this much floating-point slack, far below anything visible.
    static let epsilon = 1e-6

    public init(plan: Plan) {
        self.plan = plan
    }

    public var segment: ScheduledSegment { plan.segments[index] }

    // MARK: Controls

    /// Starts at `now`, from the first segment or, resuming an interrupted workout, from `index`.
    public mutating func start(at now: Instant, from index: Int = 0) -> [SessionEvent] {
        guard state == .ready, plan.segments.indices.contains(index) else { return [] }
        origin = now
        state = .running
        begin(index, at: now)
        return [SessionEvent(.started, segment: index, due: now), SessionEvent(.segmentStarted, segment: index,
            due: now)]
    }

    /// Everything that fell due up to `now`, in order, each reported once.
    public mutating func advance(to now: Instant) -> [SessionEvent] {
        var events: [SessionEvent] = []
        lastInstant = max(lastInstant, now)
        while state == .running, let end = timer.finishInstant {
            let remaining = timer.remaining(at: now)
            events += crossings(from: lastRemaining, to: remaining, finish: end)
            lastRemaining = remaining
            guard remaining <= WorkoutSession.epsilon else { break }
            if segment.segment.isWork { completedWork.insert(index) }
            if (index + 1 < plan.segments.count || repeats) && finishesAfter != index {
                begin(index + 1 < plan.segments.count ? index + 1 : plan.circuitStart, at: end)
                events.append(SessionEvent(.segmentStarted, segment: index, due: end))
            } else {
                finish(at: end)
                events.append(SessionEvent(.finished, segment: index, due: end))
            }
        }
        return events
    }

    public mutating func pause(at now: Instant) -> [SessionEvent] {
        guard state == .running else { return [] }
        var events = advance(to: now)
        guard state == .running else { return events }
        timer.pause(at: now)
        pausedSince = now
        state = .paused
        events.append(SessionEvent(.paused, segment: index, due: now))
        return events
    }

    public mutating func resume(at now: Instant) -> [SessionEvent] {
        guard state == .paused, let since = pausedSince else { return [] }
        let length = now - since
        timer.resume(at: now)
        pausedTotal += length
        pausedSince = nil
        state = .running
        return [SessionEvent(.resumed, segment: index, due: now)]
    }

    public mutating func togglePause(at now: Instant) -> [SessionEvent] {
        state == .paused ? resume(at: now) : pause(at: now)
    }

    /// Skips to the next segment now; on the last one, ends the workout. A step counted in reps ends
    /// so when its reps are done: it counts as done.
    public mutating func next(at now: Instant) -> [SessionEvent] {
        var events = advance(to: now)
        guard state == .running || state == .paused else { return events }
        if segment.countsUp { completedWork.insert(index) }
        if index + 1 < plan.segments.count {
            events += jump(to: index + 1, at: now)
        } else {
            finish(at: now)
            events.append(SessionEvent(.finished, segment: index, due: now))
        }
        return events
    }

    /// Ends the workout now, wherever it is (`during`, when the command has ended).
    public mutating func stop(at now: Instant) -> [SessionEvent] {
        var events = advance(to: now)
        guard state == .running || state == .paused else { return events }
        finish(at: now)
        events.append(SessionEvent(.finished, segment: index, due: now))
        return events
    }

    /// How long into an exercise `previous` still goes back rather than starting it over,
    /// as a music player's previous button does.
    public static let previousGrace = 3.0

    /// Goes back as a music player does: to the previous exercise (skipping the pause between)
    /// in the first seconds of an exercise or during a pause, else to the start of this exercise.
    public mutating func previous(at now: Instant) -> [SessionEvent] {
        var events = advance(to: now)
        guard state == .running || state == .paused else { return events }
        let early = !segment.segment.isWork || timer.counted(at: now) < WorkoutSession.previousGrace
        let target = early ? (plan.segments[..<index].lastIndex { $0.segment.isWork } ?? 0) : index
        events += jump(to: target, at: now)
        return events
    }

    /// Starts the current segment over.
    public mutating func restartSegment(at now: Instant) -> [SessionEvent] {
        var events = advance(to: now)
        guard state == .running || state == .paused else { return events }
        events += jump(to: index, at: now)
        return events
    }

    /// Adds (or with a negative amount removes) time on the current segment. Removing never ends
    /// the segment: it stops at `minimumLeft` seconds, so the transition still comes with its cues.
    /// A step counted in reps has no time to change: it takes as long as the reps do.
    public mutating func addTime(_ seconds: Double, at now: Instant) -> [SessionEvent] {
        var events = advance(to: now)
        guard state == .running || state == .paused, !segment.countsUp else { return events }
        let left = timer.remaining(at: now)
        let change = seconds >= 0 ? seconds : -min(-seconds, max(0, left - WorkoutSession.minimumLeft))
        guard change != 0 else { return events }
        timer.addTime(change, at: now)
        lastRemaining = timer.remaining(at: now)
        events += advance(to: now)
        return events
    }

    // MARK: Reading

    /// The next instant at which something visible or audible changes; nil unless running.
    public func nextDeadline() -> Instant? {
        // Counting up, the clock changes on each whole second counted, up to any limit.
        if segment.countsUp { return state == .running ? timer.nextWholeSecond(after: lastInstant) : nil }
        guard state == .running, let finish = timer.finishInstant else { return nil }
        var thresholds = [0.0]
        let whole = (lastRemaining - WorkoutSession.epsilon).rounded(.up) - 1
        if whole >= 1 { thresholds.append(whole) }
        if let half = halfwayThreshold, half < lastRemaining - WorkoutSession.epsilon { thresholds.append(half) }
        return finish - thresholds.max()!
    }

    /// The next instant, on the segment's own timeline, at which an animation of `rate` frames a second
    /// moves on; nil when paused or stopped.
    public func nextFrame(perSecond rate: Double) -> Instant? {
        guard state == .running, let start = timer.startInstant, rate > 0 else { return nil }
        let elapsed = segment.countsUp ? timer.counted(at: lastInstant) : timer.countdownTime - lastRemaining
        let next = ((elapsed * rate + WorkoutSession.epsilon).rounded(.down) + 1) / rate
        guard next < timer.countdownTime else { return nil }
        return start + next
    }

    /// Seconds left on the segment's clock; 0 for a step counted in reps with no limit.
    public func remaining(at now: Instant) -> Double {
        state == .finished || !timer.countdownTime.isFinite ? 0 : timer.remaining(at: now)
    }

    /// Seconds into the segment, pauses left out: what a step counted in reps shows, counting up.
    public func counted(at now: Instant) -> Double {
        state == .finished ? 0 : timer.counted(at: now)
    }

    /// Seconds left in the whole workout, as now scheduled.
    public func totalRemaining(at now: Instant) -> Double {
        guard state != .finished else { return 0 }
        return remaining(at: now) + plan.duration(after: index)
    }

    /// How far through the plan the workout is, 0…1.
    public func progress(at now: Instant) -> Double {
        guard state != .finished else { return 1 }
        guard state != .ready, plan.totalDuration > 0 else { return 0 }
        let length = timer.countdownTime
        let fraction = length > 0 ? timer.counted(at: now) / length : 1
        return min(1, (segment.offset + fraction * segment.duration) / plan.totalDuration)
    }

    /// Time spent working out, pauses excluded.
    public func activeTime(at now: Instant) -> Double {
        guard state != .ready else { return 0 }
        let end = finishedAt ?? (pausedSince ?? now)
        return max(0, end - origin - pausedTotal)
    }

    // MARK: Internals

    /// Half a work segment's time; none for one side of an exercise, whose halfway is the switch.
    private var halfwayThreshold: Double? {
        guard segment.segment.isWork, segment.side == nil, !segment.countsUp, !halfwayDone else { return nil }
        return timer.countdownTime / 2
    }

    private mutating func begin(_ i: Int, at instant: Instant) {
        index = i
        let s = plan.segments[i]
        // Counting up (reps, or held to the limit): a stopwatch, stopping at the step's limit if it has one.
        timer = s.countsUp ? CountdownTimer(mode: .stopwatch, countdownTime: s.duration > 0 ? s.duration : nil)
            : CountdownTimer(mode: .countdown, countdownTime: s.duration)
        timer.start(at: instant)
        lastInstant = max(lastInstant, instant)
        if state == .paused { timer.pause(at: instant) }
        lastRemaining = timer.countdownTime
        halfwayDone = false
    }

    private mutating func jump(to i: Int, at now: Instant) -> [SessionEvent] {
        begin(i, at: now)
        return [SessionEvent(.segmentStarted, segment: i, due: now)]
    }

    private mutating func finish(at instant: Instant) {
        if let since = pausedSince { pausedTotal += instant - since }
        pausedSince = nil
        state = .finished
        finishedAt = instant
    }

    /// Thresholds passed as the time left fell from `high` to `low`, earliest first.
    private mutating func crossings(from high: Double, to low: Double, finish: Instant) -> [SessionEvent] {
        // Counting reps, no seconds are called and there is no halfway: the step is the user's.
        guard !segment.countsUp else { return [] }
        var found: [(threshold: Double, order: Int, kind: SessionEvent.Kind)] = []
        let floorLow = low - WorkoutSession.epsilon
        let top = Int((high - WorkoutSession.epsilon).rounded(.up)) - 1
        if top >= 1 {
            let bottom = max(1, Int((floorLow).rounded(.up)))
            if bottom <= top {
                for n in stride(from: top, through: bottom, by: -1) {
                    found.append((Double(n), 0, .second(n)))
                    if n <= 3 { found.append((Double(n), 1, .countdown(n))) }
                }
            }
        }
        if let half = halfwayThreshold, half < high - WorkoutSession.epsilon, half >= floorLow, half > 0 {
            found.append((half, 2, plan.exercise(of: index).sides == 2 ? .switchSides : .halfway))
            halfwayDone = true
        }
        return found
            .sorted { ($0.threshold, -$0.order) > ($1.threshold, -$1.order) }
            .map { SessionEvent($0.kind, segment: index, due: finish - $0.threshold) }
    }
}

/// Something that happened in a workout, with the instant at which the schedule says it fell due.
public struct SessionEvent: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case started
        case segmentStarted
        /// The whole seconds left in the segment changed to this value.
        case second(Int)
        case halfway
        case switchSides
        /// 3, 2, 1 seconds left.
        case countdown(Int)
        case paused
        case resumed
        case finished
    }

    public var kind: Kind
    public var segmentIndex: Int
    /// When the event was due on the monotonic clock; later than this only if the process was late.
    public var due: Instant

    public init(_ kind: Kind, segment: Int, due: Instant) {
        self.kind = kind
        self.segmentIndex = segment
        self.due = due
    }
}
