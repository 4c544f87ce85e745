// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import SevenminCore
import SevenminSystem
import Synchronization

/// A heart-rate strap or watch through BlueZ on the system bus: its Heart Rate Measurement
/// characteristic (0x2A37) found with `GetManagedObjects`, notifications started (`StartNotify`), and
/// each new `Value` handed to the core as `Input.heartRate`. On a thread of its own; nothing here
/// decides. A strap that cannot be read gives one notice, and is looked for again every few seconds.
public final class HeartRateStrap: Sendable {
    public static let serviceUUID = "0000180d-0000-1000-8000-00805f9b34fb"
    public static let measurementUUID = "00002a37-0000-1000-8000-00805f9b34fb"
    /// Seconds between looks for a strap that could not be read.
    static let retryAfter = 5.0

    private let device: String
    private let news: @Sendable (Input) -> Void
    private let log: @Sendable (String) -> Void
    private let closing = Atomic<Bool>(false)

    /// Reads `device`, a Bluetooth address or a name, once `begin` is called.
    public init(device: String, news: @escaping @Sendable (Input) -> Void,
                log: @escaping @Sendable (String) -> Void) {
        self.device = device
        self.news = news
        self.log = log
    }

    /// Starts looking for the strap, on a thread of its own.
    public func begin() {
        startThread(named: "sevenmin-heart") { [self] in run() }
    }

    /// Stops reading: the thread leaves the bus (BlueZ stops the notifications with it) within a
    /// quarter of a second.
    public func close() { closing.store(true, ordering: .releasing) }

    private var closed: Bool { closing.load(ordering: .acquiring) }

    private func run() {
        // The last trouble told, so that each is told once; a strap read again may be lost again.
        var told: WorkoutNotice?
        var found = false
        while !closed {
            var notice: WorkoutNotice
            do throws(BusError) {
                let bus = try BusConnection.system()
                defer { bus.close() }
                guard let loss = try read(on: bus, found: &found, reading: { told = nil }) else { continue }
                notice = .heartRateLost(device: device, loss)
                log("heart rate from \(device) lost: \(loss)")
            } catch {
                notice = .noHeartRate(device: device)
                if !closed { log("no heart rate from \(device): \(error)") }
            }
            if !closed, notice != told { news(.notice(notice)) }
            told = notice
            let until = SystemMonotonicClock().now() + HeartRateStrap.retryAfter
            // ignored: a sleep cut short by a signal only makes the next look come sooner
            while !closed, SystemMonotonicClock().now() < until { _ = usleep(250_000) }
        }
    }

