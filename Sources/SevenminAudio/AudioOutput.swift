// SPDX-License-Identifier: GPL-3.0-or-later
import CAo
import CLibraries
import FoundationEssentials
import Glibc
import Synchronization

/// Opens libao devices. libao is initialised once per process and never shut down, since a
/// device abandoned under a stuck `ao_play` must stay valid until the process exits.
public enum AudioOutput {
    /// Whether libao has started, and whether a PulseAudio server could answer its pulse driver.
    private static let started = Mutex<Bool?>(nil)

    /// Starts libao, once; says whether its PulseAudio driver is worth trying: only where a server could
    /// answer it (`PulseServerProbe`), since libpulse otherwise tries to start a server of its own.
    @discardableResult
    static func start(for request: AudioOutputRequest) -> Bool {
        started.withLock { state in
            if let state { return state }
            ao_initialize()
            let pulse = request.driver == "pulse" || PulseServerProbe.system.mayAnswer
            state = pulse
            return pulse
        }
    }

    /// Why the PulseAudio driver is not tried, when it is not there.
    static let noPulseServer = "no PulseAudio server to connect to"

    /// What the sound server is told about our stream. libpulse reads `PULSE_PROP_*` from the
    /// environment when libao's pulse driver connects (PipeWire's pulse server too), so desktops
    /// that duck by role can lower music under the coach, and mixers name it.
    public static let streamProperties = [("media.role", "event"), ("media.name", "sevenmin coach"),
                                          ("application.name", "sevenmin")]

    /// Sets `streamProperties` in the environment, leaving any the user set alone.
    static func describeStream() {
        for (key, value) in streamProperties {
            // ignored: setenv fails only for a bad name or no memory; the stream is then merely unnamed.
            _ = setenv("PULSE_PROP_" + key, value, 0)
        }
    }

    /// The first device that opens, in the order described by `request`; libao's null driver
    /// when none does, so the caller always gets a device. The device stays open, one stream for
    /// the whole workout, so a Bluetooth sink never has to wake for a cue.
    public static func open(_ request: AudioOutputRequest, sampleRate: Int) -> (AudioDevice, AudioOutputChoice) {
        describeStream()
        let pulse = start(for: request)
        var attempts: [AudioOutputChoice.Attempt] = []
        if let path = request.wavPath {
            do {
                let device = try AoDevice.openFile(path: path, sampleRate: sampleRate)
                return (device, AudioOutputChoice(attempts: [.init(driver: "wav")], output: .file(path)))
            } catch {
                attempts.append(.init(driver: "wav", failure: "\(error)"))
            }
        } else {
            for driver in candidates(request) {
                if driver == "pulse" && !pulse {
                    attempts.append(.init(driver: driver, failure: noPulseServer))
                    continue
                }
                do {
                    let device = try AoDevice.openLive(driver: driver, device: request.device, sampleRate: sampleRate)
                    attempts.append(.init(driver: driver))
                    return (device, AudioOutputChoice(attempts: attempts, output: .device(driver)))
                } catch {
                    attempts.append(.init(driver: driver, failure: "\(error)"))
                }
            }
        }
        let reason = request.wavPath.map { "cannot write \($0)" } ?? "no sound device"
        let fallback = (try? AoDevice.openLive(driver: "null", device: nil, sampleRate: sampleRate)) as AudioDevice?
        return (fallback ?? SilentDevice(), AudioOutputChoice(attempts: attempts, output: .silent(reason: reason)))
    }

    /// The named driver alone, or libao's default followed by the fallbacks, each once.
    public static func candidates(_ request: AudioOutputRequest) -> [String] {
        if let driver = request.driver { return [driver] }
        start(for: request)
        var names: [String] = []
        let id = ao_default_driver_id()
        if id >= 0, let info = ao_driver_info(id) { names.append(String(cString: info.pointee.short_name)) }
        for name in AudioOutputRequest.fallbackDrivers where !names.contains(name) { names.append(name) }
        // The default is null when libao found nothing better; it is the last resort, not a choice.
        return names.filter { $0 != "null" }
    }
}

/// Where sound should go, as asked on the command line (`--audio-driver`, `--audio-device`, `--volume`).
public struct AudioOutputRequest: Equatable, Sendable {
    /// A libao driver's short name (`pulse`, `alsa`, `oss`, `null`…); nil tries the usual ones in turn.
    public var driver: String?
    /// Passed to the driver as its `dev` option (an ALSA device, a PulseAudio sink, an OSS node).
    public var device: String?
    /// Writes a WAV file through libao's `wav` driver instead of playing: for tests.
    public var wavPath: String?
    /// 0–100, applied to everything played.
    public var volume: Int

    public init(driver: String? = nil, device: String? = nil, wavPath: String? = nil, volume: Int = 100) {
        self.driver = driver
        self.device = device
        self.wavPath = wavPath
        self.volume = volume
    }

    /// The volume as a linear factor on the samples.
    public var gain: Float { Float(min(max(volume, 0), 100)) / 100 }

    /// The drivers tried in turn when none is named: libao's default, then the common ones.
    public static let fallbackDrivers = ["pulse", "alsa", "oss"]
}

/// Which device the player ended up with, and what was tried on the way (for the log).
public struct AudioOutputChoice: Sendable {
    /// One driver tried, and why it failed (nil if it opened).
    public struct Attempt: Equatable, Sendable {
        public var driver: String
        public var failure: String?
    }

    public var attempts: [Attempt]
    public var output: CuePlayer.Output

    /// "tried pulse (cannot open device), alsa; using alsa", for the log.
    public var summary: String {
        let tried = attempts.map { a in a.failure.map { "\(a.driver) (\($0))" } ?? a.driver }.joined(separator: ", ")
        return "tried \(tried.isEmpty ? "nothing" : tried); using \(output)"
    }
}
