// SPDX-License-Identifier: GPL-3.0-or-later
/// What a personal record measures: the seconds a hold to the limit lasted, the reps of a step of as many as
/// you can, or of as many as you can in a number of seconds (each length a kind of its own).
public enum RecordKind: Hashable, Sendable {
    case hold
    case reps
    case repsIn(seconds: Int)

    /// As the history keeps it: `hold`, `reps`, `reps_in_60`.
    public var rawValue: String {
        switch self {
        case .hold: return "hold"
        case .reps: return "reps"
        case .repsIn(let seconds): return "reps_in_\(seconds)"
        }
    }

    public init?(rawValue: String) {
        switch rawValue {
        case "hold": self = .hold
        case "reps": self = .reps
        default:
            guard rawValue.hasPrefix("reps_in_"), let seconds = Int(rawValue.dropFirst(8)), seconds > 0,
                  String(seconds) == rawValue.dropFirst(8) else { return nil }
            self = .repsIn(seconds: seconds)
        }
    }

    /// Whether its value is a count of reps rather than seconds.
    public var isCount: Bool { self != .hold }
}

/// A user's best for one move (by its title, as the history keys moves) and one kind.
public struct PersonalRecord: Equatable, Sendable {
    public var exercise: String
    public var kind: RecordKind
    /// Seconds held, or reps done.
    public var value: Double
    /// When it was set, in seconds since 1970 UTC.
    public var setAt: Double

    public init(exercise: String, kind: RecordKind, value: Double, setAt: Double) {
        self.exercise = exercise
        self.kind = kind
        self.value = value
        self.setAt = setAt
    }

    /// The record as shown: "0:45" held, "12 reps", "20 reps in 60 s".
    public var valueText: String {
        switch kind {
        case .hold: return TimeFormat.clock(value, roundingUp: false)
        case .reps: return "\(Int(value)) reps"
        case .repsIn(let seconds): return "\(Int(value)) reps in \(seconds) s"
        }
    }

    /// "Plank 0:45", as the finish screen and plain mode list a record set.
    public var line: String { visible(exercise) + " " + valueText }

    /// Whether `value` beats this record: by a tenth of a second at least (a rep for a count), so a tie read
    /// back is none.
    public func isBeaten(by value: Double) -> Bool { value >= self.value + PersonalRecords.margin }
}

/// The best of every move and kind in a history, this machine's and every copy in `history.d` alike: a best
/// is a maximum, so a workout read from two copies counts as one.
public struct PersonalRecords: Equatable, Sendable {
    public struct Key: Hashable, Sendable {
        public var exercise: String
        public var kind: RecordKind
    }

    /// What a new record must beat the old by.
    public static let margin = 0.1

    public private(set) var best: [Key: PersonalRecord] = [:]

    public init(_ records: some Sequence<PersonalRecord> = []) {
        for record in records { offer(record) }
    }

    /// The record for `exercise` of `kind`, if any.
    public func record(_ exercise: String, _ kind: RecordKind) -> PersonalRecord? {
        best[Key(exercise: exercise, kind: kind)]
    }

    /// Keeps `record` where it is the move's best (the first set wins a tie); returns the record it beat.
    @discardableResult
    public mutating func offer(_ record: PersonalRecord) -> PersonalRecord? {
        let key = Key(exercise: record.exercise, kind: record.kind)
        guard let old = best[key] else {
            best[key] = record
            return nil
        }
        if old.isBeaten(by: record.value) || (record.value >= old.value && record.setAt < old.setAt) {
            best[key] = record
            return old.isBeaten(by: record.value) ? old : nil
        }
        return nil
    }

    /// Every record, by move then kind.
    public var all: [PersonalRecord] {
        best.values.sorted { ($0.exercise, $0.kind.rawValue) < ($1.exercise, $1.kind.rawValue) }
    }
}
