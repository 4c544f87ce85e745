// SPDX-License-Identifier: GPL-3.0-or-later
import SevenminCore

/// The words of the errors that parsing and looking up routines raise, built at the edge from typed
/// errors; errors of files and system calls word themselves (their `description`).
enum Messages {
    /// What a new routine file does to one of the same name further down the search path, at `path`.
    static func hides(_ path: String) -> String {
        "hides the routine of the same name in \(visible(path)); 'sevenmin routines' shows both"
    }

    /// The three lines printed to stderr for a usage error.
    static func usage(_ error: UsageError) -> String {
        let spec = error.command.flatMap { name in CommandLineParser.specs.first { $0.name == name } }
        var lines: [String] = []
        switch error {
        case .unknownCommand(let word, let suggestion):
            lines.append("Error: Unknown command '\(visible(word))'")
            if let suggestion { lines.append("Did you mean '\(suggestion)'?") }
        case .unknownOption(let word, _, let suggestion):
            lines.append("Error: Unknown option '\(visible(word))'")
            if let suggestion { lines.append("Did you mean '\(suggestion)'?") }
        case .missingValue(let option, _):
            lines.append("Error: Missing value for '\(option)'")
        case .invalidValue(let option, let value, let expected, _):
            lines.append("Error: The value '\(visible(value))' is invalid for '\(option)': expected \(expected)")
        case .unexpectedArgument(let word, _):
            lines.append("Error: Unexpected argument '\(visible(word))'")
        case .missingArgument(let name, _):
            lines.append("Error: Missing expected argument '\(name)'")
        case .unexpectedValue(let option, _):
            lines.append("Error: '\(option)' takes no value")
        case .conflict(let a, let b, _):
            lines.append("Error: '\(visible(a))' cannot be used with '\(visible(b))'")
        }
        lines.append("Usage: " + (spec?.shortUsage ?? "sevenmin <subcommand>"))
        let helpCommand = spec.map { "sevenmin \($0.name) --help" } ?? "sevenmin --help"
        lines.append("See '\(helpCommand)' for more information.")
        return lines.joined(separator: "\n")
    }

    static func plan(_ failure: PlanRequest.Failure) -> String {
        switch failure {
        case .unknownTag(let tag, let known):
            let near = Suggestions.nearest(to: tag, in: known).first.map { " Did you mean '\($0)'?" } ?? ""
            let list = known.isEmpty ? "this routine's exercises have no tags"
                : "its tags are " + known.joined(separator: ", ")
            return "Error: No exercise is tagged '\(visible(tag))'; \(list).\(near)"
        case .adjustments(.noExercisesLeft(let tags, let routine)):
            return "Error: Leaving out exercises tagged \(tags.map { "'\(visible($0))'" }.joined(separator: ", ")) "
                + "leaves '\(visible(routine))' with no exercises."
        case .adjustments(.planTooLarge(let size)):
            return "Error: With these changes, \(size.problem ?? "the workout would be too large")."
        }
    }

    static func notFound(_ error: RoutineNotFound) -> String {
        var text = "Error: No routine named '\(visible(error.name))'."
        if let near = Suggestions.nearest(to: error.name, in: error.available).first {
            text += " Did you mean '\(visible(near))'?"
        } else if !error.available.isEmpty {
            text += " Available: " + error.available.map(visible).joined(separator: ", ") + "."
        }
        return text + "\nSee 'sevenmin routines' for where they come from."
    }
}
