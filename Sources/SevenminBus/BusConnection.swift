// SPDX-License-Identifier: GPL-3.0-or-later
import CSystemd
import Glibc
import SevenminCore
import SevenminSystem

/// An sd-bus call that failed: which call, its `errno`, and the D-Bus error's name and message if the
/// other end sent one (`org.freedesktop.DBus.Error.ServiceUnknown`: nobody owns the name). The peer's words are
/// its own, as a file's are: they are shown `visible`, so that none drives the terminal or the log's reader.
public struct BusError: Error, Equatable, CustomStringConvertible {
    public var call: String
    public var errno: Int32
    public var name: String?
    public var message: String?

    public init(call: String, errno: Int32, name: String? = nil, message: String? = nil) {
        self.call = call
        self.errno = errno
        self.name = name
        self.message = message
    }

    public var description: String {
        "\(call): " + visible(message ?? name ?? String(cString: strerror(errno)))
    }
}

/// Runs an sd-bus call, which reports failure as a negative `errno` (`-EINTR` is retried); throws a
/// `BusError` naming the call.
@discardableResult
func checked(_ call: String, _ body: () -> Int32) throws(BusError) -> Int32 {
    do {
        return try retryingNegativeErrno(call, body)
    } catch {
        throw BusError(call: call, errno: error.errno)
    }
}

/// A value sent in a method call: the few D-Bus types sevenmin sends.
public enum BusValue: Sendable {
    case string(String)
    case uint32(UInt32)
    case uint64(UInt64)
    case int32(Int32)
    case boolean(Bool)
    case strings([String])
    /// `a{sv}`: a dictionary of variants, as hints and options are sent.
    case dictionary([(String, BusValue)])

    var signature: String {
        switch self {
        case .string: "s"
        case .uint32: "u"
        case .uint64: "t"
        case .int32: "i"
        case .boolean: "b"
        case .strings: "as"
        case .dictionary: "a{sv}"
        }
    }
}

private func type(_ letter: Unicode.Scalar) -> CChar { CChar(bitPattern: UInt8(ascii: letter)) }

/// A message, released with it (`sd_bus_message_unref`).
public final class BusMessage {
    let message: OpaquePointer

    init(_ message: OpaquePointer) { self.message = message }

    // ignored: unref returns NULL always; the message is gone with its last reference
    deinit { sd_bus_message_unref(message) }

    /// Appends `value` (`sd_bus_message_append_basic`, and `open_container`/`close_container` around them).
    func append(_ value: BusValue) throws(BusError) {
        switch value {
        case .string(let text):
            try checked("sd_bus_message_append_basic") {
                text.withCString { sd_bus_message_append_basic(message, type("s"), $0) }
            }
        case .uint32(var number):
            try checked("sd_bus_message_append_basic") { sd_bus_message_append_basic(message, type("u"), &number) }
        case .uint64(var number):
            try checked("sd_bus_message_append_basic") { sd_bus_message_append_basic(message, type("t"), &number) }
        case .int32(var number):
            try checked("sd_bus_message_append_basic") { sd_bus_message_append_basic(message, type("i"), &number) }
        case .boolean(let flag):
            var number: Int32 = flag ? 1 : 0
            try checked("sd_bus_message_append_basic") { sd_bus_message_append_basic(message, type("b"), &number) }
        case .strings(let texts):
            try open("a", "s")
            for text in texts { try append(.string(text)) }
            try close()
        case .dictionary(let entries):
            try open("a", "{sv}")
            for (key, entry) in entries {
                try open("e", "sv")
                try append(.string(key))
                try open("v", entry.signature)
                try append(entry)
                try close()
                try close()
            }
            try close()
        }
    }

    private func open(_ kind: Unicode.Scalar, _ contents: String) throws(BusError) {
        try checked("sd_bus_message_open_container") {
            sd_bus_message_open_container(message, type(kind), contents)
        }
    }

