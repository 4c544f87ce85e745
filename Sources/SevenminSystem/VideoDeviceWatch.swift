// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// Whether a process of ours holds a camera (`/dev/video*` open), as a video call does. The devices are watched
/// for opens and closes (`inotify`), and only then are the processes' descriptors looked through: nothing is
/// read while nobody touches a camera.
public final class VideoDeviceWatch {
    /// Readable when a camera was opened or closed.
    public var descriptor: Int32 { watch.descriptor }
    private let watch: FileChangeWatch
    private let devices: [String]

    /// Watches the cameras there are; throws when `inotify` cannot be had.
    public init(folder: String = "/dev") throws(SystemError) {
        watch = try FileChangeWatch()
        devices = ((try? SystemCall.names(inDirectory: folder)) ?? []).filter { $0.hasPrefix("video") }
            .map { folder + "/" + $0 }
        for device in devices {
            let mask = UInt32(IN_OPEN) | UInt32(IN_CLOSE_WRITE) | UInt32(IN_CLOSE_NOWRITE)
            // A camera we may not watch is one we could not tell of anyway.
            try? watch.add(device, events: mask)
        }
    }

    /// Whether a camera was touched since last asked; empties the queue.
    public func acknowledge() -> Bool { watch.acknowledge() }

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
