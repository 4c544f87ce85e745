// SPDX-License-Identifier: GPL-3.0-or-later
/// A recorded workout as a FIT activity file, for Strava, Garmin Connect and intervals.icu, in the order
/// of Garmin's activity recipe (summary last): `file_id`, the creator's `device_info`, a timer start
/// event, then for each recorded segment its `record` messages and its `lap` (active for work, rest for
/// the rest, warm-up and cool-down for theirs), the timer's stop, one `session` (sport HIIT) and one
/// `activity`, with the header's and the file's CRCs. The timer stops where the workout was paused and
/// starts where it went on, and a resumed workout's stops where a part ended and starts where the next
/// began. A heart-rate strap read has a `device_info` of its own.
/// Written from the public FIT protocol; Garmin's SDK may not be redistributed. Pure: the caller writes
/// the bytes.
public enum FITActivity {
    /// FIT counts seconds from 1989-12-31 00:00 UTC.
    static let epoch = 631_065_600.0
    /// The instants a FIT date holds, in seconds since 1970: a `uint32` of seconds since `epoch`, where
    /// 0xFFFFFFFF means no date and anything below 0x10000000 counts from a device's power-on instead.
    /// 1998-07-03 21:24:16 to 2126-02-06 06:28:14 UTC.
    public static let dates: ClosedRange<Double> = (epoch + 0x1000_0000)...(epoch + 0xFFFF_FFFE)
    /// The most laps a file can number: a `uint16`, 0xFFFF meaning none.
    public static let maximumLaps = 65_534
    /// The longest time a `uint32` of milliseconds holds (0xFFFFFFFF means none): 49 days and 17 hours.
    static let maximumMilliseconds: UInt64 = 0xFFFF_FFFE
    static let sportHIIT: UInt64 = 62
    static let subSportHIIT: UInt64 = 70

    /// Why a workout cannot be written as a FIT file: what it holds does not fit the file's fields,
    /// which would wrap (a lap count past 65,535 to 0, a date after 2126 to 1990) rather than refuse.
    public enum Refusal: Error, Equatable, Sendable {
        case tooManyLaps(Int)
        case dateOutOfRange
        case tooLong

        /// Why, for a person: "FIT holds at most 65,534 laps; this workout has 70,000".
        public var reason: String {
            switch self {
            case .tooManyLaps(let n): return "FIT holds at most 65,534 laps; this workout has \(n)"
            case .dateOutOfRange: return "FIT holds dates from 1998-07-03 to 2126-02-06 only"
            case .tooLong: return "FIT holds at most 49 days from a workout's start to its end"
            }
        }
    }

    /// Whether a workout is one to export: only one that has ended, and with an exercise done.
    public enum Readiness: Equatable, Sendable {
        case ready
        /// Still running: its file would miss what is still to come. It is exported once it ends.
        case underWay
        /// Ended without a single exercise done (quit in its get-ready): no activity to speak of.
        case nothingDone
    }

    /// An interrupted workout is exported as far as it went, since it may never be resumed; a resumed one's
    /// file then has more laps and a later end, and a later export writes it again (`isCurrent`).
    public static func readiness(_ session: SessionRecord, segments: [SegmentRecord]) -> Readiness {
        guard session.outcome != nil else { return .underWay }
        return segments.contains(where: \.isDoneWork) ? .ready : .nothingDone
    }

