// SPDX-License-Identifier: GPL-3.0-or-later
import SevenminCore

extension SnacksCommand {
    /// `snacks watch`, what the service runs: watches the working day and writes `SnackWatchState`.
    /// A placeholder until the watcher lands in this file.
    func watch() -> Int32 {
        Console.error("Error: 'snacks watch' is not built into this sevenmin yet.")
        return ExitCode.failure
    }
}
