// SPDX-License-Identifier: GPL-3.0-or-later
import CMicroHTTPD
import SevenminCore
import SevenminSystem

extension PhoneServer {
    /// One phone's event stream: its connection, what it has been told, and what is still to go out. The
    /// response holds it (and it the server) until libmicrohttpd frees the response, after the connection ends.
    final class Stream {
        let number: Int
        let connection: HTTPConnection
        let server: PhoneServer
        /// The last change and heartbeat told.
        var seen = -1, beats = 0
        var pending: [UInt8] = []
        /// Out of the daemon's poll until woken; guarded by the server's lock, as the rest.
        var suspended = false
        /// What the stream says before it ends, once its phone is dropped.
        var farewell: String?

        init(number: Int, connection: HTTPConnection, server: PhoneServer) {
            self.number = number
            self.connection = connection
            self.server = server
        }
    }

    /// Opens `phone`'s stream on `connection`; a third of the phone's ends its oldest.
    func stream(_ connection: HTTPConnection, phone: String) throws(HTTPError) {
        let opened: Stream? = lock.withLock {
            guard let (number, ends) = roster.open(for: phone) else { return nil }
            let stream = Stream(number: number, connection: connection, server: self)
            streams[number] = stream
            // The oldest, if suspended, wakes to find itself ended.
            if let ends, let old = streams[ends], old.suspended {
                old.suspended = false
                old.connection.resume()
            }
            return stream
        }
        guard let opened else { return try queue(connection, 401, HTTPResponse(body: ""), headers: []) }
        let context = Unmanaged.passRetained(opened).toOpaque()
        let response: HTTPResponse
        do {
            response = try HTTPResponse(reader: PhoneServer.reader, context: context, free: PhoneServer.release)
        } catch {
            Unmanaged<Stream>.fromOpaque(context).release()
            lock.withLock { ended(opened) }
            throw error
        }
        count()
        try queue(connection, 200, response, headers: [("Content-Type", "text/event-stream")])
    }

    /// `opened` is gone: out of the roster and the server's streams. Holding the lock.
    private func ended(_ opened: Stream) {
        streams[opened.number] = nil
        roster.close(opened.number, at: now)
        // A close waiting for the streams to say the workout's end.
        lock.broadcast()
    }

    private static let reader: MHD_ContentReaderCallback = { context, _, buffer, max in
        let stream = Unmanaged<Stream>.fromOpaque(context!).takeUnretainedValue()
        return stream.server.read(stream, into: buffer!, max: max)
    }

    private static let release: MHD_ContentReaderFreeCallback = { context in
        let stream = Unmanaged<Stream>.fromOpaque(context!).takeRetainedValue()
        let server = stream.server
        server.lock.withLock { server.ended(stream) }
        server.count()
    }
}
