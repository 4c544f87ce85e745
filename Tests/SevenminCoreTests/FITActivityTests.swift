// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Testing
@testable import SevenminCore

@Suite("FIT activity files")
struct FITActivityTests {
    /// A workout of `kinds` (get ready, work, rest, …), each segment `length` s, one after the other from
    /// `start`, ended as `outcome`.
    static func workout(_ kinds: [String], length: Double = 10, start: Double = 1_780_000_000,
                        outcome: SessionOutcome? = .completed, id: Int64 = 7,
                        utcOffset: Int = 3600) -> (SessionRecord, [SegmentRecord]) {
        let session = SessionRecord(id: id, routine: "R", routineFile: "r.json", contentHash: "", startedAt: start,
                                    utcOffset: utcOffset, plannedSeconds: length * Double(kinds.count),
                                    plannedExercises: kinds.filter { $0 == "work" }.count, outcome: outcome,
                                    uuid: "uuid-\(id)")
        let segments = kinds.enumerated().map { k, kind in
            SegmentRecord(index: k, kind: kind, exercise: "A", round: 1, planned: length, actual: length,
                          ended: .ranOut, endedAt: start + length * Double(k + 1))
        }
        return (session, segments)
    }

    /// The messages of a file this encoder wrote (little-endian, normal headers): each one's global
    /// number and fields.
    static func messages(_ bytes: [UInt8]) -> [(global: UInt16, fields: [UInt8: UInt64])] {
        var out: [(global: UInt16, fields: [UInt8: UInt64])] = []
        var definitions: [UInt8: (UInt16, [(UInt8, Int)])] = [:]
        var p = 14
        let end = bytes.count - 2
        while p < end {
            let header = bytes[p]
            p += 1
            if header & 0x40 != 0 {
                let global = UInt16(bytes[p + 2]) | UInt16(bytes[p + 3]) << 8
                let fields = (0..<Int(bytes[p + 4])).map { (bytes[p + 5 + 3 * $0], Int(bytes[p + 6 + 3 * $0])) }
                definitions[header & 0x0F] = (global, fields)
                p += 5 + 3 * fields.count
                continue
            }
            let (global, layout) = definitions[header & 0x0F]!
            var fields: [UInt8: UInt64] = [:]
            for (number, size) in layout {
                fields[number] = (0..<size).reduce(0) { $0 | UInt64(bytes[p + $1]) << (8 * UInt64($1)) }
                p += size
            }
            out.append((global, fields))
        }
        return out
    }

    @Test func theCRCIsFITsOwn() {
        // The protocol's CRC is CRC-16/ARC, whose check value for "123456789" is 0xBB3D.
        #expect(FITActivity.crc(Array("123456789".utf8)) == 0xBB3D)
    }

    @Test func aFileHasItsHeaderSizeAndBothCRCs() throws {
        let (session, segments) = Self.workout(["getReady", "work"])
        let bytes = try FITActivity.encode(session, segments: segments)
        #expect(bytes[0] == 14 && Array(bytes[8..<12]) == Array(".FIT".utf8))
        let size = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
        #expect(bytes.count == 14 + size + 2)
        #expect(FITActivity.crc(bytes[0..<12]) == UInt16(bytes[12]) | UInt16(bytes[13]) << 8)
        // A CRC over everything, its own two bytes included, is zero.
        #expect(FITActivity.crc(bytes) == 0)
        #expect(FITActivity.lapTimes(session, segments).map(\.start) == [1_780_000_000, 1_780_000_010])
        // Named by the local start: 1_780_000_000 is 2026-05-28 20:26:40 UTC, so 21:26:40 an hour east.
        #expect(FITActivity.fileName(session) == "sevenmin-2026-05-28-212640.fit")
    }

