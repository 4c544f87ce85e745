// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import SevenminSystem

/// The system bus as sevenmin speaks to BlueZ on it. Every wait is one `poll` on the bus and on `wake`
/// (an `eventfd` poked to close), so that a close ends even a `Connect` that BlueZ takes 20 s to answer.
/// A signal is believed only from the unique name that owns `org.bluez`, followed as it changes
/// (`NameOwnerChanged`, from the bus itself): anyone on the system bus can send us one.
final class BlueZLink {
    /// What came in: a signal from BlueZ, or a new owner of `org.bluez` (nil: bluetoothd is gone).
    enum News {
        case signal(BusMessage)
        case owner(String?)
    }

    let bus: BusConnection
    private let wake: Int32
    private let closing: () -> Bool
    /// Who owns `org.bluez`, whose signals alone are believed.
    private var bluez = NameOwner(following: "org.bluez", owner: nil)
    /// The unique name that owns `org.bluez`; nil while none does.
    var owner: String? { bluez.owner }
    /// Signals that came in while a call waited for its reply, handed out first.
    private var held: [BusMessage] = []

    /// What a wait cut short by a close throws.
    static let closed = BusError(call: "close", errno: ECANCELED)

    /// Opens the system bus and watches BlueZ's signals and its owner; `wake` (or -1: none) is polled
    /// beside the bus, and once `closing` says so, every wait throws `closed`.
    init(wake: Int32 = -1, closing: @escaping () -> Bool = { false }) throws(BusError) {
        bus = try BusConnection.system()
        self.wake = wake
        self.closing = closing
        do throws(BusError) {
            // Watched before the owner is asked, so that no change falls between.
            let own = "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',"
                + "member='NameOwnerChanged',arg0='org.bluez'"
            let signals = ["org.freedesktop.DBus.Properties',member='PropertiesChanged'",
                           "org.freedesktop.DBus.ObjectManager',member='InterfacesRemoved'",
                           "org.freedesktop.DBus.ObjectManager',member='InterfacesAdded'"]
            for rule in [own] + signals.map({ "type='signal',sender='org.bluez',interface='" + $0 }) {
                _ = try call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "AddMatch",
                             [.string(rule)])
            }
            do throws(BusError) {
                let owner = try call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                     "GetNameOwner", [.string("org.bluez")]).readString()
                bluez = NameOwner(following: "org.bluez", owner: owner)
            } catch where error.name == "org.freedesktop.DBus.Error.NameHasNoOwner" {
                // Not running (or started on demand by the first call): its owner is told when it comes.
            }
        } catch {
            bus.close()
            throw error
        }
    }

    func close() { bus.close() }

    /// Calls a method and waits up to `timeout` seconds for its reply; a D-Bus error comes back as a
    /// `BusError` with its name, as `BusConnection.call` gives it.
    func call(_ destination: String, _ path: String, _ interface: String, _ member: String,
              _ arguments: [BusValue] = [], timeout: Double = 2) throws(BusError) -> BusMessage {
        let cookie = try bus.send(destination, path, interface, member, arguments)
        let deadline = SystemMonotonicClock().now() + timeout
        while true {
            while let message = try bus.receive() {
                if message.replyCookie == cookie {
                    try message.throwIfError(call: "\(interface).\(member)")
                    return message
                }
                if message.isSignal { held.append(message) }
            }
            guard try wait(until: deadline) else {
                throw BusError(call: "\(interface).\(member)", errno: ETIMEDOUT,
                               name: "org.freedesktop.DBus.Error.NoReply", message: "no reply in \(timeout) s")
            }
        }
    }

    /// Calls a method without waiting for its reply, which is passed over when it comes.
    func send(_ destination: String, _ path: String, _ interface: String, _ member: String) throws(BusError) {
        _ = try bus.send(destination, path, interface, member)
    }

    /// The next news believed, waiting for it until `deadline` (nil: as long as it takes); nil once the
    /// deadline has passed.
    func next(until deadline: Double?) throws(BusError) -> News? {
        while true {
            let message: BusMessage
            if !held.isEmpty {
                message = held.removeFirst()
            } else if let came = try bus.receive() {
                message = came
            } else {
                guard try wait(until: deadline) else { return nil }
                continue
            }
            if let news = believed(message) { return news }
        }
    }

    /// What `message` tells, if it is a signal from the bus of BlueZ's owner, or from that owner.
    private func believed(_ message: BusMessage) -> News? {
        guard message.isSignal else { return nil }
        switch bluez.judge(message) {
        case .fromOwner: return .signal(message)
        case .ownerChanged(let owner): return .owner(owner)
        case .notBelieved: return nil
        }
    }

    /// Sleeps in `poll` on the bus and on `wake` until either has something, sd-bus has work of its own,
    /// or `deadline` passes (false then); throws `closed` once closing.
    private func wait(until deadline: Double?) throws(BusError) -> Bool {
        if closing() { throw Self.closed }
        let now = SystemMonotonicClock().now()
        if let deadline, now >= deadline { return false }
        var fds = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0), try bus.pollDescriptor()]
        var timeout = try bus.timeout(now: now)
        if let deadline {
            let left = Int32(min(60_000, ((deadline - now) * 1000).rounded(.up)))
            timeout = timeout < 0 ? left : min(timeout, left)
        }
        // ignored: EINTR and the like only end this wait early; the caller looks again
        _ = poll(&fds, nfds_t(fds.count), timeout)
        if closing() { throw Self.closed }
        return true
    }
}
