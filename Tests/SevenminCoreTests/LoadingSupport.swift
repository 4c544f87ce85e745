// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import SevenminCore

extension RoutineLoader {
    /// Reads and validates a file; the app reads through `WorkoutDataSource`, the core does no I/O.
    static func load(path: String) throws -> Routine {
        try parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))), path: path)
    }
}
