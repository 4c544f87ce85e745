// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// The apps whose files `sevenmin import` reads and `export-routine` writes.
public enum RoutineFormat: String, CaseIterable, Sendable {
    case jawt, openhiit, sweat

    /// What `import` reads from the app's file and how it is timed, for sevenmin-routine(5).
    public var manual: String {
        switch self {
        case .jawt:
            return "Version 1.8.0 to 1.13.0's backup or export `{\"workouts\": [...]}` and one workout `{\"title\", "
                + "\"sets\": [{\"repetitions\", \"id\", \"exercises\": [{\"name\", \"id\", \"duration\"}]}], "
                + "\"version\", \"position\"}`, and version 1.7.0's workout files, the same without ids, version and "
                + "position. The keys the app requires must be there; a null takes its default (30 s for a duration), "
                + "and durations and repetitions are whole numbers, as the app reads them. The app writes its exports "
                + "one byte a character, so a file that is not UTF-8 is read as the app reads it, each piece that is "
                + "not UTF-8 a U+FFFD, with a warning; a file the app itself could not read is refused where it "
                + "breaks. An exercise named the app's word for rest in "
                + "any of its languages (Rest, Pause, Repos, Riposo, Dinlenme, and the Russian Otdykh in Cyrillic), in "
                + "any case, is a rest. The app counts 10 s in, then runs every set's exercises `repetitions` times, "
                + "so the total is 10 s plus, over the sets, repetitions times the sum of durations. The longest run "
                + "of sets with the same exercises becomes the rounds; sets before it, or the warm-up set an export "
                + "marks by its id, the warm-up; sets after it, or the marked cool-down set, the cool-down. A rest at "
                + "the very end is run before the finish, as the routine's finalRest."
        case .openhiit:
            return "Version 1.5.0 to 1.7.0's export, an array of timers `{\"name\", \"activities\": [...], "
                + "\"activeIntervals\", \"timeSettings\": {\"workTime\", \"restTime\", \"breakTime\", "
                + "\"warmupTime\", \"cooldownTime\", \"getReadyTime\", \"restarts\"}}` in whole seconds "
                + "(`timeSettings` may be JSON held in a string), and version 1.4's export of 2024, an array of "
                + "workouts `{\"title\", \"numExercises\", \"exercises\", \"exerciseTime\", \"restTime\", "
                + "\"breakTime\", \"warmupTime\", \"cooldownTime\", \"getReadyTime\", \"iterations\"}`. A timer "
                + "runs get ready, warm-up and a rest, then `activeIntervals` works (named from `activities`, else "
                + "Work) with a rest between two, `restarts` + 1 times, then the cool-down; between rounds it runs "
                + "`breakTime`, or `restTime` when that is 0 (a 2024 workout the get-ready again). Intervals of no "
                + "length are left out; `halfTime` never timed anything."
        case .sweat:
            return "Sweat's YAML configuration (versions 201909080 to 202101030): `drill_length` (default 30), "
                + "`rest_length` (10), `drill_count` (12), `chair` and `jumping` (0 leaves out the drills that need "
                + "them), and `groups: [{name, drills: [{name, requires_a_chair, requires_jumping, "
                + "requires_side_switching}]}]`, or Sweat's twelve default drills when there are no groups. A key "
                + "may be written with dashes, as `drill-length`. Drills are taken round-robin across the groups in "
                + "file order, a group starting again when it runs out; `rest_length` is counted before every drill, "
                + "the first too, and a side-switching drill is done half on each side with Sweat's 4 s to switch. "
                + "A file with any key Sweat reads is Sweat's, so a `~/.sweat` of only `speech_program` runs the "
                + "twelve; a group needs its `name` and a drill is a mapping, as Sweat requires. `shuffle: 1` is "
                + "`start --shuffle`, and `no_chair: 1` or `no_jumping: 1` (which Sweat does not read) `--without "
                + "chair` or `--without jumping`, said after the import. The routine is named after the file: "
                + "Sweat for `~/.sweat`, Sweat (hotel) for `hotel.yaml`."
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
