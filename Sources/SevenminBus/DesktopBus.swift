// SPDX-License-Identifier: GPL-3.0-or-later
import SevenminCore
import SevenminSystem
import Synchronization

/// The workout on the session bus: its media player (MPRIS), which media keys, headsets and phone
/// remotes reach, and the screen kept awake. Commands come back as `Input.remote` through `news`;
/// nothing here decides. With no session bus the player is absent and the log says so once. The player and
/// the inhibitor have a connection and a thread each: a portal or screen saver slow to answer never
/// keeps a media key waiting.
public final class DesktopBus: DesktopSession, Sendable {
    private let worker: BusWorker?
    /// The inhibitor's thread and connection.
    private let awake: BusWorker?
    private let inhibitor: Confined<IdleInhibitor>
    private let player = Confined<MediaPlayerObject?>(nil)
    private let closed = Atomic<Bool>(false)

    /// Connects once `begin` is called, in the background, to the session bus; `mediaPlayer` false leaves the
    /// player out.
    public init(mediaPlayer: Bool, news: @escaping @Sendable (Input) -> Void,
                log: @escaping @Sendable (String) -> Void) {
        let inhibitor = Confined(IdleInhibitor(log: log))
        self.inhibitor = inhibitor
        let player = self.player
        let session: @Sendable () throws(BusError) -> BusConnection = { () throws(BusError) in try .session() }
        worker = try? BusWorker(named: "sevenmin-bus", open: session, opened: { opened in
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
        // No bus is said once, above; the inhibitor then asks logind, on the system bus.
        awake = try? BusWorker(named: "sevenmin-awake", open: session, opened: { _ in })
    }

    /// Connects, on threads of their own, and does what was asked meanwhile: called once the first frame is
    /// out, so that opening libsystemd and the bus never holds the screen up.
    public func begin() {
        worker?.start()
        awake?.start()
    }

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
        self.awake?.perform { bus in
            if awake { inhibitor.value.hold(on: bus) } else { inhibitor.value.release(on: bus) }
        }
    }

    /// Waits at most a second for what was handed to the bus's threads to have been done and sent.
    public func flush() {
        let deadline = SystemMonotonicClock().now() + 1
        worker?.settle(until: deadline)
        awake?.settle(until: deadline)
    }

    /// Gives back the inhibitor, leaves the bus (the name goes with the connection) and ends the threads,
    /// waiting at most `timeout` seconds for both together; a second call does nothing. Whatever is still
    /// waiting for an answer then goes with the process: the bus lets go of what a connection held as it
    /// closes.
    public func close(timeout: Double = 0.5) {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let inhibitor = self.inhibitor
        awake?.perform { bus in inhibitor.value.close(on: bus) }
        awake?.beginClosing()
        let deadline = SystemMonotonicClock().now() + timeout
        // The connection is closed once the thread has ended: only then can the player's tables be freed.
        if worker?.close(until: deadline) ?? true { player.value = nil }
        awake?.close(until: deadline)
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
        /// Why each way tried before refused, in the peer's words (made `visible`).
        public var awakeRefused: [String]
        public var notifications: Result<DesktopNotifications.Server, BusError>
    }

    /// Asks the session bus, the idle inhibitors (taking one and giving it back) and the notification server.
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
        let awake = IdleInhibitor.check(session: session)
        return Probe(sessionBus: missing, keptAwakeBy: awake.way?.rawValue, awakeRefused: awake.refused,
                     notifications: notifications)
    }
}
