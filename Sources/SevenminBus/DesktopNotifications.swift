// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import SevenminSystem

/// The desktop's notification server (`org.freedesktop.Notifications`), on the session bus.
public enum DesktopNotifications {
    static let name = "org.freedesktop.Notifications"
    static let path = "/org/freedesktop/Notifications"

    /// A server that answered: its name and version, and whether it shows buttons (actions).
    public struct Server: Equatable, Sendable {
        public var name: String
        public var version: String
        public var actions: Bool
    }

    /// The server on the session bus (`GetServerInformation`, `GetCapabilities`); throws when no bus or
    /// no server answers.
    public static func server(on bus: BusConnection) throws(BusError) -> Server {
        let information = try bus.call(name, path, name, "GetServerInformation")
        let serverName = try information.readString()
        _ = try information.readString()   // the vendor
        let version = try information.readString()
        let capabilities = try bus.call(name, path, name, "GetCapabilities").readStrings()
        return Server(name: serverName, version: version, actions: capabilities.contains("actions"))
    }

    /// What a failure to reach the server means to a user.
    public static func explain(_ error: BusError) -> String {
        switch error.name {
        case "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner":
            "no notification server answers on the session bus (a desktop session runs one)"
        default:
            error.call.hasPrefix("sd_bus_open") ? "there is no session bus (\(error))"
                : "the notification server did not answer (\(error))"
        }
    }

    /// A notification shown: its id, and the server that showed it, the one whose answer is believed.
    public struct Shown {
        public let id: UInt32
        public let server: NameOwner?
    }

    /// Withdraws the notification `id` (`CloseNotification`).
    public static func close(_ id: UInt32, on bus: BusConnection) throws(BusError) {
        _ = try bus.call(name, path, name, "CloseNotification", [.uint32(id)])
    }

    /// Shows a notification (`Notify`), with buttons `actions` (each a key and a label) if given. With a button,
    /// the signals that answer it, and who owns the server's name, are asked for first, so that `answer`
    /// cannot miss them.
    public static func send(title: String, body: String, actions: [(key: String, label: String)],
                            on bus: BusConnection) throws(BusError) -> Shown {
        var server: NameOwner?
        if !actions.isEmpty {
            try bus.addMatch("type='signal',interface='\(name)',path='\(path)'")
            server = try NameOwner(of: name, on: bus)
        }
        let reply = try bus.call(name, path, name, "Notify", [
            .string("sevenmin"), .uint32(0), .string("appointment-soon"), .string(title), .string(body),
            .strings(actions.flatMap { [$0.key, $0.label] }), .dictionary([]), .int32(-1),
        ])
        return Shown(id: try reply.readUInt32(), server: server)
    }

    /// Waits for the user to answer the notification `shown` until `deadline` (seconds since 1970 UTC): the key
    /// of the button pressed, or nil once it is closed unanswered or the deadline has passed, when it is withdrawn
    /// (`CloseNotification`). Only the server's answers are believed: anyone on the bus can send the same signal.
    /// GNOME keeps an unanswered notification and never closes it, so only the deadline ends the wait there. The
    /// wall clock is read at least once a minute: a machine asleep meanwhile does not stretch the wait, as a
    /// timeout on the monotonic clock would.
    public static func answer(to shown: Shown, until deadline: Double, on bus: BusConnection) throws(BusError)
        -> String? {
        let id = shown.id
        while true {
            while let message = try bus.receive() {
                guard shown.server?.believes(message) == true else { continue }
                switch message.member {
                case "ActionInvoked":
                    if try message.readUInt32() == id { return try message.readString() }
                case "NotificationClosed":
                    if try message.readUInt32() == id { return nil }
                default:
                    break
                }
            }
            var now = timespec()
            // ignored: CLOCK_REALTIME always exists; a failure would leave 0 and wait the minute below
            clock_gettime(CLOCK_REALTIME, &now)
            let left = deadline - (Double(now.tv_sec) + Double(now.tv_nsec) / 1e9)
            guard left > 0 else {
                // ignored: a server that cannot withdraw it leaves a button whose press nobody waits for
                _ = try? bus.call(name, path, name, "CloseNotification", [.uint32(id)])
                return nil
            }
            try bus.wait(timeout: min(left, 60))
        }
    }
}
