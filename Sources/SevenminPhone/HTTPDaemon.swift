// SPDX-License-Identifier: GPL-3.0-or-later
import CLibraries
import CMicroHTTPD
import Glibc

/// A libmicrohttpd or libqrencode call that failed: which call, and why where that is known (the library is
/// missing). They set no `errno` of their own to read.
public struct HTTPError: Error, Equatable, CustomStringConvertible {
    public var call: String
    public var why: String?

    public init(call: String, why: String? = nil) {
        self.call = call
        self.why = why
    }

    public var description: String { "\(call) failed" + (why.map { ": \($0)" } ?? "") }

    /// The error for `call`, which answered NULL or `MHD_NO`: the library that is missing, if that is why.
    static func of(_ call: String) -> HTTPError {
        HTTPError(call: call, why: clibraries_missing().map { String(cString: $0) })
    }
}

/// Runs a libmicrohttpd call that answers `MHD_NO` for a failure; throws an error naming it.
func checked(_ call: String, _ body: () -> MHD_Result) throws(HTTPError) {
    guard body() == .YES else { throw HTTPError.of(call) }
}

/// Runs a libmicrohttpd or libqrencode call that answers NULL for a failure; throws an error naming it.
func checked<T>(_ call: String, _ body: () -> T?) throws(HTTPError) -> T {
    guard let value = body() else { throw HTTPError.of(call) }
    return value
}

/// A running libmicrohttpd daemon (`MHD_Daemon`): one internal thread polls its connections and calls
/// `handler` for each request, until `stop`.
final class HTTPDaemon {
    private var daemon: OpaquePointer?

    /// `MHD_start_daemon` on `socket`, bound and listening, which the daemon owns from then on.
    init(socket: Int32, limits: (all: Int, perAddress: Int, timeout: Int), handler: MHD_AccessHandlerCallback,
         context: UnsafeMutableRawPointer) throws(HTTPError) {
        daemon = try checked("MHD_start_daemon") {
            clibraries_mhd_start(socket, UInt32(limits.all), UInt32(limits.perAddress), UInt32(limits.timeout),
                                 handler, context)
        }
    }

    /// `MHD_stop_daemon`: every connection closed, the listening socket too, its thread joined. Every suspended
    /// connection must have been resumed first. Safe to call twice.
    func stop() {
        if let daemon { MHD_stop_daemon(daemon) }
        daemon = nil
    }
}

/// A connection a request came in on (`MHD_Connection`), valid while libmicrohttpd hands it over and, suspended,
/// until resumed.
struct HTTPConnection: @unchecked Sendable {
    let pointer: OpaquePointer

    /// `MHD_lookup_connection_value` of a request header.
    func header(_ name: String) -> String? {
        MHD_lookup_connection_value(pointer, .HEADER_KIND, name).map { String(cString: $0) }
    }

    /// `MHD_queue_response`: `response` is sent with `status`.
    func queue(_ status: UInt32, _ response: HTTPResponse) throws(HTTPError) {
        try checked("MHD_queue_response") { MHD_queue_response(pointer, status, response.pointer) }
    }

    /// `MHD_suspend_connection`: out of the daemon's poll until `resume`. From its reader's callback only.
    func suspend() { MHD_suspend_connection(pointer) }

    /// `MHD_resume_connection`: back in the daemon's poll, its reader called again. Only once suspended.
    func resume() { MHD_resume_connection(pointer) }
}

/// A response (`MHD_Response`), its headers added, destroyed once queued (the connection keeps its own
/// reference).
final class HTTPResponse {
    let pointer: OpaquePointer

    /// `MHD_create_response_from_buffer` of a copy of `body`.
    init(body: String) throws(HTTPError) {
        var bytes = Array(body.utf8)
        pointer = try checked("MHD_create_response_from_buffer") {
            bytes.withUnsafeMutableBytes {
                MHD_create_response_from_buffer($0.count, $0.baseAddress, .RESPMEM_MUST_COPY)
            }
        }
    }

    /// `MHD_create_response_from_callback`: a body of unknown length, which `reader` gives piece by piece and
    /// `free` is called after.
    init(reader: MHD_ContentReaderCallback, context: UnsafeMutableRawPointer,
         free: MHD_ContentReaderFreeCallback) throws(HTTPError) {
        pointer = try checked("MHD_create_response_from_callback") {
            MHD_create_response_from_callback(UInt64.max, 1024, reader, context, free)
        }
    }

    /// `MHD_add_response_header`.
    func add(_ name: String, _ value: String) throws(HTTPError) {
        try checked("MHD_add_response_header") { MHD_add_response_header(pointer, name, value) }
    }

    deinit { MHD_destroy_response(pointer) }
}