    /// Finds the characteristic, starts its notifications (then calls `reading`) and hands each value on
    /// until closed, or until BlueZ says the strap is lost: that is returned. `found`: the strap was seen
    /// once, so that its absence later is its going, not a name that matches nothing.
    private func read(on bus: BusConnection, found: inout Bool, while going: () -> Bool = { true },
                      reading: () -> Void) throws(BusError) -> WorkoutNotice.HeartRateLoss? {
        let objects = try BlueZObject.all(on: bus)
        guard let strap = objects.first(where: { $0.isDevice(named: device) }) else {
            if found { return .gone }
            throw BusError(call: "GetManagedObjects", errno: ENODEV, message: "no such Bluetooth device")
        }
        found = true
        let adapter = strap.properties["org.bluez.Device1"]?["Adapter"]?.string
        if let adapter, objects.first(where: { $0.path == adapter })?
            .properties["org.bluez.Adapter1"]?["Powered"]?.boolean == false {
            return .adapterOff
        }
        // Changes to the strap, its adapter and BlueZ's objects, watched while it is read.
        for rule in ["type='signal',sender='org.bluez',interface='org.freedesktop.DBus.Properties',"
                        + "member='PropertiesChanged'",
                     "type='signal',sender='org.bluez',interface='org.freedesktop.DBus.ObjectManager',"
                        + "member='InterfacesRemoved'"] {
            _ = try bus.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "AddMatch",
                             [.string(rule)])
        }
        if strap.properties["org.bluez.Device1"]?["Connected"]?.boolean != true {
            do throws(BusError) {
                _ = try bus.call("org.bluez", strap.path, "org.bluez.Device1", "Connect", timeout: 20)
            } catch where error.name == "org.bluez.Error.AlreadyConnected" {
                // Connected already, as BlueZ may not yet have said: read it.
            } catch {
                // Out of reach, or taken by another device (a strap that allows one connection then stops
                // advertising): BlueZ fails or gives up alike, so the notice names both.
                guard error.name?.hasPrefix("org.bluez.Error.") == true
                        || error.name == "org.freedesktop.DBus.Error.NoReply" else { throw error }
                log("cannot connect to \(device): \(error)")
                return .wontConnect
            }
        }
        // Connected, its services are resolved: look again for the characteristic under the device.
        let found = try BlueZObject.all(on: bus).first { object in
            object.path.hasPrefix(strap.path + "/")
                && object.properties["org.bluez.GattCharacteristic1"]?["UUID"]?.string == HeartRateStrap.measurementUUID
        }
        guard let characteristic = found?.path else {
            throw BusError(call: "GetManagedObjects", errno: ENOENT, message: "no heart rate service")
        }
        _ = try bus.call("org.bluez", characteristic, "org.bluez.GattCharacteristic1", "StartNotify")
        reading()
        defer {
            // ignored: leaving the bus stops the notifications anyway
            _ = try? bus.call("org.bluez", characteristic, "org.bluez.GattCharacteristic1", "StopNotify",
                              timeout: 0.5)
        }
        while !closed, going() {
            while let message = try bus.receive() {
                if let loss = try lossOrReading(message, strap: strap.path, adapter: adapter,
                                                characteristic: characteristic) {
                    return loss
                }
            }
            try bus.wait(timeout: 0.25)
        }
        return nil
    }

    /// Hands on a new value of the characteristic; returns why the strap is lost when `message` says it is.
    private func lossOrReading(_ message: BusMessage, strap: String, adapter: String?,
                               characteristic: String) throws(BusError) -> WorkoutNotice.HeartRateLoss? {
        if message.member == "InterfacesRemoved" {
            let path = try message.readString("o")
            return path == strap || strap.hasPrefix(path + "/") ? .gone : nil
        }
        guard message.member == "PropertiesChanged", let path = message.path else { return nil }
        let interface = try message.readString()
        let changed = try BlueZObject.properties(of: message)
        switch (path, interface) {
        case (characteristic, "org.bluez.GattCharacteristic1"):
            if let value = changed["Value"]?.bytes, let reading = HeartRateMeasurement(bytes: value) {
                news(.heartRate(reading))
            }
        case (strap, "org.bluez.Device1") where changed["Connected"]?.boolean == false:
            return .gone
        case (adapter, "org.bluez.Adapter1") where changed["Powered"]?.boolean == false:
            return .adapterOff
        default:
            break
        }
        return nil
    }
}

extension HeartRateStrap {
    /// What `doctor` finds of a strap: whether it is there and sending.
    public enum Probe: Equatable, Sendable {
        /// The system bus or BlueZ cannot be asked (why, as the bus said it).
        case noBluetooth(String)
        /// BlueZ knows no device of that address or name.
        case notFound
        /// Found, but lost as a workout would lose it.
        case lost(WorkoutNotice.HeartRateLoss)
        /// Found and connected, but no heart rate came in the time given.
        case silent
        /// Sending: the first heart rate that came.
        case sending(Int)
    }

