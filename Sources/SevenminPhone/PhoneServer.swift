// SPDX-License-Identifier: GPL-3.0-or-later
import CMicroHTTPD
import CQREncode
import Glibc
import SevenminCore
import SevenminSystem

/// The phone's page over HTTP (libmicrohttpd), for as long as the workout: `PhoneAccess` says who may
/// have what, `PhoneRoster` which phones hold a place, `PhoneEvents` what the phones are told. A button comes
/// back as `Input.remote`, as a media key's does; the phones connected and the page's address as `Input.phone`.
/// Its own thread starts it (binds, starts the daemon, makes the QR code) and then beats the streams' heartbeat;
/// the daemon's one thread answers requests, never waiting: a stream with nothing to send is suspended.
public final class PhoneServer: PhoneScreen, @unchecked Sendable {
    /// The address the server listens on.
    public let address: String
    /// The port asked for: 0 for one the kernel picks.
    private let asked: Int
    /// Bound to loopback, reached over a tunnel: the page answers to `localhost` too.
    private let loopback: Bool
    /// Makes the plan's event, on the server's thread: a long routine's takes a while, which the first frame
    /// need not wait for.
    private let makePlan: @Sendable () -> String
    private let clock: any MonotonicClock
    private let news: @Sendable (Input) -> Void
    /// Guards everything below; the heartbeat's thread waits on it for its time or the close.
    let lock = Condition()
    /// The port bound, set before the daemon starts; 0 before.
    private var port = 0
    /// Whoever takes it from here stops it: `close`, or `start` when the close came first.
    private var daemon: HTTPDaemon?
    private var token = "", plan = ""
    var roster = PhoneRoster()
    /// The open event streams by their number in the roster.
    var streams: [Int: Stream] = [:]
    private var player: PlayerState?
    /// Counts the changes told, so that each stream sends each once; and the heartbeats.
    private var version = 0, beats = 0
    private var closed = false
    private var connected = 0
    /// The ending's event once the workout is over; and since when the server is closing, once it told one
    /// with no question left open.
    private var ending: String?, closingSince: Instant?

    /// `plan` makes the plan's event (`PhoneEvents.plan`), which each phone is told first; `port` 0 lets the
    /// kernel pick one; `loopback`, the address is this machine's own.
    public init(address: String, port: Int = 0, loopback: Bool = false, plan: @escaping @Sendable () -> String,
                clock: any MonotonicClock, news: @escaping @Sendable (Input) -> Void) {
        self.address = address
        self.asked = port
        self.loopback = loopback
        self.makePlan = plan
        self.clock = clock
        self.news = news
    }

    /// Why the server cannot serve.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Starts the server on a thread of its own, off the caller's (the loop's), which then beats the heartbeat
    /// until `close`; `failed` is told if it cannot serve.
    public func begin(failed: @escaping @Sendable (Failure) -> Void) {
        startThread(named: "sevenmin-phone") { [self] in
            do throws(Failure) { try start() } catch {
                failed(error)
                return
            }
            beat()
        }
    }

    /// Makes the plan's event, binds (the port is known from then on), starts the daemon, and posts the page's
    /// link.
    public func start() throws(Failure) {
        let made = makePlan()
        lock.withLock { plan = made }
        let socket: ListeningSocket
        do { socket = try ListeningSocket(address: address, port: asked) } catch {
            throw Failure(description: "\(authority(port: asked)): \(error)")
        }
        lock.withLock { port = socket.port }
        let me = Unmanaged.passUnretained(self).toOpaque()
        let started: HTTPDaemon
        do {
            // The daemon's thread leaves the workout's signals to the main thread. The socket is the daemon's
            // from here on: libmicrohttpd closes it when it stops, and on a failure to start.
            started = try withSignalsHeld { () throws(HTTPError) in
                try HTTPDaemon(socket: socket.descriptor, limits: (PhoneAccess.connections,
                               PhoneAccess.connectionsPerAddress, PhoneAccess.idleTimeout),
                               handler: PhoneServer.handler, context: me)
            }
        } catch { throw Failure(description: "\(authority): \(error)") }
        let late: HTTPDaemon? = lock.withLock {
            guard !closed else { return started }
            daemon = started
            return nil
        }
        late?.stop()
        if late == nil { renew() }
    }

