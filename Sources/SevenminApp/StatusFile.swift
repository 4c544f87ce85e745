import CSevenminSystem
import FoundationEssentials
import Glibc
import SevenminCore
import SevenminSystem

/// The status file status lines read: `$XDG_RUNTIME_DIR/sevenmin/status.json`, else the state folder.
/// Written whole to a temporary file beside it and renamed over it, so a reader never sees half.
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
        let record = StatusRecord(pid: pid, snapshot: snapshot, wallNow: Date().timeIntervalSince1970)
        let folder = PathText.folder(of: path)
        let temporary = path + ".\(pid).tmp"
        do {
            try UserDirectories.makeDirectory(folder)
            let fd = try SystemCall.open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
            defer { close(fd) }
            try SystemCall.write(fd, Array(record.json.utf8))
            try SystemCall.rename(temporary, path)
            // A crash cannot run Swift; the crash guard removes the file in C.
            csevenmin_crash_guard_unlink(path)
        } catch {
            broken = true
            try? SystemCall.unlink(temporary)
            Console.error("sevenmin: status file \(path): \(error)")
        }
    }

    /// Removes the file, if it is still this process's (another workout may have started since).
    func remove() {
        csevenmin_crash_guard_unlink(nil)
        guard let bytes = try? WorkoutDataSource.read(path), StatusRecord.parse(bytes)?.pid == pid else { return }
        try? SystemCall.unlink(path)
    }
}
