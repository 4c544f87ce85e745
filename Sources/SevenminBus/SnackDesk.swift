// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import SevenminCore
import SevenminSystem

/// The desktop as the snack watcher hears it, on one thread: the person idle or back, from the first that answers
/// of GNOME's `org.gnome.Mutter.IdleMonitor` (told by `WatchFired`), KDE's `org.freedesktop.ScreenSaver` (asked
/// `GetSessionIdleTime` when a break or a pause would be due: it tells of no change) and logind's session hints on
/// the system bus (`LogindSession`); the screen locked (the screen saver's `ActiveChanged`, else logind's
/// `LockedHint`); do not disturb (the notification server's `Inhibited`), and the answers to a heads-up. A message
/// is believed only from the owner of the name it speaks for. Between news it sleeps in one `poll`.
public final class SnackDesk {
    static let mutter = "org.gnome.Mutter.IdleMonitor"
    static let mutterPath = "/org/gnome/Mutter/IdleMonitor/Core"
    static let saver = "org.freedesktop.ScreenSaver"
    static let saverPath = "/org/freedesktop/ScreenSaver"
    static let notifications = "org.freedesktop.Notifications"

    /// Where idle time is heard from, as `doctor` names it.
    public enum IdleSource: String, Sendable {
        case mutter = "GNOME's idle monitor (org.gnome.Mutter.IdleMonitor)"
        case screenSaver = "KDE's screen saver (org.freedesktop.ScreenSaver), asked when a break or a pause is due"
        case logind = "logind's idle hint (org.freedesktop.login1)"
        case none = "none: wall time within the set hours counts as sitting"

        /// As `SnackWatchState.idleSource` spells it.
        public var key: String {
            switch self {
            case .mutter: "mutter"
            case .screenSaver: "screensaver"
            case .logind: "logind"
            case .none: "wallClock"
            }
        }
    }

    /// Where the screen's lock is heard from, as `doctor` names it.
    public enum LockSource: String, Sendable {
        case screenSaver = "org.freedesktop.ScreenSaver"
        case logind = "logind's lock hint (org.freedesktop.login1)"
        case none
    }

    let bus: BusConnection
    public let idleSource: IdleSource
    public let lockSource: LockSource
    private let idleOwner: NameOwner
    private let saverOwner: NameOwner
    private let server: NameOwner
    /// This session on the system bus, where neither GNOME nor KDE tells what logind does.
    private let logind: LogindSession?
    private var breakWatch: UInt32?, activeWatch: UInt32?, pauseWatch: UInt32?
    /// The idle time KDE answers, or logind hints, and the news it makes.
    private var idle = IdleTracker()
    private var lockedHint = false
    /// The heads-up shown, its id.
    private var shown: UInt32?
    /// A stream recording (a call), seen through libpulse; nil where no server answers (`callProblem` says why).
    public let calls: PulseRecordingWatch?
    public let callProblem: PulseError?
    /// A camera held; nil where the cameras cannot be watched.
    private let cameras = try? VideoDeviceWatch()
    private var inCall = false

    /// Opens the session bus and asks who is there; throws without a session bus.
    public init() throws(BusError) {
        bus = try BusConnection.session()
        do throws(BusError) {
            idleOwner = try NameOwner(of: Self.mutter, on: bus)
            saverOwner = try NameOwner(of: Self.saver, on: bus)
            server = try NameOwner(of: Self.notifications, on: bus)
            for (sender, interface) in [(Self.mutter, Self.mutter), (Self.saver, Self.saver),
                                        (Self.notifications, Self.notifications),
                                        (Self.notifications, "org.freedesktop.DBus.Properties")] {
                try bus.addMatch("type='signal',sender='\(sender)',interface='\(interface)'")
            }
        } catch {
            bus.close()
            throw error
        }
        let saver = saverOwner.owner != nil
        let kde = idleOwner.owner == nil && saver && Self.idleTime(on: bus) != nil
        let locks = saver && Self.screenLocked(on: bus) != nil
        // ignored: without logind's session, its hints are not heard, as with no source
        logind = idleOwner.owner == nil && !kde || !locks ? try? LogindSession() : nil
        idleSource = idleOwner.owner != nil ? .mutter : kde ? .screenSaver : logind != nil ? .logind : .none
        lockSource = locks ? .screenSaver : logind != nil ? .logind : .none
        do throws(PulseError) {
            calls = try PulseRecordingWatch()
            callProblem = nil
        } catch {
            calls = nil
            callProblem = error
        }
    }

    deinit { bus.close() }