    var now: Instant { clock.now() }

    /// `address:port`, as a browser's `Host` has it (an IPv6 address in brackets).
    public var authority: String { authority(port: lock.withLock { port }) }

    private func authority(port: Int) -> String {
        (address.contains(":") ? "[\(address)]" : address) + ":\(port)"
    }

    public func publish(_ player: PlayerState?) {
        lock.withLock {
            self.player = player
            version += 1
            wake()
        }
    }

    public func end(_ ending: PhoneEnding) {
        lock.withLock {
            self.ending = PhoneEvents.ending(ending)
            if ending.question == nil, closingSince == nil { closingSince = clock.now() }
            version += 1
            wake()
            lock.broadcast()
        }
    }

    /// Drops every phone (their streams say so and end, their cookies are void) and makes a new token.
    public func renew() {
        guard let bytes = try? SystemCall.randomBytes(16) else { return }
        let url = lock.withLock {
            token = PhoneAccess.token(bytes)
            roster.clear()
            for stream in streams.values { stream.farewell = PhoneEvents.dropped }
            version += 1
            wake()
            return "http://\(authority(port: port))/#\(token)"
        }
        count()
        // The code made off the caller's thread (the loop's, for x); posted only if no newer token came meanwhile.
        startThread(named: "sevenmin-qr") { [self] in
            let link: PhoneLink
            do { link = try PhoneServer.link(url) } catch { link = PhoneLink(url: url, modules: [], size: 0) }
            lock.withLock { if url.hasSuffix("#" + token) { news(.phone(.link(link))) } }
        }
    }

    /// Stops listening: the port is closed, every stream ended; once the workout's end was told, after each
    /// stream has said so (a heartbeat's time at most). Safe to call twice.
    public func close() {
        let stopping: HTTPDaemon? = lock.withLock {
            if let since = closingSince {
                while !streams.isEmpty, lock.wait(until: since + PhoneEvents.beatEvery) {}
            }
            closed = true
            // libmicrohttpd must not be stopped with a connection suspended.
            wake()
            lock.broadcast()
            defer { daemon = nil }
            return daemon
        }
        stopping?.stop()
    }

    deinit { close() }

    /// `url` with its QR code, made by libqrencode (`QRcode_encodeString`).
    public static func link(_ url: String) throws(HTTPError) -> PhoneLink {
        let code = try checked("QRcode_encodeString") { QRcode_encodeString(url, 0, QR_ECLEVEL_L, QR_MODE_8, 1) }
        defer { QRcode_free(code) }
        let size = Int(code.pointee.width)
        guard let data = code.pointee.data else { throw HTTPError(call: "QRcode_encodeString", why: "no modules") }
        return PhoneLink(url: url, modules: (0..<size * size).map { data[$0] & 1 != 0 }, size: size)
    }

    // MARK: The heartbeat

    /// Every `PhoneEvents.beatEvery` until the close: each stream sends a heartbeat, and phones gone for long
    /// enough give their places up. Once the workout's end is told with no question open, the server closes
    /// when every stream has said it, or a heartbeat's time after.
    private func beat() {
        let ended: Bool = lock.withLock {
            var next = clock.now() + PhoneEvents.beatEvery
            while !closed {
                if let since = closingSince {
                    if streams.isEmpty || clock.now() >= since + PhoneEvents.beatEvery { return true }
                    next = min(next, since + PhoneEvents.beatEvery)
                }
                _ = lock.wait(until: next)
                let now = clock.now()
                guard !closed, now >= next else { continue }
                next = now + PhoneEvents.beatEvery
                beats += 1
                roster.leave(at: now)
                wake()
            }
            return false
        }
        if ended { close() }
    }

    /// Resumes every suspended stream, which then sends what is new, or ends. Holding the lock.
    func wake() {
        for stream in streams.values where stream.suspended {
            stream.suspended = false
            stream.connection.resume()
        }
    }

    // MARK: Requests

    private static let handler: MHD_AccessHandlerCallback = { cls, connection, url, method, _, _, _, _ in
        let server = Unmanaged<PhoneServer>.fromOpaque(cls!).takeUnretainedValue()
        do {
            try server.answer(HTTPConnection(pointer: connection!), path: String(cString: url!),
                              method: String(cString: method!))
            return .YES
        } catch {
            // libmicrohttpd closes the connection.
            return .NO
        }
    }

