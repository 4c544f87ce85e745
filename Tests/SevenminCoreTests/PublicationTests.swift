// SPDX-License-Identifier: GPL-3.0-or-later
@testable import SevenminCore
import Testing

@Suite("What status lines and the player are told")
struct PublicationTests {
    func state(_ told: Publication.Told) -> Publication.News {
        .state(told, status: {
            StatusSnapshot(routine: "R", title: "Squat", segment: told.index + 1, segments: 3, paused: told.paused,
                           remaining: 10)
        }, player: {
            PlayerState(playing: !told.paused, title: "Squat", routine: "R", length: 30, elapsed: 0, at: 0)
        })
    }

    @Test func eachIsToldOfAChangeAndOfNothingElse() {
        var publication = Publication()
        let running = Publication.Told(index: 1, paused: false, end: 100)
        #expect(publication.handle(state(running)).count == 2)
        // A few hundredths of rounding are not a change.
        #expect(publication.handle(state(Publication.Told(index: 1, paused: false, end: 100.04))).isEmpty)
        #expect(publication.handle(state(Publication.Told(index: 1, paused: true, end: 20))).count == 2)
        // The wall clock was set: status lines hear it again, the player (in the workout's time) does not.
        #expect(publication.handle(.statusStale).isEmpty)
        let again = publication.handle(state(Publication.Told(index: 1, paused: true, end: 20)))
        #expect(again.count == 1 && { if case .status(.some) = again[0] { true } else { false } }())
    }

    @Test func theFinishIsToldOnceAndTheEndOnlyToThoseTold() {
        var publication = Publication()
        #expect(publication.handle(.ended).isEmpty, "nobody was told anything")
        _ = publication.handle(state(Publication.Told(index: 0, paused: false, end: 5)))
        let notice = Effect.notify(title: "Done", body: "R")
        #expect(publication.handle(.finished { [notice] }) == [.status(nil), .player(nil), notice])
        #expect(publication.handle(.finished { [notice] }).isEmpty)
        #expect(publication.handle(.ended).isEmpty)
        _ = publication.handle(state(Publication.Told(index: 2, paused: false, end: 5)))
        #expect(publication.handle(.ended) == [.status(nil), .player(nil)])
    }

    /// A status kept past the finish (`during`'s command still running) is told instead of none, kept through a
    /// stale wall clock, and taken back at the end.
    @Test func aStatusKeptPastTheFinishIsTakenBackAtTheEnd() {
        var publication = Publication()
        _ = publication.handle(state(Publication.Told(index: 0, paused: false, end: 5)))
        var kept = StatusSnapshot(routine: "R", title: "Done", segment: 3, segments: 3, paused: false, remaining: 0)
        kept.finished = true
        #expect(publication.handle(.finished(keeping: kept) { [] }) == [.status(kept), .player(nil)])
        #expect(publication.handle(.statusStale).isEmpty)
        #expect(publication.handle(.ended) == [.status(nil)])
    }
}
