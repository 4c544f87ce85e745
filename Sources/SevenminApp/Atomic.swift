// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminCore
import SevenminHistory
import SevenminSystem

/// Writing a file whole or not at all: a temporary file beside it, renamed over it.
enum Atomic {
    static func write(_ text: String, to path: String) throws {
        let temporary = path + ".\(getpid()).tmp"
        do {
            // O_NONBLOCK: a FIFO planted at the temporary name must not hang us; only a plain file is written.
            let fd = try SystemCall.open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK,
                                         0o644)
            // ignored: a close error after a complete write loses nothing the rename does not check
            defer { close(fd) }
            guard try SystemCall.status(of: fd).st_mode & S_IFMT == S_IFREG else {
                throw SystemError(call: "open", errno: EINVAL)
            }
            try SystemCall.write(fd, Array(text.utf8))
            try SystemCall.rename(temporary, path)
        } catch {
            try? SystemCall.unlink(temporary)
            throw error
        }
    }
}
