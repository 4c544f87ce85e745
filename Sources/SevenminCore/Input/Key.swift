// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// A key as the terminal reports it.
public enum Key: Equatable, Sendable {
    case character(Character)
    case left, right, up, down
    case resize
    case other(Int)
}
