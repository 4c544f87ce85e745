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
            let fd = try SystemCall.open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
            // ignored: a close error after a complete write loses nothing the rename does not check
            defer { close(fd) }
            try SystemCall.write(fd, Array(text.utf8))
            try SystemCall.rename(temporary, path)
        } catch {
            try? SystemCall.unlink(temporary)
            throw error
        }
    }
}
