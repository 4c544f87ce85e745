// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// Where the loop writes what happened: the events file and the history. News for the workout (a
/// broken events pipe, a history that cannot be written, the streak) comes back as inputs, through
/// the input source, never by the loop asking.
public protocol WorkoutRecorder: AnyObject {
    func log(_ record: EventRecord)
    func record(_ entry: HistoryEntry)
}
