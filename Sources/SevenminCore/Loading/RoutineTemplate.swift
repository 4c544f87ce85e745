/// Makes a starter routine from an existing file, keeping its layout and comments-free JSON intact.
public enum RoutineTemplate {
    /// The same bytes with the top-level `"name"` value replaced by `name`.
    public static func renamed(_ bytes: [UInt8], to name: String) -> [UInt8]? {
        guard let root = try? JSONParser.parse(bytes), case .object(let members) = root.value,
              let member = members.first(where: { $0.key == "name" }), case .string = member.value.value else {
            return nil
        }
        let start = member.value.byteOffset
        // Find the closing quote of the string token, skipping escapes.
        var end = start + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
            end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard end < bytes.count else { return nil }
        let replacement = Array(JSONWriter.quote(name).utf8)
        return Array(bytes[..<start]) + replacement + Array(bytes[(end + 1)...])
    }
}

/// The resolved plan as stable JSON, for scripts: `sevenmin list --json`. One segment per line.
public enum PlanJSON {
    public static func encode(_ plan: Plan, seed: UInt64?) -> String {
        var out = "{\n"
        out += "  \"name\": \(JSONWriter.quote(plan.routine.name)),\n"
        out += "  \"rounds\": \(plan.rounds),\n"
        if let seed { out += "  \"seed\": \(seed),\n" }
        out += "  \"total\": \(JSONWriter.number(plan.totalDuration)),\n"
        out += "  \"segments\": [\n"
        let lines = plan.segments.indices.map { k in
            let s = plan.segments[k]
            var fields: [JSONWriter.Member] = [
                .init("kind", .string(s.kind.rawValue)),
                .init("stage", .string(s.stage.rawValue)),
                .init("title", .string(plan.heading(of: k))),
            ]
            if !s.segment.isWork { fields.append(.init("next", .string(plan.exercise(of: k).title))) }
            fields += [.init("round", .integer(s.round)), .init("start", .number(s.offset)),
                       .init("duration", .number(s.duration))]
            return "    " + JSONWriter.line(.object(fields))
        }
        out += lines.joined(separator: ",\n") + "\n  ]\n}\n"
        return out
    }
}
