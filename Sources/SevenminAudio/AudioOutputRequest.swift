// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

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
