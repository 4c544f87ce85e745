// SPDX-License-Identifier: GPL-3.0-or-later
/// One Heart Rate Measurement (Bluetooth GATT characteristic 0x2A37), as a strap or a watch notifies it:
/// the Heart Rate Service 1.0 specification, section 3.1. A packet that does not hold what its flags
/// say is rejected (nil), never read past its end.
public struct HeartRateMeasurement: Equatable, Sendable {
    /// Flags bits 1 and 2: whether the sensor can tell skin contact, and whether it has it.
    public enum Contact: Equatable, Sendable {
        case unsupported, detected, lost
    }

    /// Seconds a reading is shown for: older, the heart rate is unknown, never the last number.
    public static let freshFor = 5.0

    /// The heart rates a body can have, in bpm: a value outside is no reading, on screen, in a rest that waits
    /// for the heart, in the history and in the voice alike.
    public static let rates = 25...250

    /// Beats per minute.
    public var bpm: Int
    public var contact: Contact
    /// Energy expended since the sensor's last reset, in kilojoules (flags bit 3).
    public var energyKilojoules: Int?
    /// The times between beats, in seconds (flags bit 4: each a uint16 in 1/1024 s, oldest first).
    public var rrIntervals: [Double]

    /// Whether the strap says it has no skin contact: by its flags, or by a rate of 0, which a strap that
    /// cannot tell contact (flags 0x00) or says it has it (0x06) sends from a dry or shifted strap.
    public var contactLost: Bool { contact == .lost || bpm == 0 }

    /// The heart rate this reading gives: its bpm, in `rates` and with skin contact; nil when it gives none.
    public var rate: Int? { contactLost || !Self.rates.contains(bpm) ? nil : bpm }

    public init(bpm: Int, contact: Contact = .unsupported, energyKilojoules: Int? = nil, rrIntervals: [Double] = []) {
        self.bpm = bpm
        self.contact = contact
        self.energyKilojoules = energyKilojoules
        self.rrIntervals = rrIntervals
    }

    /// Reads a packet, little-endian as the specification has it; nil when it is short, or longer than
    /// its flags account for, or an RR interval is cut in half.
    public init?(bytes: [UInt8]) {
        guard let flags = bytes.first else { return nil }
        var at = 1
        func uint16() -> Int? {
            guard at + 2 <= bytes.count else { return nil }
            defer { at += 2 }
            return Int(bytes[at]) | Int(bytes[at + 1]) << 8
        }
        if flags & 0x01 == 0 {
            guard at < bytes.count else { return nil }
            bpm = Int(bytes[at])
            at += 1
        } else {
            guard let wide = uint16() else { return nil }
            bpm = wide
        }
        switch (flags & 0x04 != 0, flags & 0x02 != 0) {
        case (false, _): contact = .unsupported
        case (true, true): contact = .detected
        case (true, false): contact = .lost
        }
        if flags & 0x08 != 0 {
            guard let energy = uint16() else { return nil }
            energyKilojoules = energy
        } else {
            energyKilojoules = nil
        }
        rrIntervals = []
        if flags & 0x10 != 0 {
            guard (bytes.count - at) % 2 == 0 else { return nil }
            while let rr = uint16() { rrIntervals.append(Double(rr) / 1024) }
        }
        guard at == bytes.count else { return nil }
    }
}
