import Foundation

/// Whether the current locale's charset is UTF-8 (`nl_langinfo(CODESET)`), which decides between
/// `Glyphs.unicode` and `Glyphs.ascii`. `CursesTerminal` sets the locale from the environment
/// (`setlocale(LC_ALL, "")`) as it starts; ask after that.
public func localeCharsetIsUTF8() -> Bool {
    guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
    let name = String(cString: codeset).uppercased()
    return name == "UTF-8" || name == "UTF8"
}