    private func close() throws(BusError) {
        try checked("sd_bus_message_close_container") { sd_bus_message_close_container(message) }
    }

    /// The next value, of the basic type `letter` (`sd_bus_message_read_basic`).
    private func read<T: BitwiseCopyable>(_ letter: Unicode.Scalar, _ empty: T) throws(BusError) -> T {
        var value = empty
        let got = try checked("sd_bus_message_read_basic") { sd_bus_message_read_basic(message, type(letter), &value) }
        guard got > 0 else { throw BusError(call: "sd_bus_message_read_basic", errno: ENXIO) }
        return value
    }

    /// The next value, a `b`.
    public func readBoolean() throws(BusError) -> Bool { try read("b", Int32(0)) != 0 }

    /// The next value, an `as` (`sd_bus_message_read_strv`).
    public func readStrings() throws(BusError) -> [String] {
        var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        try checked("sd_bus_message_read_strv") { sd_bus_message_read_strv(message, &list) }
        guard let list else { return [] }
        defer { free(list) }
        var strings: [String] = [], k = 0
        while let item = list[k] {
            strings.append(String(cString: item))
            free(item)
            k += 1
        }
        return strings
    }

    /// The next value, an `n`.
    public func readInt16() throws(BusError) -> Int16 { try read("n", 0) }

    /// The next value, an `ay` (`sd_bus_message_read_array`).
    public func readBytes() throws(BusError) -> [UInt8] {
        var start: UnsafeRawPointer?
        var size = 0
        try checked("sd_bus_message_read_array") { sd_bus_message_read_array(message, type("y"), &start, &size) }
        guard let start, size > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: start, count: size))
    }

    /// Enters the next value, a container of `kind` (`a`, `e`, `r`, `v`) holding `contents`
    /// (`sd_bus_message_enter_container`); false at the end of the array being read.
    public func enter(_ kind: Unicode.Scalar, _ contents: String) throws(BusError) -> Bool {
        try checked("sd_bus_message_enter_container") {
            sd_bus_message_enter_container(message, type(kind), contents)
        } > 0
    }

    /// Leaves the container entered last (`sd_bus_message_exit_container`), skipping what is left of it.
    public func exit() throws(BusError) {
        try checked("sd_bus_message_exit_container") { sd_bus_message_exit_container(message) }
    }

    /// Passes over the next value, of signature `types` (`sd_bus_message_skip`).
    public func skip(_ types: String) throws(BusError) {
        try checked("sd_bus_message_skip") { sd_bus_message_skip(message, types) }
    }

    /// The signature inside the next value, a variant (`sd_bus_message_peek_type`).
    public func variantContents() throws(BusError) -> String {
        var kind: CChar = 0
        var contents: UnsafePointer<CChar>?
        try checked("sd_bus_message_peek_type") { sd_bus_message_peek_type(message, &kind, &contents) }
        return contents.map { String(cString: $0) } ?? ""
    }

    /// The object the signal came from (`sd_bus_message_get_path`).
    public var path: String? { sd_bus_message_get_path(message).map { String(cString: $0) } }

    /// Who sent it, as the bus wrote it: a unique name (`:1.42`), or `org.freedesktop.DBus` for the bus
    /// itself (`sd_bus_message_get_sender`). Nothing in the message's body can say otherwise.
    public var sender: String? { sd_bus_message_get_sender(message).map { String(cString: $0) } }

    /// The method's or signal's name (`sd_bus_message_get_member`).
    public var member: String? { sd_bus_message_get_member(message).map { String(cString: $0) } }

    /// Whether it is a signal (`sd_bus_message_get_type`).
    public var isSignal: Bool {
        var kind: UInt8 = 0
        // ignored: fails only for a NULL message; a type of 0 is then no signal
        _ = sd_bus_message_get_type(message, &kind)
        return kind == UInt8(SD_BUS_MESSAGE_SIGNAL)
    }

    /// The cookie of the call this replies to (`sd_bus_message_get_reply_cookie`); nil for a message
    /// that is no reply.
    public var replyCookie: UInt64? {
        var cookie: UInt64 = 0
        return sd_bus_message_get_reply_cookie(message, &cookie) >= 0 ? cookie : nil
    }

    /// Throws the error this reply carries, if it is one (`sd_bus_message_get_error`), as the failure of
    /// `call`, as `BusConnection.call` does.
    func throwIfError(call: String) throws(BusError) {
        guard let error = sd_bus_message_get_error(message)?.pointee else { return }
        throw BusError(call: call, errno: EIO, name: error.name.map { String(cString: $0) },
                       message: error.message.map { String(cString: $0) })
    }

    /// The next value, a `u`.
    public func readUInt32() throws(BusError) -> UInt32 { try read("u", 0) }

    /// The next value, a `t`.
    public func readUInt64() throws(BusError) -> UInt64 { try read("t", 0) }

    /// The next value, an `s` (`"s"`) or an `o` (`"o"`).
    public func readString(_ letter: Unicode.Scalar = "s") throws(BusError) -> String {
        let text: UnsafePointer<CChar>? = try read(letter, nil)
        return text.map { String(cString: $0) } ?? ""
    }

    /// The next value, an `h`, as a descriptor of our own (`fcntl(F_DUPFD_CLOEXEC)`): the message's
    /// closes with it.
    public func readFileDescriptor() throws(BusError) -> Int32 {
        let fd: Int32 = try read("h", -1)
        do {
            return try retryingEINTR("fcntl") { fcntl(fd, F_DUPFD_CLOEXEC, 3) }
        } catch {
            throw BusError(call: "fcntl", errno: error.errno)
        }
    }
}

