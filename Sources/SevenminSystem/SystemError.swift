// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// A system or library call that failed: which call, and the `errno` it left.
public struct SystemError: Error, Equatable, CustomStringConvertible {
    public var call: String
    public var errno: Int32

    public init(call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }

    public var description: String { "\(call): \(String(cString: strerror(errno)))" }
}

/// Runs a C call that reports failure as -1 with `errno`, retrying `EINTR`; throws a
/// `SystemError` naming the call for any other failure (swift-system's `valueOrErrno`).
@discardableResult
public func retryingEINTR<T: FixedWidthInteger>(_ call: String, _ body: () -> T) throws(SystemError) -> T {
    while true {
        let result = body()
        if result != -1 { return result }
        let code = Glibc.errno
        if code != EINTR { throw SystemError(call: call, errno: code) }
    }
}

/// Runs a shim that reports failure as a negative `errno` (`-EINTR` is retried); throws a
/// `SystemError` naming the call for any other failure, and returns the result otherwise.
@discardableResult
public func retryingNegativeErrno<T: FixedWidthInteger & SignedInteger>(_ call: String, _ body: () -> T)
    throws(SystemError) -> T {
    while true {
        let result = body()
        if result >= 0 { return result }
        if result != -T(EINTR) { throw SystemError(call: call, errno: Int32(truncatingIfNeeded: -result)) }
    }
}

/// Runs a shim that does several C calls, reports failure as a negative `errno`, and names the call
/// that failed in its last argument; retries `-EINTR`, and throws a `SystemError` naming that call.
@discardableResult
public func retryingNegativeErrno(_ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> Int32)
    throws(SystemError) -> Int32 {
    while true {
        var failed: UnsafePointer<CChar>?
        let result = body(&failed)
        if result >= 0 { return result }
        if result != -EINTR {
            throw SystemError(call: failed.map { String(cString: $0) } ?? "a system call", errno: -result)
        }
    }
}
