// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// The plan a user joined, as `$XDG_STATE_HOME/sevenmin/plan.json` keeps it: the name or path it was
/// joined by, and when. A state file, but read as a routine is: a value of the wrong type or out of
/// range is damage, said at its position, never trusted (a join time of 1e300 trapped when made a day,
/// and -1e19 had `stats` walk 10^14 days).
public struct JoinedPlan: Equatable, Sendable {
    public var plan: String
    /// When it was joined, in seconds since 1970 (UTC).
    public var joinedAt: Double

    public init(plan: String, joinedAt: Double) {
        self.plan = plan
        self.joinedAt = joinedAt
    }

    static let keys = ["plan", "joined"]

    /// The file as `plan join` writes it.
    public var text: String {
        JSONWriter.line(.object([.init("plan", .string(plan)), .init("joined", .number(joinedAt))])) + "\n"
    }

    /// Validates the file's bytes; `path` is used in messages. Reading the file is the caller's job.
    public static func parse(_ bytes: [UInt8], path: String) throws(RoutineLoadError) -> JoinedPlan {
        let root = try RoutineLoader.root(of: bytes, path: path, what: "the joined plan's file")
        var v = Validator(path: path)
        guard let m = v.members(of: root, allowed: keys, what: "the joined plan") else {
            throw RoutineLoadError(v.allDiagnostics)
        }
        let plan = v.string(m["plan"], key: "plan")
        if m["plan"] == nil { v.report(root.position, "the file has no \"plan\"") }
        else if plan?.isEmpty == true { v.report(m["plan"]!.position, "\"plan\" is empty") }
        let joined = v.instant(m["joined"], key: "joined")
        if m["joined"] == nil { v.report(root.position, "the file has no \"joined\"") }
        guard let plan, let joined, v.diagnostics.isEmpty else { throw RoutineLoadError(v.allDiagnostics) }
        return JoinedPlan(plan: plan, joinedAt: joined)
    }
}

extension Validator {
    /// A moment, in seconds since 1970, within the years a stored instant may be (`StoredBounds.instant`).
    mutating func instant(_ node: JSONNode?, key: String) -> Double? {
        guard let node else { return nil }
        guard case .number(let v) = node.value else {
            report(node.position, "\"\(key)\" must be a number of seconds since 1970, not \(node.value.typeName)")
            return nil
        }
        guard let t = StoredBounds.double(v, in: StoredBounds.instant) else {
            report(node.position, "\"\(key)\" must be a time from 1970 to 3000 in seconds since 1970 (0 to "
                + "\(JSONWriter.number(StoredBounds.instant.upperBound))), not \(JSONWriter.number(v))")
            return nil
        }
        return t
    }
}
