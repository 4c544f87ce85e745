// SPDX-License-Identifier: GPL-3.0-or-later
/// `sevenmin routines`: every routine on the search path.
public struct RoutinesCommand: ParsableCommand, Equatable {
    public static let spec = CommandSpec(
        name: "routines",
        abstract: "List every routine found, and where it comes from.",
        discussion: "Routines are looked for in $SEVENMIN_WORKOUTS (a colon-separated list), then "
            + "$XDG_CONFIG_HOME/sevenmin/workouts (~/.config/sevenmin/workouts), then the shipped Workouts folder. "
            + "A routine shadows any of the same name found later.",
        positional: .none,
        options: [])

    public init() {}
    public init(_ parsed: ParsedArguments) throws(UsageError) {}
}
