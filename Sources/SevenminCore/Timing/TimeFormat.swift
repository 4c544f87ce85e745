// SPDX-License-Identifier: GPL-3.0-or-later

/// How a number of seconds is written.
public enum TimeFormat: Sendable {
    /// `m:ss`, with minutes unbounded.
    case minutesSeconds
    /// `h:mm:ss`.
    case hoursMinutesSeconds
    /// `m:ss.t`.
    case minutesSecondsTenths
    /// `h:mm:ss.t`.
    case hoursMinutesSecondsTenths

    /// Formats `seconds`. Countdowns round up, so a timer reads 0:00 only when it is done
    /// and a 30-second segment shows 0:30 for its first second.
    public func string(_ seconds: Double, roundingUp: Bool = true) -> String {
        let tenths = self == .minutesSecondsTenths || self == .hoursMinutesSecondsTenths
        let scale = tenths ? 10.0 : 1.0
        let scaled = max(0, seconds) * scale
        // A hair of tolerance so that 29.9999999 shown as whole seconds is 0:30, not 0:31.
        let units = Int(roundingUp ? (scaled - 1e-9).rounded(.up) : (scaled + 1e-9).rounded(.down))
        let whole = tenths ? units / 10 : units
        let fraction = tenths ? ".\(units % 10)" : ""
        let h = whole / 3600, m = (whole % 3600) / 60, s = whole % 60
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        switch self {
        case .minutesSeconds, .minutesSecondsTenths:
            return "\(whole / 60):\(two(s))\(fraction)"
        case .hoursMinutesSeconds, .hoursMinutesSecondsTenths:
            return "\(h):\(two(m)):\(two(s))\(fraction)"
        }
    }

    /// `m:ss` below an hour, `h:mm:ss` from an hour on.
    public static func clock(_ seconds: Double, roundingUp: Bool = true) -> String {
        (seconds >= 3600 ? TimeFormat.hoursMinutesSeconds : .minutesSeconds).string(seconds, roundingUp: roundingUp)
    }
}
