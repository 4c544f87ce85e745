// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminSystem

/// Takes the character set the environment names (`setlocale(LC_CTYPE, "")`), so that character widths
/// and the charset follow the user's. Only `LC_CTYPE`: curses and `wcwidth` read nothing else, every
/// message is sevenmin's own, times are written by our own formatting, and the first day of the week
/// is read from `LC_TIME` where it is needed (`LocalCalendar.current`); the other twelve categories
/// cost a file each at every start. A UTF-8 locale that is not installed (common on minimal systems
/// and in containers) falls back to `C.UTF-8` rather than to plain ASCII. Once a process is enough.
public func adoptUserLocale() {
    _ = userLocaleAdopted
}

private let userLocaleAdopted: Bool = {
    if setlocale(LC_CTYPE, "") != nil { return true }
    let environment = ProcessEnvironment.current
    let name = [environment["LC_ALL"], environment["LC_CTYPE"], environment["LANG"]]
        .compactMap { $0 }.first { !$0.isEmpty }?.lowercased() ?? ""
    // ignored: without C.UTF-8 too the C locale stands, and the screen is drawn in ASCII
    if name.contains("utf-8") || name.contains("utf8") { setlocale(LC_CTYPE, "C.UTF-8") }
    return true
}()

/// Whether the current locale's charset is UTF-8 (`nl_langinfo(CODESET)`), which decides between
/// `Glyphs.unicode` and `Glyphs.ascii`; ask after `adoptUserLocale`.
public func localeCharsetIsUTF8() -> Bool {
    guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
    let name = String(cString: codeset).uppercased()
    return name == "UTF-8" || name == "UTF8"
}
