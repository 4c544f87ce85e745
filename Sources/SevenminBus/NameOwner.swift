// SPDX-License-Identifier: GPL-3.0-or-later

/// Believes a peer's messages only from the connection that owns its well-known name
/// (`org.freedesktop.Notifications`, `org.bluez`). Any connection may send a signal with any path,
/// interface and body, even to us alone, where no match rule filters it; only the sender, which the
/// bus itself writes, says who sent it. The owner is asked for once (`GetNameOwner`) and followed as
/// it changes (`NameOwnerChanged`). Used on the connection's own thread, as the connection is.
public final class NameOwner {
    static let bus = "org.freedesktop.DBus"

    /// The well-known name followed.
    public let name: String
    /// The unique name (`:1.42`) that owns `name` now; nil while nobody does.
    public private(set) var owner: String?

    /// Follows `name` on `bus`: asks for its `NameOwnerChanged` first and then who owns it, so that no
    /// change in between is missed.
    public init(of name: String, on bus: BusConnection) throws(BusError) {
        self.name = name
        try bus.addMatch("type='signal',sender='\(Self.bus)',interface='\(Self.bus)',member='NameOwnerChanged',"
            + "arg0='\(name)'")
        do {
            owner = try bus.call(Self.bus, "/org/freedesktop/DBus", Self.bus, "GetNameOwner", [.string(name)])
                .readString()
        } catch where error.name == "org.freedesktop.DBus.Error.NameHasNoOwner" {
            owner = nil
        }
    }

    /// Follows `name`, whose owner the caller has asked for itself, having watched `NameOwnerChanged` first
    /// (as the strap does, in a wait of its own that a close can end).
    public init(following name: String, owner: String?) {
        self.name = name
        self.owner = owner
    }

    /// What a message says of the name.
    public enum Verdict: Equatable {
        /// It comes from the name's owner: believe it.
        case fromOwner
        /// The bus says the name has a new owner (nil: none); `owner` is it now.
        case ownerChanged(String?)
        /// Anyone else's: believe none of it.
        case notBelieved
    }

    /// Judges `message`, taken from `BusConnection.receive`; the bus's own `NameOwnerChanged` of the name is
    /// taken in here.
    public func judge(_ message: BusMessage) -> Verdict {
        guard let sender = message.sender else { return .notBelieved }
        if sender == Self.bus, message.member == "NameOwnerChanged" {
            guard let changed = try? message.readString(), changed == name,
                  (try? message.readString()) != nil, let new = try? message.readString() else { return .notBelieved }
            owner = new.isEmpty ? nil : new
            return .ownerChanged(owner)
        }
        return sender == owner ? .fromOwner : .notBelieved
    }

    /// Whether `message` is the name's owner's to believe (`judge`).
    public func believes(_ message: BusMessage) -> Bool { judge(message) == .fromOwner }
}
