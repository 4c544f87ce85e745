// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// A phrase for the voice to speak, with the instant it falls due.
public struct Announcement: Equatable, Sendable {
    public var phrase: Phrase
    public var due: Instant

    public init(_ phrase: Phrase, due: Instant) {
        self.phrase = phrase
        self.due = due
    }
}
