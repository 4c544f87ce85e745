// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// A sentence for the coach to say, with how much it matters against other speech.
public struct Phrase: Hashable, Sendable {
    /// Orders phrases: a higher one cuts off an unfinished lower one; equal ones take turns.
    public enum Priority: Int, Comparable, Sendable {
        /// Halfway and counting aloud: pleasant, but worthless once late.
        case low
        /// Switch sides, paused, resumed.
        case normal
        /// What starts a segment: the user needs it to know what to do now.
        case high
        /// The end of the workout: never dropped for being late.
        case finish

        public static func < (a: Priority, b: Priority) -> Bool { a.rawValue < b.rawValue }
    }

    public var text: String
    public var priority: Priority
    /// The most it may last, in seconds: a segment's opening words are cut at the segment's end.
    public var longest: Double?

    /// `text` is bounded as speech may be (`SpokenText`), so what is logged is what is said.
    public init(_ text: String, priority: Priority, longest: Double? = nil) {
        self.text = SpokenText.bounded(text)
        self.priority = priority
        self.longest = longest
    }
}
