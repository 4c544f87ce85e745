// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import SevenminSystem

/// A TCP socket bound and listening, made before the HTTP daemon starts, so that its port is known, and fixed,
/// before any request can ask for it.
struct ListeningSocket {
    let descriptor: Int32
    /// The port bound: the one asked for, or the kernel's pick for 0.
    let port: Int

    /// `socket`, `setsockopt`, `bind`, `getsockname` and `listen` on `address` (IPv4, or IPv6 without brackets)
    /// and `port`. Closed again if any of them fails.
    init(address: String, port: Int) throws(SystemError) {
        let six = address.contains(":")
        var storage = sockaddr_storage()
        let length = six ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size
        let parsed = withUnsafeMutablePointer(to: &storage) { raw in
            if six {
                return raw.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { socket in
                    socket.pointee.sin6_family = sa_family_t(AF_INET6)
                    socket.pointee.sin6_port = in_port_t(UInt16(port).bigEndian)
                    return inet_pton(AF_INET6, address, &socket.pointee.sin6_addr)
                }
            }
            return raw.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { socket in
                socket.pointee.sin_family = sa_family_t(AF_INET)
                socket.pointee.sin_port = in_port_t(UInt16(port).bigEndian)
                return inet_pton(AF_INET, address, &socket.pointee.sin_addr)
            }
        }
        // inet_pton answers 0 for text that is no address of the family, -1 (EAFNOSUPPORT) for a family it lacks.
        guard parsed == 1 else { throw SystemError(call: "inet_pton", errno: parsed == 0 ? EINVAL : errno) }
        let fd = try retryingEINTR("socket") {
            socket(six ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        }
        do {
            // A fixed port is free again for the next workout at once, not after TIME_WAIT's minute.
            var on: Int32 = 1
            try retryingEINTR("setsockopt") {
                setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
            }
            if six {
                try retryingEINTR("setsockopt") {
                    setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &on, socklen_t(MemoryLayout<Int32>.size))
                }
            }
            try withUnsafePointer(to: &storage) { raw throws(SystemError) in
                try raw.withMemoryRebound(to: sockaddr.self, capacity: 1) { (socket) throws(SystemError) in
                    try retryingEINTR("bind") { bind(fd, socket, socklen_t(length)) }
                }
            }
            var bound = sockaddr_storage(), size = socklen_t(MemoryLayout<sockaddr_storage>.size)
            try withUnsafeMutablePointer(to: &bound) { raw throws(SystemError) in
                try raw.withMemoryRebound(to: sockaddr.self, capacity: 1) { (socket) throws(SystemError) in
                    try retryingEINTR("getsockname") { getsockname(fd, socket, &size) }
                }
            }
            let network = withUnsafePointer(to: &bound) { raw in
                six ? raw.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_port }
                    : raw.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_port }
            }
            try retryingEINTR("listen") { listen(fd, 64) }
            descriptor = fd
            self.port = Int(UInt16(bigEndian: network))
        } catch {
            // ignored: the socket was never used; the failure that matters is the one thrown.
            try? SystemCall.close(fd)
            throw error
        }
    }
}
