// SPDX-License-Identifier: GPL-3.0-or-later

/// How a number of seconds is written: the one duration formatter, for the screen, the transcript,
/// the status file, history and stats.
public enum TimeFormat: Sendable {
    /// `m:ss`, with minutes unbounded.
    case minutesSeconds
    /// `h:mm:ss`.
    case hoursMinutesSeconds
    /// `14 h 20 min`, or `35 min` under an hour: whole minutes.
    case hoursMinutesWords

    /// The hair of tolerance a countdown is rounded up with, so that 29.9999999 shown as whole seconds is 0:30,
    /// not 0:31; and the seconds from which `clock` writes hours. The phone's page is sent both.
    public static let tolerance = 1e-9, hoursFrom = 3600.0

    /// Formats `seconds`. A countdown (`roundingUp`, the default) shows the time left rounded up, so a
    /// timer reads 0:00 only when it is done and a 30-second segment shows 0:30 for its first second;
    /// time elapsed (`roundingUp: false`) is rounded down, so a unit counts once it has passed.
    public func string(_ seconds: Double, roundingUp: Bool = true) -> String {
        let scaled = max(0, seconds) / (self == .hoursMinutesWords ? 60 : 1)
        let units = Int(roundingUp ? (scaled - TimeFormat.tolerance).rounded(.up)
                                   : (scaled + TimeFormat.tolerance).rounded(.down))
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        switch self {
        case .minutesSeconds:
            return "\(units / 60):\(two(units % 60))"
        case .hoursMinutesSeconds:
            return "\(units / 3600):\(two(units / 60 % 60)):\(two(units % 60))"
        case .hoursMinutesWords:
            return units >= 60 ? "\(units / 60) h \(units % 60) min" : "\(units) min"
        }
    }

    /// `m:ss` below an hour, `h:mm:ss` from an hour on.
    public static func clock(_ seconds: Double, roundingUp: Bool = true) -> String {
        (seconds >= hoursFrom ? TimeFormat.hoursMinutesSeconds : .minutesSeconds)
            .string(seconds, roundingUp: roundingUp)
    }
}
