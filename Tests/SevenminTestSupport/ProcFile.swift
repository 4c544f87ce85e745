// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc

/// A file of /proc read to its end. /proc's files say they are empty, so `String(contentsOfFile:)`
/// reads one page of them and stops: a process's `maps` was cut off after 4 KiB.
public enum ProcFile {
    public struct Unreadable: Error { public var path: String }

    public static func text(_ path: String) throws -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Unreadable(path: path) }
        // ignored: the file was only read
        defer { _ = close(fd) }
        var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw Unreadable(path: path) }
            if n == 0 { return String(decoding: bytes, as: UTF8.self) }
            bytes += chunk[..<n]
        }
    }
}