    /// KDE's idle time, in seconds (`GetSessionIdleTime`, which answers milliseconds whatever its argument's
    /// name says); nil where it does not answer (as KDE on Wayland).
    private static func idleTime(on bus: BusConnection) -> Double? {
        (try? bus.call(saver, saverPath, saver, "GetSessionIdleTime").readUInt32()).map { Double($0) / 1000 }
    }

    private static func screenLocked(on bus: BusConnection) -> Bool? {
        try? bus.call(saver, saverPath, saver, "GetActive").readBoolean()
    }

    /// What the desktop says at the start, `now` (seconds since 1970 UTC): idle for a while, locked, do not disturb.
    public func start(now: Double) -> [SnackWatchInput] {
        var news: [SnackWatchInput] = []
        switch idleSource {
        case .mutter:
            // ignored: a monitor that does not answer leaves the person taken as sitting, as with none
            breakWatch = try? bus.call(Self.mutter, Self.mutterPath, Self.mutter, "AddIdleWatch",
                                       [.uint64(UInt64(SnackWatch.breakLength * 1000))]).readUInt32()
            if let idle = try? bus.call(Self.mutter, Self.mutterPath, Self.mutter, "GetIdletime").readUInt64(),
               Double(idle) / 1000 >= SnackWatch.breakLength {
                news.append(.idle(since: now - Double(idle) / 1000))
                watchActive()
            }
        case .screenSaver, .logind:
            news += looked(at: now, asking: true)
        case .none:
            break
        }
        if lockSource == .screenSaver, Self.screenLocked(on: bus) == true { news.append(.locked(true)) }
        news += lockHinted()
        if let quiet = inhibited(), quiet { news.append(.doNotDisturb(true)) }
        inCall = calls?.recording == true || cameras?.inUse() == true
        if inCall { news.append(.call(true)) }
        return news
    }

    /// The idle time's news at `now`: KDE asked where `asking` (the start, a look due, or away at the minute's
    /// look, as no signal tells of the return), logind's hint as it stands.
    private func looked(at now: Double, asking: Bool) -> [SnackWatchInput] {
        switch idleSource {
        case .screenSaver:
            guard asking || idle.away || idle.nextLook.map({ now >= $0 }) == true,
                  let seconds = Self.idleTime(on: bus) else { return [] }
            return idle.heard(lastInput: now - seconds, at: now)
        case .logind:
            return idle.heard(lastInput: logind?.lastInput(at: now), at: now)
        case .mutter, .none:
            return []
        }
    }

    /// logind's lock hint, where it is the lock's source, told when it changes.
    private func lockHinted() -> [SnackWatchInput] {
        guard lockSource == .logind, let locked = logind?.locked, locked != lockedHint else { return [] }
        lockedHint = locked
        return [.locked(locked)]
    }

    /// The notification server's `Inhibited`, where it has one.
    private func inhibited() -> Bool? {
        guard let reply = try? bus.call(Self.notifications, "/org/freedesktop/Notifications",
                                        "org.freedesktop.DBus.Properties", "Get",
                                        [.string(Self.notifications), .string("Inhibited")]),
              (try? reply.enter("v", "b")) == true else { return nil }
        return try? reply.readBoolean()
    }

    private func watchActive() {
        // ignored: without the watch the person's return is not heard; the next idle watch still is
        activeWatch = try? bus.call(Self.mutter, Self.mutterPath, Self.mutter, "AddUserActiveWatch").readUInt32()
    }

    /// Tells of the next pause (`SnackWatch.pauseLength` without input), or stops.
    public func watchPause(_ on: Bool) {
        guard idleSource == .mutter else { return idle.watchPause(on) }
        if on, pauseWatch == nil {
            pauseWatch = try? bus.call(Self.mutter, Self.mutterPath, Self.mutter, "AddIdleWatch",
                                       [.uint64(UInt64(SnackWatch.pauseLength * 1000))]).readUInt32()
        } else if !on, let id = pauseWatch {
            pauseWatch = nil
            // ignored: a watch the monitor forgot fires no more either way
            _ = try? bus.call(Self.mutter, Self.mutterPath, Self.mutter, "RemoveWatch", [.uint32(id)])
        }
    }

    /// Shows the heads-up, with buttons where the server shows them.
    public func headsUp(title: String, body: String, buttons: [(key: String, label: String)]) throws(BusError) {
        let actions = try DesktopNotifications.server(on: bus).actions
        shown = try DesktopNotifications.send(title: title, body: body, actions: actions ? buttons : [], on: bus).id
    }

