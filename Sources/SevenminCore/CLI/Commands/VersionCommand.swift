// SPDX-License-Identifier: GPL-3.0-or-later
/// `sevenmin --version`.
public struct VersionCommand: ParsableCommand, Equatable {
    public static let spec = CommandSpec(name: "--version", abstract: "Show the version.", discussion: nil,
                                         positional: .none, options: [])
    public init() {}
    public init(_ parsed: ParsedArguments) throws(UsageError) {}
}
