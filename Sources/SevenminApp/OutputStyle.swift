import FoundationEssentials
import Glibc
import SevenminCore
import SevenminTerminal

/// How plain command output may look on standard output: colour when it is a terminal that has it
/// and NO_COLOR is unset, and Unicode glyphs when the locale's charset is UTF-8.
struct OutputStyle {
    var colors: Int
    var utf8: Bool

    static func standardOutput(environment: [String: String] = ProcessInfo.processInfo.environment) -> OutputStyle {
        let terminal = isatty(STDOUT_FILENO) == 1 && environment["TERM"] != "dumb"
            && (environment["NO_COLOR"] ?? "").isEmpty
        let term = environment["TERM"] ?? ""
        let colors = !terminal ? 0 : term.contains("256") || term.contains("direct")
            || ["truecolor", "24bit"].contains(environment["COLORTERM"] ?? "") ? 256 : 8
        return OutputStyle(colors: colors, utf8: localeCharsetIsUTF8())
    }

    var statsColors: StatsReport.Colors { colors >= 256 ? .xterm256 : colors >= 8 ? .basic8 : .none }

}
