// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminCore
import SevenminSystem
import SevenminTerminal

/// How plain command output may look on standard output: colour as a workout's screen would have it
/// (terminfo's colours, `COLORTERM`, `NO_COLOR`: `ColorDepth.detect`) when it is a terminal, and Unicode
/// glyphs when the locale's charset is UTF-8, and text measured as the C library does under the locale.
struct OutputStyle {
    var depth: ColorDepth
    var utf8: Bool
    var metrics = TextMetrics.system

    static func standardOutput(environment: [String: String] = ProcessEnvironment.current) -> OutputStyle {
        let terminal = isatty(STDOUT_FILENO) == 1 && environment["TERM"] != "dumb"
        // The one rule every output follows, the screen's own: a vt100 gets no colour whatever TERM's name says.
        let depth = terminal ? CursesTerminal.probe(colorChoice: .auto).depth : .monochrome
        return OutputStyle(depth: depth, utf8: localeCharsetIsUTF8())
    }

    var statsColors: StatsReport.Colors {
        switch depth {
        case .direct, .palette256: return .xterm256
        case .basic16, .basic8: return .basic8
        case .monochrome: return .none
        }
    }
}
