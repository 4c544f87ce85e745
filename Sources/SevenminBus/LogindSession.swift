// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// This login session as logind tells of it on the system bus: idle since when (`IdleHint`, `IdleSinceHint`) and
/// locked (`LockedHint`), read once (`GetAll`) and then from `PropertiesChanged`, believed only from the owner of
/// `org.freedesktop.login1`. The desktop sets the hints; logind only keeps and tells them.
final class LogindSession {
    static let name = "org.freedesktop.login1"
    static let interface = "org.freedesktop.login1.Session"
    static let properties = "org.freedesktop.DBus.Properties"

    let bus: BusConnection
    /// The session's object, as `GetSession` names it.
    let path: String
    private let owner: NameOwner
    private var idleHint = false, idleSinceHint: UInt64 = 0
    /// When a hint with no time was first heard: idle since then.
    private var idleHeard: Double?
    private(set) var locked = false

    /// The session of `$XDG_SESSION_ID`, else the one logind calls `auto`: the caller's, or for a user service
    /// (outside any session) the user's display session. Throws where logind or the session is not there.
    init() throws(BusError) {
        bus = try BusConnection.system()
        do throws(BusError) {
            // Watched before anything is asked, so that no change falls between.
            owner = try NameOwner(of: Self.name, on: bus)
            let id = getenv("XDG_SESSION_ID").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
            path = try bus.call(Self.name, "/org/freedesktop/login1", "org.freedesktop.login1.Manager", "GetSession",
                                [.string(id ?? "auto")]).readString("o")
            try bus.addMatch("type='signal',sender='\(Self.name)',interface='\(Self.properties)',"
                + "member='PropertiesChanged',path='\(path)'")
            try read()
        } catch {
            bus.close()
            throw error
        }
    }

    deinit { bus.close() }

    /// When the last input came, as the idle hint says at `now`: nil while the session is not idle.
    func lastInput(at now: Double) -> Double? {
        guard idleHint else {
            idleHeard = nil
            return nil
        }
        if idleSinceHint > 0 { return Double(idleSinceHint) / 1e6 }
        // A hint with no time says idle from when it was first heard.
        idleHeard = idleHeard ?? now
        return idleHeard
    }

    /// Reads the hints anew (`GetAll`).
    private func read() throws(BusError) {
        let reply = try bus.call(Self.name, path, Self.properties, "GetAll", [.string(Self.interface)])
        take(try reply.readProperties())
    }

    private func take(_ changed: [String: BusProperty]) {
        if let idle = changed["IdleHint"]?.boolean { idleHint = idle }
        if let since = changed["IdleSinceHint"]?.uint64 { idleSinceHint = since }
        if let on = changed["LockedHint"]?.boolean { locked = on }
    }

    /// Takes in what came on the system bus; whether the hints may have changed.
    func receive() throws(BusError) -> Bool {
        var changed = false
        while let message = try bus.receive() {
            guard message.isSignal else { continue }
            switch owner.judge(message) {
            case .fromOwner:
                guard message.member == "PropertiesChanged", message.path == path,
                      (try? message.readString()) == Self.interface,
                      let values = try? message.readProperties() else { continue }
                take(values)
                // Named without their values: asked for.
                if let invalidated = try? message.readStrings(), !invalidated.isEmpty { try read() }
                changed = true
            case .ownerChanged(let new):
                // logind restarted: it keeps its sessions, and says how they stand.
                if new != nil { try read() }
                changed = true
            case .notBelieved:
                continue
            }
        }
        return changed
    }
}
