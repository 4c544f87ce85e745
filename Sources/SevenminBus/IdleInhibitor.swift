// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import SevenminSystem

/// Keeps the screen from blanking or locking, through the first of: the desktop portal's `Inhibit`
/// (flag idle), the screen saver's `Inhibit`, and logind's `Inhibit("idle")`. Used on a thread and session
/// connection of its own (`DesktopBus`), so that a way slow to answer holds up nothing else; logind's
/// connection, to the system bus, is opened here when needed.
final class IdleInhibitor {
    /// Which way the screen is kept awake.
    enum Way: String, Sendable, CaseIterable {
        case portal = "the desktop portal (org.freedesktop.portal.Inhibit)"
        case screenSaver = "the screen saver (org.freedesktop.ScreenSaver)"
        case logind = "logind (org.freedesktop.login1)"
    }

    private enum Held {
        case portal(request: String)
        case screenSaver(cookie: UInt32)
        case logind(fd: Int32)
    }

    static let reason = "A workout is running"
    private var held: Held?
    private var system: BusConnection?
    /// Whether the log has been told that no way works.
    private var saidNone = false
    private let log: @Sendable (String) -> Void

    init(log: @escaping @Sendable (String) -> Void) { self.log = log }

    /// Takes an inhibitor if none is held; one line in the log when no way works, once.
    func hold(on session: BusConnection?) {
        guard held == nil else { return }
        let refused = take(on: session)
        if held == nil, !saidNone {
            saidNone = true
            let why = refused.joined(separator: "; ")
            log("the screen may blank during the workout: no idle inhibitor answered (\(why))")
        }
    }

    /// Asks each way in turn until one takes an inhibitor (then held); why each asked before it refused.
    private func take(on session: BusConnection?) -> [String] {
        var refused: [String] = []
        if let session {
            do throws(BusError) {
                let reply = try session.call("org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
                                             "org.freedesktop.portal.Inhibit", "Inhibit",
                                             [.string(""), .uint32(8), .dictionary([("reason", .string(Self.reason))])])
                held = .portal(request: try reply.readString("o"))
                return refused
            } catch { refused.append("\(error)") }
            do throws(BusError) {
                let reply = try session.call("org.freedesktop.ScreenSaver", "/org/freedesktop/ScreenSaver",
                                             "org.freedesktop.ScreenSaver", "Inhibit",
                                             [.string("sevenmin"), .string(Self.reason)])
                held = .screenSaver(cookie: try reply.readUInt32())
                return refused
            } catch { refused.append("\(error)") }
        }
        do throws(BusError) {
            let system: BusConnection
            if let open = self.system { system = open } else { system = try BusConnection.system() }
            self.system = system
            let reply = try system.call("org.freedesktop.login1", "/org/freedesktop/login1",
                                        "org.freedesktop.login1.Manager", "Inhibit",
                                        [.string("idle"), .string("sevenmin"), .string(Self.reason), .string("block")])
            held = .logind(fd: try reply.readFileDescriptor())
        } catch { refused.append("\(error)") }
        return refused
    }

    /// The way the inhibitor held was taken.
    private var way: Way? {
        switch held {
        case .portal: .portal
        case .screenSaver: .screenSaver
        case .logind: .logind
        case nil: nil
        }
    }

    /// Gives the inhibitor back, if one is held.
    func release(on session: BusConnection?) {
        guard let held else { return }
        self.held = nil
        switch held {
        case .portal(let request):
            // ignored: a failure means the request is gone already, and the inhibition with it
            _ = try? session?.call("org.freedesktop.portal.Desktop", request, "org.freedesktop.portal.Request", "Close")
        case .screenSaver(let cookie):
            // ignored: as above: a screen saver that has gone holds nothing for us any more
            _ = try? session?.call("org.freedesktop.ScreenSaver", "/org/freedesktop/ScreenSaver",
                                   "org.freedesktop.ScreenSaver", "UnInhibit", [.uint32(cookie)])
        case .logind(let fd):
            // ignored: closing the last copy of the descriptor is what lets the screen blank; nothing to retry
            Glibc.close(fd)
        }
    }

    /// Lets go of everything: the inhibitor, and the system bus.
    func close(on session: BusConnection?) {
        release(on: session)
        system?.close()
        system = nil
    }

    /// The way that keeps the screen awake now, found by taking an inhibitor and giving it straight back: a
    /// name on the bus that refuses the call keeps nothing awake. Why each way tried before it refused.
    static func check(session: BusConnection?) -> (way: Way?, refused: [String]) {
        let inhibitor = IdleInhibitor { _ in }
        let refused = inhibitor.take(on: session)
        let way = inhibitor.way
        inhibitor.close(on: session)
        return (way, refused)
    }
}
