// SPDX-License-Identifier: GPL-3.0-or-later
/// `sevenmin validate`: every problem in every file.
public struct ValidateCommand: ParsableCommand, Equatable {
    public static let spec = CommandSpec(
        name: "validate",
        abstract: "Check routines and report every problem in each.",
        discussion: nil,
        positional: .oneOrMore("routine",
                               help: "Routines to check: names (see 'sevenmin routines') or paths to .json files.",
                               values: .file),
        options: [])

    public var paths: [String]

    public init(paths: [String]) { self.paths = paths }
    public init(_ parsed: ParsedArguments) throws(UsageError) { paths = parsed.positional }
}
