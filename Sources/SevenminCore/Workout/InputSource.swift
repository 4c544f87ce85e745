// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// Where the loop waits for something to happen: keys, signals, the deadline, and news that
/// background work posts (the sound device opening, a delivery, the history), which wakes it at once.
public protocol InputSource: AnyObject {
    /// Blocks until input arrives or `deadline` passes (nil: no deadline). An empty answer means
    /// only that time has passed.
    func wait(until deadline: Instant?) throws -> [Input]
}
