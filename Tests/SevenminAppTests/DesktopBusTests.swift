// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import SevenminCore
import SevenminSystem
import Synchronization
@testable import SevenminBus

/// The desktop's bus adapter on a bus of the test's own (`dbus-daemon --session`).
@Suite("Desktop bus")
struct DesktopBusTests {
    final class Token: Sendable {}

    /// The media player's objects, and the command handler they hold, are let go once the bus is closed.
    @Test func closingLetsGoOfTheMediaPlayer() throws {
        let daemon = Process(), output = Pipe()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--session", "--nofork", "--print-address=1"]
        daemon.standardOutput = output
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        // SIGKILL: the daemon inherits this process's mask, in which the termination signals are blocked.
        defer {
            kill(daemon.processIdentifier, SIGKILL)
            daemon.waitUntilExit()
        }
        var address = Data()
        while !address.contains(UInt8(ascii: "\n")) {
            let more = output.fileHandleForReading.availableData
            if more.isEmpty { break }
            address += more
        }
        let bus = String(decoding: address, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let logged = Mutex<[String]>([])
        weak var held: Token?
        do {
            let token = Token()
            held = token
            let desktop = DesktopBus(mediaPlayer: true, news: { _ in withExtendedLifetime(token) {} },
                                     log: { line in logged.withLock { $0.append(line) } },
                                     open: { () throws(BusError) in try BusConnection.open(address: bus) })
            desktop.begin()
            desktop.publish(PlayerState(playing: true, title: "A", routine: "R", length: 3, elapsed: 0, at: 0))
            desktop.close(timeout: 30)
        }
        #expect(logged.withLock { $0 }.isEmpty, "the player was on the bus")
        // The bus's thread lets go of the adapter as it ends, just after the close.
        let clock = SystemMonotonicClock(), deadline = clock.now() + 10
        while held != nil, clock.now() < deadline { usleep(10_000) }
        #expect(held == nil, "the player's handler was let go")
    }
}
