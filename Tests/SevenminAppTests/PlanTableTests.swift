// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import SevenminCore
import Testing
@testable import SevenminApp

@Suite("What list prints")
struct PlanTableTests {
    /// The total counts its exercise periods in the plural only when there are several.
    @Test(arguments: [(1, "(1 exercise period)"), (2, "(2 exercise periods)")])
    func theTotalCountsItsPeriods(count: Int, said: String) {
        let exercises = (1...count).map { Exercise(title: "E\($0)", color: FlatColor.red.rgb, work: 20) }
        let table = PlanTable.render(Plan(Routine(name: "R", exercises: exercises)), depth: .monochrome,
                                     metrics: .unicode)
        #expect(table.contains(said), "\(table)")
    }
}
