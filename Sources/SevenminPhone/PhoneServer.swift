// SPDX-License-Identifier: GPL-3.0-or-later
import CMicroHTTPD
import CQREncode
import Glibc
import SevenminCore
import SevenminSystem

/// The phone's page over HTTP (libmicrohttpd), for as long as the workout: `PhoneAccess` says who may
/// have what, `PhoneEvents` what the phones are told. A button comes back as `Input.remote`, as a media
/// key's does; the phones connected and the page's address as `Input.phone`.
public final class PhoneServer: PhoneScreen, @unchecked Sendable {
    /// The address the server listens on, and its port once started.
    public let address: String
    public private(set) var port = 0
    private let plan: String
    private let clock: any MonotonicClock
    private let news: @Sendable (Input) -> Void
    private var daemon: OpaquePointer?
    /// Guards everything below; the streams wait on it for the next change.
    private let lock = Condition()
    private var token = ""
    /// The phones' cookies, and how many event streams each has open.
    private var phones: [String: Int] = [:]
    private var player: PlayerState?
    /// Counts the changes told, so that each stream sends each once.
    private var version = 0
    private var closed = false
    private var connected = 0

    /// An event stream's keep-alive comment, so that a phone gone without a word is noticed.
    static let keepAlive = 15.0

    /// `plan` is the plan's event (`PhoneEvents.plan`), which each phone is told first.
    public init(address: String, plan: String, clock: any MonotonicClock, news: @escaping @Sendable (Input) -> Void) {
        self.address = address
        self.plan = plan
        self.clock = clock
        self.news = news
    }

