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

    /// Shows a notification (`Notify`), with a button `action` (its key and label) if given; returns its id.
    /// With a button, the signals that answer it are asked for first, so that `answer` cannot miss them.
    public static func send(title: String, body: String, action: (key: String, label: String)?,
                            on bus: BusConnection) throws(BusError) -> UInt32 {
        if action != nil {
            _ = try bus.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "AddMatch",
                             [.string("type='signal',interface='\(name)',path='\(path)'")])
        }
        let reply = try bus.call(name, path, name, "Notify", [
            .string("sevenmin"), .uint32(0), .string("appointment-soon"), .string(title), .string(body),
            .strings(action.map { [$0.key, $0.label] } ?? []), .dictionary([]), .int32(-1),
        ])
        return try reply.readUInt32()
    }

    /// Waits for the user to answer notification `id` until `deadline` (seconds since 1970 UTC): the key of the
    /// button pressed, or nil once it is closed unanswered or the deadline has passed, when it is withdrawn
    /// (`CloseNotification`). GNOME keeps an unanswered notification and never closes it, so only the deadline
    /// ends the wait there. The wall clock is read at least once a minute: a machine asleep meanwhile does not
    /// stretch the wait, as a timeout on the monotonic clock would.
    public static func answer(to id: UInt32, until deadline: Double, on bus: BusConnection) throws(BusError)
        -> String? {
        while true {
            while let message = try bus.receive() {
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
