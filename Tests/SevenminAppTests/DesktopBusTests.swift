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
    /// In a process of its own: the bus is found as the program finds it, from `DBUS_SESSION_BUS_ADDRESS`,
    /// here a daemon of the test's own, which no other test may see.
    @Test func closingLetsGoOfTheMediaPlayer() async {
        await #expect(processExitsWith: .success) {
            let daemon = Process(), output = Pipe()
            daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
            daemon.arguments = ["--session", "--nofork", "--print-address=1"]
            daemon.standardOutput = output
            daemon.standardError = FileHandle.nullDevice
            try daemon.run()
            // SIGKILL: the daemon may inherit a mask in which the termination signals are blocked.
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
            #expect(setenv("DBUS_SESSION_BUS_ADDRESS", bus, 1) == 0)
            let logged = Mutex<[String]>([])
            weak var held: Token?
            do {
                let token = Token()
                held = token
                let desktop = DesktopBus(mediaPlayer: true, news: { _ in withExtendedLifetime(token) {} },
                                         log: { line in logged.withLock { $0.append(line) } })
                desktop.begin()
                desktop.publish(PlayerState(playing: true, title: "A", routine: "R", length: 3, elapsed: 0, at: 0))
                desktop.close(timeout: 30)
            }
            #expect(logged.withLock { $0 }.isEmpty, "the player was on the bus")
            // The bus's thread lets go of the adapter as it ends, just after the close.
            let clock = SystemMonotonicClock(), deadline = clock.now() + 10
            while held != nil, clock.now() < deadline { usleep(10_000) }
            // An issue recorded here fails the test as the process's own would.
            #expect(held == nil, "the player's handler was let go")
        }
    }
}
