// SPDX-License-Identifier: GPL-3.0-or-later
/// A subcommand, as swift-argument-parser has them: one type holds its table entry (name, help,
/// options) and turns parsed arguments into its own validated value. Running it is the app's part.
public protocol ParsableCommand: Sendable {
    static var spec: CommandSpec { get }
    init(_ arguments: ParsedArguments) throws(UsageError)
}
