// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import SevenminCore
import Synchronization

/// The time zone by libc's rules: `localtime_r`, which follows `TZ` (or `/etc/localtime`) and
/// daylight saving, as the user's other tools do.
public struct SystemTimeZone: TimeZoneRules {
    /// The zone `TZ` names, or the system's.
    public static let current = SystemTimeZone(identifier: nil)

    /// `TZ`'s value for this zone, or nil for the process's own.
    private let identifier: String?

    /// The zone named `identifier` (`"America/New_York"`), looked up by libc in the zone files.
    /// libc keeps a single zone for the process, so each look-up in a zone other than the
    /// process's own sets `TZ` under a lock and puts it back; reports in another zone are rare.
    public init(identifier: String?) {
        self.identifier = identifier
    }

    /// `localtime_r(3)`'s `tm_gmtoff`.
    public func secondsFromUTC(at t: Double) -> Int {
        var time = time_t(t.rounded(.down)), parts = tm()
        return zoneLock.withLock { state in
            if !state.ready { tzset(); state.ready = true }
            guard let identifier else { return Self.offset(&time, &parts) }
            let own = getenv("TZ").map { String(cString: $0) }
            setenv("TZ", identifier, 1)   // ignored: fails only without memory, leaving the process's zone
            tzset()
            defer {
                if let own { setenv("TZ", own, 1) } else { unsetenv("TZ") }   // ignored: as above
                tzset()
            }
            return Self.offset(&time, &parts)
        }
    }

    private static func offset(_ time: inout time_t, _ parts: inout tm) -> Int {
        // localtime_r fails only for a year beyond an int, where UTC is as good an answer.
        guard localtime_r(&time, &parts) != nil else { return 0 }
        return Int(parts.tm_gmtoff)
    }

}

extension LocalCalendar {
    /// The process's zone, and the first day of the week by the `LC_TIME` the environment names (glibc's
    /// `week-1stday` and `first_weekday`: Sunday in `C` and `en_US`, Monday in `en_GB` or `de_DE`).
    public static var current: LocalCalendar {
        LocalCalendar(timeZone: SystemTimeZone.current, firstWeekday: localeFirstWeekday())
    }
}

/// 1 for Sunday … 7 for Saturday: `nl_langinfo_l(_NL_TIME_WEEK_1STDAY)`, a date as a number
/// (19971130, a Sunday), moved on by `_NL_TIME_FIRST_WEEKDAY` − 1 days, in the environment's `LC_TIME`
/// (`newlocale`: the process takes only `LC_CTYPE`), or Sunday, as in `C`, where that is not installed.
private func localeFirstWeekday() -> Int {
    guard let time = newlocale(1 << LC_TIME, "", nil) else { return 1 }
    defer { freelocale(time) }
    // A word, not a string: only the low 32 bits are the value (the rest is whatever follows it in the file).
    let stamp = Int(UInt32(truncatingIfNeeded: UInt(bitPattern: nl_langinfo_l(nl_item(_NL_TIME_WEEK_1STDAY), time))))
    let date = CivilTime(year: stamp / 10000, month: stamp / 100 % 100, day: stamp % 100)
    guard stamp > 0, let first = nl_langinfo_l(nl_item(_NL_TIME_FIRST_WEEKDAY), time) else { return 1 }
    let weekday = date.weekday   // 0 for Sunday
    let offset = Int(UInt8(bitPattern: first.pointee))
    guard (1...7).contains(offset) else { return 1 }
    return (weekday + offset - 1) % 7 + 1
}

/// libc's zone state is the process's: every look-up goes through this lock.
private let zoneLock = Mutex(ZoneState())

private struct ZoneState { var ready = false }
