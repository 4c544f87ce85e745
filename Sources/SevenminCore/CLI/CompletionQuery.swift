// SPDX-License-Identifier: GPL-3.0-or-later
/// What the completion scripts ask of `sevenmin __complete`: values that depend on the machine.
public enum CompletionQuery: String, CaseIterable, Sendable {
    case routines, tags, voices
}
