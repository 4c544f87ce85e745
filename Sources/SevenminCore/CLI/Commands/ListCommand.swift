// SPDX-License-Identifier: GPL-3.0-or-later
/// `sevenmin list`: the plan, as a table or as JSON.
public struct ListCommand: ParsableCommand, Equatable {
    public static let spec = CommandSpec(
        name: "list",
        abstract: "Show a routine's exercises, timings and total duration.",
        discussion: nil,
        positional: PlanRequest.routineArgument,
        options: [Option.json] + PlanRequest.options)

    public enum Option {
        public static let json = OptionSpec(long: "json", value: nil,
                                            help: "Print the resolved plan as JSON, for scripts.")
    }

    public var plan = PlanRequest()
    public var json = false

    public init() {}

    public init(_ parsed: ParsedArguments) throws(UsageError) {
        plan = try PlanRequest(parsed)
        json = parsed.flag(Option.json)
    }
}
