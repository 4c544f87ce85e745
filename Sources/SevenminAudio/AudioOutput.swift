// SPDX-License-Identifier: GPL-3.0-or-later
import CAo
import FoundationEssentials
import Glibc

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

/// Opens libao devices. libao is initialised once per process and never shut down, since a
/// device abandoned under a stuck `ao_play` must stay valid until the process exits.
public enum AudioOutput {
    private static let initialised: Bool = {
        ao_initialize()
        return true
    }()

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
        _ = initialised
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
        var names: [String] = []
        let id = ao_default_driver_id()
        if id >= 0, let info = ao_driver_info(id) { names.append(String(cString: info.pointee.short_name)) }
        for name in AudioOutputRequest.fallbackDrivers where !names.contains(name) { names.append(name) }
        // The default is null when libao found nothing better; it is the last resort, not a choice.
        return names.filter { $0 != "null" }
    }
}

/// A sound output the player writes to, on its audio thread.
public protocol AudioDevice: AnyObject, Sendable {
    /// Blocks until the device has taken the samples; throws if the device is gone.
    func play(_ samples: UnsafeBufferPointer<Int16>) throws
    /// Frees the device; called once, and only when no `play` is running.
    func close()
}

/// A libao call that failed, with libao's error code (it reports errors through errno).
public struct AoError: Error, CustomStringConvertible {
    public var call: String
    public var code: Int32

    public var description: String {
        let meaning: String
        switch code {
        case AO_ENODRIVER: meaning = "no such driver"
        case AO_ENOTLIVE, AO_ENOTFILE: meaning = "wrong kind of driver"
        case AO_EBADOPTION: meaning = "bad option"
        case AO_EOPENDEVICE: meaning = "cannot open device"
        case AO_EOPENFILE: meaning = "cannot open file"
        case AO_EBADFORMAT: meaning = "format not supported"
        default: meaning = "error \(code)"
        }
        return "\(call): \(meaning)"
    }
}

/// A libao device: live or a WAV file.
final class AoDevice: AudioDevice, @unchecked Sendable {
    private let device: OpaquePointer

    private init(_ device: OpaquePointer) { self.device = device }

    private static func format(_ sampleRate: Int) -> ao_sample_format {
        var format = ao_sample_format()
        format.bits = 16
        format.channels = 1
        format.rate = Int32(sampleRate)
        format.byte_format = AO_FMT_NATIVE
        return format
    }

    /// `ao_driver_id`: the id of a driver by its short name.
    private static func driverID(_ name: String) throws -> Int32 {
        let id = ao_driver_id(name)
        guard id >= 0 else { throw AoError(call: "ao_driver_id(\(name))", code: AO_ENODRIVER) }
        return id
    }

    /// `ao_open_live`, with `device` as the driver's `dev` option.
    static func openLive(driver: String, device: String?, sampleRate: Int) throws -> AoDevice {
        let id = try driverID(driver)
        var format = format(sampleRate)
        var options: UnsafeMutablePointer<ao_option>?
        defer { ao_free_options(options) }
        if let device, ao_append_option(&options, "dev", device) == 0 {
            throw AoError(call: "ao_append_option(dev)", code: AO_EFAIL)
        }
        errno = 0
        guard let opened = ao_open_live(id, &format, options) else {
            throw AoError(call: "ao_open_live(\(driver))", code: errno)
        }
        return AoDevice(opened)
    }

    /// `ao_open_file` with the `wav` driver, overwriting `path`.
    static func openFile(path: String, sampleRate: Int) throws -> AoDevice {
        let id = try driverID("wav")
        var format = format(sampleRate)
        errno = 0
        guard let opened = ao_open_file(id, path, 1, &format, nil) else {
            throw AoError(call: "ao_open_file(\(path))", code: errno)
        }
        return AoDevice(opened)
    }

    /// `ao_play`, which returns 0 when the device has failed (unplugged, server gone).
    func play(_ samples: UnsafeBufferPointer<Int16>) throws {
        guard let base = samples.baseAddress else { return }
        let bytes = UInt32(samples.count * MemoryLayout<Int16>.size)
        errno = 0
        guard ao_play(device, UnsafeMutableRawPointer(mutating: base).assumingMemoryBound(to: CChar.self), bytes) != 0
        else { throw AoError(call: "ao_play", code: errno) }
    }

    /// `ao_close`; for the `wav` driver this is what writes the header's final length.
    func close() { _ = ao_close(device) }  // ignored: at shutdown there is nothing left to do about a failure
}

/// Used only if even libao's null driver will not open.
final class SilentDevice: AudioDevice {
    func play(_ samples: UnsafeBufferPointer<Int16>) throws {}
    func close() {}
}
