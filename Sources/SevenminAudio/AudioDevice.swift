// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// A sound output the player writes to, on its audio thread.
public protocol AudioDevice: AnyObject, Sendable {
    /// Blocks until the device has taken the samples; throws if the device is gone.
    func play(_ samples: UnsafeBufferPointer<Int16>) throws
    /// Frees the device; called once, and only when no `play` is running.
    func close()
}

/// Used only if even libao's null driver will not open.
final class SilentDevice: AudioDevice {
    func play(_ samples: UnsafeBufferPointer<Int16>) throws {}
    func close() {}
}
