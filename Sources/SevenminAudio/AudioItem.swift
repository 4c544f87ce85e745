// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import SevenminCore

/// Something to be heard: a cue or a spoken phrase, with its samples at the output rate.
public struct AudioItem: Sendable {
    /// What the item is, as reported back with its delivery.
    public enum Kind: Hashable, Sendable {
        case cue(Cue)
        case phrase(String, priority: Phrase.Priority)
    }

    public var kind: Kind
    public var samples: [Int16]
    /// When it fell due, on the session's clock (or the track's offset, for an export).
    public var due: Instant

    public init(_ kind: Kind, samples: [Int16], due: Instant) {
        self.kind = kind
        self.samples = samples
        self.due = due
    }

    /// The finish is never dropped for being late: it is the one cue that says the workout is over.
    var expires: Bool {
        switch kind {
        case .cue(let cue): return cue != .finish
        case .phrase(_, let priority): return priority != .finish
        }
    }
}
