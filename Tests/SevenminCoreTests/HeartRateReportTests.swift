// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import SevenminCore

/// The heart rate as `history` lists it, `history --json` gives it, and a FIT file holds it.
@Suite("Heart rate in reports and FIT")
struct HeartRateReportTests {
    /// get ready 0–10, work 10–40, rest 40–50, work 50–80 after 1_795_000_000; a sample each second from 1 to
    /// 140, the rate 100 + t to 80, then falling by one every two seconds.
    static let start = 1_795_000_000.0
    static let segments = [("getReady", 10.0, 10.0), ("work", 40, 30), ("rest", 50, 10), ("work", 80, 30)]
        .enumerated().map { k, s in
            SegmentRecord(sessionID: 1, index: k, kind: s.0, exercise: k < 2 ? "Squat" : "Plank", round: 1,
                          planned: s.2, actual: s.2, ended: .ranOut, endedAt: start + s.1)
        }
    static let samples = stride(from: 1.0, through: 140, by: 1).map { t in
        HeartRateSample(at: start + t, bpm: t <= 80 ? 100 + Int(t) : 180 - Int(t - 80) / 2)
    }
    static let session = SessionRecord(id: 1, routine: "classic", routineFile: "/w/classic.json", contentHash: "h",
                                       startedAt: start, utcOffset: 0, plannedSeconds: 80, plannedExercises: 2,
                                       outcome: .completed, uuid: "u")

    var summary: SessionSummary {
        SessionSummary(record: Self.session, workedSeconds: 60, exercisesDone: 2,
                       heart: HeartRateSummary.Workout(segments: Self.segments, samples: Self.samples))
    }

    @Test func historyListsAverageAndPeakAndRecoveryOnlyWhereRecorded() {
        var without = summary
        without.heart = nil
        without.record.id = 2
        let text = HistoryReport.text([summary, without], metrics: .unicode)
        let lines = text.split(separator: "\n")
        #expect(lines[0].hasPrefix("DATE") && lines[0].contains("EFFORT      BPM  RECOVERY  OUTCOME"), "\(text)")
        #expect(lines[1].contains("  141/180        30  completed"), "\(text)")
        #expect(lines[2].contains("        -         -  completed"), "\(text)")
        #expect(!HistoryReport.text([without], metrics: .unicode).contains("BPM"), "no column without a strap")
    }

    @Test func historyCSVHasTheAverageThePeakAndTheRecovery() {
        var without = summary
        without.heart = nil
        let rows = HistoryReport.csv([summary, without]).split(separator: "\r\n")
        #expect(rows[0].hasSuffix(",average_bpm,peak_bpm,recovery_bpm"), "\(rows[0])")
        #expect(rows[1].hasSuffix(",141,180,30") && rows[2].hasSuffix(",,,"), "\(rows)")
    }

    @Test func historyJSONHasTheWorkoutsAndEachSegmentsHeartRate() {
        let json = HistoryReport.jsonObject(summary, segments: Self.segments)
        #expect(json.contains(#""heart_rate": {"average": 141, "peak": 180, "samples": 80, "#
            + #""recovery": {"from": 180, "to": 150, "drop": 30}}"#), "\(json)")
        #expect(json.contains(#""kind": "work", "exercise": "Squat", "round": 1, "planned": 30, "actual": 30, "#
            + #""ended": "ranOut", "part": 1, "heart_rate": {"average": 126, "peak": 140, "samples": 30}}"#),
            "\(json)")
        var without = summary
        without.heart = nil
        let none = HistoryReport.jsonObject(without, segments: Self.segments)
        #expect(!none.contains("heart_rate"), "written as it always was")
    }

    /// The FIT file's messages, read back by a walker of the protocol's plain form (what `FITWriter` writes:
    /// little-endian, no compressed timestamps): each data message's global number and fields.
    func messages(_ bytes: [UInt8]) -> [(global: Int, fields: [Int: UInt64])] {
        var out: [(Int, [Int: UInt64])] = [], definitions: [UInt8: (Int, [(Int, Int)])] = [:]
        var p = Int(bytes[0])
        let end = bytes.count - 2
        while p < end {
            let header = bytes[p]
            p += 1
            if header & 0x40 != 0 {
                let global = Int(bytes[p + 2]) | Int(bytes[p + 3]) << 8, count = Int(bytes[p + 4])
                p += 5
                definitions[header & 0x0F] = (global, (0..<count).map { k in
                    (Int(bytes[p + 3 * k]), Int(bytes[p + 3 * k + 1]))
                })
                p += 3 * count
                continue
            }
            guard let (global, fields) = definitions[header & 0x0F] else { return out }
            var values: [Int: UInt64] = [:]
            for (number, size) in fields {
                values[number] = (0..<size).reduce(UInt64(0)) { $0 | UInt64(bytes[p + $1]) << (8 * UInt64($1)) }
                p += size
            }
            out.append((global, values))
        }
        return out
    }

    @Test func aFITFileHasARecordEachSecondWithTheHeartRateAndTheLapsAndSessionsAverageAndMaximum() throws {
        let bytes = try FITActivity.encode(Self.session, segments: Self.segments, heartRate: Self.samples)
        #expect(FITSummary(bytes) != nil, "CRCs and sizes hold")
        let read = messages(bytes)
        let records = read.filter { $0.global == 20 }
        let seconds = records.compactMap { $0.fields[253] }
        // One a second from the first lap's start (0, before any sample: no rate) to the last lap's end (80).
        #expect(seconds == (0...80).map { UInt64(Self.start - FITActivity.epoch) + UInt64($0) })
        #expect(records.first?.fields[3] == nil, "no rate before the first sample")
        #expect(records.dropFirst().map { $0.fields[3] } == (1...80).map { UInt64(100 + $0) })
        let laps = read.filter { $0.global == 19 }
        #expect(laps.map { $0.fields[15] } == [106, 126, 146, 166].map(UInt64.init), "avg_heart_rate")
        #expect(laps.map { $0.fields[16] } == [110, 140, 150, 180].map(UInt64.init), "max_heart_rate")
        let session = try #require(read.first { $0.global == 18 })
        #expect(session.fields[16] == 141 && session.fields[17] == 180)
        // Without samples, the file is as before: records at the laps' ends only, and no heart-rate fields.
        let plain = messages(try FITActivity.encode(Self.session, segments: Self.segments))
        #expect(plain.filter { $0.global == 20 }.count == 5)
        #expect(plain.allSatisfy { $0.fields[15] == nil && ($0.global != 20 || $0.fields[3] == nil) })
    }
}
