// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// A voice espeak-ng can speak with.
public struct SpeechVoice: Equatable, Sendable {
    /// What `espeak_SetVoiceByName` takes, e.g. `en-us`, `de`, `fr`.
    public var name: String
    /// The language it reads, e.g. `en-us`.
    public var language: String
}
