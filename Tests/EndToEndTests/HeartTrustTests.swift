// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// What a workout believes of the strap, with the fake strap of `HeartRateEndToEndTests`: only rates a body
/// can have, only BlueZ's own signals, and a strap thread that sleeps until something comes.
@Suite("Heart-rate strap believed, end to end")
struct HeartTrustEndToEndTests {
    let strap = HeartRateEndToEndTests()
    static let device = "/org/bluez/hci0/dev_A0_9E_1A_12_34_56"

    func log(_ bus: PrivateBus) -> String {
        (try? String(contentsOfFile: bus.directory + "/bluez.log", encoding: .utf8)) ?? ""
    }

    func workout(_ bus: PrivateBus, _ routine: String = "\(fixtures)/long.json") throws -> Tmux {
        try Tmux("env DBUS_SYSTEM_BUS_ADDRESS='\(bus.address)' \(binary) start '\(routine)' "
            + "--mute --no-figure --hr '\(HeartRateEndToEndTests.address)'", width: 160, height: 30)
    }

    /// A workout reading the strap, 142 bpm on screen.
    func reading() throws -> (PrivateBus, Tmux) {
        let bus = try PrivateBus()
        try strap.strap(on: bus)
        let tmux = try workout(bus)
        waitUntil("StartNotify") { log(bus).contains("StartNotify") }
        try strap.notify([0x00, 142], on: bus)
        tmux.waitFor(text: "142 bpm", timeout: 2)
        return (bus, tmux)
    }

