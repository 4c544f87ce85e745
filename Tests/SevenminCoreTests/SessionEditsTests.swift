// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import SevenminCore

/// The clock edits are ordered by, and what the edits of several machines come to.
@Suite("Edits from any machine")
struct SessionEditsTests {
    typealias Clock = HybridLogicalClock

    @Test func aClockNeverGoesBackWhenTheWallClockDoes() {
        let start = Clock.zero.tick(now: 5_000)
        #expect(start == Clock(wall: 5_000, counter: 0))
        // The wall clock stood still, then went back an hour: the clock still moves on.
        let same = start.tick(now: 5_000), back = same.tick(now: 5_000 - 3_600_000)
        #expect(same == Clock(wall: 5_000, counter: 1) && back == Clock(wall: 5_000, counter: 2))
        #expect(start < same && same < back)
        #expect(back.tick(now: 6_000) == Clock(wall: 6_000, counter: 0))
    }

    @Test func anEditMadeAfterSeeingAnotherIsLaterThoughItsWallClockIsBehind() {
        // The other machine's clock runs ten minutes fast.
        let theirs = Clock.zero.tick(now: 1_000_000 + 600_000)
        let mine = Clock.zero.tick(now: 1_000_000).receiving(theirs).tick(now: 1_000_001)
        #expect(mine > theirs)
    }

    @Test func aFullCounterMovesTheWallOnInstead() {
        let full = Clock(wall: 7, counter: Clock.counterLimit)
        #expect(full.tick(now: 7) == Clock(wall: 8, counter: 0))
    }

    @Test(arguments: [Clock.zero, Clock(wall: 1_765_000_000_123, counter: 42), Clock(wall: 9, counter: 99_999)])
    func aClockReadsBackAsWritten(clock: Clock) {
        #expect(Clock(text: clock.text) == clock)
        #expect(clock.text.count == 24)
    }

    @Test(arguments: ["", "1-2", "000000000000000001-0000x", "-00000000000000001-00001", "000000000000000001-000001"])
    func aMangledClockIsRefused(text: String) {
        #expect(Clock(text: text) == nil)
    }

    @Test func clocksSortAsTheirTextDoes() {
        let clocks = [Clock(wall: 10, counter: 2), Clock(wall: 9, counter: 99), Clock(wall: 100, counter: 0)]
        #expect(clocks.sorted().map(\.text) == clocks.map(\.text).sorted())
    }

    func edit(_ field: SessionAnnotation.Field, _ value: String, at wall: Int64, by machine: String,
              session: String = "w1") -> SessionAnnotation {
        SessionAnnotation(session: session, field: field, value: value, clock: Clock(wall: wall, counter: 0),
                          machine: machine)
    }

    var workout: SessionRecord {
        SessionRecord(routine: "classic", routineFile: "/w/classic.json", contentHash: "h", seed: nil, options: "{}",
                      startedAt: 1_795_000_000, utcOffset: 0, plannedSeconds: 480, plannedExercises: 12,
                      effort: 5, uuid: "w1")
    }

    @Test func theLatestEditWinsAndATieGoesToTheGreaterMachine() {
        let edits = [edit(.effort, "7", at: 10, by: "a"), edit(.effort, "9", at: 12, by: "b"),
                     edit(.effort, "3", at: 11, by: "c"), edit(.name, "Monday's", at: 20, by: "a"),
                     edit(.name, "Tuesday's", at: 20, by: "c")]
        let applied = SessionEdits(edits).applied(to: workout)
        #expect(applied?.effort == 9 && applied?.routine == "Tuesday's")
    }

    @Test func everyOrderOfTheSameEditsGivesOneAnswer() {
        var generator = SplitMix64(seed: 51)
        let machines = ["a", "b", "c"]
        let edits = (0..<40).map { k in
            let field = SessionAnnotation.Field.allCases[Int(generator.next() % 3)]
            let value = field == .removed ? "1" : field == .effort ? String(1 + generator.next() % 10) : "n\(k)"
            return edit(field, value, at: Int64(generator.next() % 8), by: machines[Int(generator.next() % 3)],
                        session: "w\(generator.next() % 4)")
        }
        let answer = SessionEdits(edits)
        for _ in 0..<50 {
            var shuffled = edits
            shuffled.shuffle(using: &generator)
            // Each machine reads some edits twice (a copy of a copy); that changes nothing either.
            #expect(SessionEdits(shuffled + shuffled.prefix(5)) == answer)
        }
    }

    @Test func aRemovedWorkoutIsGoneAndAnotherIsUntouched() {
        let edits = SessionEdits([edit(.removed, "1", at: 5, by: "b"), edit(.effort, "2", at: 9, by: "a")])
        #expect(edits.applied(to: workout) == nil && edits.removed == ["w1"])
        var other = workout
        other.uuid = "w2"
        #expect(edits.applied(to: other) == other)
        #expect(edits.latest == Clock(wall: 9, counter: 0))
    }

    @Test func aRatingOutOfRangeLeavesTheRecordedOne() {
        #expect(SessionEdits([edit(.effort, "11", at: 1, by: "a")]).applied(to: workout)?.effort == 5)
    }
}
