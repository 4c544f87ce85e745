// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// One exercise of a routine, after validation.
/// A step of as many as you can (`"reps": "max"`): open, counting up until the user ends it, or within its
/// `work`, counted down as a timed step is ("as many as you can in 60 seconds").
public enum AsManyAsYouCan: Equatable, Sendable {
    case open, timed
}

public struct Exercise: Equatable, Sendable {
    public var title: String
    public var description: String
    /// An http(s) link to a demonstration video, if any.
    public var videoURL: String?
    public var color: RGB
    /// The colour as the file names it (`flatRed`, `#3A7082`), or the palette name given to it.
    public var colorName: String
    /// Seconds of work; the routine's default when the file gives none.
    public var work: Double
    /// 2 for exercises done once on each side, half the work each, with a switch between.
    public var sides: Int
    public var group: ExerciseGroup?
    /// Free-form labels such as `chair`, `floor`, `noisy`; `--without TAG` drops exercises by them.
    public var tags: [String]
    /// What the voice says instead of the title, for names that read badly aloud or another language.
    public var say: String?
    /// The move as a stick figure, shown beside the countdown; nil draws none.
    public var figure: Figure?
    /// Up to three short form cues ("hips level"), shown beside the figure and printed in plain mode.
    public var cues: [String]
    /// Seconds of rest after this exercise, before the next one; nil for the routine's `rest`.
    /// Routines imported from timers that place each rest by hand keep their timing through it.
    public var rest: Double?
    /// Seconds of the pause between this exercise's sides; nil for the routine's `switchRest`.
    public var switchRest: Double?
    /// Repetitions to do instead of a time: the step counts up from 0:00 and ends when the user says
    /// it is done (Enter or `n`), or at `repsLimit`.
    public var reps: Int?
    /// With `reps` (its `work`) or held to the limit (its `max`), the most seconds the step may take; nil:
    /// no limit.
    public var repsLimit: Double?
    /// Held to the limit (`"until": "limit"`): the step counts up until the user ends it, and its time is
    /// what the history keeps as a record.
    public var toLimit = false
    /// As many as you can (`"reps": "max"`): the count is asked when the step ends.
    public var asManyAsYouCan: AsManyAsYouCan?

    /// Whether the step counts up, ended by the user: counted in reps, as many as you can with no time of its
    /// own, or held to the limit.
    public var countsUp: Bool { reps != nil || asManyAsYouCan == .open || toLimit }

    /// The seconds the plan gives the exercise: its work, or for a step that counts up its limit, 0
    /// (open) without one.
    public var plannedSeconds: Double { countsUp ? repsLimit ?? 0 : work }

    public init(title: String, description: String = "", videoURL: String? = nil,
                color: RGB, colorName: String? = nil, work: Double, sides: Int = 1,
                group: ExerciseGroup? = nil, tags: [String] = [], say: String? = nil, figure: Figure? = nil,
                cues: [String] = [], rest: Double? = nil, switchRest: Double? = nil, reps: Int? = nil,
                repsLimit: Double? = nil) {
        self.title = title
        self.description = description
        self.videoURL = videoURL
        self.color = color
        self.colorName = colorName ?? color.hex
        self.work = work
        self.sides = sides
        self.group = group
        self.tags = tags
        self.say = say
        self.figure = figure
        self.cues = cues
        self.rest = rest
        self.switchRest = switchRest
        self.reps = reps
        self.repsLimit = repsLimit
    }
}
