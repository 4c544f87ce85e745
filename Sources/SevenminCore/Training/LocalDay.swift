// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// Local days without a calendar: days since 1970-01-01 at a UTC offset, and their weekdays.
public enum LocalDay {
    public static func number(_ t: Double, utcOffset: Int) -> Int {
        Int(((t + Double(utcOffset)) / 86_400).rounded(.down))
    }

    /// Whether any of `sessions` was completed on local day `day` (each by the offset where it was done).
    public static func completed(_ sessions: [SessionRecord], on day: Int) -> Bool {
        sessions.contains { $0.outcome == .completed && number($0.startedAt, utcOffset: $0.utcOffset) == day }
    }

    /// 0 for Sunday to 6 for Saturday (1970-01-01 was a Thursday).
    public static func weekday(_ day: Int) -> Int {
        ((day + 4) % 7 + 7) % 7
    }
}
