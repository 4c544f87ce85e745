// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// A heart-rate strap through BlueZ, with python3-dbusmock's `bluez5` template as BlueZ on a private
/// system bus: an adapter, a device, and the Heart Rate Service (0x180D) with its Heart Rate Measurement
/// characteristic (0x2A37), laid out as BlueZ 5's GATT client lays them out (`doc/org.bluez.GattService.rst`,
/// `doc/org.bluez.GattCharacteristic.rst`: serviceXXXX and charYYYY under the device's path).
@Suite("Heart rate end to end")
struct HeartRateEndToEndTests {
    static let address = "A0:9E:1A:12:34:56"
    static let characteristic = "/org/bluez/hci0/dev_A0_9E_1A_12_34_56/service000c/char000d"

    /// Runs `script` with python3-dbus on `bus` as the system bus, to its end.
    func python(_ script: String, on bus: PrivateBus) throws -> String {
        let result = try run("/usr/bin/python3", ["-c", "import dbus\nbus = dbus.SystemBus()\n" + script],
                             environment: bus.environment(system: true))
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        return result.stdout
    }

    /// BlueZ with a strap that offers the heart rate, not yet connected; without `adapter`, the strap
    /// alone, added to BlueZ already running. Each object added is told in `InterfacesAdded`, as BlueZ's
    /// object manager tells it (python3-dbusmock's `AddObject` does not).
    func strap(on bus: PrivateBus, adapter: Bool = true) throws {
        if adapter { try blueZ(on: bus) }
        _ = try python("""
            mock = dbus.Interface(bus.get_object('org.bluez', '/'), 'org.bluez.Mock')
            objects = dbus.Interface(bus.get_object('org.bluez', '/'), 'org.freedesktop.DBus.Mock')
            \(adapter ? "mock.AddAdapter('hci0', 'mat')" : "")
            device = mock.AddDevice('hci0', '\(Self.address)', 'Polar H10 7E5B')
            service = device + '/service000c'
            def add(path, interface, properties, methods):
                objects.AddObject(path, interface, properties, methods)
                objects.EmitSignal('org.freedesktop.DBus.ObjectManager', 'InterfacesAdded', 'oa{sa{sv}}',
                                   [dbus.ObjectPath(path), dbus.Dictionary(
                                       {interface: dbus.Dictionary(properties, signature='sv')}, signature='sa{sv}')])
            add(service, 'org.bluez.GattService1', {
                'UUID': '0000180d-0000-1000-8000-00805f9b34fb', 'Primary': True,
                'Device': dbus.ObjectPath(device)}, [])
            add(service + '/char000d', 'org.bluez.GattCharacteristic1', {
                'UUID': '00002a37-0000-1000-8000-00805f9b34fb', 'Service': dbus.ObjectPath(service),
                'Flags': dbus.Array(['notify'], signature='s'), 'Value': dbus.Array([], signature='y'),
                'Notifying': False}, [('StartNotify', '', '', ''), ('StopNotify', '', '', '')])
            """, on: bus)
    }

    /// Waits while the workout's clock, on the status line, moves on `ticks` times.
    func waitForTicks(_ ticks: Int, of tmux: Tmux) {
        func clock(_ screen: String) -> Substring { screen.split(separator: "\n").last ?? "" }
        var moved = 0, last = clock(tmux.screen())
        tmux.waitFor("\(ticks) ticks of the clock") { screen in
            if clock(screen) != last { moved += 1 }
            last = clock(screen)
            return moved >= ticks
        }
    }

    /// BlueZ, with no adapter yet; its calls logged to `bluez.log`.
    func blueZ(on bus: PrivateBus) throws {
        try bus.start("/usr/bin/python3", ["-m", "dbusmock", "--system", "-t", "bluez5"],
                      output: bus.directory + "/bluez.log", system: true)
        waitUntil("the mock BlueZ") {
            bus.run("/usr/bin/dbus-send", ["--print-reply", "--dest=org.bluez", "/", "org.freedesktop.DBus.Peer.Ping"])
                != ""
        }
    }

    /// The strap notifies `bytes`, as BlueZ passes a notification on: `Value` changed.
    func notify(_ bytes: [UInt8], on bus: PrivateBus) throws {
        _ = try python("""
            chars = dbus.Interface(bus.get_object('org.bluez', '\(Self.characteristic)'), 'org.freedesktop.DBus.Mock')
            chars.UpdateProperties('org.bluez.GattCharacteristic1', {'Value': dbus.Array(\(bytes), signature='y')})
            """, on: bus)
    }

