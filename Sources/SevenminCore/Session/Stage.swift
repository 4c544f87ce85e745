// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// Which part of the workout an exercise belongs to.
public enum Stage: String, Sendable {
    case warmup, main, cooldown
}
