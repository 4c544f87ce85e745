// SPDX-License-Identifier: GPL-3.0-or-later

/// A workout as `rate --session`, `history rename` and `history remove` are given it: by its number, which
/// moves up when a copy brings an older workout, or by the start of its uuid, its short id, which stays put
/// (as git names a commit by the start of its hash).
public struct WorkoutReference: Equatable, Sendable, CustomStringConvertible {
    /// The text given.
    public let text: String
    /// The number it is, when it is digits alone and one `history` could give.
    public let number: Int64?
    /// Its hex digits, lower case, when it could be the start of a uuid: at least `fewestDigits` of them.
    public let digits: String?

    /// The fewest digits taken as the start of a uuid: fewer would name many workouts of a long history.
    public static let fewestDigits = 4
    /// The fewest digits a short id has, as `history` shows it.
    public static let shortestShown = 7

    /// Nil when the text can be neither a number nor the start of a uuid.
    public init?(_ text: String) {
        self.text = text
        let isNumber = !text.isEmpty && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
        number = isNumber ? Int64(text).flatMap { RateCommand.sessionIDs.contains(Int($0)) ? $0 : nil } : nil
        let hex = Self.digits(of: text)
        digits = !text.hasPrefix("-") && (Self.fewestDigits...32).contains(hex.count)
            && hex.utf8.count == hex.count && hex.allSatisfy(\.isHexDigit) ? hex : nil
        if number == nil && digits == nil { return nil }
    }

    public var description: String { text }

    /// `text` as a reference, or the usage error that names `option` of `command`.
    public static func parse(_ text: String, option: String, command: String) throws(UsageError) -> WorkoutReference {
        guard let reference = WorkoutReference(text) else {
            throw .invalidValue(option: option, value: text, expected: "a workout's id as 'history' shows it (at "
                + "least \(fewestDigits) of its digits), or its number", command: command)
        }
        return reference
    }

    /// What a reference names among the workouts read.
    public enum Match: Equatable, Sendable {
        case one(Int64)
        case none
        /// More than one: the numbers of all it names, in order.
        case several([Int64])
    }

    /// The workouts of `workouts` (each one's number and uuid) it names: the one of its number, and those whose
    /// uuids start with its digits.
    public func match(_ workouts: [(id: Int64, uuid: String)]) -> Match {
        let found = workouts.filter { w in
            w.id == number || digits.map { Self.digits(of: w.uuid).hasPrefix($0) } == true
        }.map(\.id).sorted()
        switch found.count {
        case 0: return .none
        case 1: return .one(found[0])
        default: return .several(found)
        }
    }

    /// A uuid's hex digits, lower case, without its hyphens.
    static func digits(of uuid: String) -> String {
        String(uuid.lowercased().filter { $0 != "-" })
    }

    /// Each of `uuids`' short id: the shortest start of its digits, `shortestShown` at least, that no other of
    /// them starts with; a uuid that is the start of another's (which random ones never are) gets all its digits.
    public static func shortIDs(_ uuids: [String]) -> [String: String] {
        let sorted = Set(uuids).map { (uuid: $0, digits: digits(of: $0)) }.sorted { $0.digits < $1.digits }
        func shared(_ a: String, _ b: String) -> Int {
            zip(a, b).prefix { $0 == $1 }.count
        }
        var out: [String: String] = [:]
        for (k, u) in sorted.enumerated() {
            let before = k > 0 ? shared(sorted[k - 1].digits, u.digits) : 0
            let after = k + 1 < sorted.count ? shared(sorted[k + 1].digits, u.digits) : 0
            out[u.uuid] = String(u.digits.prefix(max(shortestShown, max(before, after) + 1)))
        }
        return out
    }
}
