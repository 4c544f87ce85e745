// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// A bus of a test's own, from `dbus-run-session`, and the programs started on it (`dbus-monitor`,
/// python3-dbusmock), all ended with it.
final class PrivateBus {
    let address: String
    /// The bus's one client of its own, `sleep`: when it ends, dbus-run-session ends the bus.
    private let holder: pid_t
    private let runner: pid_t
    private var helpers: [pid_t] = []
    let directory = temporaryDirectory()

    /// A bus that starts `services` (a name, and the command line that serves it) when first called, as
    /// a desktop's bus starts the portal: from service files under `XDG_DATA_HOME/dbus-1/services`.
    init(services: [String: String] = [:]) throws {
        let file = directory + "/address"
        try FileManager.default.createDirectory(atPath: directory + "/dbus-1/services",
                                                withIntermediateDirectories: true)
        for (name, command) in services {
            try "[D-BUS Service]\nName=\(name)\nExec=\(command)\n"
                .write(toFile: directory + "/dbus-1/services/\(name).service", atomically: true, encoding: .utf8)
        }
        runner = try spawn("/bin/sh", ["-c", "XDG_DATA_HOME='\(directory)' exec dbus-run-session -- sh -c "
            + "'echo $$ > \(file).pid; "
            + "echo \"$DBUS_SESSION_BUS_ADDRESS\" > \(file).tmp; mv \(file).tmp \(file); exec sleep 600' 2>/dev/null"])
        waitUntil("the private bus") { FileManager.default.fileExists(atPath: file) }
        address = ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        holder = Int32(((try? String(contentsOfFile: file + ".pid", encoding: .utf8)) ?? "")
            .trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    deinit {
        for pid in helpers + [holder] where pid > 0 { kill(pid, SIGTERM) }
        var status: Int32 = 0
        for pid in helpers + [runner] { while waitpid(pid, &status, 0) < 0 && errno == EINTR {} }
    }

    /// The environment a program needs to find this bus as its session bus (or, `system`, as its system bus).
    func environment(system: Bool = false) -> [String: String] {
        [system ? "DBUS_SYSTEM_BUS_ADDRESS" : "DBUS_SESSION_BUS_ADDRESS": address]
    }

    /// Starts `program` on this bus in the background, its output to `output`; ended with the bus, or by `end`.
    @discardableResult
    func start(_ program: String, _ arguments: [String], output: String, system: Bool = false) throws -> pid_t {
        let quoted = ([program] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let name = system ? "DBUS_SYSTEM_BUS_ADDRESS" : "DBUS_SESSION_BUS_ADDRESS"
        let pid = try spawn("/bin/sh", ["-c", "\(name)='\(address)' exec \(quoted.joined(separator: " ")) "
            + "> '\(output)' 2>&1"])
        helpers.append(pid)
        return pid
    }

    /// Ends a program `start`ed on this bus, and waits for it: its names are let go.
    func end(_ pid: pid_t) {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        helpers.removeAll { $0 == pid }
    }

    /// Ends the bus now, as a bus daemon that stops does: its clients are cut off.
    func close() {
        kill(holder, SIGTERM)
    }

    /// Runs `program` on this bus to its end; its standard output, trimmed.
    func run(_ program: String, _ arguments: [String]) -> String {
        let result = try? EndToEndTests.run(program, arguments, environment: environment())
        return (result?.stdout ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Watches `PropertiesChanged` from the media player's path into `output`; returns once it is watching.
    func monitorPlayer(into output: String) throws {
        try start("/usr/bin/dbus-monitor", ["--address", address, "type='signal',interface='org.freedesktop.DBus"
            + ".Properties',member='PropertiesChanged',path='/org/mpris/MediaPlayer2'"], output: output)
        // dbus-monitor has become a monitor when it has given its own name up.
        waitUntil("dbus-monitor to watch") {
            ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").contains("member=NameLost")
        }
    }

    /// How many `PropertiesChanged` a monitor has seen, and the `PlaybackStatus` values they carried.
    static func propertiesChanged(in output: String) -> (count: Int, statuses: [String]) {
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        let count = text.components(separatedBy: "member=PropertiesChanged").count - 1
        let statuses = text.components(separatedBy: "string \"PlaybackStatus\"").dropFirst().compactMap { rest in
            rest.split(separator: "\"").dropFirst().first.map(String.init)
        }
        return (count, statuses)
    }
}