    /// Why the server cannot serve.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Listens on `address` at a port the kernel picks, and posts the page's link.
    public func start() throws(Failure) {
        var socket = sockaddr_in()
        socket.sin_family = sa_family_t(AF_INET)
        socket.sin_port = 0
        guard inet_pton(AF_INET, address, &socket.sin_addr) == 1 else {
            throw Failure(description: "\(address) is not an IPv4 address")
        }
        let me = Unmanaged.passUnretained(self).toOpaque()
        let started = withUnsafePointer(to: &socket) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                // Each phone holds an event stream and sends a request now and then. The server's threads
                // leave the workout's signals to the main thread.
                withSignalsHeld {
                    clibraries_mhd_start(address, UInt32(4 * PhoneAccess.maxPhones), PhoneServer.handler, me,
                                         PhoneServer.completed, me)
                }
            }
        }
        guard let started else {
            let why = errno == 0 ? "libmicrohttpd cannot listen" : String(cString: strerror(errno))
            throw Failure(description: "\(address): \(why)")
        }
        daemon = started
        port = Int(clibraries_mhd_port(started))
        renew()
    }

    public var authority: String { "\(address):\(port)" }

    public func publish(_ player: PlayerState?) {
        lock.withLock {
            self.player = player
            version += 1
            lock.broadcast()
        }
    }

    /// Drops every phone (their streams end, their cookies are void) and makes a new token.
    public func renew() {
        guard let bytes = try? SystemCall.randomBytes(16) else { return }
        let url = lock.withLock {
            token = PhoneAccess.token(bytes)
            phones = [:]
            version += 1
            lock.broadcast()
            return "http://\(authority)/#\(token)"
        }
        news(.phone(.link(PhoneServer.link(url))))
        count()
    }

    /// Stops listening: the port is closed, every stream ended. Safe to call twice.
    public func close() {
        lock.withLock {
            closed = true
            lock.broadcast()
        }
        if let daemon { MHD_stop_daemon(daemon) }
        daemon = nil
    }

    deinit { close() }

    /// `url` with its QR code, made by libqrencode (`QRcode_encodeString`), or none when it cannot be made.
    public static func link(_ url: String) -> PhoneLink {
        guard let code = QRcode_encodeString(url, 0, QR_ECLEVEL_L, QR_MODE_8, 1) else {
            return PhoneLink(url: url, modules: [], size: 0)
        }
        defer { QRcode_free(code) }
        let size = Int(code.pointee.width)
        let data = code.pointee.data!
        return PhoneLink(url: url, modules: (0..<size * size).map { data[$0] & 1 != 0 }, size: size)
    }

    // MARK: Requests

    private static let handler: MHD_AccessHandlerCallback = { cls, connection, url, method, _, _, _, _ in
        let server = Unmanaged<PhoneServer>.fromOpaque(cls!).takeUnretainedValue()
        return server.answer(connection!, path: String(cString: url!), method: String(cString: method!))
    }

    private static let completed: MHD_RequestCompletedCallback = { _, _, _, _ in }

    private func header(_ connection: OpaquePointer, _ name: String) -> String? {
        MHD_lookup_connection_value(connection, .HEADER_KIND, name).map { String(cString: $0) }
    }

    private func answer(_ connection: OpaquePointer, path: String, method: String) -> MHD_Result {
        let request = PhoneAccess.Request(method: method, path: path, host: header(connection, "Host"),
                                          origin: header(connection, "Origin"), cookie: header(connection, "Cookie"),
                                          token: header(connection, PhoneAccess.tokenHeader))
        let verdict = lock.withLock {
            PhoneAccess.decide(request, authority: authority, token: token, phones: Set(phones.keys))
        }
        switch verdict {
        case .page:
            return respond(connection, 200, PhonePage.html, type: "text/html; charset=utf-8")
        case .nothing:
            return respond(connection, 204, "")
        case .newPhone:
            guard let bytes = try? SystemCall.randomBytes(16) else { return respond(connection, 500, "") }
            let cookie = PhoneAccess.token(bytes)
            let room = lock.withLock {
                guard phones.count < PhoneAccess.maxPhones else { return false }
                phones[cookie] = 0
                return true
            }
            guard room else { return respond(connection, 503, "too many phones\n") }
            return respond(connection, 204, "", extra: [("Set-Cookie", PhoneAccess.setCookie(cookie))])
        case .events(let phone):
            return stream(connection, phone: phone)
        case .command(let command):
            news(.remote(command))
            return respond(connection, 204, "")
        case .unauthorized: return respond(connection, 401, "no phone cookie: scan the code again\n")
        case .forbidden: return respond(connection, 403, "forbidden\n")
        case .notFound: return respond(connection, 404, "not found\n")
        case .methodNotAllowed: return respond(connection, 405, "method not allowed\n")
        case .full: return respond(connection, 503, "too many phones\n")
        }
    }

    private func respond(_ connection: OpaquePointer, _ status: UInt32, _ body: String, type: String = "text/plain",
                         extra: [(String, String)] = []) -> MHD_Result {
        var bytes = Array(body.utf8)
        let response = bytes.withUnsafeMutableBytes {
            MHD_create_response_from_buffer($0.count, $0.baseAddress, .RESPMEM_MUST_COPY)
        }
        guard let response else { return .NO }
        defer { MHD_destroy_response(response) }
        return queue(connection, status, response, headers: [("Content-Type", type)] + extra)
    }

    private func queue(_ connection: OpaquePointer, _ status: UInt32, _ response: OpaquePointer,
                       headers: [(String, String)]) -> MHD_Result {
        for (name, value) in PhonePage.headers + headers {
            // ignored: it fails only for a header with a newline in it, and none of these has one.
            _ = MHD_add_response_header(response, name, value)
        }
        return MHD_queue_response(connection, status, response)
    }

    // MARK: Event streams

    /// One phone's event stream: what it has been told, and what is still to go out.
    private final class Stream {
        let phone: String
        var seen = -1
        var pending: [UInt8] = []
        unowned let server: PhoneServer
        init(phone: String, server: PhoneServer) {
            self.phone = phone
            self.server = server
        }
    }

    private func stream(_ connection: OpaquePointer, phone: String) -> MHD_Result {
        let stream = Stream(phone: phone, server: self)
        let context = Unmanaged.passRetained(stream).toOpaque()
        guard let response = MHD_create_response_from_callback(UInt64.max, 1024, PhoneServer.reader, context,
                                                               PhoneServer.release) else {
            Unmanaged<Stream>.fromOpaque(context).release()
            return .NO
        }
        defer { MHD_destroy_response(response) }
        lock.withLock { phones[phone, default: 0] += 1 }
        count()
        return queue(connection, 200, response, headers: [("Content-Type", "text/event-stream")])
    }

    private static let reader: MHD_ContentReaderCallback = { context, _, buffer, max in
        let stream = Unmanaged<Stream>.fromOpaque(context!).takeUnretainedValue()
        return stream.server.read(stream, into: buffer!, max: max)
    }

    private static let release: MHD_ContentReaderFreeCallback = { context in
        let stream = Unmanaged<Stream>.fromOpaque(context!).takeRetainedValue()
        let server = stream.server
        server.lock.withLock {
            if let open = server.phones[stream.phone] { server.phones[stream.phone] = open - 1 }
        }
        server.count()
    }

    /// The next bytes of `stream`: waits for a change (or the keep-alive's time); -1, the end, once the
    /// server closes or the phone was dropped.
    private func read(_ stream: Stream, into buffer: UnsafeMutablePointer<CChar>, max: Int) -> Int {
        if stream.pending.isEmpty {
            let next: String? = lock.withLock {
                let deadline = clock.now() + PhoneServer.keepAlive
                while !closed, version == stream.seen, phones[stream.phone] != nil {
                    if !lock.wait(until: deadline) { break }
                }
                guard !closed, phones[stream.phone] != nil else { return nil }
                guard version != stream.seen else { return ": keep-alive\n\n" }
                let first = stream.seen < 0
                stream.seen = version
                return (first ? plan : "") + PhoneEvents.state(player, at: clock.now())
            }
            guard let next else { return MHD_CONTENT_READER_END_OF_STREAM }
            stream.pending = Array(next.utf8)
        }
        let count = min(max, stream.pending.count)
        stream.pending.withUnsafeBytes {
            UnsafeMutableRawPointer(buffer).copyMemory(from: $0.baseAddress!, byteCount: count)
        }
        stream.pending.removeFirst(count)
        return count
    }

    /// Posts how many phones have a stream open, when that changed.
    private func count() {
        let now: Int? = lock.withLock {
            let open = phones.values.filter { $0 > 0 }.count
            guard open != connected else { return nil }
            connected = open
            return open
        }
        if let now { news(.phone(.connected(now))) }
    }
}
