// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// Writing a file whole or not at all, the one way every writer does it: a temporary file in the
/// same folder, written, `fsync`ed and closed (each checked), then renamed over the target (or linked,
/// when nothing there may be replaced). A reader sees the old file or the new one, never half of one,
/// and a failure leaves the old file as it was.
public enum AtomicFile {
    /// What a write does to a file that is already at the path.
    public enum Existing: Sendable {
        /// Replaces it; the new file keeps the old one's permissions.
        case replace
        /// Refuses it: the write fails with `EEXIST` (from `link`), even when the file appears meanwhile.
        case refuse
    }

    /// Writes `bytes` to `path` whole. `mode` is a new file's permissions (under the umask); a replaced
    /// file keeps its own. Without `durable` the data is not `fsync`ed: for a file that is worthless after
    /// a crash (a status file, a cache checked on reading), where waiting for the disk would only stall.
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644,
                             existing: Existing = .replace, durable: Bool = true) throws(SystemError) {
        let temporary = temporaryName(for: path)
        do {
            let fd = try create(temporary, mode: mode)
            try finish(fd, temporary, at: path, existing: existing, durable: durable) { () throws(SystemError) in
                try SystemCall.write(fd, bytes)
            }
        } catch {
            // ignored: the temporary file is abandoned; the error that stopped the write is what is reported
            try? SystemCall.unlink(temporary)
            throw error
        }
    }

    /// As above, for text, in UTF-8.
    public static func write(_ text: String, to path: String, mode: mode_t = 0o644,
                             existing: Existing = .replace, durable: Bool = true) throws(SystemError) {
        try write(Array(text.utf8), to: path, mode: mode, existing: existing, durable: durable)
    }

    /// Puts the complete file `temporary`, in the same folder, in `path`'s place as `write` does: for a
    /// file written by other means, such as an encoder writing it by name. With `mode`, the file gets that
    /// mode even where it replaces one with another. On failure `temporary` is left for the caller to remove.
    public static func place(_ temporary: String, at path: String, mode: mode_t? = nil,
                             existing: Existing = .replace, durable: Bool = true) throws(SystemError) {
        let fd = try SystemCall.open(temporary, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        let forced: () throws(SystemError) -> Void = { if let mode { try SystemCall.changeMode(fd, mode) } }
        try finish(fd, temporary, at: path, existing: existing, durable: durable, keepsMode: mode == nil, forced)
    }

    /// The temporary name `write` uses for `path`: hidden, beside it, and this process's own.
    public static func temporaryName(for path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return folder + "." + name + ".\(getpid()).tmp"
    }

    /// Whether `name` (in a folder) is one of `write`'s temporary files, as a killed writer leaves them.
    public static func isTemporary(_ name: String) -> Bool {
        name.hasPrefix(".") && name.hasSuffix(".tmp")
    }

    /// A new file at `path`: `O_EXCL` and `O_NOFOLLOW`, so nothing planted at the name (a link, a FIFO)
    /// is opened; a leftover there (this pid's, so its writer is gone) is removed once first.
    private static func create(_ path: String, mode: mode_t) throws(SystemError) -> Int32 {
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK
        do {
            return try SystemCall.open(path, flags, mode)
        } catch where error.errno == EEXIST {
            try SystemCall.unlink(path)
            return try SystemCall.open(path, flags, mode)
        }
    }

    /// Runs `fill` on the temporary file `fd`, gives it the replaced file's permissions, syncs it when
    /// `durable`, closes it (checked) and puts it in `path`'s place.
    private static func finish(_ fd: Int32, _ temporary: String, at path: String, existing: Existing,
                               durable: Bool, keepsMode: Bool = true,
                               _ fill: () throws(SystemError) -> Void) throws(SystemError) {
        do {
            try fill()
            if keepsMode, existing == .replace, let old = try? SystemCall.status(atPath: path),
               old.st_mode & S_IFMT == S_IFREG {
                try SystemCall.changeMode(fd, old.st_mode & 0o7777)
            }
            if durable { try SystemCall.sync(fd) }
        } catch {
            // ignored: the error before it is what is reported, and the file is abandoned
            _ = Glibc.close(fd)
            throw error
        }
        try SystemCall.close(fd)
        switch existing {
        case .replace:
            try SystemCall.rename(temporary, path)
        case .refuse:
            do {
                try SystemCall.link(temporary, path)
            } catch where error.errno == EPERM || error.errno == EOPNOTSUPP {
                // A file system without hard links (FAT): checked, then renamed, the best it allows.
                if (try? SystemCall.linkStatus(atPath: path)) != nil { throw SystemError(call: "link", errno: EEXIST) }
                try SystemCall.rename(temporary, path)
                return
            }
            // ignored: the file is in place; a temporary name left behind is only clutter
            try? SystemCall.unlink(temporary)
        }
    }
}
