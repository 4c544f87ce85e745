// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// Used only if even libao's null driver will not open.
final class SilentDevice: AudioDevice {
    func play(_ samples: UnsafeBufferPointer<Int16>) throws {}
    func close() {}
}
