// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// Which device the player ended up with, and what was tried on the way (for the log).
public struct AudioOutputChoice: Sendable {
    /// One driver tried, and why it failed (nil if it opened).
    public struct Attempt: Equatable, Sendable {
        public var driver: String
        public var failure: String?
    }

    public var attempts: [Attempt]
    public var output: CuePlayer.Output

    /// "tried pulse (cannot open device), alsa; using alsa", for the log.
    public var summary: String {
        let tried = attempts.map { a in a.failure.map { "\(a.driver) (\($0))" } ?? a.driver }.joined(separator: ", ")
        return "tried \(tried.isEmpty ? "nothing" : tried); using \(output)"
    }
}
