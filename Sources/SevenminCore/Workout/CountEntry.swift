// SPDX-License-Identifier: GPL-3.0-or-later
/// The count asked when a step of as many as you can ends (`"reps": "max"`): digits typed, Backspace to
/// take one back, Enter to keep the number, Esc to give none. Keys in, what they come to out.
public struct CountEntry: Equatable, Sendable {
    /// What a key did.
    public enum Outcome: Equatable, Sendable {
        /// The number typed so far changed, or the key was not one the entry takes.
        case typing
        /// Enter: this many reps. Esc: `nil`, nothing recorded for the step.
        case given(Int?)
    }

    /// The step asked about: its place in the plan, its move and what its count sets a record for.
    public var index: Int
    public var title: String
    public var kind: RecordKind
    /// The digits typed so far.
    public private(set) var digits = ""

    /// As many digits as a count may have: 9999 reps, more than anyone does in one go.
    static let maximumDigits = 4

    public init(index: Int, title: String, kind: RecordKind) {
        self.index = index
        self.title = title
        self.kind = kind
    }

    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .character(let c) where c.isASCII && c.isWholeNumber:
            // A leading zero says nothing: "012" is 12.
            if digits.count < CountEntry.maximumDigits { digits = digits == "0" ? String(c) : digits + String(c) }
        case .character("\n"), .character("\r"), .character("\r\n"), .other(343):
            // Enter with nothing typed asks on: a second Enter after the one that ended the step is no count.
            if let count = Int(digits) { return .given(count) }
        case .character("\u{1B}"), .other(27):
            return .given(nil)
        case .character("\u{7F}"), .character("\u{08}"), .other(127), .other(8), .other(263):
            if !digits.isEmpty { digits.removeLast() }
        default:
            break
        }
        return .typing
    }
}
