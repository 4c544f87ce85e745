// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// Where the workout's state is published for status lines: a file in the program, a recorder in tests.
public protocol StatusPublisher: AnyObject {
    /// Publishes `snapshot`; nil withdraws it (no workout runs).
    func publish(_ snapshot: StatusSnapshot?)
}
