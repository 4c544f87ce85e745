// SPDX-License-Identifier: GPL-3.0-or-later
/// What an option's or argument's value can be: what completion offers and the manual names.
public enum ValueKind: Equatable, Sendable {
    /// Free text or a number: nothing to offer.
    case any
    /// A routine's name on the search path, or a path to a `.json` file.
    case routine
    /// A tag of the exercises, for `--without`.
    case tag
    /// An espeak-ng voice.
    case voice
    /// A path to a file.
    case file
    /// A subcommand's name.
    case command
    /// One of a fixed list.
    case choices([String])
}
