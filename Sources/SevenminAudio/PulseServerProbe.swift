// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminSystem

/// Whether a PulseAudio server (PipeWire's included) could answer libpulse here, looked for the ways
/// libpulse finds one: `PULSE_SERVER`, a `default-server` in a `client.conf`, the X11 display's
/// `PULSE_SERVER` property, the per-user and system sockets, or a `pulseaudio` it could start. When
/// none could, libao's PulseAudio plugin is not loaded (`AudioOutput`), since its libraries (libpulse,
/// D-Bus, systemd, X11, libsndfile and its codecs) would only take memory. It errs towards yes:
/// anything that might lead to a server counts.
public struct PulseServerProbe: Sendable {
    /// The process's environment.
    public var environment: [String: String]
    /// Whether something (a socket, a file, a folder) is at a path.
    public var exists: @Sendable (String) -> Bool
    /// A small text file's contents, or nil.
    public var read: @Sendable (String) -> String?
    /// The names in a folder, or none.
    public var list: @Sendable (String) -> [String]

    public init(environment: [String: String], exists: @escaping @Sendable (String) -> Bool,
                read: @escaping @Sendable (String) -> String?, list: @escaping @Sendable (String) -> [String]) {
        self.environment = environment
        self.exists = exists
        self.read = read
        self.list = list
    }

    /// This machine and process.
    public static var system: PulseServerProbe {
        PulseServerProbe(environment: ProcessEnvironment.current,
                         exists: { access($0, F_OK) == 0 },
                         read: { path in
                             // A client.conf is a few KiB; anything else is not read.
                             guard let data = FileManager.default.contents(atPath: path), data.count <= 1 << 16
                             else { return nil }
                             return String(decoding: data, as: UTF8.self)
                         },
                         list: { (try? FileManager.default.contentsOfDirectory(atPath: $0)) ?? [] })
    }

    /// The sockets libpulse connects to by default, and the daemon it may start (autospawn).
    static let systemPlaces = ["/run/pulse/native", "/var/run/pulse/native", "/usr/bin/pulseaudio"]

    public var mayAnswer: Bool {
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        // Named outright, a client.conf of the user's choosing, or a display that may publish one.
        if ["PULSE_SERVER", "PULSE_CLIENTCONFIG", "DISPLAY"].contains(where: { value($0) != nil }) { return true }
        var places = PulseServerProbe.systemPlaces
        if let runtime = value("PULSE_RUNTIME_PATH") { places.append(runtime + "/native") }
        if let runtime = value("XDG_RUNTIME_DIR") { places.append(runtime + "/pulse/native") }
        if places.contains(where: exists) { return true }
        let configHome = value("XDG_CONFIG_HOME") ?? value("HOME").map { $0 + "/.config" }
        // Without XDG_RUNTIME_DIR, libpulse keeps its socket in ~/.config/pulse/MACHINE-runtime.
        if value("XDG_RUNTIME_DIR") == nil, let configHome {
            let folder = configHome + "/pulse"
            if list(folder).contains(where: { $0.hasSuffix("-runtime") && exists("\(folder)/\($0)/native") }) {
                return true
            }
        }
        var configs = ["/etc/pulse/client.conf"]
        configs += list("/etc/pulse/client.conf.d").filter { $0.hasSuffix(".conf") }
            .map { "/etc/pulse/client.conf.d/" + $0 }
        if let configHome { configs.append(configHome + "/pulse/client.conf") }
        return configs.contains { path in
            read(path)?.split(whereSeparator: \.isNewline).contains { line in
                line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("default-server")
            } ?? false
        }
    }
}
