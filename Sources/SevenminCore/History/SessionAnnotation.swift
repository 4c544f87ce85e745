// SPDX-License-Identifier: GPL-3.0-or-later

/// An edit of a workout made after the fact, on any machine: kept as a record of its own in the editing
/// machine's history, never by changing the workout's row, so that every machine can read every edit.
public struct SessionAnnotation: Hashable, Sendable {
    /// What an annotation changes.
    public enum Field: String, CaseIterable, Sendable {
        /// How hard it was, 1 to 10 (`rate --session`).
        case effort
        /// The name shown for the workout (`history rename`).
        case name
        /// A tombstone: the workout counts nowhere (`history remove`).
        case removed
    }

    /// The workout's stable id (`SessionRecord.uuid`).
    public var session: String
    public var field: Field
    /// The new value as text: a number for `effort`, the name for `name`, "1" for `removed`.
    public var value: String
    public var clock: HybridLogicalClock
    /// The id of the machine that made the edit: ties of the clock go to the greater.
    public var machine: String

    public init(session: String, field: Field, value: String, clock: HybridLogicalClock, machine: String) {
        self.session = session
        self.field = field
        self.value = value
        self.clock = clock
        self.machine = machine
    }

    /// Whether this edit wins over `other` of the same field: the later clock, then the greater machine id,
    /// then the greater value (one machine cannot make two edits at one clock, but a copied id could).
    public func wins(over other: SessionAnnotation) -> Bool {
        (clock, machine, value) > (other.clock, other.machine, other.value)
    }
}

/// What the edits of every machine come to, workout by workout: the same from the same edits, read in
/// any order, on any machine.
public struct SessionEdits: Sendable, Equatable {
    /// The winning edit of each workout's fields, by workout id and field.
    public private(set) var winners: [String: [SessionAnnotation.Field: SessionAnnotation]] = [:]
    /// The latest clock of every edit read: a new edit is made after it.
    public private(set) var latest = HybridLogicalClock.zero

    public init(_ annotations: some Sequence<SessionAnnotation> = []) {
        for a in annotations { add(a) }
    }

    public mutating func add(_ a: SessionAnnotation) {
        latest = latest.receiving(a.clock)
        if let held = winners[a.session]?[a.field], !a.wins(over: held) { return }
        winners[a.session, default: [:]][a.field] = a
    }

    /// The workouts removed, by id.
    public var removed: Set<String> {
        Set(winners.compactMap { $0.value[.removed]?.value == "1" ? $0.key : nil })
    }

    public var isEmpty: Bool { winners.isEmpty }

    /// `record` as its edits leave it: nil when removed.
    public func applied(to record: SessionRecord) -> SessionRecord? {
        guard let fields = winners[record.uuid] else { return record }
        if fields[.removed]?.value == "1" { return nil }
        var r = record
        if let effort = fields[.effort].flatMap({ Int($0.value) }), (1...10).contains(effort) { r.effort = effort }
        if let name = fields[.name]?.value, !name.isEmpty { r.routine = name }
        return r
    }
}
