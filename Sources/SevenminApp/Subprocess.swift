// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminCore
import SevenminHistory
import SevenminSystem

/// Runs a program found on `PATH` with no input and its error output discarded; nil when it cannot be started.
enum Subprocess {
    static func run(_ argv: [String], wait: Bool = true) -> (status: Int32, output: String)? {
        guard wait else {
            return (try? Spawn.start(argv, stdin: .null, stdout: .null, stderr: .null)).map { _ in (0, "") }
        }
        return try? Spawn.run(argv)
    }

    /// The first word a program printed: `running`, `enabled`, an action's name.
    static func firstWord(_ output: String) -> String {
        output.split(whereSeparator: { $0.isWhitespace }).first.map(String.init) ?? ""
    }
}
