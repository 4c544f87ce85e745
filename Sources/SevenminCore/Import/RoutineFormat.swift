// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// The apps whose files `sevenmin import` reads and `export-routine` writes.
public enum RoutineFormat: String, CaseIterable, Sendable {
    case jawt, openhiit, sweat

    /// What `import` reads from the app's file and how it is timed, for sevenmin-routine(5).
    public var manual: String {
        switch self {
        case .jawt:
            return "A backup `{\"workouts\": [...]}` or one workout `{\"title\", \"sets\": [{\"repetitions\", "
                + "\"name\", \"exercises\": [{\"name\", \"duration\"}]}]}`, durations in seconds. An exercise named "
                + "the app's word for rest in any of its languages (Rest, Pause, Repos, Riposo, Dinlenme, and the "
                + "Russian Otdykh in Cyrillic), in any case, is a rest. The app counts 10 s in, "
                + "then runs every set's exercises `repetitions` times, so the total is 10 s plus, over the sets, "
                + "repetitions times the sum of durations. The longest run of sets with the same exercises becomes "
                + "the rounds; sets before it, or named Warm-up, the warm-up; sets after it, or named Cool-down, "
                + "the cool-down. A rest at the very end is run before the finish, as the routine's finalRest."
        case .openhiit:
            return "An array of timers `{\"name\", \"activities\": [...], \"activeIntervals\", \"restarts\", "
                + "\"timeSettings\": {\"workTime\", \"restTime\", \"breakTime\", \"warmupTime\", \"cooldownTime\", "
                + "\"getReadyTime\"}}` in seconds; `timeSettings` and `activities` may be JSON held in a string, and "
                + "the older `{\"title\", \"numExercises\", \"exercises\", \"iterations\", ...}` workouts are read "
                + "too. A timer runs get ready, warm-up and a rest, then `activeIntervals` works (named from "
                + "`activities`, else Work) with a rest between two, `restarts` + 1 times with a break between "
                + "rounds, then the cool-down; intervals of no length are left out."
        case .sweat:
            return "YAML: `drill_length` (default 30), `rest_length` (10), `drill_count` (12), `chair` and "
                + "`jumping` (0 leaves out the drills that need them), and `groups: [{name, drills: [{name, "
                + "requires_a_chair, requires_jumping, requires_side_switching}]}]`. Drills are taken round-robin "
                + "across the groups in file order, a group starting again when it runs out, with a rest between "
                + "two and sevenmin's 10 s get-ready before the first; a side-switching drill is done on each side."
        }
    }

    /// The app's name, for messages and the imported routine's description.
    public var appName: String {
        switch self {
        case .jawt: return "Just Another Workout Timer"
        case .openhiit: return "OpenHIIT"
        case .sweat: return "Sweat"
        }
    }
}
