// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// What the snack watcher (`snacks watch`) knows, written whole to `$XDG_STATE_HOME/sevenmin/snacks.json`
/// at each change, and read by `snacks`, `stats` and `status`. Times are seconds since 1970 UTC.
public struct SnackWatchState: Codable, Equatable, Sendable {
    /// The file's name in the state folder.
    public static let fileName = "snacks.json"
    /// The format's version; a reader takes a file of another version as none.
    public static let currentVersion = 1
    /// How many days of finished bouts the file keeps: this week's, whichever day it began on.
    public static let keptDays = 7

    public var version = SnackWatchState.currentVersion
    /// The watcher's process id: a file whose process has gone tells of no watcher.
    public var pid: Int32
    /// When the watcher wrote it.
    public var updatedAt: Double
    /// When the sitting bout under way began; nil while the person is away (idle, locked, suspended).
    public var sittingSince: Double?
    /// When the next heads-up comes if the sitting goes on; nil when none will today (outside the hours).
    public var nextHeadsUp: Double?
    /// A heads-up is out and no snack has been done since: `status` says "snack due".
    public var due = false
    /// Why a heads-up that is due is held back: `call`, `doNotDisturb`, `workout` or `outsideHours`.
    public var heldBack: String?
    /// What tells the watcher of idle time: `mutter`, `screensaver`, `logind` or `wallClock`.
    public var idleSource: String?
    /// Finished sitting bouts of the last `keptDays` days, oldest first.
    public var bouts: [Bout] = []

    /// One stretch of sitting, from its start to the break that ended it.
    public struct Bout: Codable, Equatable, Sendable {
        public var start: Double
        public var end: Double

        public init(start: Double, end: Double) {
            self.start = start
            self.end = end
        }

        public var seconds: Double { end - start }
    }

    public init(pid: Int32, updatedAt: Double, sittingSince: Double? = nil, nextHeadsUp: Double? = nil,
                due: Bool = false, heldBack: String? = nil, idleSource: String? = nil, bouts: [Bout] = []) {
        self.pid = pid
        self.updatedAt = updatedAt
        self.sittingSince = sittingSince
        self.nextHeadsUp = nextHeadsUp
        self.due = due
        self.heldBack = heldBack
        self.idleSource = idleSource
        self.bouts = bouts
    }

    /// The file's bytes: one JSON object, keys sorted.
    public var json: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // A plain struct of numbers, strings and booleans always encodes.
        return Array((try? encoder.encode(self)) ?? Data()) + [0x0A]
    }

    /// The state in `bytes`; nil when they are not a state of this version.
    public static func parse(_ bytes: [UInt8]) -> SnackWatchState? {
        guard let state = try? JSONDecoder().decode(SnackWatchState.self, from: Data(bytes)),
              state.version == currentVersion else { return nil }
        return state
    }

    /// The bouts with the one under way counted up to `now`.
    public func bouts(at now: Double) -> [Bout] {
        bouts + (sittingSince.map { [Bout(start: $0, end: max($0, now))] } ?? [])
    }

    /// The longest bout (under way or finished) that began on local day `day`, in seconds; nil when none did.
    public func longestBout(onDay day: Int, utcOffset: Int, at now: Double) -> Double? {
        bouts(at: now).filter { CivilTime.dayNumber(at: $0.start, utcOffset: utcOffset) == day }.map(\.seconds).max()
    }

    /// The average over the days `days` that had any bout of each day's longest, in seconds; nil when none had.
    public func averageLongestBout(days: ClosedRange<Int>, utcOffset: Int, at now: Double) -> Double? {
        let longest = days.compactMap { longestBout(onDay: $0, utcOffset: utcOffset, at: now) }
        return longest.isEmpty ? nil : longest.reduce(0, +) / Double(longest.count)
    }
}
