// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import SevenminCore

/// Which phones hold a place on the page, and their streams: nobody keeps a place or a stream for ever.
@Suite("Phone roster")
struct PhoneRosterTests {
    @Test func aPhoneHoldsTwoStreamsAtMostAndAThirdEndsTheOldest() throws {
        var roster = PhoneRoster()
        _ = roster.join("a", at: 0)
        let first = roster.open(for: "a"), second = roster.open(for: "a")
        #expect(first?.ends == nil && second?.ends == nil)
        #expect(roster.connected == 1)
        let third = roster.open(for: "a")
        let ids = try [first, second, third].map { try #require($0?.stream) }
        #expect(third?.ends == ids[0], "a reload's stream ends the one whose connection died")
        #expect(!roster.isOpen(ids[0]) && roster.isOpen(ids[1]) && roster.isOpen(ids[2]))
        let stranger = roster.open(for: "nobody")
        #expect(stranger == nil, "a cookie never given out opens nothing")
    }

    @Test func aPhoneGoneForTenSecondsGivesItsPlaceUp() throws {
        var roster = PhoneRoster()
        let joined = ["a", "b", "c", "d", "e"].map { roster.join($0, at: 0) }
        #expect(joined == [true, true, true, true, false], "four phones at most")
        let stream = try #require(roster.open(for: "a")?.stream)
        roster.close(stream, at: 5)
        // b, c and d never opened a stream: their places are free ten seconds after they joined; a's, ten after
        // its stream closed. A phone with a stream open keeps its place however long.
        let late = roster.join("e", at: 10)
        #expect(late)
        #expect(roster.cookies == ["a", "e"])
        let kept = try #require(roster.open(for: "e")?.stream)
        roster.leave(at: 100)
        #expect(roster.cookies == ["e"] && roster.isOpen(kept))
    }

    @Test func xDropsEveryPhoneAndEndsTheirStreams() throws {
        var roster = PhoneRoster()
        _ = roster.join("a", at: 0)
        let stream = try #require(roster.open(for: "a")?.stream)
        roster.clear()
        #expect(!roster.isOpen(stream) && roster.cookies.isEmpty && roster.connected == 0)
    }
}
