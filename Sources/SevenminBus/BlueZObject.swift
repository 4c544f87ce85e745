// SPDX-License-Identifier: GPL-3.0-or-later

/// A property's value, of the few types read from BlueZ; others are passed over.
enum BlueZValue: Equatable {
    case string(String), strings([String]), int16(Int16), boolean(Bool), bytes([UInt8]), other

    var string: String? { if case .string(let text) = self { text } else { nil } }
    var strings: [String]? { if case .strings(let texts) = self { texts } else { nil } }
    var int16: Int16? { if case .int16(let number) = self { number } else { nil } }
    var boolean: Bool? { if case .boolean(let flag) = self { flag } else { nil } }
    var bytes: [UInt8]? { if case .bytes(let bytes) = self { bytes } else { nil } }
}

/// One of BlueZ's objects: its path, and its interfaces' properties by name.
struct BlueZObject {
    var path: String
    var properties: [String: [String: BlueZValue]]

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
        var interfaces: [String: [String: BlueZValue]] = [:]
        if try message.enter("a", "{sa{sv}}") {
            while try message.enter("e", "sa{sv}") {
                let name = try message.readString()
                interfaces[name] = try properties(of: message)
                try message.exit()
            }
            try message.exit()
        }
        return BlueZObject(path: path, properties: interfaces)
    }

    /// The next value, an `a{sv}`, with the values of types not read left out.
    static func properties(of message: BusMessage) throws(BusError) -> [String: BlueZValue] {
        var properties: [String: BlueZValue] = [:]
        guard try message.enter("a", "{sv}") else { return [:] }
        while try message.enter("e", "sv") {
            let key = try message.readString()
            let contents = try message.variantContents()
            var value = BlueZValue.other
            if ["s", "o", "as", "n", "b", "ay"].contains(contents) {
                _ = try message.enter("v", contents)
                switch contents {
                case "s", "o": value = .string(try message.readString(contents == "s" ? "s" : "o"))
                case "as": value = .strings(try message.readStrings())
                case "n": value = .int16(try message.readInt16())
                case "b": value = .boolean(try message.readBoolean())
                default: value = .bytes(try message.readBytes())
                }
                try message.exit()
            } else {
                try message.skip("v")
            }
            properties[key] = value
            try message.exit()
        }
        try message.exit()
        return properties
    }
}
