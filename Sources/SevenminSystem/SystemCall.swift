// SPDX-License-Identifier: GPL-3.0-or-later
import CSevenminSystem
import FoundationEssentials
import Glibc

/// `struct stat`, named apart from the `stat` call.
public typealias FileStatus = stat

/// The file-system calls the app makes, each wrapped once: a failure throws an error naming the
/// call and carrying `errno`, and `EINTR` is retried.
public enum SystemCall {
    /// A C call that failed.
    public typealias Failure = SystemError

    private static func check(_ call: String, _ body: () -> Int) throws(Failure) -> Int {
        try retryingEINTR(call, body)
    }

    /// `open(2)`.
    public static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) throws(Failure) -> Int32 {
        Int32(try check("open") { Int(Glibc.open(path, flags, mode)) })
    }

    /// `getrandom(2)`: `count` bytes from the kernel's random source (waiting, once at boot, until it is seeded).
    public static func randomBytes(_ count: Int) throws(Failure) -> [UInt8] {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 1)
        defer { buffer.deallocate() }
        var filled = 0
        while filled < count {
            filled += try check("getrandom") { getrandom(buffer.baseAddress! + filled, count - filled, 0) }
        }
        return Array(buffer)
    }

    /// `fstat(2)`.
    public static func status(of fd: Int32) throws(Failure) -> FileStatus {
        var info = FileStatus()
        _ = try check("fstat") { Int(fstat(fd, &info)) }
        return info
    }

    /// `stat(2)`.
    public static func status(atPath path: String) throws(Failure) -> FileStatus {
        var info = FileStatus()
        _ = try check("stat") { Int(stat(path, &info)) }
        return info
    }

    /// `fcntl(2)` with `F_GETFL`/`F_SETFL`: clears `O_NONBLOCK`.
    public static func makeBlocking(_ fd: Int32) throws(Failure) {
        let flags = try check("fcntl") { Int(fcntl(fd, F_GETFL)) }
        _ = try check("fcntl") { Int(fcntl(fd, F_SETFL, Int32(flags) & ~O_NONBLOCK)) }
    }

    /// `read(2)` into the free end of `buffer`, at most `count` bytes; returns how many were read.
    public static func read(_ fd: Int32, into buffer: inout [UInt8], count: Int) throws(Failure) -> Int {
        let start = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: count))
        let got: Int
        do {
            got = try check("read") {
                buffer.withUnsafeMutableBufferPointer { Glibc.read(fd, $0.baseAddress! + start, count) }
            }
        } catch {
            buffer.removeLast(count)
            throw error
        }
        buffer.removeLast(count - got)
        return got
    }

    /// `mkdir(2)`.
    public static func mkdir(_ path: String, _ mode: mode_t) throws(Failure) {
        _ = try check("mkdir") { Int(Glibc.mkdir(path, mode)) }
    }

    /// `write(2)` of all of `bytes`, going on after partial writes.
    public static func write(_ fd: Int32, _ bytes: [UInt8]) throws(Failure) {
        var done = 0
        while done < bytes.count {
            done += try check("write") {
                bytes.withUnsafeBufferPointer { Glibc.write(fd, $0.baseAddress! + done, bytes.count - done) }
            }
        }
    }

    /// `fcntl(2)` with `F_DUPFD_CLOEXEC`: a second descriptor for what `fd` refers to.
    public static func duplicate(_ fd: Int32) throws(Failure) -> Int32 {
        Int32(try check("fcntl") { Int(fcntl(fd, F_DUPFD_CLOEXEC, 0)) })
    }

    /// `dup2(2)`: makes `target` refer to what `source` refers to; `fcntl(2)` keeps it closed on exec.
    public static func redirect(_ target: Int32, to source: Int32) throws(Failure) {
        _ = try check("dup2") { Int(dup2(source, target)) }
        _ = try check("fcntl") { Int(fcntl(target, F_SETFD, FD_CLOEXEC)) }
    }

    /// `memfd_create(2)`: an anonymous file in memory, closed on exec.
    public static func memoryFile(named name: String) throws(Failure) -> Int32 {
        try retryingNegativeErrno("memfd_create") { csevenmin_memory_file(name) }
    }

    /// Everything written to the file `fd` (through it or a copy of it) since it was last drained: as far as
    /// the writes have reached (`lseek(2)`), read back (`pread(2)`); the next writes start over at its
    /// beginning (`lseek(2)`), and only they are read back next time, so the file is never truncated.
    public static func drain(_ fd: Int32) throws(Failure) -> [UInt8] {
        let size = try check("lseek") { Int(lseek(fd, 0, SEEK_CUR)) }
        guard size > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let got = try check("pread") {
                bytes.withUnsafeMutableBufferPointer { pread(fd, $0.baseAddress! + done, size - done, off_t(done)) }
            }
            if got == 0 { break }
            done += got
        }
        _ = try check("lseek") { Int(lseek(fd, 0, SEEK_SET)) }
        return Array(bytes[..<done])
    }

    /// `rename(2)`: replaces `to` at once, so readers see the old file or the new, never half of one.
    public static func rename(_ from: String, _ to: String) throws(Failure) {
        _ = try check("rename") { Int(Glibc.rename(from, to)) }
    }

    /// `link(2)`: a second name for `from`; fails with `EEXIST` rather than replace what `to` names.
    public static func link(_ from: String, _ to: String) throws(Failure) {
        _ = try check("link") { Int(Glibc.link(from, to)) }
    }

    /// `fsync(2)`: what was written to `fd` is on the disk, not only in the page cache.
    public static func sync(_ fd: Int32) throws(Failure) {
        _ = try check("fsync") { Int(fsync(fd)) }
    }

    /// `fchmod(2)`.
    public static func changeMode(_ fd: Int32, _ mode: mode_t) throws(Failure) {
        _ = try check("fchmod") { Int(fchmod(fd, mode)) }
    }

    /// `close(2)`, checked: a write that failed late (NFS, a full disk) is reported here. Never retried:
    /// on Linux the descriptor is gone even when `EINTR` is returned, and it may already be reused.
    public static func close(_ fd: Int32) throws(Failure) {
        guard Glibc.close(fd) != 0, Glibc.errno != EINTR else { return }
        throw Failure(call: "close", errno: Glibc.errno)
    }

    /// `unlink(2)`.
    public static func unlink(_ path: String) throws(Failure) {
        _ = try check("unlink") { Int(Glibc.unlink(path)) }
    }

    /// `lstat(2)`: about a symbolic link itself, never what it points to.
    public static func linkStatus(atPath path: String) throws(Failure) -> FileStatus {
        var info = FileStatus()
        _ = try check("lstat") { Int(lstat(path, &info)) }
        return info
    }

    /// `realpath(3)`: `path` made absolute, with every symbolic link, `.` and `..` resolved.
    public static func resolvedPath(_ path: String) throws(Failure) -> String {
        guard let resolved = realpath(path, nil) else { throw Failure(call: "realpath", errno: Glibc.errno) }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `getcwd(3)`: the working folder.
    public static func currentDirectory() throws(Failure) -> String {
        guard let path = getcwd(nil, 0) else { throw Failure(call: "getcwd", errno: Glibc.errno) }
        defer { free(path) }
        return String(cString: path)
    }

    /// `futimens(2)` with both times now: marks a file as just used.
    public static func touch(_ fd: Int32) throws(Failure) {
        _ = try check("futimens") { Int(futimens(fd, nil)) }
    }

    /// `opendir(3)`, `readdir(3)` and `closedir(3)`: the names in a folder, without `.` and `..`.
    public static func names(inDirectory path: String) throws(Failure) -> [String] {
        guard let dir = opendir(path) else { throw Failure(call: "opendir", errno: Glibc.errno) }
        // ignored: closedir only fails on a bad handle, and this one came from opendir.
        defer { _ = closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self)
                .baseAddress!) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// `getpwuid(3)` for the real user: the home folder in the password database, if any.
    public static func passwordHome() -> String? {
        guard let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir else { return nil }
        let home = String(cString: dir)
        return home.isEmpty ? nil : home
    }
}

extension String {
    /// The text a C call left in `buffer`, up to its first NUL (all of it without one), as UTF-8.
    public init(nulTerminated buffer: [CChar]) {
        self.init(decoding: buffer.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self)
    }
}
