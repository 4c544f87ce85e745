// SPDX-License-Identifier: GPL-3.0-or-later
/// What `snacks` says of the working day, from the watcher's state (nil: no watcher runs).
public enum SnackReport {
    /// `snacks` alone: whether the watcher runs, how long the person has sat, and when the next heads-up is due.
    public static func status(installed: Bool, state: SnackWatchState?, now: Double, utcOffset: Int) -> String {
        guard let state else {
            return installed
                ? "Snacks are on, but the watcher is not running (see 'systemctl --user status "
                    + "\(SnackService.unitName)').\n"
                : "Snacks are off. 'sevenmin snacks on' offers one after each half hour of sitting.\n"
        }
        var lines = ["Snacks are on" + (installed ? "." : " (a watcher runs outside the service).")]
        if let since = state.sittingSince {
            lines.append("Sitting for " + TimeFormat.hoursMinutesWords.string(now - since, roundingUp: false) + ".")
        } else {
            lines.append("Not sitting at the computer now.")
        }
        if state.due {
            lines.append("A snack is due: run 'sevenmin snack'"
                + (state.heldBack.map { " (the heads-up waits: \(heldBackWords($0)))" } ?? "") + ".")
        } else if let next = state.nextHeadsUp {
            lines.append("Next heads-up at " + clock(next, utcOffset: utcOffset) + ".")
        } else {
            lines.append("No heads-up due until the set hours come round.")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func heldBackWords(_ reason: String) -> String {
        switch reason {
        case "call": return "a call is on"
        case "doNotDisturb": return "do not disturb is on"
        case "workout": return "a workout runs"
        case "outsideHours": return "outside the set hours"
        default: return visible(reason)
        }
    }

    /// `HH:MM`, local.
    static func clock(_ t: Double, utcOffset: Int) -> String {
        let local = CivilTime(t, utcOffset: utcOffset)
        return CivilTime.pad(local.hour) + ":" + CivilTime.pad(local.minute)
    }
}
