// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// Where cues can be heard, as far as the core needs to know.
public enum AudioStatus: Equatable, Sendable {
    /// Still opening in the background; cues are queued.
    case opening
    case device(String)
    /// No sound device: cues cannot be heard.
    case silent
    /// The user asked for no sound.
    case muted
}
