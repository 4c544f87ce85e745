// SPDX-License-Identifier: GPL-3.0-or-later
/// OpenHIIT's export: a JSON array of timers, `{name, activities, activeIntervals, restarts,
/// timeSettings: {workTime, restTime, breakTime, warmupTime, cooldownTime, getReadyTime}}`, where
/// `timeSettings` and `activities` may be JSON held in a string, or the app's older "Workout"
/// objects (`title`, `numExercises`, `exercises`, `iterations` and the times at the top level).
///
/// A timer runs: get ready, warm-up and a rest, then `activeIntervals` works with a rest between
/// two, `restarts + 1` times with a break between rounds, then the cool-down; an interval of
/// no length is left out. That is exactly a sevenmin routine's shape.
enum OpenHIITFormat {
    static let times = ["workTime", "restTime", "breakTime", "warmupTime", "cooldownTime", "getReadyTime"]
    /// Set in the app and of no use to sevenmin, so not worth a warning.
    static let silent = ["id", "timerIndex", "totalTime", "intervals", "workoutIndex", "timerId", "showMinutes"]

    static func drafts(_ root: JSONNode, _ walker: inout ImportWalker) -> [RoutineDraft] {
        guard case .array(let timers) = root.value else { return [] }
        return timers.compactMap { timer($0, &walker) }
    }

    static func timer(_ node: JSONNode, _ walker: inout ImportWalker) -> RoutineDraft? {
        guard case .object(let list) = node.value else {
            walker.validator.report(node.position, "a timer must be an object, not \(node.value.typeName)")
            return nil
        }
        let legacy = list.contains { $0.key == "numExercises" || $0.key == "iterations" }
        let used = legacy ? ["title", "numExercises", "exercises", "iterations"] + times
            : ["name", "activities", "activeIntervals", "restarts", "timeSettings"]
        guard let m = walker.members(of: node, used: used, silent: silent, what: "a timer") else { return nil }
        let what = legacy ? "the workout" : "the timer"
        let nameKey = legacy ? "title" : "name"
        let name = walker.require(m[nameKey], key: nameKey, in: node, what: what)
            .flatMap { walker.title($0, key: nameKey, fallback: "Timer") }
        let countKey = legacy ? "numExercises" : "activeIntervals"
        let count = walker.require(m[countKey], key: countKey, in: node, what: what)
            .flatMap { walker.validator.integer($0, key: countKey, range: 0...RoutineLoader.maximumDiagnostics) }
        let restartsKey = legacy ? "iterations" : "restarts"
        var restartsNode = m[restartsKey]
        // Times live in `timeSettings` (an object, or its JSON in a string), or at the top level.
        var settings = m
        var settingsNode = node
        if !legacy, let node = walker.require(m["timeSettings"], key: "timeSettings", in: node, what: what) {
            settingsNode = node
            guard let decoded = walker.decoded(node, key: "timeSettings"),
                  let inner = walker.members(of: decoded, used: times + ["restarts"], silent: silent,
                                             what: "\"timeSettings\"") else { return nil }
            settings = inner
            restartsNode = restartsNode ?? inner["restarts"]
        }
        let restarts = restartsNode.map {
            walker.validator.integer($0, key: restartsKey, range: 0...(RoutineLoader.maximumRounds - 1))
        } ?? 0
        // A time left out is no interval at all, as the app reads it; only the work must be there.
        var seconds: [String: Double] = [:]
        for key in times {
            guard let node = settings[key] else {
                if key == "workTime" {
                    walker.validator.report(settingsNode.position,
                                            (legacy ? what : "\"timeSettings\"") + " has no \"workTime\"")
                } else { seconds[key] = 0 }
                continue
            }
            if let value = walker.seconds(node, key: key) { seconds[key] = value }
        }
        let namesKey = legacy ? "exercises" : "activities"
        var names: [String] = []
        if let listNode = m[namesKey], let decoded = walker.decoded(listNode, key: namesKey) {
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
                                    "the timer has no work: \(countKey) and workTime must be more than 0")
            return nil
        }
        var draft = RoutineDraft(name: name, description: "Imported from \(RoutineFormat.openhiit.appName)",
                                 getReady: seconds["getReadyTime"]!, rounds: restarts + 1,
                                 roundRest: seconds["breakTime"]!, exercises: [], position: node.position)
        if seconds["warmupTime"]! > 0 {
            draft.warmup = [RoutineDraft.Step(title: "Warm-up", work: seconds["warmupTime"]!, rest: rest)]
        }
        draft.exercises = (0..<count).map { k in
            // The app names a work past the end of its list "Work".
            RoutineDraft.Step(title: k < names.count ? names[k] : "Work", work: work, rest: k + 1 < count ? rest : 0)
        }
        if seconds["cooldownTime"]! > 0 {
            draft.cooldown = [RoutineDraft.Step(title: "Cool-down", work: seconds["cooldownTime"]!)]
        }
        return draft
    }
}
