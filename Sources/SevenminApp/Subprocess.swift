// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminCore
import SevenminHistory
import SevenminSystem

/// Runs a program found on `PATH` with no input and its error output discarded; nil when it cannot be started.
enum Subprocess {
    static func run(_ argv: [String], wait: Bool = true) -> (status: Int32, output: String)? {
        var pipe: [Int32] = [-1, -1]
        guard Glibc.pipe(&pipe) == 0 else { return nil }
        for fd in pipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }  // ignored: a leaked pipe end only delays EOF
        let pid = try? Spawn.start(argv, stdin: .null, stdout: .descriptor(pipe[1]), stderr: .null)
        // ignored: closing our copy of the write end, so that reading sees EOF; nothing to recover
        close(pipe[1])
        // ignored: the read end of a pipe we are done with
        defer { close(pipe[0]) }
        guard let pid else { return nil }
        guard wait else { return (0, "") }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(pipe[0], &buffer, buffer.count)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7F == 0
        return (exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F), String(decoding: bytes, as: UTF8.self))
    }

    /// The first word a program printed: `running`, `enabled`, an action's name.
    static func firstWord(_ output: String) -> String {
        output.split(whereSeparator: { $0.isWhitespace }).first.map(String.init) ?? ""
    }
}