    @Test func theBpmShowsWithinASecondAndTurnsUnknownFiveSecondsAfterTheLast() throws {
        let bus = try PrivateBus()
        try strap(on: bus)
        let tmux = try Tmux("env DBUS_SYSTEM_BUS_ADDRESS='\(bus.address)' \(binary) start \(fixtures)/long.json "
            + "--mute --no-figure --hr '\(Self.address)'", width: 80, height: 24)
        tmux.waitFor(text: "-- bpm")
        let calls = bus.directory + "/bluez.log"
        waitUntil("StartNotify") {
            ((try? String(contentsOfFile: calls, encoding: .utf8)) ?? "").contains("StartNotify")
        }
        let sent = monotonicSeconds()
        try notify([0x16, 142, 0x00, 0x04], on: bus)
        tmux.waitFor(text: "142 bpm", timeout: 1)
        tmux.waitFor(text: "-- bpm", timeout: 10)
        let unknownAfter = monotonicSeconds() - sent
        #expect(unknownAfter >= 5 && unknownAfter < 6.5, "unknown \(unknownAfter) s after the last value")
        // A uint16 rate, then one that is cut short: the first shows, the second is passed over.
        try notify([0x01, 0x9A, 0x00], on: bus)
        tmux.waitFor(text: "154 bpm", timeout: 1)
        try notify([0x11, 0x9B], on: bus)
        tmux.quitWorkout()
        tmux.waitFor(text: "exit=0")
    }

    @Test func withNoBluetoothOneNoticeAndTheWorkoutGoesOn() throws {
        let tmux = try Tmux("\(binary) start \(fixtures)/short.json --mute --no-figure --hr 'Polar H10 7E5B'",
                            width: 160, height: 24)
        tmux.waitFor(text: "no heart rate from Polar H10 7E5B")
        #expect(tmux.screen().contains("-- bpm"))
        tmux.quitWorkout()
        tmux.waitFor(text: "exit=0")
        let logged = (try? String(contentsOfFile: tmux.directory + "/sevenmin/sevenmin.log", encoding: .utf8)) ?? ""
        #expect(logged.contains("no heart rate from Polar H10 7E5B"), "\(logged)")
    }

    @Test func aScanListsOnlyTheDevicesThatOfferAHeartRate() throws {
        let bus = try PrivateBus()
        try strap(on: bus)
        // The strap advertises the Heart Rate Service; a speaker nearby does not.
        _ = try python("""
            mock = dbus.Interface(bus.get_object('org.bluez', '/'), 'org.bluez.Mock')
            mock.AddDevice('hci0', '11:22:33:44:55:66', 'Kitchen Speaker')
            device = dbus.Interface(bus.get_object('org.bluez', '/org/bluez/hci0/dev_A0_9E_1A_12_34_56'),
                                    'org.freedesktop.DBus.Mock')
            device.UpdateProperties('org.bluez.Device1', {'UUIDs': dbus.Array(
                ['0000180D-0000-1000-8000-00805F9B34FB'], signature='s')})
            """, on: bus)
        let scan = try run(binary, ["hr", "scan", "--seconds", "1"], environment: bus.environment(system: true))
        #expect(scan.status == 0, "\(scan.stderr)")
        #expect(scan.stdout == "\(Self.address)  -79 dBm  Polar H10 7E5B\n")
        #expect(scan.stderr.hasSuffix("to read it in every workout: sevenmin hr use \"Polar H10 7E5B\"\n"),
                "\(scan.stderr)")
        let calls = (try? String(contentsOfFile: bus.directory + "/bluez.log", encoding: .utf8)) ?? ""
        #expect(calls.contains("StartDiscovery") && calls.contains("StopDiscovery"), "\(calls)")
    }

    @Test func aScanWithNoBluetoothSaysSoAndFails() throws {
        let bus = try PrivateBus()
        let scan = try run(binary, ["hr", "scan", "--seconds", "1"], environment: bus.environment(system: true))
        #expect(scan.status == 1)
        #expect(scan.stderr.hasPrefix("Error: cannot scan for Bluetooth devices: "), "\(scan.stderr)")
    }
}
