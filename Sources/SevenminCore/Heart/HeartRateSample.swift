// SPDX-License-Identifier: GPL-3.0-or-later
/// One heart-rate reading as the history keeps it: at most one a second, while a reading is fresh.
public struct HeartRateSample: Equatable, Sendable {
    /// When it was read: seconds since 1970 UTC in the history, or the workout's own `Instant` on screen.
    public var at: Double
    /// Beats per minute.
    public var bpm: Int

    public init(at: Double, bpm: Int) {
        self.at = at
        self.bpm = bpm
    }

    /// The heart rate at `t`: the latest sample at or before it, if no older than
    /// `HeartRateMeasurement.freshFor`; a sample older than that is not one. `samples` in time order.
    public static func bpm(at t: Double, in samples: [HeartRateSample]) -> Int? {
        // The one before the first sample after `t` is the latest at or before it.
        let low = index(after: t, in: samples)
        guard low > 0, t - samples[low - 1].at <= HeartRateMeasurement.freshFor else { return nil }
        return samples[low - 1].bpm
    }

    /// The index of the first of `samples` (in time order) taken after `t`, by halving.
    static func index(after t: Double, in samples: [HeartRateSample]) -> Int {
        var low = 0, high = samples.count
        while low < high {
            let mid = (low + high) / 2
            if samples[mid].at <= t { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Heart-rate recovery: the rate at the end of the last work segment, and `recoverySeconds` later.
    /// Information only: how far it falls says nothing certain of anyone's health.
    public struct Recovery: Equatable, Sendable {
        public var from: Int
        public var to: Int
        /// Beats a minute it fell by (negative if it rose).
        public var drop: Int { from - to }

        public init(from: Int, to: Int) {
            self.from = from
            self.to = to
        }
    }

    /// The recovery is measured this long after the last work segment ends (one minute, as it is usually measured).
    public static let recoverySeconds = 60.0

    /// The recovery after work that ended at `workEnd`, from `samples` in time order; nil unless both
    /// rates are known.
    public static func recovery(after workEnd: Double, in samples: [HeartRateSample]) -> Recovery? {
        guard let from = bpm(at: workEnd, in: samples), let to = bpm(at: workEnd + recoverySeconds, in: samples)
        else { return nil }
        return Recovery(from: from, to: to)
    }
}

/// The average and the peak of the heart rate over a stretch of a workout.
public struct HeartRateSummary: Equatable, Sendable {
    /// Beats a minute, the mean of the samples, rounded to a whole beat.
    public var average: Int
    public var peak: Int
    public var samples: Int

    public init(average: Int, peak: Int, samples: Int) {
        self.average = average
        self.peak = peak
        self.samples = samples
    }

    /// Of `samples`; nil when there are none.
    public init?(_ samples: some Collection<HeartRateSample>) {
        guard let peak = samples.map(\.bpm).max() else { return nil }
        let sum = samples.reduce(0) { $0 + $1.bpm }
        self.init(average: Int((Double(sum) / Double(samples.count)).rounded()), peak: peak, samples: samples.count)
    }

    /// One workout's heart rate: over the workout as a whole (its first segment's start to its last
    /// segment's end, not the minute of recovery after), over its work, per segment (from where the segment
    /// before it ended, or its own length before its end, to its end), and its recovery after its last work.
    public struct Workout: Equatable, Sendable {
        public var whole: HeartRateSummary?
        /// One for each segment, in the segments' order.
        public var segments: [HeartRateSummary?]
        public var recovery: HeartRateSample.Recovery?
        /// Over the work segments alone, and their seconds: what `stats` counts calories from.
        public var work: HeartRateSummary?
        public var workSeconds: Double

        /// From a session's segments in the order recorded and its samples in time order.
        public init(segments: [SegmentRecord], samples: [HeartRateSample]) {
            let windows = Self.windows(segments)
            // A workout's segments and samples are each in time order: a stretch's samples are found by halving.
            func within(_ w: (start: Double, end: Double)) -> ArraySlice<HeartRateSample> {
                let from = HeartRateSample.index(after: w.start, in: samples)
                return samples[from..<max(from, HeartRateSample.index(after: w.end, in: samples))]
            }
            self.segments = windows.map { HeartRateSummary(within($0)) }
            let working = segments.indices.filter { segments[$0].kind == SegmentKind.work.rawValue }
            work = HeartRateSummary(working.flatMap { within(windows[$0]) })
            workSeconds = working.reduce(0) { $0 + segments[$1].actual }
            let first = windows.map(\.start).min() ?? -Double.infinity
            let last = windows.map(\.end).max() ?? Double.infinity
            whole = HeartRateSummary(within((first, last)))
            recovery = segments.last(where: { $0.kind == SegmentKind.work.rawValue })
                .flatMap { HeartRateSample.recovery(after: $0.endedAt, in: samples) }
        }

        /// Each segment's stretch of time: from the end of the one before it in the same part, and for the
        /// first of a part, its own length before its end.
        static func windows(_ segments: [SegmentRecord]) -> [(start: Double, end: Double)] {
            segments.indices.map { k in
                let s = segments[k]
                let start = k > 0 && segments[k - 1].part == s.part ? segments[k - 1].endedAt : s.endedAt - s.actual
                return (min(start, s.endedAt), s.endedAt)
            }
        }
    }
}
