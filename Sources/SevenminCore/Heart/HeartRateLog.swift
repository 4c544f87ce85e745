// SPDX-License-Identifier: GPL-3.0-or-later
/// What a workout keeps of the heart rate as it goes, on the workout's own clock: which readings become
/// samples in the history (one a second at most), and the recovery after the last work segment, which the
/// finish screen shows. The rule for a rate at an instant is `HeartRateSample.bpm(at:in:)`'s, as the history
/// reads it back.
public struct HeartRateLog: Sendable {
    /// The readings of the last `HeartRateMeasurement.freshFor` seconds and more, as samples: enough to know
    /// the rate at the end of a work segment and a minute later.
    private var recent: [HeartRateSample] = []
    /// The whole second (since the workout's origin) of the last sample kept.
    private var lastSecond: Int?
    /// When the latest work segment ended, and its rate then; nil before any.
    private var workEnd: (at: Instant, bpm: Int?)?
    public private(set) var recovery: HeartRateSample.Recovery?

    public init() {}

    /// Takes a reading at `now`; returns its rate when it is to be kept as a sample: one in a second after
    /// `origin`, and only a reading that gives a rate (`HeartRateMeasurement.rate`).
    public mutating func read(_ reading: HeartRateMeasurement, at now: Instant, origin: Instant) -> Int? {
        guard let bpm = reading.rate else { return nil }
        let sample = HeartRateSample(at: now, bpm: bpm)
        recent.append(sample)
        // A work end and the minute after it are all that is ever looked back at.
        let keep = now - HeartRateSample.recoverySeconds - 2 * HeartRateMeasurement.freshFor
        if let old = recent.firstIndex(where: { $0.at >= keep }), old > 0 { recent.removeFirst(old) }
        let second = Int((now - origin).rounded(.down))
        guard second != lastSecond else { return nil }
        lastSecond = second
        return bpm
    }

    /// A work segment ended at `now`: the recovery is measured from here, a minute on.
    public mutating func workEnded(at now: Instant) {
        workEnd = (now, HeartRateSample.bpm(at: now, in: recent))
        recovery = nil
        given = false
    }

    /// When the recovery is to be read; nil when there is none to measure.
    public var recoveryDue: Instant? {
        guard let workEnd, workEnd.bpm != nil, recovery == nil, !given else { return nil }
        return workEnd.at + HeartRateSample.recoverySeconds
    }

    /// Set once the recovery was due and could not be read (no fresh rate then).
    private var given = false

    /// Reads the recovery if it has fallen due by `now`, from the readings taken by then.
    public mutating func advance(to now: Instant) {
        guard let due = recoveryDue, now >= due, let from = workEnd?.bpm else { return }
        if let to = HeartRateSample.bpm(at: due, in: recent) {
            recovery = HeartRateSample.Recovery(from: from, to: to)
        } else {
            given = true
        }
    }
}