    @Test func noRateOutsideTwentyFiveToTwoHundredFiftyDuringARestThatWaits() throws {
        let bus = try PrivateBus()
        try strap.strap(on: bus)
        let routine = temporaryDirectory() + "/wait.json"
        try #"""
            {"name": "Wait", "getReady": 3, "work": 2, "rest": 8, "restUntil": {"heartRate": 120, "max": 60},
             "exercises": [{"title": "Alpha"}, {"title": "Bravo", "work": 30}]}
            """#.write(toFile: routine, atomically: true, encoding: .utf8)
        let tmux = try workout(bus, routine)
        waitUntil("StartNotify") { log(bus).contains("StartNotify") }
        tmux.waitFor(text: "· Rest")
        let restBegan = monotonicSeconds()
        // No contact detection and 0, contact "detected" and 0, a uint16 of 65,535, and 251.
        for packet: [UInt8] in [[0x00, 0x00], [0x06, 0x00], [0x01, 0xFF, 0xFF], [0x00, 251]] {
            try strap.notify(packet, on: bus)
        }
        var seen: [String] = []
        tmux.waitFor("Bravo to begin", timeout: 20) { screen in
            seen.append(screen)
            return screen.contains("· Bravo")
        }
        // The rest ran as set (8 s), not the rule's 60 s, and never ended "at" a rate.
        #expect(monotonicSeconds() - restBegan < 12)
        #expect(!seen.contains { $0.contains("until under") || $0.contains("rest ended at") })
        #expect(!seen.contains { $0.contains("65535") || $0.contains("251") }, "\(seen.last ?? "")")
        #expect(seen.contains { $0.contains("heart rate: no skin contact") }, "0 is contact lost")
        #expect(tmux.screen().contains("-- bpm"))
        tmux.quitWorkout()
        tmux.waitFor(text: "exit=0")
        let history = try run(binary, ["history", "--json"], environment: ["XDG_STATE_HOME": tmux.directory,
                                                                           "HOME": tmux.directory])
        #expect(history.status == 0 && history.stdout.contains("\"segments\""), "\(history.stderr)")
        #expect(!history.stdout.contains("\"heart_rate\" : {") && !history.stdout.contains("\"heart_rate\":{"),
                "nothing recorded: \(history.stdout)")
    }

    /// Sends, from a connection of its own, a unicast `PropertiesChanged` with a rate of 99 and an
    /// `InterfacesRemoved` of the strap to every other client of the bus but BlueZ: as another local user
    /// can on the system bus.
    func fakeBlueZ(on bus: PrivateBus) throws -> Int {
        let sent = try strap.python("""
            import dbus.lowlevel
            me, owner = bus.get_unique_name(), bus.get_name_owner('org.bluez')
            names = [n for n in bus.list_names() if n.startswith(':') and n not in (me, owner)]
            for name in names:
                m = dbus.lowlevel.SignalMessage('\(HeartRateEndToEndTests.characteristic)',
                                                'org.freedesktop.DBus.Properties', 'PropertiesChanged')
                m.set_destination(name)
                m.append('org.bluez.GattCharacteristic1', {'Value': dbus.Array([0, 99], signature='y')}, [],
                         signature='sa{sv}as')
                bus.send_message(m)
                m = dbus.lowlevel.SignalMessage('/', 'org.freedesktop.DBus.ObjectManager', 'InterfacesRemoved')
                m.set_destination(name)
                m.append(dbus.ObjectPath('\(Self.device)'), ['org.bluez.Device1'], signature='oas')
                bus.send_message(m)
            bus.flush()
            print(len(names))
            """, on: bus)
        return Int(sent.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    @Test func aSignalFromAnotherConnectionChangesNothing() throws {
        let (bus, tmux) = try reading()
        #expect(try fakeBlueZ(on: bus) >= 1)
        // BlueZ's own next rate comes after the fakes: once it shows, they have been read, and passed over.
        try strap.notify([0x00, 150], on: bus)
        var seen: [String] = []
        tmux.waitFor("150 bpm", timeout: 2) { screen in
            seen.append(screen)
            return screen.contains("150 bpm")
        }
        #expect(!seen.contains { $0.contains("99 bpm") || $0.contains("out of reach") }, "\(seen)")
        tmux.quitWorkout()
        tmux.waitFor(text: "exit=0")
    }

    /// The strap's thread, found by its name, and how often it has slept (`voluntary_ctxt_switches`).
    func heartThreadSleeps(of pid: Int32) -> Int? {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        for task in tasks {
            let base = "/proc/\(pid)/task/\(task)/"
            guard (try? String(contentsOfFile: base + "comm", encoding: .utf8))?.hasPrefix("sevenmin-heart") == true,
                  let status = try? String(contentsOfFile: base + "status", encoding: .utf8) else { continue }
            let line = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
            return line.flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }
        }
        return nil
    }

    /// Waiting, never polling: with nothing coming from BlueZ, the strap's thread never wakes (it slept
    /// every quarter of a second before); and a workout quits within a second while BlueZ has not answered
    /// a `Connect`.
    @Test func theStrapsThreadSleepsUntilSomethingComesAndQuitsAtOnce() throws {
        let bus = try PrivateBus()
        try strap.strap(on: bus)
        let tmux = try workout(bus)
        waitUntil("StartNotify") { log(bus).contains("StartNotify") }
        let pid = try #require(tmux.sevenminPID())
        let before = try #require(heartThreadSleeps(of: pid))
        strap.waitForTicks(3, of: tmux)
        #expect(heartThreadSleeps(of: pid) == before, "the strap's thread woke with nothing to do")
        tmux.quitWorkout()
        tmux.waitFor(text: "exit=0")

        // A strap whose Connect BlueZ takes its time to answer (20 s in a workout's call).
        let slow = try PrivateBus()
        try strap.strap(on: slow)
        _ = try strap.python("""
            device = dbus.Interface(bus.get_object('org.bluez', '\(Self.device)'), 'org.freedesktop.DBus.Mock')
            device.AddMethod('org.bluez.Device1', 'Connect', '', '', '__import__("time").sleep(15)')
            """, on: slow)
        let pending = try workout(slow)
        waitUntil("Connect") { log(slow).contains("Connect") }
        pending.send("q")
        pending.waitFor(text: "Quit this workout?")
        let asked = monotonicSeconds()
        pending.send("y")
        pending.waitFor(text: "exit=0", timeout: 5)
        #expect(monotonicSeconds() - asked < 1, "quit \(monotonicSeconds() - asked) s after y")
    }

    /// bluetoothd stopped and started again: the strap is lost with it, and found as soon as BlueZ has it
    /// again, the notice gone with the first reading.
    @Test func aRestartedBluetoothdIsFollowed() throws {
        let (bus, tmux) = try reading()
        _ = try strap.python("""
            import os
            os.kill(bus.call_blocking('org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus',
                                      'GetConnectionUnixProcessID', 's', ['org.bluez']), 15)
            """, on: bus)
        tmux.waitFor(text: HeartRateEndToEndTests.address + ": out of reach; looking for it", timeout: 2)
        try strap.strap(on: bus)
        waitUntil("StartNotify from the new bluetoothd", timeout: 3) { log(bus).contains("StartNotify") }
        try strap.notify([0x00, 150], on: bus)
        tmux.waitFor("the notice gone with the strap back", timeout: 2) {
            $0.contains("150 bpm") && !$0.contains("out of reach")
        }
        tmux.quitWorkout()
        tmux.waitFor(text: "exit=0")
    }
}
