// SPDX-License-Identifier: GPL-3.0-or-later
/// What a workout knows of the heart rate from moment to moment: the latest rate read and when (shown
/// until `HeartRateMeasurement.freshFor` has passed), whether the strap has lost skin contact, the samples
/// the history keeps, and which of the strap's notices still hold. A reading outside
/// `HeartRateMeasurement.rates` is no reading: it clears the rate and is neither kept nor waited on.
struct HeartRateState: Sendable {
    private var latest: (bpm: Int, at: Instant)?
    /// The strap said it lost skin contact, and has given no rate since.
    private var contactLost = false
    /// The samples the history keeps, and the recovery after the last work segment.
    private(set) var log = HeartRateLog()

    /// Takes a reading at `now`. Any reading means the strap is read, so a notice that it is not goes; one
    /// with a rate means it has skin contact, so that notice goes too; the first without contact adds it.
    /// Returns the rate to record in the history, if any.
    mutating func read(_ reading: HeartRateMeasurement, at now: Instant, origin: Instant,
                       notices: inout [WorkoutNotice]) -> Int? {
        notices.removeAll(where: Self.isStrapLost)
        if let bpm = reading.rate {
            latest = (bpm, now)
            contactLost = false
            notices.removeAll { $0 == .noSkinContact }
        } else {
            latest = nil
            if reading.contactLost, !contactLost { notices.append(.noSkinContact) }
            contactLost = contactLost || reading.contactLost
        }
        return log.read(reading, at: now, origin: origin)
    }

    /// The strap cannot be read (`notice`): no rate until it is, and of its notices only the latest holds;
    /// whether it has skin contact is no longer known.
    mutating func lost(_ notice: WorkoutNotice, notices: inout [WorkoutNotice]) {
        latest = nil
        contactLost = false
        notices.removeAll { Self.isStrapLost($0) || $0 == .noSkinContact }
        notices.append(notice)
    }

    /// Whether `notice` says the strap cannot be read.
    static func isStrapLost(_ notice: WorkoutNotice) -> Bool {
        switch notice {
        case .heartRateLost, .noHeartRate: true
        default: false
        }
    }

    /// The rate read less than `HeartRateMeasurement.freshFor` before `now`.
    func fresh(at now: Instant) -> Int? {
        latest.flatMap { now < $0.at + HeartRateMeasurement.freshFor ? $0.bpm : nil }
    }

    /// When the rate read turns unknown.
    var stale: Instant? { latest.map { $0.at + HeartRateMeasurement.freshFor } }

    /// Forgets the rate read once it is stale at `now`.
    mutating func expire(at now: Instant) {
        if let stale, now >= stale { latest = nil }
    }

    mutating func workEnded(at now: Instant) { log.workEnded(at: now) }

    mutating func advance(to now: Instant) { log.advance(to: now) }
}
