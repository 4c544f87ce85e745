// SPDX-License-Identifier: GPL-3.0-or-later
/// `sevenmin __complete WHAT`, not listed: the routines, plans, tags or voices of this machine, one a line,
/// for the completion scripts.
public struct CompleteCommand: ParsableCommand, Equatable {
    public static let spec = CommandSpec(
        name: "__complete",
        abstract: "List routines, plans, tags or voices for shell completion.",
        discussion: nil,
        positional: .required("what", help: "routines, plans, tags or voices"),
        options: [])

    public var query: CompletionQuery

    public init(query: CompletionQuery) { self.query = query }

    public init(_ parsed: ParsedArguments) throws(UsageError) {
        query = try parsed.argument("what", as: CompletionQuery.self) ?? .routines
    }
}
