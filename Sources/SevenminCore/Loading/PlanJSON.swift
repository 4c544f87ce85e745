// SPDX-License-Identifier: GPL-3.0-or-later

/// The resolved plan as stable JSON, for scripts: `sevenmin list --json`. One segment per line. A
/// step counted in reps carries `reps`, and its `duration` is its limit (0: none); `open` counts
/// them, as time `total` cannot hold.
public enum PlanJSON {
    public static func encode(_ plan: Plan, seed: UInt64?) -> String {
        var out = "{\n"
        out += "  \"name\": \(JSONWriter.quote(plan.routine.name)),\n"
        out += "  \"rounds\": \(plan.rounds),\n"
        if let seed { out += "  \"seed\": \(seed),\n" }
        out += "  \"total\": \(JSONWriter.number(plan.totalDuration)),\n"
        out += "  \"open\": \(plan.openSteps),\n"
        out += "  \"segments\": [\n"
        let lines = plan.segments.indices.map { k in
            let s = plan.segments[k]
            var fields: [JSONWriter.Member] = [
                .init("kind", .string(s.kind.rawValue)),
                .init("stage", .string(s.stage.rawValue)),
                .init("title", .string(plan.heading(of: k))),
            ]
            if !s.segment.isWork, let next = plan.comingNext(after: k) {
                fields.append(.init("next", .string(next.title)))
            }
            // A side of an exercise done on each side, or the switch to its second.
            if let side = s.side { fields.append(.init("side", .integer(side))) }
            fields += [.init("round", .integer(s.round)), .init("start", .number(s.offset)),
                       .init("duration", .number(s.duration))]
            if let reps = s.reps { fields.append(.init("reps", .integer(reps))) }
            return "    " + JSONWriter.line(.object(fields))
        }
        out += lines.joined(separator: ",\n") + "\n  ]\n}\n"
        return out
    }
}
