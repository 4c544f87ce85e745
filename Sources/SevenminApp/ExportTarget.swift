// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminCore
import SevenminSystem

/// Where an export is written: a new file beside the target, put in its place once complete
/// (`AtomicFile.place`).
enum ExportTarget {
    /// Refuses what may not be replaced (anything without `force`; a FIFO, device or folder even with
    /// it) and creates the temporary file, with `O_EXCL`, before any work, removed if a signal ends us
    /// (`SignalCleanup`) until the caller forgets it. Returns its name, or the message.
    static func prepare(_ path: String, force: Bool) -> Result<String, ExportRefusal> {
        var info = stat()
        if lstat(path, &info) == 0 {
            guard force else {
                return .failure(ExportRefusal("Error: '\(visible(path))' already exists; add --force to overwrite it."))
            }
            let kind = info.st_mode & S_IFMT
            var target = info
            // A link is replaced, never its target; one that leads to a special file is refused as that is.
            if kind == S_IFLNK, stat(path, &target) != 0 { target.st_mode = S_IFREG }
            guard target.st_mode & S_IFMT == S_IFREG else {
                return .failure(ExportRefusal("Error: '\(visible(path))' is not a plain file; it was left as it is."))
            }
        }
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        let dot = name.lastIndex(of: ".") ?? name.endIndex
        // The extension is kept last: it chooses the format.
        let prefix = "." + name[..<dot] + ".", suffix = ".partial" + name[dot...]
        removeAbandoned(in: folder, prefix: prefix, suffix: suffix)
        let temporary = folder + "/" + prefix + "\(getpid())" + suffix
        // Armed before the file exists, so no signal can fall between its creation and its handler.
        do {
            try SignalCleanup.remove(onDeath: temporary)
        } catch {
            Console.error("sevenmin: \(error)")
        }
        do {
            // ignored: the file is only created here, empty: nothing is written that close could lose
            close(try SystemCall.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644))
        } catch {
            SignalCleanup.forget()
            return .failure(ExportRefusal("Error: Cannot create '\(visible(path))': "
                + "\(String(cString: strerror(error.errno)))."))
        }
        return .success(temporary)
    }

    /// Removes the temporary files of exports to the same target whose process is gone (killed with
    /// SIGKILL, or the machine lost power): `.NAME.PID.partial.EXT`, plain files only.
    private static func removeAbandoned(in folder: String, prefix: String, suffix: String) {
        guard let names = try? SystemCall.names(inDirectory: folder) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(suffix)
            && name.count > prefix.count + suffix.count {
            let digits = name.dropFirst(prefix.count).dropLast(suffix.count)
            guard digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber), let pid = pid_t(digits),
                  pid > 0, pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            let file = folder + "/" + name
            guard let info = try? SystemCall.linkStatus(atPath: file), info.st_mode & S_IFMT == S_IFREG else {
                continue
            }
            // ignored: one that cannot be removed is left as it was; the export goes on
            try? SystemCall.unlink(file)
        }
    }
}
