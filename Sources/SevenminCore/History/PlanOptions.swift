// SPDX-License-Identifier: GPL-3.0-or-later
/// The plan options of a recorded session (`SessionRecord.options`) as JSON, so that
/// `start --resume` rebuilds exactly the plan that was interrupted.
public enum PlanOptions {
    /// `{"work": 40.0, "without": ["floor"], "seed": "42", "during": "make"}`; options not given are left out.
    /// The seed is a string because JSON readers keep numbers as doubles, which cannot hold 64 bits.
    /// With `during`, the name of the command the workout ran beside (`sevenmin during`), never its arguments.
    public static func json(_ a: RoutineAdjustments, during: String? = nil) -> String {
        var fields: [String] = []
        // Double's description round-trips exactly.
        if let work = a.work { fields.append("\"work\": \(work)") }
        if let rest = a.rest { fields.append("\"rest\": \(rest)") }
        if let getReady = a.getReady { fields.append("\"get_ready\": \(getReady)") }
        if let rounds = a.rounds { fields.append("\"rounds\": \(rounds)") }
        if !a.without.isEmpty {
            fields.append("\"without\": [" + a.without.map(JSONWriter.quote).joined(separator: ", ") + "]")
        }
        if let seed = a.shuffleSeed { fields.append("\"seed\": \"\(seed)\"") }
        if let during { fields.append("\"during\": " + JSONWriter.quote(during)) }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// The options back from `json(_:)`; nil if the text is not such an object.
    public static func adjustments(fromJSON text: String) -> RoutineAdjustments? {
        guard case .object(let members)? = try? JSONParser.parse(Array(text.utf8)).value else { return nil }
        var a = RoutineAdjustments()
        for member in members {
            switch (member.key, member.value.value) {
            case ("work", .number(let d)): a.work = d
            case ("rest", .number(let d)): a.rest = d
            case ("get_ready", .number(let d)): a.getReady = d
            case ("rounds", .number(let d)) where d == d.rounded() && abs(d) < 1e9: a.rounds = Int(d)
            case ("seed", .string(let s)):
                guard let seed = UInt64(s) else { return nil }
                a.shuffleSeed = seed
            // What the workout ran beside changes nothing of its plan.
            case ("during", .string): break
            case ("without", .array(let tags)):
                for tag in tags {
                    guard case .string(let t) = tag.value else { return nil }
                    a.without.append(t)
                }
            default: return nil
            }
        }
        return a
    }
}
