// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Testing
@testable import SevenminCore

@Suite("FIT activity files")
struct FITActivityTests {
    @Test func theCRCIsFITsOwn() {
        // The protocol's CRC is CRC-16/ARC, whose check value for "123456789" is 0xBB3D.
        #expect(FITActivity.crc(Array("123456789".utf8)) == 0xBB3D)
    }

    @Test func aFileHasItsHeaderSizeAndBothCRCs() {
        let session = SessionRecord(id: 7, routine: "R", routineFile: "r.json", contentHash: "",
                                    startedAt: 1_780_000_000, utcOffset: 3600, plannedSeconds: 13, plannedExercises: 1)
        let segments = [
            SegmentRecord(index: 0, kind: "getReady", exercise: "A", round: 1, planned: 3, actual: 3, ended: .ranOut,
                          endedAt: 1_780_000_003),
            SegmentRecord(index: 1, kind: "work", exercise: "A", round: 1, planned: 10, actual: 10, ended: .ranOut,
                          endedAt: 1_780_000_013),
        ]
        let bytes = FITActivity.encode(session, segments: segments)
        #expect(bytes[0] == 14 && Array(bytes[8..<12]) == Array(".FIT".utf8))
        let size = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
        #expect(bytes.count == 14 + size + 2)
        #expect(FITActivity.crc(bytes[0..<12]) == UInt16(bytes[12]) | UInt16(bytes[13]) << 8)
        // A CRC over everything, its own two bytes included, is zero.
        #expect(FITActivity.crc(bytes) == 0)
        #expect(FITActivity.lapTimes(session, segments).map(\.start) == [1_780_000_000, 1_780_000_003])
        // Named by the local start: 1_780_000_000 is 2026-05-28 20:26:40 UTC, so 21:26:40 an hour east.
        #expect(FITActivity.fileName(session) == "sevenmin-2026-05-28-212640.fit")
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
}