    /// Looks for `device` as a workout would and waits up to `seconds` for its first heart rate.
    public static func probe(device: String, seconds: Double) -> Probe {
        let first = Mutex<Int?>(nil)
        let probing = HeartRateStrap(device: device, news: { input in
            guard case .heartRate(let reading) = input else { return }
            first.withLock { if $0 == nil { $0 = reading.bpm } }
        }, log: { _ in })
        let deadline = SystemMonotonicClock().now() + seconds
        do throws(BusError) {
            let bus = try BusConnection.system()
            defer { bus.close() }
            var found = false
            let loss = try probing.read(on: bus, found: &found, while: {
                first.withLock { $0 == nil } && SystemMonotonicClock().now() < deadline
            }, reading: {})
            if let bpm = first.withLock({ $0 }) { return .sending(bpm) }
            return loss.map(Probe.lost) ?? .silent
        } catch {
            return error.errno == ENODEV && error.call == "GetManagedObjects" ? .notFound : .noBluetooth("\(error)")
        }
    }

    /// A device that offers the heart rate, as a scan found it.
    public struct Found: Equatable, Sendable {
        public var address: String
        public var name: String?
        /// The signal's strength in dBm; nil when the adapter has not heard it lately.
        public var rssi: Int?
    }

    /// Asks every adapter to look for Bluetooth LE devices offering the Heart Rate Service for `seconds`,
    /// then lists those BlueZ knows to offer it (found now or paired before), strongest first.
    public static func scan(seconds: Double) throws(BusError) -> [Found] {
        let bus = try BusConnection.system()
        defer { bus.close() }
        let adapters = try BlueZObject.all(on: bus).filter { $0.properties["org.bluez.Adapter1"] != nil }.map(\.path)
        guard !adapters.isEmpty else {
            throw BusError(call: "GetManagedObjects", errno: ENODEV, message: "no Bluetooth adapter")
        }
        for adapter in adapters {
            // ignored: an adapter that refuses the filter looks for every device; the list is filtered below
            _ = try? bus.call("org.bluez", adapter, "org.bluez.Adapter1", "SetDiscoveryFilter",
                              [.dictionary([("UUIDs", .strings([serviceUUID])), ("Transport", .string("le"))])])
            _ = try bus.call("org.bluez", adapter, "org.bluez.Adapter1", "StartDiscovery")
        }
        let until = SystemMonotonicClock().now() + seconds
        while true {
            let left = until - SystemMonotonicClock().now()
            guard left > 0 else { break }
            while try bus.receive() != nil {}
            try bus.wait(timeout: left)
        }
        for adapter in adapters {
            // ignored: discovery ends anyway when this client leaves the bus
            _ = try? bus.call("org.bluez", adapter, "org.bluez.Adapter1", "StopDiscovery")
        }
        return try BlueZObject.all(on: bus).compactMap { object -> Found? in
            guard let device = object.properties["org.bluez.Device1"],
                  device["UUIDs"]?.strings?.contains(where: { $0.lowercased() == serviceUUID }) == true,
                  let address = device["Address"]?.string else { return nil }
            return Found(address: address, name: device["Name"]?.string ?? device["Alias"]?.string,
                         rssi: device["RSSI"]?.int16.map(Int.init))
        }.sorted { ($0.rssi ?? .min, $1.address) > ($1.rssi ?? .min, $0.address) }
    }
}

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

    /// Every object BlueZ has (`org.freedesktop.DBus.ObjectManager.GetManagedObjects`: `a{oa{sa{sv}}}`).
    static func all(on bus: BusConnection) throws(BusError) -> [BlueZObject] {
        let reply = try bus.call("org.bluez", "/", "org.freedesktop.DBus.ObjectManager", "GetManagedObjects")
        var objects: [BlueZObject] = []
        guard try reply.enter("a", "{oa{sa{sv}}}") else { return [] }
        while try reply.enter("e", "oa{sa{sv}}") {
            let path = try reply.readString("o")
            var interfaces: [String: [String: BlueZValue]] = [:]
            if try reply.enter("a", "{sa{sv}}") {
                while try reply.enter("e", "sa{sv}") {
                    let name = try reply.readString()
                    interfaces[name] = try properties(of: reply)
                    try reply.exit()
                }
                try reply.exit()
            }
            objects.append(BlueZObject(path: path, properties: interfaces))
            try reply.exit()
        }
        try reply.exit()
        return objects
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
