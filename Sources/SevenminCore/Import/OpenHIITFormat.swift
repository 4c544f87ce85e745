// SPDX-License-Identifier: GPL-3.0-or-later
/// OpenHIIT's exports, each a JSON array (`jsonEncode` of the app's list, UTF-8):
/// - timers, as `TimerType.toJson` writes them (v1.5.0 to v1.7.0, lib/core/models/timer_type.dart):
///   `{name, activities, activeIntervals, timeSettings: {workTime, restTime, breakTime, warmupTime,
///   cooldownTime, getReadyTime, restarts}, soundSettings}`, `timeSettings` an object or its JSON in
///   a string; a timer runs as `generateIntervalsFromTimer` (v1.7.0, lib/core/utils/interval_calculation.dart)
///   lays it out: get ready; warm-up, then a rest; `activeIntervals` works with a rest between two,
///   `restarts + 1` times, between rounds `breakTime` or, when that is 0, `restTime`; then the
///   cool-down. An interval of no length is left out.
/// - the 2024 workouts, as `Workout.toJson` writes them (v1.4.0 to v1.4.3,
///   lib/workout_data_type/workout_type.dart): `{title, numExercises, exercises (a JSON string),
///   getReadyTime, exerciseTime, restTime, halfTime, breakTime, warmupTime, cooldownTime,
///   iterations, ...}`, run by background_hiit_timer 1.0.0-dev.6 (lib/utils/utils.dart) as a timer
///   is, `iterations + 1` rounds, but between rounds `breakTime` or, when that is 0, the get-ready
///   again. `halfTime` only entered the app's estimate of the total, never the timer.
///
/// Times are the apps' `int`s: a fraction is refused, as the app refuses it. That is exactly a
/// sevenmin routine's shape.
enum OpenHIITFormat {
    static let times = ["workTime", "restTime", "breakTime", "warmupTime", "cooldownTime", "getReadyTime"]
    /// The 2024 workout's names for the same times.
    static let workoutTimes = ["exerciseTime", "restTime", "breakTime", "warmupTime", "cooldownTime", "getReadyTime"]
    /// Set in the app and of no use to sevenmin, so not worth a warning.
    static let silent = ["id", "timerIndex", "totalTime", "intervals", "workoutIndex", "timerId", "showMinutes",
                         "halfTime", "halfwayMark", "restarts"]

    static func drafts(_ root: JSONNode, _ walker: inout ImportWalker) -> [RoutineDraft] {
        guard case .array(let timers) = root.value else { return [] }
        return walker.drafts(of: timers, timer)
    }

