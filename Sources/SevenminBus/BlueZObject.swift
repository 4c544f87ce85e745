// SPDX-License-Identifier: GPL-3.0-or-later

/// One of BlueZ's objects: its path, and its interfaces' properties by name.
struct BlueZObject {
    var path: String
    var properties: [String: [String: BusProperty]]

    /// Whether this is a device whose address (any case), name or alias is `name`.
    func isDevice(named name: String) -> Bool {
        guard let device = properties["org.bluez.Device1"] else { return false }
        return device["Address"]?.string?.uppercased() == name.uppercased() || device["Name"]?.string == name
            || device["Alias"]?.string == name
    }

    /// The Bluetooth addresses of the devices among `objects` whose address, name or alias is `name`.
    static func addresses(named name: String, in objects: [BlueZObject]) -> [String] {
        objects.filter { $0.isDevice(named: name) }
            .map { $0.properties["org.bluez.Device1"]?["Address"]?.string ?? $0.path }
    }

    /// Every object BlueZ has (`org.freedesktop.DBus.ObjectManager.GetManagedObjects`: `a{oa{sa{sv}}}`).
    static func all(on link: BlueZLink) throws(BusError) -> [BlueZObject] {
        let reply = try link.call("org.bluez", "/", "org.freedesktop.DBus.ObjectManager", "GetManagedObjects")
        var objects: [BlueZObject] = []
        guard try reply.enter("a", "{oa{sa{sv}}}") else { return [] }
        while try reply.enter("e", "oa{sa{sv}}") {
            objects.append(try object(in: reply))
            try reply.exit()
        }
        try reply.exit()
        return objects
    }

    /// The next values, an object's path and its interfaces (`oa{sa{sv}}`), as `GetManagedObjects` and
    /// `InterfacesAdded` give them.
    static func object(in message: BusMessage) throws(BusError) -> BlueZObject {
        let path = try message.readString("o")
        var interfaces: [String: [String: BusProperty]] = [:]
        if try message.enter("a", "{sa{sv}}") {
            while try message.enter("e", "sa{sv}") {
                let name = try message.readString()
                interfaces[name] = try message.readProperties()
                try message.exit()
            }
            try message.exit()
        }
        return BlueZObject(path: path, properties: interfaces)
    }
}
