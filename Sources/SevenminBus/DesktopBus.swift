// SPDX-License-Identifier: GPL-3.0-or-later
import SevenminCore
import SevenminSystem

/// The workout on the session bus: its media player (MPRIS), which media keys, headsets and phone
/// remotes reach, and the screen kept awake. Commands come back as `Input.remote` through `news`;
/// nothing here decides. With no session bus the player is absent and the log says so once.
public final class DesktopBus: DesktopSession, Sendable {
    private let worker: BusWorker?
    private let inhibitor: Confined<IdleInhibitor>
    private let player = Confined<MediaPlayerObject?>(nil)

    /// Connects once `begin` is called, in the background, to the session bus; `mediaPlayer` false leaves the
    /// player out.
    public init(mediaPlayer: Bool, news: @escaping @Sendable (Input) -> Void,
                log: @escaping @Sendable (String) -> Void) {
        let inhibitor = Confined(IdleInhibitor(log: log))
        self.inhibitor = inhibitor
        let player = self.player
        worker = try? BusWorker(named: "sevenmin-bus", open: { () throws(BusError) in try BusConnection.session() },
                                opened: { opened in
            switch opened {
            case .failure(let error):
                log("no session bus (\(error)): no media player\(mediaPlayer ? "" : " asked for either")")
            case .success(let bus):
                guard mediaPlayer else { return }
                do throws(BusError) {
                    player.value = try MediaPlayerObject(on: bus) { news(.remote($0)) }
                } catch {
                    log("no media player on the session bus: \(error)")
                }
            }
        })
    }

    /// Connects, on a thread of its own, and does what was asked meanwhile: called once the first frame is
    /// out, so that opening libsystemd and the bus never holds the screen up.
    public func begin() { worker?.start() }

    public func publish(_ state: PlayerState?) {
        let player = self.player
        worker?.perform { bus in
            guard let bus, let object = player.value else { return }
            // ignored: a player that cannot be told is one the desktop shows out of date; the workout goes on
            try? object.show(state, on: bus)
        }
    }

    public func keepAwake(_ awake: Bool) {
        let inhibitor = self.inhibitor
        worker?.perform { bus in
            if awake { inhibitor.value.hold(on: bus) } else { inhibitor.value.release(on: bus) }
        }
    }

    /// Waits at most a second for what was handed to the bus's thread to have been done and sent.
    public func flush() { worker?.settle(timeout: 1) }

    /// Gives back the inhibitor, leaves the bus (the name goes with the connection) and ends the thread,
    /// waiting at most `timeout` seconds.
    public func close(timeout: Double = 1) {
        let inhibitor = self.inhibitor
        worker?.perform { bus in inhibitor.value.close(on: bus) }
        // The connection is closed once the thread has ended: only then can the player's tables be freed.
        if worker?.close(timeout: timeout) ?? true { player.value = nil }
    }
}

/// A value only the bus's thread touches: handed to it inside jobs, which run one at a time.
final class Confined<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

extension DesktopBus {
    /// What `doctor` reports of the desktop's buses.
    public struct Probe: Sendable {
        /// Nil when the session bus answers; else why not.
        public var sessionBus: BusError?
        /// How the screen would be kept awake, in words; nil: no way answers.
        public var keptAwakeBy: String?
        public var notifications: Result<DesktopNotifications.Server, BusError>
    }

    /// Asks the session bus, the idle inhibitors (without taking one) and the notification server.
    public static func probe() -> Probe {
        var session: BusConnection?
        var missing: BusError?
        do throws(BusError) { session = try BusConnection.session() } catch { missing = error }
        defer { session?.close() }
        let notifications: Result<DesktopNotifications.Server, BusError>
        if let session {
            do throws(BusError) { notifications = .success(try DesktopNotifications.server(on: session)) } catch {
                notifications = .failure(error)
            }
        } else {
            notifications = .failure(missing ?? BusError(call: "sd_bus_open_user", errno: 0))
        }
        return Probe(sessionBus: missing, keptAwakeBy: IdleInhibitor.available(session: session)?.rawValue,
                     notifications: notifications)
    }
}
