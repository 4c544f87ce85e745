// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// One workout as history keeps it: what was planned, when, and how it ended.
public struct SessionRecord: Equatable, Sendable {
    /// The store's id; 0 until the store has given one.
    public var id: Int64
    public var routine: String
    /// The routine file's path as it was loaded.
    public var routineFile: String
    /// SHA-256 of the routine file's bytes (`ContentHash.sha256`), to tell whether it changed since.
    public var contentHash: String
    /// The shuffle seed, when the plan was shuffled.
    public var seed: UInt64?
    /// The plan options (overrides, `--without`) as a JSON object, kept verbatim for `--resume`.
    public var options: String
    /// Start, in seconds since 1970 UTC.
    public var startedAt: Double
    /// Seconds east of UTC where the workout started, so its local time can be shown as it was.
    public var utcOffset: Int
    public var plannedSeconds: Double
    /// Number of work segments in the plan.
    public var plannedExercises: Int
    /// `nil` while the workout runs.
    public var outcome: SessionOutcome?
    /// 1, plus one for each time the session was resumed.
    public var parts: Int
    /// How hard it was, 1 to 10, as the user rated it; nil when unrated.
    public var effort: Int?
    /// Stable across machines and copies of the file: a random UUID, or for a session recorded before
    /// ids were kept, one made from its start and routine file.
    public var uuid: String
    /// The shortest start of `uuid`, 7 digits at least, that no other workout read starts with: what `history`
    /// shows and edits take, as it never moves; nil for a record not read through every machine's copies.
    public var shortID: String?
    /// The machine it was recorded on: the host name its copy in `history.d` carries, else the file's
    /// name (`laptop` for `history.d/laptop.sqlite3`); for this machine's own, the name its copy carries once
    /// the history is shared (as every machine names it), else nil.
    public var machine: String?
    /// Whether it is this machine's own (`history` says "this one" for it, whatever `machine` says).
    public var recordedHere = false
    /// The plan (`TrainingPlan.name`) and step (from 1) it was run for, when `start` ran a plan's step.
    public var plan: String?
    public var planStep: Int?
    /// A workout or a desk snack.
    public var kind = SessionKind.workout

    public init(id: Int64 = 0, routine: String, routineFile: String, contentHash: String, seed: UInt64? = nil,
                options: String = "{}", startedAt: Double, utcOffset: Int, plannedSeconds: Double,
                plannedExercises: Int, outcome: SessionOutcome? = nil, parts: Int = 1, effort: Int? = nil,
                uuid: String = "", machine: String? = nil, plan: String? = nil, planStep: Int? = nil,
                kind: SessionKind = .workout) {
        self.kind = kind
        self.uuid = uuid
        self.machine = machine
        self.plan = plan
        self.planStep = planStep
        self.id = id
        self.routine = routine
        self.routineFile = routineFile
        self.contentHash = contentHash
        self.seed = seed
        self.options = options
        self.startedAt = startedAt
        self.utcOffset = utcOffset
        self.plannedSeconds = plannedSeconds
        self.plannedExercises = plannedExercises
        self.outcome = outcome
        self.parts = parts
        self.effort = effort
    }
}

/// A session with what was done in it, over all its parts: one line of `sevenmin history`.
public struct SessionSummary: Equatable, Sendable {
    public var record: SessionRecord
    /// Seconds of work, every exercise counted for the time it ran (the one under way at a quit too).
    public var workedSeconds: Double
    /// Exercises of the plan that ran at least half their time (`SegmentRecord.isDone`), each once.
    public var exercisesDone: Int
    /// The heart rate, when a strap or a watch was read (filled in by the reader that wants it).
    public var heart: HeartRateSummary.Workout?

    public init(record: SessionRecord, workedSeconds: Double, exercisesDone: Int,
                heart: HeartRateSummary.Workout? = nil) {
        self.record = record
        self.workedSeconds = workedSeconds
        self.exercisesDone = exercisesDone
        self.heart = heart
    }
}

/// Where `start --resume` picks an interrupted session up.
public struct ResumePoint: Equatable, Sendable {
    public var session: SessionRecord
    /// The plan index of the segment to start from: the one after the last that ended.
    public var segmentIndex: Int
    /// What the earlier parts did, for the finish summary.
    public var doneSoFar: SessionSummary

    public init(session: SessionRecord, segmentIndex: Int, doneSoFar: SessionSummary) {
        self.session = session
        self.segmentIndex = segmentIndex
        self.doneSoFar = doneSoFar
    }
}

/// How a segment ended: its time ran out, or the user skipped on.
public enum SegmentEnding: String, Sendable, CaseIterable {
    case ranOut, skipped
}
