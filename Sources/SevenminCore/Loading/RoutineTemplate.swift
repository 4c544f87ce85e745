/// Makes a starter routine from an existing file, keeping its layout and comments-free JSON intact.
public enum RoutineTemplate {
    /// The same bytes with the top-level `"name"` value replaced by `name`.
    public static func renamed(_ bytes: [UInt8], to name: String) -> [UInt8]? {
        guard let root = try? JSONParser.parse(bytes), case .object(let members) = root.value,
              let member = members.first(where: { $0.key == "name" }), case .string = member.value.value else { return nil }
        let start = member.value.byteOffset
        // Find the closing quote of the string token, skipping escapes.
        var end = start + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
            end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard end < bytes.count else { return nil }
        let replacement = Array(EventRecord.quote(name).utf8)
        return Array(bytes[..<start]) + replacement + Array(bytes[(end + 1)...])
    }
}

/// The resolved plan as stable JSON, for scripts: `sevenmin list --json`.
public enum PlanJSON {
    public static func encode(_ plan: Plan, seed: UInt64?) -> String {
        var out = "{\n"
        out += "  \"name\": \(EventRecord.quote(plan.routine.name)),\n"
        out += "  \"rounds\": \(plan.rounds),\n"
        if let seed { out += "  \"seed\": \(seed),\n" }
        out += "  \"total\": \(plainNumber(plan.totalDuration)),\n"
        out += "  \"segments\": [\n"
        let lines = plan.segments.map { s in
            var fields = [
                "\"kind\": \(EventRecord.quote(s.kind.rawValue))",
                "\"stage\": \(EventRecord.quote(s.stage.rawValue))",
                "\"title\": \(EventRecord.quote(s.kind == .work ? s.exercise.title : s.heading))",
            ]
            if s.kind != .work { fields.append("\"next\": \(EventRecord.quote(s.exercise.title))") }
            fields += ["\"round\": \(s.round)", "\"start\": \(plainNumber(s.offset))", "\"duration\": \(plainNumber(s.duration))"]
            return "    {" + fields.joined(separator: ", ") + "}"
        }
        out += lines.joined(separator: ",\n") + "\n  ]\n}\n"
        return out
    }
}

/// Whole numbers without a decimal point; others in the shortest form that reads back exactly.
func plainNumber(_ v: Double) -> String {
    v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
}
