// SPDX-License-Identifier: GPL-3.0-or-later

/// A hybrid logical clock (Kulkarni et al., 2014): the wall clock's milliseconds, with a counter that moves
/// on when the wall clock has not, so that an edit made after seeing another's is always later than it,
/// whatever the two machines' clocks say. A pure value: the caller hands it `now`.
public struct HybridLogicalClock: Comparable, Hashable, Sendable {
    /// Milliseconds since 1970, never behind any clock this one has seen.
    public var wall: Int64
    /// Events within one `wall` millisecond, in order.
    public var counter: Int

    public static let zero = HybridLogicalClock(wall: 0, counter: 0)

    /// The greatest counter kept: `text` has room for five digits.
    public static let counterLimit = 99_999

    public init(wall: Int64, counter: Int) {
        self.wall = wall
        self.counter = counter
    }

    /// The clock of a new event at wall time `now` (milliseconds), after every event this clock has seen.
    public func tick(now: Int64) -> HybridLogicalClock {
        if now > wall { return HybridLogicalClock(wall: now, counter: 0) }
        // A counter at its limit moves the wall on by a millisecond instead: still later, still fits.
        if counter >= Self.counterLimit { return HybridLogicalClock(wall: wall + 1, counter: 0) }
        return HybridLogicalClock(wall: wall, counter: counter + 1)
    }

    /// This clock, having seen `other` (read from another machine's copy): the later of the two.
    public func receiving(_ other: HybridLogicalClock) -> HybridLogicalClock {
        max(self, other)
    }

    public static func < (a: HybridLogicalClock, b: HybridLogicalClock) -> Bool {
        (a.wall, a.counter) < (b.wall, b.counter)
    }

    /// The clock as stored: fixed-width digits, so that text order is clock order
    /// (`000001765000000000-00003`).
    public var text: String {
        let w = String(wall), c = String(counter)
        return String(repeating: "0", count: max(0, 18 - w.count)) + w + "-"
            + String(repeating: "0", count: max(0, 5 - c.count)) + c
    }

    /// A stored clock; nil for anything `text` would not have written.
    public init?(text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 18, parts[1].count == 5,
              parts.allSatisfy({ $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }),
              let wall = Int64(parts[0]), let counter = Int(parts[1]) else { return nil }
        self.init(wall: wall, counter: counter)
    }
}
