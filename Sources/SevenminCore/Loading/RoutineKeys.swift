// SPDX-License-Identifier: GPL-3.0-or-later
/// One key of a routine file as people read about it: in the README's tables and in sevenmin-routine(5).
public struct RoutineKey: Equatable, Sendable {
    public var key: String
    public var meaning: String
    /// The value when the key is left out, or `required`.
    public var byDefault: String
    /// What values are accepted.
    public var allowed: String
}

/// The keys a routine file may hold, with their defaults and ranges: the one description that the
/// README (a test compares it) and the manual page are made from.
public enum RoutineKeys {
    public static let routine = [
        RoutineKey(key: "name", meaning: "shown in the header", byDefault: "required",
                   allowed: "text that is not only spaces (of any kind: Unicode White_Space, separators included)"),
        RoutineKey(key: "description", meaning: "a line under the name in `list`", byDefault: "none", allowed: "text"),
        RoutineKey(key: "work", meaning: "seconds of work per exercise", byDefault: "30",
                   allowed: "more than 0, at most 86400; fractions allowed"),
        RoutineKey(key: "rest", meaning: "seconds of rest between exercises", byDefault: "10", allowed: "0 to 86400"),
        RoutineKey(key: "getReady", meaning: "seconds before the first exercise", byDefault: "10",
                   allowed: "0 to 86400"),
        RoutineKey(key: "rounds", meaning: "times through the circuit", byDefault: "1",
                   allowed: "whole number, 1 to 100"),
        RoutineKey(key: "roundRest", meaning: "seconds of rest between rounds", byDefault: "60", allowed: "0 to 86400"),
        RoutineKey(key: "switchRest", meaning: "seconds of the \"switch sides\" pause between the sides of an "
                       + "exercise done on each side (0: none, the sides switch at half time)", byDefault: "5",
                   allowed: "0 to 86400"),
        RoutineKey(key: "finalRest", meaning: "seconds of rest after the very last exercise, before the finish (as "
                       + "Just Another Workout Timer runs a workout whose last set ends on a rest)", byDefault: "0",
                   allowed: "0 to 86400"),
        RoutineKey(key: "restUntil", meaning: "rests that wait for the heart, while a strap is read (`--hr`): a "
                       + "rest ends once the bpm is under `heartRate`, or after `max` seconds, whichever comes first; "
                       + "with no reading, or once the strap is lost, it is a rest as set", byDefault: "none",
                   allowed: "`{\"heartRate\": 40 to 220, \"max\": seconds, more than 0, at most 86400}`"),
        RoutineKey(key: "exercises", meaning: "the exercises, in order", byDefault: "required",
                   allowed: "at least one"),
        RoutineKey(key: "warmup", meaning: "exercises run once, before the first round", byDefault: "none",
                   allowed: "a list of exercises"),
        RoutineKey(key: "cooldown", meaning: "exercises run once, after the last round", byDefault: "none",
                   allowed: "a list of exercises"),
        RoutineKey(key: "voice", meaning: "the voice the coach speaks with (`--voice` overrides it)",
                   byDefault: "the language's: `rms` (Flite) for English, espeak-ng's for the others",
                   allowed: "Flite's `rms` or `slt`, or a voice espeak-ng lists, such as `en-us`, `de`, `fr` "
                       + "(`sevenmin doctor --voices` lists them)"),
        RoutineKey(key: "language", meaning: "the language the routine is written in, which the coach speaks "
                       + "and the workout's words are shown in (a voice named with `--voice` speaks its own)",
                   byDefault: "the voice's, else `--language`, else the environment's as gettext reads it "
                       + "(`LANGUAGE`, then `LC_ALL`, `LC_MESSAGES` or `LANG`; English in the `C` locale), else `en`",
                   allowed: "`en`, `de`, `fr`, `es`, `it` or `nl`"),
        RoutineKey(key: "$schema", meaning: "accepted and ignored, so editors find the schema", byDefault: "none",
                   allowed: "text"),
    ]