    /// Garmin's recipe, summary last: file_id, device_info, the timer's start, each lap's records then the
    /// lap, the timer's stop before the last lap, the session and the activity; every time in order.
    @Test func everyLapHasARecordAtItsStartAndItsEndInTheRecipesOrder() throws {
        let (session, segments) = Self.workout(["getReady", "work", "rest", "work"])
        let messages = Self.messages(try FITActivity.encode(session, segments: segments))
        let names: [UInt16: String] = [0: "file_id", 23: "device_info", 21: "event", 20: "record", 19: "lap",
                                        18: "session", 34: "activity"]
        #expect(messages.map { names[$0.global] ?? "?" } == [
            "file_id", "device_info", "event",
            "record", "record", "lap", "record", "lap", "record", "lap", "record", "event", "lap",
            "session", "activity",
        ])
        let records = messages.filter { $0.global == 20 }.map { $0.fields[253]! }
        let fit = UInt64(1_780_000_000 - 631_065_600)
        #expect(records == [fit, fit + 10, fit + 20, fit + 30, fit + 40])
        // Each lap starts and ends on a record's time.
        for lap in messages.filter({ $0.global == 19 }) {
            #expect(records.contains(lap.fields[2]!) && records.contains(lap.fields[253]!))
        }
        let times = messages.compactMap { $0.fields[253] }
        #expect(times == times.sorted(), "timestamps in order")
        let events = messages.filter { $0.global == 21 }.map { [$0.fields[253]!, $0.fields[0]!, $0.fields[1]!] }
        #expect(events == [[fit, 0, 0], [fit + 40, 0, 4]])  // timer start, timer stop_all
    }

    /// A pause stops the timer where it began and starts it where the workout went on, in time order with the
    /// records; one still under way at a part's end stops the timer once, and a resumed part starts it again.
    @Test func aPauseStopsTheTimerWhereItWasAndStartsItWhereItWentOn() throws {
        var (session, segments) = Self.workout(["getReady", "work", "work"])
        // Paused 4 s into the work, for 6 s; then paused 3 s into the last and quit there, resumed an hour on.
        segments[1].endedAt += 6
        segments[2].endedAt += 6
        segments[2].actual = 3
        segments[2].ended = .skipped
        segments.append(SegmentRecord(index: 2, kind: "work", exercise: "A", round: 1, planned: 10, actual: 10,
                                      ended: .ranOut, endedAt: 1_780_003_640, part: 2))
        let t0 = 1_780_000_000.0
        let pauses = [PauseRecord(at: t0 + 14, resumed: false), PauseRecord(at: t0 + 20, resumed: true),
                      PauseRecord(at: t0 + 29, resumed: false),
                      PauseRecord(at: 1_780_003_628, resumed: false), PauseRecord(at: 1_780_003_630, resumed: true)]
        let messages = Self.messages(try FITActivity.encode(session, segments: segments, pauses: pauses))
        let fit = UInt64(t0) - 631_065_600
        let events = messages.filter { $0.global == 21 }.map { [$0.fields[253]! - fit, $0.fields[1]!] }
        // The part starts again at its lap's start (its time less its 10 s), and a pause before then is no change.
        #expect(events == [[0, 0], [14, 4], [20, 0], [29, 4], [3630, 0], [3640, 4]])
        let times = messages.compactMap { $0.fields[253] }
        #expect(times == times.sorted(), "timestamps in order")
        let laps = messages.filter { $0.global == 19 }
        // The lap paused for 6 s: 16 s elapsed, 10 s timed.
        #expect(laps[1].fields[7] == 16_000 && laps[1].fields[8] == 10_000)
    }

    /// Laps say what they were: a warm-up's and a cool-down's as such, the main rounds' as work and rest.
    @Test func warmUpAndCoolDownLapsSayWhatTheyAre() throws {
        var (session, segments) = Self.workout(["getReady", "work", "rest", "work", "rest", "work", "rest"])
        for k in [1, 2] { segments[k].stage = .warmup }
        for k in [4, 5, 6] { segments[k].stage = .cooldown }
        let messages = Self.messages(try FITActivity.encode(session, segments: segments))
        let intensities = messages.filter { $0.global == 19 }.map { $0.fields[23]! }
        #expect(intensities == [1, 2, 2, 0, 3, 3, 3])  // rest, warmup ×2, active, cooldown ×3
    }

    /// A workout read with a strap has the strap among its devices (Bluetooth LE, a heart-rate sensor); one
    /// without has only the creator.
    @Test func aStrapReadIsADeviceOfTheFile() throws {
        let (session, segments) = Self.workout(["getReady", "work"])
        let samples = [HeartRateSample(at: 1_780_000_012, bpm: 120)]
        let devices = { (samples: [HeartRateSample]) throws -> [[UInt8: UInt64]] in
            Self.messages(try FITActivity.encode(session, segments: segments, heartRate: samples))
                .filter { $0.global == 23 }.map(\.fields)
        }
        #expect(try devices([]).map { $0[0] } == [0])
        let both = try devices(samples)
        #expect(both.map { $0[0] } == [0, 1])
        #expect(both[1][1] == 1 && both[1][25] == 3)  // ble_device_type heart_rate, source bluetooth_low_energy
    }

    @Test func aResumedPartStartsItsFirstLapAfreshNotAtTheGap() {
        let session = SessionRecord(routine: "R", routineFile: "r.json", contentHash: "", startedAt: 1000,
                                    utcOffset: 0, plannedSeconds: 20, plannedExercises: 2)
        let segments = [
            SegmentRecord(index: 0, kind: "work", exercise: "A", round: 1, planned: 10, actual: 10, ended: .ranOut,
                          endedAt: 1010),
            SegmentRecord(index: 1, kind: "work", exercise: "B", round: 1, planned: 10, actual: 10, ended: .ranOut,
                          endedAt: 5010, part: 2),
        ]
        #expect(FITActivity.lapTimes(session, segments).map(\.start) == [1000, 5000])
    }

    /// Between the parts of a resumed workout the timer stops, so the gap is elapsed time, not timer time.
    @Test func theTimerStopsBetweenTheParts() throws {
        var (session, segments) = Self.workout(["work", "work"])
        segments[1].part = 2
        segments[1].endedAt += 3600
        let messages = Self.messages(try FITActivity.encode(session, segments: segments))
        let fit = UInt64(1_780_000_000 - 631_065_600)
        let events = messages.filter { $0.global == 21 }.map { [$0.fields[253]!, $0.fields[1]!] }
        #expect(events == [[fit, 0], [fit + 10, 4], [fit + 3610, 0], [fit + 3620, 4]])
        let records = messages.filter { $0.global == 20 }.map { $0.fields[253]! }
        #expect(records == [fit, fit + 10, fit + 3610, fit + 3620])
        let s = try #require(messages.first { $0.global == 18 })
        #expect(s.fields[7] == 3_620_000 && s.fields[8] == 20_000)  // elapsed, timer
    }

    @Test func onlyAWorkoutThatEndedWithAnExerciseDoneIsReady() {
        let (session, segments) = Self.workout(["getReady", "work", "rest", "work"])
        func readiness(_ outcome: SessionOutcome?, _ segments: [SegmentRecord]) -> FITActivity.Readiness {
            var s = session
            s.outcome = outcome
            return FITActivity.readiness(s, segments: segments)
        }
        for outcome: SessionOutcome in [.completed, .skipped, .quit, .signal(2), .signal(3)] {
            #expect(readiness(outcome, segments) == .ready, "\(outcome)")
        }
        // Interrupted, and maybe never resumed: exported as far as it went (written again once resumed).
        for outcome: SessionOutcome in [.interrupted, .signal(1), .signal(15)] {
            #expect(readiness(outcome, segments) == .ready, "\(outcome)")
        }
        // Still running: its file would miss the rest.
        #expect(readiness(nil, segments) == .underWay)
        // Quit in its get-ready, or in its first exercise before half of it: no exercise done.
        #expect(readiness(.quit, Array(segments.prefix(1))) == .nothingDone)
        #expect(readiness(.quit, []) == .nothingDone)
        var short = Array(segments.prefix(2))
        short[1].actual = 4
        short[1].ended = .skipped
        #expect(readiness(.quit, short) == .nothingDone)
        short[1].actual = 5
        #expect(readiness(.quit, short) == .ready)
    }

    /// A lap count is a uint16 (0xFFFF is none): more laps than that would wrap, so they are refused.
    @Test func moreLapsThanFITCountsAreRefused() throws {
        let (session, segments) = Self.workout(Array(repeating: "work", count: FITActivity.maximumLaps + 1),
                                               length: 1)
        #expect(throws: FITActivity.Refusal.tooManyLaps(65_535)) {
            try FITActivity.encode(session, segments: segments)
        }
        #expect(FITActivity.Refusal.tooManyLaps(65_535).reason
                == "FIT holds at most 65,534 laps; this workout has 65535")
        let most = Array(segments.dropLast())
        let s = try #require(Self.messages(try FITActivity.encode(session, segments: most)).last { $0.global == 18 })
        #expect(s.fields[26] == 65_534)
    }

    /// A FIT date is a uint32 of seconds since 1989-12-31 (below 0x10000000 counting from power-on): a
    /// workout after 2126-02-06 would wrap to 1990, so it is refused, as is one before 1998-07-03.
    @Test func datesFITCannotHoldAreRefused() throws {
        let last = 631_065_600.0 + 0xFFFF_FFFE
        let first = 631_065_600.0 + 0x1000_0000
        let fits = Self.workout(["work"], start: last - 10, utcOffset: 0)
        let s = try #require(Self.messages(try FITActivity.encode(fits.0, segments: fits.1)).last { $0.global == 18 })
        #expect(s.fields[253] == 0xFFFF_FFFE && s.fields[2] == 0xFFFF_FFF4)
        // A second too late, a local time too late, a second too early, the year 2200, 1970.
        let refused: [(start: Double, offset: Int)] = [(last - 9, 0), (last - 10, 3600), (first - 1, 0),
                                                       (7_258_118_400, 0), (0, 0)]
        for (start, offset) in refused {
            let (session, segments) = Self.workout(["work"], start: start, utcOffset: offset)
            #expect(throws: FITActivity.Refusal.dateOutOfRange, "\(start)") {
                try FITActivity.encode(session, segments: segments)
            }
        }
        let early = Self.workout(["work"], start: first, utcOffset: 0)
        #expect(throws: Never.self) { try FITActivity.encode(early.0, segments: early.1) }
    }

    /// Elapsed time is a uint32 of milliseconds: parts more than 49 days apart would wrap.
    @Test func partsFurtherApartThanFITCountsAreRefused() {
        var (session, segments) = Self.workout(["work", "work"])
        segments[1].part = 2
        segments[1].endedAt += 50 * 86_400
        #expect(throws: FITActivity.Refusal.tooLong) { try FITActivity.encode(session, segments: segments) }
    }

    /// Two workouts that start in the same second get a file each: the first by its start keeps the
    /// plain name, whatever order they are listed in.
    @Test func workoutsStartingInTheSameSecondGetAFileEach() {
        let a = Self.workout(["work"], start: 1_780_000_000.2, id: 1).0
        let b = Self.workout(["work"], start: 1_780_000_000.7, id: 2).0
        let c = Self.workout(["work"], start: 1_780_000_001, id: 3).0
        #expect(FITActivity.fileNames([a, b, c]) == [
            "sevenmin-2026-05-28-212640.fit", "sevenmin-2026-05-28-212640-2.fit", "sevenmin-2026-05-28-212641.fit",
        ])
        #expect(FITActivity.fileNames([c, b, a]) == [
            "sevenmin-2026-05-28-212641.fit", "sevenmin-2026-05-28-212640-2.fit", "sevenmin-2026-05-28-212640.fit",
        ])
    }

    /// A file is current when it is this workout's export as it is now; one written before it ended (16 of
    /// its 26 laps), one without records (as written before files had them), another workout's, or a
    /// damaged one is not, and is written again.
    @Test func aFileWrittenBeforeTheWorkoutEndedIsNotCurrent() throws {
        let kinds = ["getReady"] + Array(repeating: ["work", "rest"], count: 13).flatMap { $0 }.dropLast()
        let (session, segments) = Self.workout(kinds)
        #expect(segments.count == 26)
        let whole = try FITActivity.encode(session, segments: segments)
        #expect(FITActivity.isCurrent(whole, as: whole))
        let partial = try FITActivity.encode(session, segments: Array(segments.prefix(16)))
        #expect(!FITActivity.isCurrent(partial, as: whole))
        // The same laps and session without records or device_info.
        var old = FITWriter()
        for m in Self.messages(whole) where m.global != 20 && m.global != 23 {
            let message = try #require(FITWriter.Message(rawValue: m.global))
            old.message(message, m.fields.sorted { $0.key < $1.key }.map {
                (number: $0.key, type: FITWriter.BaseType.uint32, value: $0.value)
            })
        }
        #expect(FITSummary(old.bytes)?.laps == 26 && FITSummary(old.bytes)?.records == 0)
        #expect(!FITActivity.isCurrent(old.bytes, as: whole))
        var other = session
        other.id = 8
        #expect(!FITActivity.isCurrent(try FITActivity.encode(other, segments: segments), as: whole))
        #expect(!FITActivity.isCurrent(Array(whole.dropLast(3)), as: whole))
        var flipped = whole
        flipped[40] ^= 1
        #expect(!FITActivity.isCurrent(flipped, as: whole))
        #expect(!FITActivity.isCurrent([], as: whole))
    }
}