/// One connection to the session or the system bus. sd-bus is not thread-safe: a connection is used
/// from one thread at a time (`BusWorker`'s).
public final class BusConnection: @unchecked Sendable {
    let bus: OpaquePointer

    private init(_ bus: OpaquePointer) { self.bus = bus }

    /// The user's session bus (`sd_bus_open_user`): `DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus`.
    public static func session() throws(BusError) -> BusConnection {
        var bus: OpaquePointer?
        try checked("sd_bus_open_user") { sd_bus_open_user(&bus) }
        return BusConnection(bus!)
    }

    /// The system bus (`sd_bus_open_system`): `DBUS_SYSTEM_BUS_ADDRESS`, else the system's socket.
    public static func system() throws(BusError) -> BusConnection {
        var bus: OpaquePointer?
        try checked("sd_bus_open_system") { sd_bus_open_system(&bus) }
        return BusConnection(bus!)
    }

    /// Flushes what is queued and closes (`sd_bus_flush_close_unref`); the bus releases the names held
    /// and whatever the other ends tied to this connection.
    public func close() {
        // ignored: returns NULL always; what could not be flushed goes with the connection
        sd_bus_flush_close_unref(bus)
    }

    /// Takes a well-known name (`sd_bus_request_name`), without queueing for it: EEXIST when it is taken.
    public func requestName(_ name: String) throws(BusError) {
        try checked("sd_bus_request_name") { sd_bus_request_name(bus, name, 0) }
    }

    /// The descriptor to poll, and for what (`sd_bus_get_fd`, `sd_bus_get_events`).
    public func pollDescriptor() throws(BusError) -> pollfd {
        let fd = try checked("sd_bus_get_fd") { sd_bus_get_fd(bus) }
        let events = try checked("sd_bus_get_events") { sd_bus_get_events(bus) }
        return pollfd(fd: fd, events: Int16(truncatingIfNeeded: events), revents: 0)
    }

    /// Milliseconds until sd-bus has something to do unasked, or -1 (`sd_bus_get_timeout`).
    public func timeout(now: Double) throws(BusError) -> Int32 {
        var usec: UInt64 = 0
        try checked("sd_bus_get_timeout") { sd_bus_get_timeout(bus, &usec) }
        guard usec != .max else { return -1 }
        let left = (Double(usec) / 1e6 - now) * 1000
        return Int32(max(0, min(60_000, left.rounded(.up))))
    }

