// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// A strap lost in each way BlueZ tells of, with the fake strap of `HeartRateEndToEndTests`: one notice
/// each, the workout goes on, and the strap is read again once it is back.
@Suite("Heart-rate strap lost, end to end")
struct HeartLossEndToEndTests {
    let strap = HeartRateEndToEndTests()
    static let device = "/org/bluez/hci0/dev_A0_9E_1A_12_34_56"

    /// How many times the strap's notifications were started.
    func starts(_ bus: PrivateBus) -> Int {
        ((try? String(contentsOfFile: bus.directory + "/bluez.log", encoding: .utf8)) ?? "")
            .components(separatedBy: "StartNotify").count - 1
    }

    func workout(_ bus: PrivateBus) throws -> Tmux {
        try Tmux("env DBUS_SYSTEM_BUS_ADDRESS='\(bus.address)' \(binary) start \(fixtures)/long.json "
            + "--mute --no-figure --hr '\(HeartRateEndToEndTests.address)'", width: 160, height: 24)
    }

    @Test func contactLostThenTheStrapGoneAndBackThenBluetoothOff() throws {
        let bus = try PrivateBus()
        try strap.strap(on: bus)
        let tmux = try workout(bus)
        waitUntil("StartNotify") { starts(bus) == 1 }
        try strap.notify([0x06, 142], on: bus)
        tmux.waitFor(text: "142 bpm", timeout: 1)
        // Contact lost (flags bits 1-2: 0b10): the number goes, one notice comes.
        try strap.notify([0x04, 0], on: bus)
        tmux.waitFor(text: "heart rate: no skin contact", timeout: 1)
        #expect(tmux.screen().contains("-- bpm"))
        // Contact back: the notice goes with the first reading.
        try strap.notify([0x06, 131], on: bus)
        tmux.waitFor("the notice gone", timeout: 1) { $0.contains("131 bpm") && !$0.contains("no skin contact") }
        // The strap gone: BlueZ removes the device, its service and characteristic with it.
        _ = try strap.python("""
            objects = dbus.Interface(bus.get_object('org.bluez', '/'), 'org.freedesktop.DBus.Mock')
            objects.RemoveObject('\(HeartRateEndToEndTests.characteristic)')
            objects.RemoveObject('\(Self.device)/service000c')
            adapter = dbus.Interface(bus.get_object('org.bluez', '/org/bluez/hci0'), 'org.bluez.Adapter1')
            adapter.RemoveDevice(dbus.ObjectPath('\(Self.device)'))
            """, on: bus)
        tmux.waitFor(text: HeartRateEndToEndTests.address + ": out of reach; looking for it", timeout: 2)
        // Away past a look or two; back again, it is found as BlueZ adds it, with no key pressed.
        strap.waitForTicks(8, of: tmux)
        try strap.strap(on: bus, adapter: false)
        waitUntil("StartNotify again", timeout: 3) { starts(bus) == 2 }
        try strap.notify([0x00, 150], on: bus)
        tmux.waitFor("the notice gone with the strap back", timeout: 1) {
            $0.contains("150 bpm") && !$0.contains("out of reach")
        }
        // Bluetooth switched off.
        _ = try strap.python("""
            adapter = dbus.Interface(bus.get_object('org.bluez', '/org/bluez/hci0'), 'org.freedesktop.DBus.Mock')
            adapter.UpdateProperties('org.bluez.Adapter1', {'Powered': False})
            """, on: bus)
        tmux.waitFor(text: HeartRateEndToEndTests.address + ": Bluetooth is off", timeout: 2)
        #expect(tmux.screen().contains("left ·"), "the workout goes on")
        tmux.quitWorkout()
        tmux.waitFor(text: "exit=0")
        // Told once while away, once back: not at every look.
        let logged = (try? String(contentsOfFile: tmux.directory + "/sevenmin/sevenmin.log", encoding: .utf8)) ?? ""
        #expect(logged.components(separatedBy: "lost: gone").count == 2, "\(logged)")
        #expect(logged.components(separatedBy: "read again").count == 2, "\(logged)")
    }

    @Test func aStrapTakenByAnotherDeviceIsOneNotice() throws {
        let bus = try PrivateBus()
        try strap.strap(on: bus)
        // A strap that allows one connection, held by a phone: BlueZ's Connect fails.
        _ = try strap.python("""
            device = dbus.Interface(bus.get_object('org.bluez', '\(Self.device)'), 'org.freedesktop.DBus.Mock')
            device.AddMethod('org.bluez.Device1', 'Connect', '', '',
                'raise dbus.exceptions.DBusException("le-connection-abort-by-local", name="org.bluez.Error.Failed")')
            """, on: bus)
        let tmux = try workout(bus)
        tmux.waitFor(text: HeartRateEndToEndTests.address + ": won't connect (out of reach or in use); trying again")
        #expect(tmux.screen().contains("-- bpm") && tmux.screen().contains("left ·"))
        tmux.quitWorkout()
        tmux.waitFor(text: "exit=0")
        let log = (try? String(contentsOfFile: tmux.directory + "/sevenmin/sevenmin.log", encoding: .utf8)) ?? ""
        #expect(log.contains("le-connection-abort-by-local"), "\(log)")
    }
}

