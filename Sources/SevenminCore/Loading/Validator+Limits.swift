// SPDX-License-Identifier: GPL-3.0-or-later
/// The keys of a step to the limit: `"until": "limit"` and its cap, `max`, and `"reps": "max"`; each
/// refused where it does not fit.
extension Validator {
    /// Whether the exercise in `m` is held to the limit, and its cap in seconds (nil: none).
    mutating func limit(_ m: [String: JSONNode], counted: Bool, sides: Int) -> (toLimit: Bool, max: Double?) {
        var toLimit = false
        if let node = m["until"], let value = string(node, key: "until") {
            if value == "limit" { toLimit = true } else {
                report(node.position, "\"until\" can only be \"limit\" (held until Enter or `n`), "
                    + "not \"\(visible(value))\"")
            }
        }
        let cap = seconds(m["max"], key: "max", allowZero: false)
        guard toLimit, let node = m["until"] else {
            if let node = m["max"] {
                report(node.position, "\"max\" caps a step held to the limit; it needs \"until\": \"limit\"")
            }
            return (false, nil)
        }
        // A hold has one time: none to count reps by, to halve between sides, or to give beside its `max`.
        if counted {
            report(node.position, "\"until\": \"limit\" times a hold; a step counted in \"reps\" cannot have it")
        }
        if sides == 2, let sidesNode = m["sides"] {
            report(sidesNode.position, "an exercise held to the limit cannot have \"sides\": 2; "
                + "list each side as an exercise of its own")
        }
        if let work = m["work"] {
            report(work.position, "a step held to the limit has no \"work\"; \"max\" caps it")
        }
        return (true, cap)
    }

    /// `reps`: how many (a whole number), or `"max"`: as many as you can.
    mutating func reps(_ node: JSONNode?) -> (count: Int?, asManyAsYouCan: Bool) {
        guard let node else { return (nil, false) }
        if case .string(let value) = node.value {
            if value == "max" { return (nil, true) }
            report(node.position, "\"reps\" must be a whole number or \"max\" (as many as you can), "
                + "not \"\(visible(value))\"")
            return (nil, false)
        }
        return (integer(node, key: "reps", range: 1...RoutineLoader.maximumReps), false)
    }
}
