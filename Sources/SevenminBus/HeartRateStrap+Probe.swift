// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import SevenminCore
import SevenminSystem
import Synchronization

/// Why Bluetooth cannot be asked at all, in the words a newcomer needs: what is missing and what to do.
public enum BluetoothTrouble: Error, Equatable, Sendable {
    /// No system bus to ask BlueZ on (`sd_bus_open_system` failed: no socket, or no libsystemd).
    case noSystemBus
    /// Nobody owns `org.bluez`, and the bus cannot start it.
    case noBlueZ
    case noAdapter
    /// Every adapter is powered off.
    case adapterOff
    /// Anything else, as the bus said it.
    case failed(String)

    init(_ error: BusError) {
        if error.call == "sd_bus_open_system" {
            self = .noSystemBus
        } else if ["org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner"]
                    .contains(error.name) {
            self = .noBlueZ
        } else {
            self = .failed("\(error)")
        }
    }

    /// What is wrong, and what to do about it.
    public var advice: (what: String, fix: String) {
        switch self {
        case .noSystemBus:
            ("no system bus (D-Bus) to ask BlueZ on", "start it: sudo systemctl start dbus")
        case .noBlueZ:
            ("BlueZ (bluetoothd) is not running", "install and start it: sudo apt install bluez, "
                + "then sudo systemctl enable --now bluetooth")
        case .noAdapter:
            ("no Bluetooth adapter", "plug one in, or unblock it: rfkill unblock bluetooth")
        case .adapterOff:
            ("Bluetooth is off", "switch it on: bluetoothctl power on")
        case .failed(let why):
            (why, "see that bluetoothd runs: systemctl status bluetooth")
        }
    }
}

extension HeartRateStrap {
    /// What `doctor` finds of a strap: whether it is there and sending.
    public enum Probe: Equatable, Sendable {
        /// The system bus or BlueZ cannot be asked.
        case noBluetooth(BluetoothTrouble)
        /// BlueZ knows no device of that address or name.
        case notFound
        /// Found, but lost as a workout would lose it (two devices of that name among them).
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
            guard case .heartRate(let reading) = input, let bpm = reading.rate else { return }
            first.withLock { if $0 == nil { $0 = bpm } }
        }, log: { _ in })
        let deadline = SystemMonotonicClock().now() + seconds
        do throws(BusError) {
            let link = try BlueZLink()
            defer { link.close() }
            var found = false
            let lost = try probing.read(on: link, found: &found, until: deadline,
                                        while: { first.withLock { $0 == nil } }, reading: {})
            if let bpm = first.withLock({ $0 }) { return .sending(bpm) }
            return lost.map { .lost($0.loss) } ?? .silent
        } catch {
            return error.errno == ENODEV && error.call == "GetManagedObjects" ? .notFound : .noBluetooth(.init(error))
        }
    }

    /// The addresses of the devices BlueZ knows by `name` (an address, a name or an alias), without a
    /// scan: more than one, and the name is ambiguous.
    public static func addresses(named name: String) throws(BluetoothTrouble) -> [String] {
        do throws(BusError) {
            let link = try BlueZLink()
            defer { link.close() }
            return BlueZObject.addresses(named: name, in: try BlueZObject.all(on: link))
        } catch {
            throw BluetoothTrouble(error)
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
    public static func scan(seconds: Double) throws(BluetoothTrouble) -> [Found] {
        do {
            let link = try BlueZLink()
            defer { link.close() }
            let adapters = try BlueZObject.all(on: link).compactMap { object in
                object.properties["org.bluez.Adapter1"].map { (object.path, $0["Powered"]?.boolean != false) }
            }
            guard !adapters.isEmpty else { throw BluetoothTrouble.noAdapter }
            guard adapters.contains(where: \.1) else { throw BluetoothTrouble.adapterOff }
            for (adapter, powered) in adapters where powered {
                // ignored: an adapter that refuses the filter looks for every device; the list is filtered below
                _ = try? link.call("org.bluez", adapter, "org.bluez.Adapter1", "SetDiscoveryFilter",
                                   [.dictionary([("UUIDs", .strings([serviceUUID])), ("Transport", .string("le"))])])
                _ = try link.call("org.bluez", adapter, "org.bluez.Adapter1", "StartDiscovery")
            }
            // What BlueZ tells meanwhile is passed over: the list is asked for once the time is up.
            let until = SystemMonotonicClock().now() + seconds
            while try link.next(until: until) != nil {}
            for (adapter, powered) in adapters where powered {
                // ignored: discovery ends anyway when this client leaves the bus
                _ = try? link.call("org.bluez", adapter, "org.bluez.Adapter1", "StopDiscovery")
            }
            return try BlueZObject.all(on: link).compactMap { object -> Found? in
                guard let device = object.properties["org.bluez.Device1"],
                      device["UUIDs"]?.strings?.contains(where: { $0.lowercased() == serviceUUID }) == true,
                      let address = device["Address"]?.string else { return nil }
                return Found(address: address, name: device["Name"]?.string ?? device["Alias"]?.string,
                             rssi: device["RSSI"]?.int16.map(Int.init))
            }.sorted { ($0.rssi ?? .min, $1.address) > ($1.rssi ?? .min, $0.address) }
        } catch let trouble as BluetoothTrouble {
            throw trouble
        } catch let error as BusError {
            throw BluetoothTrouble(error)
        } catch {
            throw .failed("\(error)")
        }
    }
}
