// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// Where cues and phrases are sent to be heard: the libao player, or a recorder in tests.
public protocol AudioSink: AnyObject, Sendable {
    /// Queues `cue`, which fell due at `due`; returns at once.
    func play(_ cue: Cue, due: Instant)
    /// Queues a phrase; returns at once.
    func say(_ announcement: Announcement)
    /// Starts rendering phrases in the background; returns at once.
    func prepare(_ phrases: [Phrase])
}