    /// The file for one session and its segments, in the order they were recorded, with its heart-rate
    /// samples in time order: a `record` for each second that has one, `heart_rate` on it, and each lap's
    /// and the session's average and maximum (`HeartRateSummary.Workout`).
    public static func encode(_ session: SessionRecord, segments: [SegmentRecord],
                              heartRate samples: [HeartRateSample] = [],
                              pauses: [PauseRecord] = []) throws(Refusal) -> [UInt8] {
        guard segments.count <= maximumLaps else { throw .tooManyLaps(segments.count) }
        let laps = lapTimes(session, segments)
        let start = laps.first?.start ?? session.startedAt
        let end = laps.last?.end ?? start
        let timer = segments.reduce(0) { $0 + $1.actual }
        let local = end + Double(session.utcOffset)
        guard [session.startedAt, start, end, local].allSatisfy(dates.contains) else { throw .dateOutOfRange }
        guard milliseconds(end - start) <= maximumMilliseconds, milliseconds(timer) <= maximumMilliseconds else {
            throw .tooLong
        }
        let serial = max(1, UInt64(truncatingIfNeeded: session.id) & 0xFFFF_FFFF)
        var file = FITWriter()
        file.message(.fileID, [
            (0, .enumeration, 4),                                    // type: activity
            (1, .uint16, 255),                                       // manufacturer: development
            (2, .uint16, 0),                                         // product
            (3, .uint32z, serial),                                   // serial_number
            (4, .uint32, timestamp(session.startedAt)),              // time_created
        ])
        file.message(.deviceInfo, [
            (253, .uint32, timestamp(start)),
            (0, .uint8, 0),                                          // device_index: creator
            (2, .uint16, 255), (4, .uint16, 0),                      // manufacturer, product
            (3, .uint32z, serial),
        ])
        if !samples.isEmpty {
            // The strap or watch the heart rate came from, over Bluetooth LE: its name is not kept.
            file.message(.deviceInfo, [
                (253, .uint32, timestamp(start)),
                (0, .uint8, 1),                                      // device_index
                (1, .uint8, 1),                                      // device_type: ble_device_type heart_rate
                (25, .enumeration, 3),                               // source_type: bluetooth_low_energy
            ])
        }
        var clock = TimerState(pauses: pauses)
        clock.change(running: true, at: start, in: &file)
        let heart = HeartRateSummary.Workout(segments: segments, samples: samples)
        var lastRecord: UInt64?
        for (k, segment) in segments.enumerated() {
            // A resumed workout's timer starts again where its next part began.
            if k > 0 && segments[k - 1].part != segment.part {
                clock.replay(before: laps[k].start, in: &file)
                clock.change(running: true, at: laps[k].start, in: &file)
            }
            // One record where a lap starts, one where it ends, and one each second between with a heart rate;
            // a lap that starts as the one before ends shares its record. The timer's stops and starts
            // within the lap go between them, in time order.
            let from = HeartRateSample.index(after: laps[k].start, in: samples)
            let inside = samples[from..<max(from, HeartRateSample.index(after: laps[k].end, in: samples))]
                .map(\.at).filter { $0 < laps[k].end }
            for instant in [laps[k].start] + inside + [laps[k].end] {
                clock.replay(before: instant, in: &file)
                guard timestamp(instant) != lastRecord else { continue }
                let bpm = HeartRateSample.bpm(at: instant, in: samples)
                record(at: timestamp(instant), heartRate: bpm.map { UInt8(min(254, $0)) }, in: &file)
                lastRecord = timestamp(instant)
            }
            // The timer stops at the end of a part, and at the very end before the last lap.
            let partEnds = k + 1 < segments.count && segments[k + 1].part != segment.part
            if partEnds || k == segments.count - 1 { clock.change(running: false, at: laps[k].end, in: &file) }
            file.message(.lap, [
                (253, .uint32, timestamp(laps[k].end)),
                (254, .uint16, UInt64(k)),                           // message_index
                (0, .enumeration, 9), (1, .enumeration, 1),          // event: lap, stop
                (2, .uint32, timestamp(laps[k].start)),              // start_time
                (7, .uint32, milliseconds(laps[k].end - laps[k].start)),  // total_elapsed_time
                (8, .uint32, milliseconds(segment.actual)),         // total_timer_time
                (23, .enumeration, intensity(segment)),
                (25, .enumeration, sportHIIT), (39, .enumeration, subSportHIIT),
            ] + heartFields(heart.segments[k], average: 15, maximum: 16))
        }
        if segments.isEmpty { clock.change(running: false, at: end, in: &file) }
        file.message(.session, [
            (253, .uint32, timestamp(end)),
            (254, .uint16, 0),
            (0, .enumeration, 8), (1, .enumeration, 1),              // event: session, stop
            (2, .uint32, timestamp(start)),
            (5, .enumeration, sportHIIT), (6, .enumeration, subSportHIIT),
            (7, .uint32, milliseconds(end - start)),
            (8, .uint32, milliseconds(timer)),
            (25, .uint16, 0), (26, .uint16, UInt64(segments.count)),  // first_lap_index, num_laps
        ] + heartFields(heart.whole, average: 16, maximum: 17))
        file.message(.activity, [
            (253, .uint32, timestamp(end)),
            (0, .uint32, milliseconds(timer)),                       // total_timer_time
            (1, .uint16, 1),                                         // num_sessions
            (2, .enumeration, 0),                                    // type: manual
            (3, .enumeration, 26), (4, .enumeration, 1),             // event: activity, stop
            (5, .uint32, timestamp(local)),                          // local_timestamp
        ])
        return file.bytes
    }

