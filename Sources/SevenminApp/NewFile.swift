// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import SevenminCore

/// Writes a file the user asked for: never over one that exists unless told to, and never half.
enum NewFile {
    /// Why a file was not written, worded for the user, with the exit status that goes with it.
    struct Failure: Error {
        var message: String
        var status: Int32
    }

    /// Creates `path` holding `text`. Without `overwrite` an existing file is refused (O_EXCL, so
    /// even in a race); with it, the text goes to a temporary file renamed over the old one, so a
    /// failed write leaves the old file as it was. `hint` follows "already exists; ".
    static func write(_ text: String, to path: String, overwrite: Bool = false,
                      hint: String = "choose another name") throws(Failure) {
        try write(Array(text.utf8), to: path, overwrite: overwrite, hint: hint)
    }

    /// As above, for bytes.
    static func write(_ bytes: [UInt8], to path: String, overwrite: Bool = false,
                      hint: String = "choose another name") throws(Failure) {
        let target = overwrite ? path + ".tmp-\(getpid())" : path
        let fd = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            if errno == EEXIST && !overwrite {
                throw Failure(message: "Error: \(visible(path)) already exists; \(hint).",
                              status: ExitCode.cannotCreate)
            }
            throw Failure(message: "Error: Cannot create \(visible(path)): \(String(cString: strerror(errno)))",
                          status: ExitCode.cannotCreate)
        }
        let failed = Console.write(fd, bytes)
        let closed = close(fd) == 0 ? nil : errno
        if failed == nil, closed == nil, !overwrite || rename(target, path) == 0 { return }
        let code = failed ?? closed ?? errno
        // ignored: removing the half-written file; the write error is what is reported
        unlink(target)
        throw Failure(message: "Error: Cannot write \(visible(path)): \(String(cString: strerror(code)))",
                      status: ExitCode.failure)
    }
}