    /// Handles what has come in, all of it (`sd_bus_process` until it has nothing more).
    public func process() throws(BusError) {
        while try checked("sd_bus_process", { sd_bus_process(bus, nil) }) > 0 {}
    }

    /// The next message that came in and nothing here handles (a signal matched), or nil
    /// (`sd_bus_process`).
    public func receive() throws(BusError) -> BusMessage? {
        while true {
            var message: OpaquePointer?
            let progress = try checked("sd_bus_process") { sd_bus_process(bus, &message) }
            if let message { return BusMessage(message) }
            if progress == 0 { return nil }
        }
    }

    /// Waits until something comes in, or `timeout` seconds pass (`sd_bus_wait`).
    public func wait(timeout: Double) throws(BusError) {
        try checked("sd_bus_wait") { sd_bus_wait(bus, UInt64(timeout * 1e6)) }
    }

    /// Asks the bus for the signals that `rule` matches (`AddMatch`); `receive` then hands them over.
    public func addMatch(_ rule: String) throws(BusError) {
        _ = try call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "AddMatch",
                     [.string(rule)])
    }

    /// Sends what is queued (`sd_bus_flush`).
    public func flush() throws(BusError) {
        try checked("sd_bus_flush") { sd_bus_flush(bus) }
    }

    /// Signals that `names` of `interface` at `path` changed (`sd_bus_emit_properties_changed_strv`).
    public func emitPropertiesChanged(path: String, interface: String, names: [String]) throws(BusError) {
        var list = names.map { strdup($0) } + [nil]
        defer { for name in list { free(name) } }
        try checked("sd_bus_emit_properties_changed_strv") {
            sd_bus_emit_properties_changed_strv(bus, path, interface, &list)
        }
    }

    /// A method call with its arguments (`sd_bus_message_new_method_call`).
    private func methodCall(_ destination: String, _ path: String, _ interface: String, _ member: String,
                            _ arguments: [BusValue]) throws(BusError) -> BusMessage {
        var raw: OpaquePointer?
        try checked("sd_bus_message_new_method_call") {
            sd_bus_message_new_method_call(bus, &raw, destination, path, interface, member)
        }
        let message = BusMessage(raw!)
        for argument in arguments { try message.append(argument) }
        return message
    }

    /// Sends a method call without waiting (`sd_bus_send`); its reply, found by the cookie returned
    /// (`BusMessage.replyCookie`), comes in as any message does (`receive`).
    public func send(_ destination: String, _ path: String, _ interface: String, _ member: String,
                     _ arguments: [BusValue] = []) throws(BusError) -> UInt64 {
        let message = try methodCall(destination, path, interface, member, arguments)
        var cookie: UInt64 = 0
        try checked("sd_bus_send") { sd_bus_send(bus, message.message, &cookie) }
        return cookie
    }

    /// Calls a method and waits up to `timeout` seconds for its reply (`sd_bus_call`); a D-Bus error
    /// comes back as a `BusError` with its name.
    public func call(_ destination: String, _ path: String, _ interface: String, _ member: String,
                     _ arguments: [BusValue] = [], timeout: Double = 2) throws(BusError) -> BusMessage {
        let message = try methodCall(destination, path, interface, member, arguments)
        var error = sd_bus_error()
        defer { sd_bus_error_free(&error) }
        var reply: OpaquePointer?
        let result = sd_bus_call(bus, message.message, UInt64(timeout * 1e6), &error, &reply)
        guard result >= 0, let reply else {
            throw BusError(call: "\(interface).\(member)", errno: -result, name: error.name.map { String(cString: $0) },
                           message: error.message.map { String(cString: $0) })
        }
        return BusMessage(reply)
    }
}