    /// A lap's or the session's `avg_heart_rate` and `max_heart_rate` (`uint8`, bpm), when it has a heart rate.
    private static func heartFields(_ heart: HeartRateSummary?, average: UInt8, maximum: UInt8) -> [FITWriter.Field] {
        guard let heart else { return [] }
        return [(average, .uint8, UInt64(min(254, heart.average))), (maximum, .uint8, UInt64(min(254, heart.peak)))]
    }

    /// A lap's `intensity`: warm-up (2) and cool-down (3) for their stages, else active (0) for work and
    /// rest (1) for the rest.
    static func intensity(_ segment: SegmentRecord) -> UInt64 {
        switch segment.stage {
        case .warmup: return 2
        case .cooldown: return 3
        case .main: return segment.kind == SegmentKind.work.rawValue ? 0 : 1
        }
    }

    /// The timer as the file tells it: its `event` messages (timer start, stop_all) where it starts and
    /// stops, each only where it changes, so that a pause at a part's end stops it once.
    struct TimerState {
        private var running = false
        /// The pauses and resumptions not yet written, in time order.
        private var pending: ArraySlice<PauseRecord>

        init(pauses: [PauseRecord]) {
            pending = ArraySlice(pauses.sorted { $0.at < $1.at })
        }

        mutating func change(running: Bool, at instant: Double, in file: inout FITWriter) {
            guard running != self.running else { return }
            self.running = running
            file.message(.event, [(253, .uint32, timestamp(instant)), (0, .enumeration, 0),  // event: timer
                                  (1, .enumeration, running ? 0 : 4)])                     // start, stop_all
        }

        /// Writes the pauses and resumptions before `instant` (while the timer runs: after the file's end,
        /// none is written).
        mutating func replay(before instant: Double, in file: inout FITWriter) {
            while let next = pending.first, next.at < instant {
                pending.removeFirst()
                change(running: next.resumed, at: next.at, in: &file)
            }
        }
    }

    /// A `record` at `instant`: its time, as the profile's record has no elapsed or timer time (they follow
    /// from the timestamps and the timer events), and the heart rate then, when there is one: field 3
    /// (`uint8`, bpm; 255 means none). The writer defines the wider layout itself.
    private static func record(at instant: UInt64, heartRate: UInt8? = nil, in file: inout FITWriter) {
        file.message(.record, [(253, .uint32, instant)] + (heartRate.map { [(3, .uint8, UInt64($0))] } ?? []))
    }

    /// Each segment's start and end in seconds since 1970: it ended when recorded and began where the
    /// one before ended, or, first in a part (a resume starts afresh), its own length before its end.
    /// Never before the one before ended, so that a clock set back cannot make time run backwards.
    static func lapTimes(_ session: SessionRecord, _ segments: [SegmentRecord]) -> [(start: Double, end: Double)] {
        var out: [(start: Double, end: Double)] = []
        for (k, s) in segments.enumerated() {
            let freshPart = k == 0 ? false : s.part != segments[k - 1].part
            let start = k == 0 ? min(session.startedAt, s.endedAt - s.actual)
                : freshPart ? max(out[k - 1].end, s.endedAt - s.actual) : out[k - 1].end
            out.append((start, max(start, s.endedAt)))
        }
        return out
    }

    static func timestamp(_ unix: Double) -> UInt64 { UInt64(max(0, (unix - epoch).rounded(.down))) }
    static func milliseconds(_ seconds: Double) -> UInt64 { UInt64(max(0, (seconds * 1000).rounded())) }

    /// A name for the file: the workout's local start, `2026-12-01-0730.fit` style, sortable.
    public static func fileName(_ session: SessionRecord) -> String {
        let local = CivilTime(session.startedAt, utcOffset: session.utcOffset)
        return "sevenmin-\(local.iso)-\(local.basicISO.suffix(6)).fit"
    }

