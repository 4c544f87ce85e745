// SPDX-License-Identifier: GPL-3.0-or-later
/// Why the full screen could not be had, worded for the person at the terminal.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// Standard input or output is not a terminal.
    case notATerminal
    /// `TERM` names a type terminfo does not know.
    case unknownType(String)
    /// The terminal type cannot move the cursor.
    case cannotAddress(String)
    /// Curses refused to set the terminal up.
    case cannotStart(String)

    public var description: String {
        switch self {
        case .notATerminal:
            return "sevenmin start needs a terminal on standard input and output; "
                + "'sevenmin list' prints the plan instead"
        case .unknownType(let type):
            return "unknown terminal type '\(type)'; set TERM to your terminal's type (for example xterm-256color)"
        case .cannotAddress(let type):
            return "terminal type '\(type)' cannot move the cursor, and sevenmin needs a full-screen terminal; "
                + "set TERM to your terminal's real type"
        case .cannotStart(let type):
            return "cannot set up the terminal (type '\(type)') for the full screen; "
                + "try another TERM, or see the log for details"
        }
    }
}