    public static let exercise = [
        RoutineKey(key: "title", meaning: "the exercise's name", byDefault: "required", allowed: "as `name`"),
        RoutineKey(key: "description", meaning: "how to do it, wrapped on screen", byDefault: "none", allowed: "text"),
        RoutineKey(key: "videoId", meaning: "a YouTube video id, shown as `https://youtu.be/ID`",
                   byDefault: "none", allowed: "11 of `A-Z a-z 0-9 - _`"),
        RoutineKey(key: "video", meaning: "any video link, instead of `videoId`", byDefault: "none",
                   allowed: "an `http://` or `https://` URL with a host, no user name (`user@`) "
                       + "and no space of any kind"),
        RoutineKey(key: "color", meaning: "the screen's colour during the exercise",
                   byDefault: "cycles through the palette, never the same as a neighbour",
                   allowed: "a Chameleon flat colour name or `#RRGGBB` (`#` and exactly six hex digits)"),
        RoutineKey(key: "work", meaning: "seconds of work, overriding the routine's", byDefault: "the routine's `work`",
                   allowed: "as `work` above"),
        RoutineKey(key: "rest", meaning: "seconds of rest after the exercise, overriding the routine's (a round's "
                       + "last exercise is followed by `roundRest` instead)", byDefault: "the routine's `rest`",
                   allowed: "as `rest` above"),
        RoutineKey(key: "reps", meaning: "repetitions instead of a time: the screen shows \"10 × Push-up\" over "
                       + "the time so far, counting up from 0:00, and Enter or `n` ends the step; with the "
                       + "exercise's own `work` beside it, the step also ends when that time is up, shown as its "
                       + "time limit. `max`: as many as you can, \"Max × Push-up\" counting up; when it ends, the "
                       + "count is asked (type it, Enter; Esc gives none), kept in the history and as a record; with "
                       + "the exercise's own `work`, as many as you can in that time, counted down",
                   byDefault: "none (timed by `work`)",
                   allowed: "whole number, 1 to 1000, or `max`; not with `sides` 2, `until` or `max`"),
        RoutineKey(key: "until", meaning: "`limit`: a hold to the limit (a plank, a wall sit): the time counts up "
                       + "under your record for the move and a bar filling toward it, until Enter or `n`; the time "
                       + "held is kept, and a new record is shown and said", byDefault: "none (timed by `work`)",
                   allowed: "`limit`; not with `reps`, `work` or `sides` 2"),
        RoutineKey(key: "max", meaning: "with `until`: the most seconds the hold may last",
                   byDefault: "none (no end)", allowed: "as `work` above; only with `until`"),
        RoutineKey(key: "sides", meaning: "2 for exercises done on each side: half the work on each, with a "
                       + "\"switch sides\" pause (`switchRest`) between", byDefault: "1", allowed: "1 or 2"),
        RoutineKey(key: "switchRest", meaning: "seconds of the pause between the sides, overriding the routine's",
                   byDefault: "the routine's `switchRest`", allowed: "0 to 86400; only with `\"sides\": 2`"),
        RoutineKey(key: "group", meaning: "the body area worked; `--shuffle` keeps the order of groups",
                   byDefault: "none",
                   allowed: "`cardio`, `lower`, `upper`, `core`"),
        RoutineKey(key: "figure", meaning: "the move as an animated stick figure beside the countdown",
                   byDefault: "none",
                   allowed: "a shipped figure's name (" + FigureLibrary.names.map { "`\($0)`" }.joined(separator: ", ")
                       + "), or its own: `{\"period\": seconds a cycle, \"keyframes\": [1 to 16 poses], "
                       + "\"props\": [up to 16 lines [[x, y], [x, y]]]}`, a pose giving every joint (`head`, `neck`, "
                       + "`hip`, `leftElbow`, "
                       + "`leftHand`, `rightElbow`, `rightHand`, `leftKnee`, `leftFoot`, `rightKnee`, `rightFoot`) "
                       + "as `[x, y]` from 0 to 1, y down"),
        RoutineKey(key: "cues", meaning: "form cues shown beside the figure and printed in plain mode",
                   byDefault: "none", allowed: "up to 3 lines of up to 40 characters"),
        RoutineKey(key: "tags",
                   meaning: "labels that `--without` filters on, such as `chair`, `floor`, `jumping`, `wall`, `noisy`; "
                       + "`standing` marks a move done on your feet, which `snack` draws from",
                   byDefault: "none", allowed: "lower-case letters, digits and `-`, up to 32"),
        RoutineKey(key: "say",
            meaning: "what the coach says instead of the title, for pronunciation or another language",
                   byDefault: "the title", allowed: "text that is not only spaces"),
    ]

    /// The keys of a plan file (`sevenmin plan`); `advance` and `back` are objects, their keys written dotted.
    public static let plan = [
        RoutineKey(key: "name", meaning: "the plan's name, as `plan` shows it and the history records it",
                   byDefault: "required", allowed: "as a routine's `name`"),
        RoutineKey(key: "description", meaning: "a line under the name in `plan list`", byDefault: "none",
                   allowed: "text"),
        RoutineKey(key: "days", meaning: "the days of the week it is done on",
                   byDefault: "`[\"mon\", \"wed\", \"fri\"]`",
                   allowed: "one or more of `sun` `mon` `tue` `wed` `thu` `fri` `sat`, each once"),
        RoutineKey(key: "steps", meaning: "the steps, easiest first (keys below)", byDefault: "required",
                   allowed: "1 to 100 steps"),
        RoutineKey(key: "advance.sessions", meaning: "completed workouts at a step, each rated easy enough, "
                   + "before it moves up", byDefault: "2", allowed: "1 to 100"),
        RoutineKey(key: "advance.effortAtMost", meaning: "the rating, 1 to 10, that counts as easy enough",
                   byDefault: "6", allowed: "1 to 10, less than `back.effortAtLeast`"),
        RoutineKey(key: "advance.minDays", meaning: "days at a step before it can move up (ACSM: progress gradually)",
                   byDefault: "7", allowed: "0 to 365"),
        RoutineKey(key: "back.effortAtLeast", meaning: "a rating this high moves the plan back a step",
                   byDefault: "9", allowed: "1 to 10"),
        RoutineKey(key: "$schema", meaning: "accepted and ignored, so editors find the schema", byDefault: "none",
                   allowed: "text"),
    ]

    /// The keys of one step of a plan: a routine and `start`'s plan options.
    public static let planStep = [
        RoutineKey(key: "routine", meaning: "the routine, as `start ROUTINE` takes it", byDefault: "required",
                   allowed: "a routine's name or a path to a `.json` file"),
        RoutineKey(key: "rounds", meaning: "as `--rounds`", byDefault: "the routine's", allowed: "1 to 100"),
        RoutineKey(key: "work", meaning: "as `--work`", byDefault: "the routine's",
                   allowed: "more than 0, at most 86400"),
        RoutineKey(key: "rest", meaning: "as `--rest`", byDefault: "the routine's", allowed: "0 to 86400"),
        RoutineKey(key: "getReady", meaning: "as `--get-ready`", byDefault: "the routine's", allowed: "0 to 86400"),
        RoutineKey(key: "without", meaning: "as `--without`, each tag", byDefault: "none", allowed: "a list of tags"),
        RoutineKey(key: "shuffle", meaning: "as `--shuffle`", byDefault: "`false`", allowed: "`true` or `false`"),
    ]
}
