// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import SevenminCore

/// How an item reached the user (or why it did not).
public enum Delivery: Equatable, Sendable {
    /// Handed to the sound device, or written to the file.
    case played
    /// There is no sound device (libao's null driver took it): the app should ring the terminal bell.
    case noDevice
    /// Dropped: it was `late` seconds past due when the audio thread took it, over `CuePolicy.stalenessLimit`.
    case stale(late: Double)
    /// A phrase stopped early because a more important one started.
    case cutOff
}
