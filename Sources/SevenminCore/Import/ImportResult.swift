// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// What one file gave.
public struct ImportResult: Equatable, Sendable {
    public var format: RoutineFormat
    public var routines: [ImportedRoutine]
    /// Keys of the file that sevenmin has no use for, each named once, in file order.
    public var ignored: [String]
    /// What was read otherwise than the file says, one sentence each, said once for the file.
    public var warnings: [String] = []

    /// `ignored` for one line: the first five, then how many more (six are all named).
    public var leftOut: String {
        ignored.count <= 6 ? ignored.joined(separator: ", ")
            : ignored.prefix(5).joined(separator: ", ") + " and \(ignored.count - 5) more"
    }
}