    static func timer(_ node: JSONNode, _ walker: inout ImportWalker) -> RoutineDraft? {
        guard case .object(let list) = node.value else {
            walker.validator.report(node.position, "a timer must be an object, not \(node.value.typeName)")
            return nil
        }
        // The 2024 workout: its keys at the top level, the work as "exerciseTime" (sevenmin's own
        // earlier reading took "workTime" there too).
        let legacy = list.contains { $0.key == "numExercises" || $0.key == "iterations" }
        let timeKeys = legacy && !list.contains(where: { $0.key == "workTime" }) ? workoutTimes : times
        let workKey = timeKeys[0]
        let used = legacy ? ["title", "numExercises", "exercises", "iterations"] + timeKeys
            : ["name", "activities", "activeIntervals", "timeSettings"]
        guard let m = walker.members(of: node, used: used, silent: silent, what: "a timer") else { return nil }
        let what = legacy ? "the workout" : "the timer"
        let nameKey = legacy ? "title" : "name"
        let name = walker.require(m[nameKey], key: nameKey, in: node, what: what)
            .flatMap { walker.title($0, key: nameKey, fallback: "Timer") }
        let countKey = legacy ? "numExercises" : "activeIntervals"
        let count = walker.require(m[countKey], key: countKey, in: node, what: what)
            .flatMap { walker.validator.integer($0, key: countKey, range: 0...RoutineLoader.maximumDiagnostics) }
        // Times live in `timeSettings` (an object, or its JSON in a string), or at the top level.
        var settings = m
        var settingsNode = node
        if !legacy, let node = walker.require(m["timeSettings"], key: "timeSettings", in: node, what: what) {
            settingsNode = node
            guard let decoded = walker.decoded(node, key: "timeSettings"),
                  let inner = walker.members(of: decoded, used: times + ["restarts"], silent: silent,
                                             what: "\"timeSettings\"") else { return nil }
            settings = inner
        }
        // The app reads the restarts only from `timeSettings`; a top-level copy is not read.
        let restartsKey = legacy ? "iterations" : "restarts"
        let restarts = settings[restartsKey].map {
            walker.validator.integer($0, key: restartsKey, range: 0...(RoutineLoader.maximumRounds - 1))
        } ?? 0
        // A time left out is no interval at all, as the app reads it; only the work must be there.
        var seconds: [String: Double] = [:]
        for (key, fileKey) in zip(times, timeKeys) {
            guard let node = settings[fileKey] else {
                if key == "workTime" {
                    walker.validator.report(settingsNode.position,
                                            (legacy ? what : "\"timeSettings\"") + " has no \"\(workKey)\"")
                } else { seconds[key] = 0 }
                continue
            }
            guard let value = walker.seconds(node, key: fileKey) else { continue }
            guard value == value.rounded() else {
                walker.validator.report(node.position, "\"\(fileKey)\" must be a whole number of seconds, as "
                    + "OpenHIIT reads it, not \(JSONWriter.number(value))")
                continue
            }
            seconds[key] = value
        }
        let namesKey = legacy ? "exercises" : "activities"
        var names: [String] = []
        if let listNode = m[namesKey], listNode.value != .string(""),
           let decoded = walker.decoded(listNode, key: namesKey) {
            if case .array(let items) = decoded.value {
                names = items.compactMap { walker.title($0, key: namesKey, fallback: "Work") }
            } else {
                walker.validator.report(listNode.position,
                                        "\"\(namesKey)\" must be a list of names, not \(decoded.value.typeName)")
            }
        }
        guard let name, let count, let restarts, seconds.count == times.count else { return nil }
        let work = seconds["workTime"]!, rest = seconds["restTime"]!
        guard count > 0, work > 0 else {
            walker.validator.report(node.position,
                                    "the timer has no work: \(countKey) and \(workKey) must be more than 0")
            return nil
        }
        // Between rounds: the break, or when there is none the timer's rest (the 2024 workout's
        // get-ready).
        let warmup = seconds["warmupTime"]!, cooldown = seconds["cooldownTime"]!
        // Counted before the timer is laid out: many timers of many intervals are refused here.
        guard walker.admit(exercises: count + (warmup > 0 ? 1 : 0) + (cooldown > 0 ? 1 : 0), at: node.position)
        else { return nil }
        let breakTime = seconds["breakTime"]!
        let roundRest = breakTime > 0 ? breakTime : legacy ? seconds["getReadyTime"]! : rest
        var draft = RoutineDraft(name: name, description: "Imported from \(RoutineFormat.openhiit.appName)",
                                 getReady: seconds["getReadyTime"]!, rounds: restarts + 1,
                                 roundRest: roundRest, exercises: [], position: node.position)
        if warmup > 0 {
            draft.warmup = [RoutineDraft.Step(title: "Warm-up", work: warmup, rest: rest)]
        }
        draft.exercises = (0..<count).map { k in
            // The app names a work past the end of its list "Work".
            RoutineDraft.Step(title: k < names.count ? names[k] : "Work", work: work, rest: k + 1 < count ? rest : 0)
        }
        if cooldown > 0 {
            draft.cooldown = [RoutineDraft.Step(title: "Cool-down", work: cooldown)]
        }
        return draft
    }
}
