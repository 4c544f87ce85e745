// SPDX-License-Identifier: GPL-3.0-or-later
/// Why the arguments could not be understood; worded at the edge, not here.
public enum UsageError: Error, Equatable, Sendable {
    case unknownCommand(String, suggestion: String?)
    case unknownOption(String, command: String, suggestion: String?)
    case missingValue(option: String, command: String)
    case invalidValue(option: String, value: String, expected: String, command: String)
    case unexpectedArgument(String, command: String)
    case missingArgument(String, command: String)
    case unexpectedValue(option: String, command: String)
    /// Two options that cannot go together.
    case conflict(String, String, command: String)

    /// The subcommand whose usage applies, if any.
    public var command: String? {
        switch self {
        case .unknownCommand: return nil
        case .unknownOption(_, let c, _), .missingValue(_, let c), .invalidValue(_, _, _, let c),
             .unexpectedArgument(_, let c), .missingArgument(_, let c), .unexpectedValue(_, let c),
             .conflict(_, _, let c):
            return c.isEmpty ? nil : c
        }
    }
}
