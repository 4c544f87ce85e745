// SPDX-License-Identifier: GPL-3.0-or-later
import SevenminCore
import SevenminHistory

/// The snack watcher's state file, as `snacks`, `stats` and `status` read it.
enum SnackWatchFile {
    /// The state the watcher last wrote, whether or not it still runs; nil when there is none to read.
    static func read(_ directories: UserDirectories = UserDirectories()) -> SnackWatchState? {
        guard let path = directories.snackStateFile, let bytes = try? WorkoutDataSource.read(path) else { return nil }
        return SnackWatchState.parse(bytes)
    }

    /// The state last written, without a sitting under way when its watcher has gone (its bouts stay true).
    static func recorded(_ directories: UserDirectories = UserDirectories()) -> SnackWatchState? {
        read(directories).map { state in
            var state = state
            if !HistoryStore.processIsAlive(state.pid) { state.sittingSince = nil }
            return state
        }
    }

    /// The state of a watcher that still runs; nil when none does.
    static func live(_ directories: UserDirectories = UserDirectories()) -> SnackWatchState? {
        read(directories).flatMap { HistoryStore.processIsAlive($0.pid) ? $0 : nil }
    }
}
