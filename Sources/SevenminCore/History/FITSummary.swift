// SPDX-License-Identifier: GPL-3.0-or-later
/// What a FIT activity file says about itself, read back to tell whether a file already written is
/// still the workout's export: its `file_id`, how many `record` and `lap` messages it holds, and its
/// first `session`. Any file the protocol allows is walked (either byte order, compressed timestamps,
/// developer fields); one that is cut short, or whose CRCs do not match, is not read at all.
struct FITSummary: Equatable {
    var serialNumber: UInt64?
    var timeCreated: UInt64?
    var records = 0
    var laps = 0
    var sessionStart: UInt64?
    var sessionEnd: UInt64?
    var sessionLaps: UInt64?
    var sessionTimer: UInt64?

    /// Everything but the count of records, which another version may write more or fewer of.
    var identity: [UInt64?] {
        [serialNumber, timeCreated, UInt64(laps), sessionStart, sessionEnd, sessionLaps, sessionTimer]
    }

    private struct Definition {
        var global: UInt16
        var bigEndian: Bool
        var fields: [(number: UInt8, size: Int)]
        var developerBytes: Int
    }

    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 12, bytes[0] == 12 || bytes[0] >= 14, Int(bytes[0]) <= bytes.count,
              Array(bytes[8..<12]) == Array(".FIT".utf8) else { return nil }
        let headerSize = Int(bytes[0])
        let dataSize = (0..<4).reduce(0) { $0 | Int(bytes[4 + $1]) << (8 * $1) }
        let end = headerSize + dataSize
        guard end + 2 == bytes.count, FITActivity.crc(bytes) == 0 else { return nil }
        if headerSize >= 14, bytes[12] != 0 || bytes[13] != 0 {
            guard FITActivity.crc(bytes[0..<14]) == 0 else { return nil }
        }
        var definitions: [UInt8: Definition] = [:]
        var p = headerSize
        func take(_ n: Int) -> ArraySlice<UInt8>? {
            guard n >= 0, p + n <= end else { return nil }
            defer { p += n }
            return bytes[p..<p + n]
        }
        while p < end {
            guard let header = take(1)?.first else { return nil }
            if header & 0x80 == 0, header & 0x40 != 0 {
                guard let fixed = take(5) else { return nil }
                let big = fixed[fixed.startIndex + 1] == 1
                let (low, high) = (UInt16(fixed[fixed.startIndex + 2]), UInt16(fixed[fixed.startIndex + 3]))
                var definition = Definition(global: big ? high | low << 8 : low | high << 8, bigEndian: big,
                                            fields: [], developerBytes: 0)
                for _ in 0..<Int(fixed[fixed.startIndex + 4]) {
                    guard let field = take(3) else { return nil }
                    definition.fields.append((field[field.startIndex], Int(field[field.startIndex + 1])))
                }
                if header & 0x20 != 0 {
                    guard let count = take(1)?.first else { return nil }
                    for _ in 0..<Int(count) {
                        guard let field = take(3) else { return nil }
                        definition.developerBytes += Int(field[field.startIndex + 1])
                    }
                }
                definitions[header & 0x0F] = definition
                continue
            }
            // A data message: normal (local type in the low four bits) or with a compressed timestamp.
            let local = header & 0x80 != 0 ? (header >> 5) & 0x03 : header & 0x0F
            guard let definition = definitions[local] else { return nil }
            var values: [UInt8: UInt64] = [:]
            for field in definition.fields {
                guard let value = take(field.size) else { return nil }
                if field.size <= 8 {
                    let ordered = definition.bigEndian ? Array(value) : value.reversed()
                    values[field.number] = ordered.reduce(0) { $0 << 8 | UInt64($1) }
                }
            }
            guard take(definition.developerBytes) != nil else { return nil }
            switch definition.global {
            case 0:
                serialNumber = values[3]
                timeCreated = values[4]
            case 18 where sessionEnd == nil:
                sessionStart = values[2]
                sessionEnd = values[253]
                sessionLaps = values[26]
                sessionTimer = values[8]
            case 19: laps += 1
            case 20: records += 1
            default: break
            }
        }
    }
}
