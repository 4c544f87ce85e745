// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// What became of a cue or a phrase handed to the sound side: news from the audio thread.
public struct AudioDelivery: Equatable, Sendable {
    public enum Item: Equatable, Sendable {
        case cue(Cue)
        case phrase(Phrase)
    }

    public enum Outcome: Equatable, Sendable {
        /// Handed to the sound device, or written to the file.
        case played
        /// There is no sound device: nothing could be heard.
        case noDevice
        /// Dropped: it was `late` seconds past due when the audio thread took it.
        case stale(late: Double)
        /// A phrase stopped early because a more important one started.
        case cutOff
        /// A phrase whose speech was not rendered yet; the core decides whether to wait for it.
        case notRendered
    }

    public var item: Item
    /// When it fell due.
    public var due: Instant
    /// When the audio side handed it on or gave it up, on the loop's clock.
    public var at: Instant
    public var outcome: Outcome

    public init(_ item: Item, due: Instant, at: Instant, outcome: Outcome) {
        self.item = item
        self.due = due
        self.at = at
        self.outcome = outcome
    }
}
