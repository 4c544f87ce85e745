// SPDX-License-Identifier: GPL-3.0-or-later
@testable import SevenminCore
import Testing

@Suite("The words not yet said")
struct SpeechQueueTests {
    let first = Announcement(Phrase("Half way.", priority: .normal), due: 12)
    let second = Announcement(Phrase("Ten seconds.", priority: .normal), due: 11)

    @Test func heldWordsAreSaidOnceDueInTheirOrderAndANewSegmentDropsThem() {
        var queue = SpeechQueue()
        #expect(queue.handle(.toSay(first, held: false), at: 10, origin: 0) == [.announce(first)])
        _ = queue.handle(.toSay(first, held: true), at: 10, origin: 0)
        _ = queue.handle(.toSay(second, held: true), at: 10, origin: 0)
        #expect(queue.holdsWords && queue.nextDeadline == 11)
        #expect(queue.handle(.time, at: 11.5, origin: 0) == [.announce(second)])
        #expect(queue.handle(.time, at: 12, origin: 0) == [.announce(first)])
        _ = queue.handle(.toSay(first, held: true), at: 12, origin: 0)
        _ = queue.handle(.segmentChanged, at: 12, origin: 0)
        #expect(!queue.holdsWords && queue.handle(.time, at: 20, origin: 0).isEmpty)
    }

    @Test func wordsNotRenderedAreSaidWhenReadyInTimeAndGivenUpOnceStale() {
        var queue = SpeechQueue()
        let report = AudioDelivery(.phrase(first.phrase), due: 12, at: 12, outcome: .notRendered)
        #expect(queue.handle(.notRendered(first, report), at: 12, origin: 0).isEmpty)
        #expect(queue.handle(.ready(first.phrase), at: 12.2, origin: 0) == [.announce(first)])
        #expect(queue.handle(.ready(first.phrase), at: 12.3, origin: 0).isEmpty, "said once")
        _ = queue.handle(.notRendered(first, report), at: 12, origin: 0)
        let stale = 12 + CuePolicy.stalenessLimit
        #expect(queue.nextDeadline == stale)
        let given = queue.handle(.time, at: stale, origin: 0)
        #expect(given.count == 1 && queue.handle(.ready(first.phrase), at: stale, origin: 0).isEmpty)
        // The finish is rendered on the spot: one not rendered is given up at once.
        let finish = Announcement(Phrase("Done.", priority: .finish), due: 30)
        let lost = AudioDelivery(.phrase(finish.phrase), due: 30, at: 30, outcome: .notRendered)
        #expect(queue.handle(.notRendered(finish, lost), at: 30, origin: 0).count == 1 && queue.nextDeadline == nil)
    }
}
