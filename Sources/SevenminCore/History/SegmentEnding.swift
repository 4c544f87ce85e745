// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// How a segment ended: its time ran out, or the user skipped on.
public enum SegmentEnding: String, Sendable, CaseIterable {
    case ranOut, skipped
}