    private func answer(_ connection: HTTPConnection, path: String, method: String) throws(HTTPError) {
        let request = PhoneAccess.Request(method: method, path: path, host: connection.header("Host"),
                                          origin: connection.header("Origin"), cookie: connection.header("Cookie"),
                                          token: connection.header(PhoneAccess.tokenHeader))
        let verdict = lock.withLock {
            roster.leave(at: clock.now())
            return PhoneAccess.decide(request, authority: authority(port: port), token: token,
                                      phones: roster.cookies, localhost: loopback)
        }
        switch verdict {
        case .page:
            try respond(connection, 200, PhonePage.html, type: "text/html; charset=utf-8")
        case .nothing:
            try respond(connection, 204, "")
        case .newPhone:
            guard let bytes = try? SystemCall.randomBytes(16) else { return try respond(connection, 500, "") }
            let cookie = PhoneAccess.token(bytes)
            let room = lock.withLock { roster.join(cookie, at: clock.now()) }
            guard room else { return try respond(connection, 503, "too many phones\n") }
            try respond(connection, 204, "", extra: [("Set-Cookie", PhoneAccess.setCookie(cookie))])
        case .events(let phone):
            try stream(connection, phone: phone)
        case .command(let command):
            news(command)
            try respond(connection, 204, "")
        case .unauthorized: try respond(connection, 401, "no phone cookie: scan the code again\n")
        case .forbidden: try respond(connection, 403, "forbidden\n")
        case .notFound: try respond(connection, 404, "not found\n")
        case .methodNotAllowed: try respond(connection, 405, "method not allowed\n")
        case .full: try respond(connection, 503, "too many phones\n")
        }
    }

    private func respond(_ connection: HTTPConnection, _ status: UInt32, _ body: String, type: String = "text/plain",
                         extra: [(String, String)] = []) throws(HTTPError) {
        try queue(connection, status, HTTPResponse(body: body), headers: [("Content-Type", type)] + extra)
    }

    func queue(_ connection: HTTPConnection, _ status: UInt32, _ response: HTTPResponse,
               headers: [(String, String)]) throws(HTTPError) {
        for (name, value) in PhonePage.headers + headers { try response.add(name, value) }
        try connection.queue(status, response)
    }

    /// Posts how many phones have a stream open, when that changed.
    func count() {
        let now: Int? = lock.withLock {
            let open = roster.connected
            guard open != connected else { return nil }
            connected = open
            return open
        }
        if let now { news(.phone(.connected(now))) }
    }

    // MARK: Event streams

    /// The next bytes of `stream`, never waiting: what changed, else a heartbeat due, else nothing, the
    /// connection suspended until `wake`; `MHD_CONTENT_READER_END_OF_STREAM` once the server closes or the
    /// stream was ended (a phone dropped is told so first).
    func read(_ stream: Stream, into buffer: UnsafeMutablePointer<CChar>, max: Int) -> Int {
        if stream.pending.isEmpty {
            let next: String? = lock.withLock {
                guard !closed else { return nil }
                guard roster.isOpen(stream.number) else {
                    defer { stream.farewell = nil }
                    return stream.farewell
                }
                if version != stream.seen {
                    let first = stream.seen < 0
                    stream.seen = version
                    stream.beats = beats
                    return (first ? plan : "") + (ending ?? PhoneEvents.state(player, at: clock.now()))
                }
                // The end told, and nothing more to come.
                if closingSince != nil { return nil }
                if beats != stream.beats {
                    stream.beats = beats
                    return PhoneEvents.beat
                }
                stream.suspended = true
                stream.connection.suspend()
                return ""
            }
            guard let next else { return MHD_CONTENT_READER_END_OF_STREAM }
            stream.pending = Array(next.utf8)
        }
        let count = min(max, stream.pending.count)
        stream.pending.withUnsafeBytes {
            guard let start = $0.baseAddress else { return }
            UnsafeMutableRawPointer(buffer).copyMemory(from: start, byteCount: count)
        }
        stream.pending.removeFirst(count)
        return count
    }
}
