// SPDX-License-Identifier: GPL-3.0-or-later
import CSevenminSystem
import FoundationEssentials
import Glibc
import SevenminCore
import SevenminSystem

/// The status file status lines read: `$XDG_RUNTIME_DIR/sevenmin/status.json`, else the state folder.
/// Written whole (`AtomicFile`), so a reader never sees half.
final class StatusFile: StatusPublisher {
    let path: String
    private let pid = getpid()
    /// Set after the first failure: a status line is a nicety, never worth more than one try.
    private var broken = false

    init(path: String) {
        self.path = path
    }

    /// Where the file lives for `directories`; nil when there is neither a runtime nor a state folder.
    static func path(_ directories: UserDirectories = UserDirectories()) -> String? {
        let folder = directories.runtimeDirectory.map { $0 + "/sevenmin" } ?? directories.stateDirectory
        return folder.map { $0 + "/status.json" }
    }

    func publish(_ snapshot: StatusSnapshot?) {
        guard let snapshot else { return remove() }
        guard !broken else { return }
        let record = StatusRecord(pid: pid, snapshot: snapshot, wallNow: Date().timeIntervalSince1970,
                                  monotonicNow: SystemMonotonicClock().now())
        let folder = PathText.folder(of: path)
        do {
            try UserDirectories.makeDirectory(folder)
            try StatusFile.requireOwnFolder(folder)
            // Not synced: the file means nothing after a crash, and the loop must not wait for a disk.
            try AtomicFile.write(record.json, to: path, mode: 0o600, durable: false)
            // A crash cannot run Swift; the crash guard removes the file in C.
            csevenmin_crash_guard_unlink(path)
        } catch {
            broken = true
            Console.error("sevenmin: status file \(path): \(error)")
        }
    }

    /// The folder must be ours and closed to others (0700): in a shared runtime folder anyone could
    /// otherwise plant what we open. A folder of ours with a wider mode is closed first.
    static func requireOwnFolder(_ folder: String) throws {
        var info = stat()
        guard lstat(folder, &info) == 0 else { throw SystemError(call: "lstat", errno: errno) }
        guard info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid() else {
            throw StatusFolderError(folder: folder)
        }
        if info.st_mode & 0o077 != 0, chmod(folder, 0o700) != 0 { throw SystemError(call: "chmod", errno: errno) }
    }

    /// Removes the file, if it is still this process's (another workout may have started since).
    func remove() {
        csevenmin_crash_guard_unlink(nil)
        guard let bytes = try? WorkoutDataSource.read(path), StatusRecord.parse(bytes)?.pid == pid else { return }
        try? SystemCall.unlink(path)
    }
}

/// The status folder is someone else's, or not a folder: nothing is written there.
struct StatusFolderError: Error, CustomStringConvertible {
    var folder: String
    var description: String { "\(visible(folder)) is not a folder of ours that only we can open" }
}
