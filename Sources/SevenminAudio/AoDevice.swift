// SPDX-License-Identifier: GPL-3.0-or-later
import CAo
import FoundationEssentials
import Glibc

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
