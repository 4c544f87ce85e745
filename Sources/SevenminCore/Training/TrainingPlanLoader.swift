// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// Turns plan JSON into a validated `TrainingPlan` with the routine loader's walker: every problem
/// with its position, and a did-you-mean for a mistyped key or day.
public enum TrainingPlanLoader {
    static let planKeys = ["$schema", "name", "description", "days", "steps", "advance", "back"]
    static let stepKeys = ["routine", "rounds", "work", "rest", "getReady", "without", "shuffle"]
    static let advanceKeys = ["sessions", "effortAtMost", "minDays"]
    static let backKeys = ["effortAtLeast"]
    /// More steps than this is a typo, not a plan.
    public static let maximumSteps = 100

    /// Validates plan JSON; `path` is used in messages. Reading the file is the caller's job. With
    /// `whyNotRunnable`, each step (valid in itself) is asked whether it can run, and what it says is
    /// reported at the step's "routine".
    public static func parse(_ bytes: [UInt8], path: String,
                             whyNotRunnable: ((TrainingPlan.Step) -> String?)? = nil) throws(RoutineLoadError)
        -> TrainingPlan {
        let root = try RoutineLoader.root(of: bytes, path: path, what: "a plan")
        var v = Validator(path: path)
        let plan = v.trainingPlan(root, whyNotRunnable: whyNotRunnable)
        guard let plan, v.diagnostics.isEmpty else { throw RoutineLoadError(v.allDiagnostics) }
        return plan
    }
}

extension Validator {
    mutating func trainingPlan(_ root: JSONNode, whyNotRunnable: ((TrainingPlan.Step) -> String?)? = nil)
        -> TrainingPlan? {
        guard let m = members(of: root, allowed: TrainingPlanLoader.planKeys, what: "the plan") else { return nil }
        _ = string(m["$schema"], key: "$schema")
        let name = string(m["name"], key: "name")
        if m["name"] == nil { report(root.position, "the plan has no \"name\"") }
        else if let name, name.unicodeScalars.allSatisfy(\.isBlank) { report(m["name"]!.position, "\"name\" is empty") }
        let description = string(m["description"], key: "description")
        var days = [1, 3, 5]
        if let node = m["days"] { days = planDays(node) }
        var steps: [TrainingPlan.Step] = []
        if let node = m["steps"] {
            if case .array(let items) = node.value {
                if items.isEmpty { report(node.position, "\"steps\" must hold at least one step") }
                if items.count > TrainingPlanLoader.maximumSteps {
                    report(node.position, "\"steps\" holds \(items.count) steps; a plan may have at most "
                        + "\(TrainingPlanLoader.maximumSteps)")
                }
                for (k, item) in items.enumerated() {
                    let before = diagnostics.count
                    guard let step = planStep(item) else { continue }
                    steps.append(step)
                    if diagnostics.count == before, let why = whyNotRunnable?(step),
                       case .object(let members) = item.value,
                       let routine = members.first(where: { $0.key == "routine" }) {
                        report(routine.value.position, "step \(k + 1) cannot run: \(why)")
                    }
                }
            } else {
                report(node.position, "\"steps\" must be an array of steps, not \(node.value.typeName)")
            }
        } else {
            report(root.position, "the plan has no \"steps\"")
        }
        var advance = TrainingPlan.Advance()
        if let node = m["advance"], let a = members(of: node, allowed: TrainingPlanLoader.advanceKeys,
                                                    what: "\"advance\"") {
            advance.sessions = integer(a["sessions"], key: "sessions", range: 1...100) ?? advance.sessions
            advance.effortAtMost = integer(a["effortAtMost"], key: "effortAtMost", range: 1...10)
                ?? advance.effortAtMost
            advance.minDays = integer(a["minDays"], key: "minDays", range: 0...365) ?? advance.minDays
        }
        var back = 9
        if let node = m["back"], let b = members(of: node, allowed: TrainingPlanLoader.backKeys, what: "\"back\"") {
            back = integer(b["effortAtLeast"], key: "effortAtLeast", range: 1...10) ?? back
        }
        if back <= advance.effortAtMost, let node = m["back"] ?? m["advance"] {
            report(node.position, "\"back.effortAtLeast\" (\(back)) must be more than \"advance.effortAtMost\" "
                + "(\(advance.effortAtMost)), or one rating would move the plan both ways")
        }
        guard let name else { return nil }
        return TrainingPlan(name: name, description: description, days: days, steps: steps, advance: advance,
                            backEffortAtLeast: back)
    }

    /// `["mon", "wed", "fri"]` as days of the week, Sunday 0, in order.
    mutating func planDays(_ node: JSONNode) -> [Int] {
        guard case .array(let items) = node.value else {
            report(node.position, "\"days\" must be an array of day names such as \"mon\", not \(node.value.typeName)")
            return []
        }
        if items.isEmpty { report(node.position, "\"days\" must name at least one day") }
        var days = Set<Int>()
        for item in items {
            guard let text = string(item, key: "days") else { continue }
            guard let day = TrainingPlan.dayNames.firstIndex(of: text.lowercased()) else {
                let near = Suggestions.nearest(to: text.lowercased(), in: TrainingPlan.dayNames).first
                report(item.position, "\"\(visible(text))\" is not a day; days are "
                    + Suggestions.phrase(TrainingPlan.dayNames) + (near.map { "; did you mean \"\($0)\"?" } ?? ""))
                continue
            }
            if !days.insert(day).inserted { report(item.position, "\"\(visible(text))\" is given twice") }
        }
        return days.sorted()
    }

    mutating func planStep(_ node: JSONNode) -> TrainingPlan.Step? {
        guard let m = members(of: node, allowed: TrainingPlanLoader.stepKeys, what: "a step") else { return nil }
        let routine = string(m["routine"], key: "routine")
        if m["routine"] == nil { report(node.position, "the step has no \"routine\"") }
        else if routine?.isEmpty == true { report(m["routine"]!.position, "\"routine\" is empty") }
        var a = RoutineAdjustments()
        a.rounds = integer(m["rounds"], key: "rounds", range: 1...RoutineLoader.maximumRounds)
        a.work = seconds(m["work"], key: "work", allowZero: false)
        a.rest = seconds(m["rest"], key: "rest", allowZero: true)
        a.getReady = seconds(m["getReady"], key: "getReady", allowZero: true)
        if let list = m["without"] {
            if case .array(let tags) = list.value {
                for tag in tags {
                    guard let text = string(tag, key: "without") else { continue }
                    if Tag.isValid(text) { a.without.append(text) } else {
                        report(tag.position, "\"\(visible(text))\" is not a tag: lower-case letters, digits and '-'")
                    }
                }
            } else {
                report(list.position, "\"without\" must be an array of tags, not \(list.value.typeName)")
            }
        }
        let shuffle = boolean(m["shuffle"], key: "shuffle") ?? false
        guard let routine, !routine.isEmpty else { return nil }
        return TrainingPlan.Step(routine: routine, adjustments: a, shuffle: shuffle)
    }
}