    /// Takes back the heads-up still shown.
    public func withdraw() {
        guard let id = shown else { return }
        shown = nil
        // ignored: a server that cannot withdraw it leaves a button whose press is no longer believed
        try? DesktopNotifications.close(id, on: bus)
    }

    /// A bus the watcher hears went away: which one (`session`, or logind's `system`), and how.
    public struct BusLost: Error, CustomStringConvertible {
        public var bus: String
        public var error: BusError
        public var description: String { "The \(bus) bus went away: \(error)" }
    }

    /// Runs `body` on the bus named `bus`, its failure told as that bus lost.
    private func on<T>(_ bus: String, _ body: () throws(BusError) -> T) throws(BusLost) -> T {
        do throws(BusError) { return try body() } catch { throw BusLost(bus: bus, error: error) }
    }

    /// Sleeps until news comes, one of the descriptors `also` is readable, or `deadline` (seconds since 1970 UTC,
    /// at most a minute away) passes, or the idle time would make news; the news.
    public func wait(until deadline: Double, also: [Int32] = []) throws(BusLost) -> [SnackWatchInput] {
        var news = try drain()
        let left = min(deadline, idle.nextLook ?? deadline) - Self.wallNow()
        if news.isEmpty, left > 0 {
            var fds = [try on("session") { () throws(BusError) in try bus.pollDescriptor() }]
            if let logind { fds.append(try on("system") { () throws(BusError) in try logind.bus.pollDescriptor() }) }
            for fd in [calls?.descriptor, cameras?.descriptor].compactMap({ $0 }) + also {
                fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0))
            }
            var timeout = Int32(min(SnackWatch.longestSleep * 1000, (left * 1000).rounded(.up)))
            let now = SystemMonotonicClock().now()
            let own = [try on("session") { () throws(BusError) in try bus.timeout(now: now) },
                       try on("system") { () throws(BusError) in try logind?.bus.timeout(now: now) ?? -1 }]
            for own in own where own >= 0 { timeout = min(timeout, own) }
            // ignored: EINTR and the like only end this wait early; the caller looks again
            _ = poll(&fds, nfds_t(fds.count), timeout)
            news = try drain()
        }
        if news.isEmpty { news = looked(at: Self.wallNow(), asking: false) }
        // Both asked, so that each is emptied.
        let recorded = calls?.acknowledge() == true, filmed = cameras?.acknowledge() == true
        if recorded || filmed {
            let now = calls?.recording == true || cameras?.inUse() == true
            if now != inCall {
                inCall = now
                news.append(.call(now))
            }
        }
        return news
    }

    /// Seconds since 1970 UTC (`CLOCK_REALTIME`): a machine asleep moves it on.
    public static func wallNow() -> Double {
        var now = timespec()
        // ignored: CLOCK_REALTIME always exists
        clock_gettime(CLOCK_REALTIME, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// Everything that came in, as news, believed only from the owners.
    private func drain() throws(BusLost) -> [SnackWatchInput] {
        var news: [SnackWatchInput] = []
        while let message = try on("session", { () throws(BusError) in try bus.receive() }) {
            guard message.isSignal else { continue }
            if idleOwner.judge(message) == .fromOwner, message.member == "WatchFired",
               let id = try? message.readUInt32() {
                if id == breakWatch {
                    news.append(.idle(since: Self.wallNow() - SnackWatch.breakLength))
                    watchActive()
                } else if id == activeWatch {
                    activeWatch = nil
                    news.append(.active)
                } else if id == pauseWatch {
                    news.append(.paused)
                }
            } else if saverOwner.judge(message) == .fromOwner, message.member == "ActiveChanged",
                      lockSource == .screenSaver, let on = try? message.readBoolean() {
                news.append(.locked(on))
            } else if server.judge(message) == .fromOwner {
                news += fromServer(message)
            }
        }
        if let logind, try on("system", { () throws(BusError) in try logind.receive() }) {
            news += (idleSource == .logind ? looked(at: Self.wallNow(), asking: false) : []) + lockHinted()
        }
        return news
    }

    private func fromServer(_ message: BusMessage) -> [SnackWatchInput] {
        switch message.member {
        case "ActionInvoked":
            guard let id = try? message.readUInt32(), id == shown, let key = try? message.readString(),
                  let answer = SnackAnswer(rawValue: key) else { return [] }
            shown = nil
            return [.answer(answer)]
        case "NotificationClosed":
            guard let id = try? message.readUInt32(), id == shown else { return [] }
            shown = nil
            return [.answer(.dismissed)]
        case "PropertiesChanged":
            return inhibited().map { [.doNotDisturb($0)] } ?? []
        default:
            return []
        }
    }
}
