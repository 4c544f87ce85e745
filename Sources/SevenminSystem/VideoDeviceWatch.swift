// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// Whether a process of ours holds a camera (`/dev/video*` open), as a video call does. The devices are watched
/// for opens and closes (`inotify`), and only then are the processes' descriptors looked through: nothing is
/// read while nobody touches a camera.
public final class VideoDeviceWatch {
    /// Readable when a camera was opened or closed.
    public let descriptor: Int32
    private let devices: [String]

    /// Watches the cameras there are; throws when `inotify` cannot be had.
    public init(folder: String = "/dev") throws(SystemError) {
        descriptor = try retryingEINTR("inotify_init1") { inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) }
        devices = ((try? SystemCall.names(inDirectory: folder)) ?? []).filter { $0.hasPrefix("video") }
            .map { folder + "/" + $0 }
        for device in devices {
            let mask = UInt32(IN_OPEN) | UInt32(IN_CLOSE_WRITE) | UInt32(IN_CLOSE_NOWRITE)
            // ignored: a camera we may not watch is one we could not tell of anyway
            _ = inotify_add_watch(descriptor, device, mask)
        }
    }

    // ignored: an inotify descriptor holds nothing that close could lose
    deinit { Glibc.close(descriptor) }

    /// Whether a camera was touched since last asked; empties the queue.
    public func acknowledge() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096), touched = false
        while (buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }) > 0 { touched = true }
        return touched
    }

    /// Whether a process of ours holds a camera now: a link in a `/proc/PID/fd` that points at one.
    public func inUse() -> Bool {
        guard !devices.isEmpty else { return false }
        let own = "\(getpid())"
        for pid in (try? SystemCall.names(inDirectory: "/proc")) ?? [] where pid.first?.isNumber == true && pid != own {
            for fd in (try? SystemCall.names(inDirectory: "/proc/\(pid)/fd")) ?? [] {
                if let target = Self.target(of: "/proc/\(pid)/fd/\(fd)"), devices.contains(target) { return true }
            }
        }
        return false
    }

    /// Where the symbolic link `path` points (`readlink(2)`); nil when it cannot be read (the process ended).
    static func target(of path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBufferPointer { readlink(path, $0.baseAddress!, $0.count - 1) }
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
