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

    /// Whether `message`, taken from `BusConnection.receive`, is the name's owner's to believe. The bus's own
    /// `NameOwnerChanged` of the name is taken in here (and is not the owner's).
    public func believes(_ message: BusMessage) -> Bool {
        guard let sender = message.sender else { return false }
        if sender == Self.bus, message.member == "NameOwnerChanged",
           let changed = try? message.readString(), changed == name,
           (try? message.readString()) != nil, let new = try? message.readString() {
            owner = new.isEmpty ? nil : new
            return false
        }
        return sender == owner
    }
}
