// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Which strap a name means, with the fake strap of `HeartRateEndToEndTests`: a name two devices share is
/// never silently read, and `hr use` and `hr forget` keep the config file one `start` can read.
@Suite("Heart-rate strap by name, end to end")
struct HeartRateNameEndToEndTests {
    let strap = HeartRateEndToEndTests()
    static let twin = "C1:9E:1A:65:43:21"

    /// BlueZ with the strap and a second one of the same name, both offering the heart rate.
    func twins() throws -> PrivateBus {
        let bus = try PrivateBus()
        try strap.strap(on: bus)
        _ = try strap.python("""
            mock = dbus.Interface(bus.get_object('org.bluez', '/'), 'org.bluez.Mock')
            mock.AddDevice('hci0', '\(Self.twin)', 'Polar H10 7E5B')
            for device in ['dev_A0_9E_1A_12_34_56', 'dev_C1_9E_1A_65_43_21']:
                d = dbus.Interface(bus.get_object('org.bluez', '/org/bluez/hci0/' + device),
                                   'org.freedesktop.DBus.Mock')
                d.UpdateProperties('org.bluez.Device1', {'UUIDs': dbus.Array(
                    ['0000180d-0000-1000-8000-00805f9b34fb'], signature='s')})
            """, on: bus)
        return bus
    }

    func environment(_ bus: PrivateBus, home: String) -> [String: String] {
        bus.environment(system: true).merging(["XDG_CONFIG_HOME": home, "XDG_STATE_HOME": home]) { $1 }
    }

    @Test func aNameTwoDevicesShareIsSaidWithTheirAddressesEverywhere() throws {
        let bus = try twins()
        let home = temporaryDirectory()
        let both = "\(HeartRateEndToEndTests.address), \(Self.twin)"
        let use = try run(binary, ["hr", "use", "Polar H10 7E5B"], environment: environment(bus, home: home))
        #expect(use.status == 1 && use.stderr.contains("2 devices are named \"Polar H10 7E5B\": "), "\(use.stderr)")
        #expect(use.stderr.contains(HeartRateEndToEndTests.address) && use.stderr.contains(Self.twin))
        #expect(!FileManager.default.fileExists(atPath: home + "/sevenmin/config.json"), "nothing kept")
        let scan = try run(binary, ["hr", "scan", "--seconds", "1"], environment: environment(bus, home: home))
        #expect(scan.stderr.contains("2 devices are named \"Polar H10 7E5B\"; keep one by its address"))
        #expect(scan.stderr.contains("sevenmin hr use \"") && !scan.stderr.contains("hr use \"Polar"), "\(scan.stderr)")
        try FileManager.default.createDirectory(atPath: home + "/sevenmin", withIntermediateDirectories: true)
        try #"{"heartRate": "Polar H10 7E5B"}"#.write(toFile: home + "/sevenmin/config.json", atomically: true,
                                                      encoding: .utf8)
        let doctor = try run(binary, ["doctor"], environment: environment(bus, home: home))
        #expect(doctor.stdout.contains("Polar H10 7E5B is ambiguous: 2 devices have this name (\(both))"),
                "\(doctor.stdout)")
        let tmux = try Tmux("env DBUS_SYSTEM_BUS_ADDRESS='\(bus.address)' \(binary) start \(fixtures)/long.json "
            + "--mute --no-figure --hr 'Polar H10 7E5B'", width: 200, height: 24)
        tmux.waitFor(text: "Polar H10 7E5B: several devices have this name; give its address: \(both)")
        tmux.quitWorkout()
        tmux.waitFor(text: "exit=0")
        let calls = (try? String(contentsOfFile: bus.directory + "/bluez.log", encoding: .utf8)) ?? ""
        #expect(!calls.contains("StartNotify"), "neither was read: \(calls)")
    }

    @Test func useRefusesWhatTheConfigRefusesAndForgetTakesItOut() throws {
        let home = temporaryDirectory()
        let path = home + "/sevenmin/config.json"
        let env = ["XDG_CONFIG_HOME": home, "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(home)/no-bus"]
        let tab = try run(binary, ["hr", "use", "Polar\tH10"], environment: env)
        #expect(tab.status == 64 && tab.stderr.contains("'Polar^IH10'"), "\(tab.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path), "nothing written")
        // A value the config refuses, written by hand: use mends it, keeping the rest.
        try FileManager.default.createDirectory(atPath: home + "/sevenmin", withIntermediateDirectories: true)
        try "{\n  \"mute\": true,\n  \"heartRate\": \"a\\u001bb\"\n}\n".write(toFile: path, atomically: true,
                                                                             encoding: .utf8)
        #expect(try run(binary, ["config"], environment: env).status == 65)
        let use = try run(binary, ["hr", "use", "Polar H10"], environment: env)
        #expect(use.status == 0, "\(use.stderr)")
        #expect(try String(contentsOfFile: path, encoding: .utf8)
                == "{\n  \"mute\": true,\n  \"heartRate\": \"Polar H10\"\n}\n")
        let forget = try run(binary, ["hr", "forget"], environment: env)
        #expect(forget.status == 0 && forget.stdout.hasPrefix("heartRate taken out of "), "\(forget.stderr)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\n  \"mute\": true\n}\n")
        let again = try run(binary, ["hr", "forget"], environment: env)
        #expect(again.status == 0 && again.stdout.hasPrefix("no heartRate in "), "\(again.stdout)")
        #expect(try run(binary, ["config"], environment: env).status == 0)
    }

    @Test func aScanSaysWhatIsMissingAndWhatToTypeNext() throws {
        let noBus = try run(binary, ["hr", "scan", "--seconds", "1"],
                            environment: ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(temporaryDirectory())/no-bus"])
        #expect(noBus.status == 1 && noBus.stderr.contains("no system bus (D-Bus)"), "\(noBus.stderr)")
        #expect(!noBus.stderr.contains("sd_bus_open_system"))
        let noBlueZ = try PrivateBus()
        let stopped = try run(binary, ["hr", "scan", "--seconds", "1"], environment: noBlueZ.environment(system: true))
        #expect(stopped.stderr.contains("BlueZ (bluetoothd) is not running; install and start it"), "\(stopped.stderr)")
        let bus = try PrivateBus()
        try strap.blueZ(on: bus)
        let bare = try run(binary, ["hr", "scan", "--seconds", "1"], environment: bus.environment(system: true))
        #expect(bare.status == 1 && bare.stderr.contains("no Bluetooth adapter; plug one in"), "\(bare.stderr)")
    }
}