    /// A name for each of `sessions`, in their order, one per workout: `fileName`, and for workouts that
    /// start in the same second, the first (by start, then id) keeps it and the others get `-2`, `-3`.
    public static func fileNames(_ sessions: [SessionRecord]) -> [String] {
        let names = sessions.map(fileName)
        var rank: [Int: Int] = [:]
        for same in Dictionary(grouping: sessions.indices, by: { names[$0] }).values where same.count > 1 {
            let ordered = same.sorted {
                (sessions[$0].startedAt, sessions[$0].uuid, sessions[$0].id)
                    < (sessions[$1].startedAt, sessions[$1].uuid, sessions[$1].id)
            }
            for (r, k) in ordered.enumerated() where r > 0 { rank[k] = r + 1 }
        }
        return names.indices.map { k in rank[k].map { names[k].dropLast(4) + "-\($0).fit" } ?? names[k] }
    }

    /// Whether `existing`, the bytes of a file already where `fresh` would go, is this workout's export
    /// as it is now: a sound FIT file with record messages, made for the same workout (serial number and
    /// start), with the same laps and the same end. A file written while the workout was under way has
    /// fewer laps or an earlier end, and one written before files had records has none: both are stale.
    public static func isCurrent(_ existing: [UInt8], as fresh: [UInt8]) -> Bool {
        guard let old = FITSummary(existing), old.records > 0, let new = FITSummary(fresh) else { return false }
        return old.identity == new.identity
    }

    /// FIT's CRC-16 (the reflected 0xA001 polynomial), four bits at a time as the protocol gives it.
    public static func crc(_ bytes: some Sequence<UInt8>, from start: UInt16 = 0) -> UInt16 {
        let table: [UInt16] = [0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
                               0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400]
        var crc = start
        for byte in bytes {
            for nibble in [UInt16(byte & 0x0F), UInt16(byte >> 4)] {
                let tmp = table[Int(crc & 0x0F)]
                crc = ((crc >> 4) & 0x0FFF) ^ tmp ^ table[Int(nibble)]
            }
        }
        return crc
    }
}

/// Builds a FIT file: each kind of message defined once (little-endian) before its first data, and
/// defined again when its fields change.
struct FITWriter {
    enum Message: UInt16 {
        case fileID = 0, session = 18, lap = 19, record = 20, event = 21, deviceInfo = 23, activity = 34
    }

    enum BaseType: UInt8 {
        case enumeration = 0x00, uint8 = 0x02, uint16 = 0x84, uint32 = 0x86, uint32z = 0x8C

        var size: Int {
            switch self {
            case .enumeration, .uint8: return 1
            case .uint16: return 2
            case .uint32, .uint32z: return 4
            }
        }
    }

    typealias Field = (number: UInt8, type: BaseType, value: UInt64)

    private var records: [UInt8] = []
    /// The field layout each local message type was last defined with.
    private var defined: [Message: [UInt8]] = [:]
    private var localTypes: [Message: UInt8] = [:]

    mutating func message(_ message: Message, _ fields: [Field]) {
        let local = localTypes[message] ?? {
            let next = UInt8(localTypes.count)
            localTypes[message] = next
            return next
        }()
        let layout = fields.flatMap { [$0.number, UInt8($0.type.size), $0.type.rawValue] }
        if defined[message] != layout {
            defined[message] = layout
            records += [0x40 | local, 0, 0, UInt8(message.rawValue & 0xFF), UInt8(message.rawValue >> 8),
                        UInt8(fields.count)] + layout
        }
        records.append(local)
        for field in fields {
            for k in 0..<field.type.size { records.append(UInt8(truncatingIfNeeded: field.value >> (8 * UInt64(k)))) }
        }
    }

    /// Header (with its CRC), the records, and the CRC of everything before it.
    var bytes: [UInt8] {
        let size = UInt32(records.count)
        var header: [UInt8] = [14, 0x20]                             // header size, protocol 2.0
        header += [UInt8(2132 & 0xFF), UInt8(2132 >> 8)]            // profile version 21.32
        header += (0..<4).map { UInt8(truncatingIfNeeded: size >> (8 * UInt32($0))) }
        header += Array(".FIT".utf8)
        let headerCRC = FITActivity.crc(header)
        header += [UInt8(headerCRC & 0xFF), UInt8(headerCRC >> 8)]
        let body = header + records
        let crc = FITActivity.crc(body)
        return body + [UInt8(crc & 0xFF), UInt8(crc >> 8)]
    }
}