/// `hr use`: the choice kept in the config file, with the user's other settings, and read by `config`.
@Suite("Heart-rate strap kept in the config, end to end")
struct HeartRateUseEndToEndTests {
    @Test func useKeepsTheOtherSettingsAndConfigShowsIt() throws {
        let home = temporaryDirectory()
        try FileManager.default.createDirectory(atPath: home + "/sevenmin", withIntermediateDirectories: true)
        let path = home + "/sevenmin/config.json"
        try "{\n  \"volume\": 60,\n  \"bell\": \"never\"\n}\n".write(toFile: path, atomically: true, encoding: .utf8)
        let use = try run(binary, ["hr", "use", "Polar H10 7E5B"], environment: ["XDG_CONFIG_HOME": home])
        #expect(use.status == 0, "\(use.stderr)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == "{\n  \"volume\": 60,\n  \"bell\": \"never\",\n  \"heartRate\": \"Polar H10 7E5B\"\n}\n")
        let config = try run(binary, ["config"], environment: ["XDG_CONFIG_HOME": home])
        #expect(config.stdout.contains("heartRate") && config.stdout.contains("\"Polar H10 7E5B\""), "\(config.stdout)")
        // A file with a problem is not touched: its problem is reported at its place.
        try "{\"volume\": 600}".write(toFile: path, atomically: true, encoding: .utf8)
        let refused = try run(binary, ["hr", "use", "A0:9E:1A:12:34:56"], environment: ["XDG_CONFIG_HOME": home])
        #expect(refused.status == 65 && refused.stderr.contains("config.json:1:12:"), "\(refused.stderr)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"volume\": 600}")
    }
}

/// `doctor` on the strap: configured or not, found or not, sending or not.
@Suite("Heart-rate strap in doctor, end to end")
struct HeartRateDoctorEndToEndTests {
    let strap = HeartRateEndToEndTests()

    func doctor(config: String?, bus: PrivateBus) throws -> String {
        let home = temporaryDirectory()
        if let config {
            try FileManager.default.createDirectory(atPath: home + "/sevenmin", withIntermediateDirectories: true)
            try config.write(toFile: home + "/sevenmin/config.json", atomically: true, encoding: .utf8)
        }
        let result = try run(binary, ["doctor"], environment: bus.environment(system: true).merging(
            ["XDG_CONFIG_HOME": home, "XDG_STATE_HOME": temporaryDirectory()]) { $1 })
        return result.stdout
    }

    @Test func noStrapConfigured() throws {
        let out = try doctor(config: nil, bus: try PrivateBus())
        #expect(out.contains("Heart rate\n") && out.contains("no heart-rate strap is configured"), "\(out)")
    }

    @Test func aStrapFoundAndSending() throws {
        let bus = try PrivateBus()
        try strap.strap(on: bus)
        // The strap sends once its notifications are started, as a worn one does.
        try bus.start("/usr/bin/python3", ["-c", """
            import dbus, time
            log = '\(bus.directory)/bluez.log'
            deadline = time.monotonic() + 20
            while 'StartNotify' not in open(log).read() and time.monotonic() < deadline:
                time.sleep(0.02)
            chars = dbus.Interface(dbus.SystemBus().get_object('org.bluez', '\(HeartRateEndToEndTests.characteristic)'),
                                   'org.freedesktop.DBus.Mock')
            chars.UpdateProperties('org.bluez.GattCharacteristic1', {'Value': dbus.Array([0, 133], signature='y')})
            """], output: bus.directory + "/sender.log", system: true)
        let out = try doctor(config: #"{"heartRate": "\#(HeartRateEndToEndTests.address)"}"#, bus: bus)
        #expect(out.contains("configured: " + HeartRateEndToEndTests.address), "\(out)")
        #expect(out.contains(HeartRateEndToEndTests.address + " is found and sending: 133 bpm"), "\(out)")
    }

    @Test func aStrapNotFound() throws {
        let bus = try PrivateBus()
        try strap.strap(on: bus)
        let out = try doctor(config: #"{"heartRate": "Wahoo TICKR"}"#, bus: bus)
        #expect(out.contains("Wahoo TICKR is not found"), "\(out)")
    }
}
