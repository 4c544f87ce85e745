// SPDX-License-Identifier: GPL-3.0-or-later
/// `sevenmin import`: routines from other apps' files, written into the user's folder.
public struct ImportCommand: ParsableCommand, Equatable {
    public static let spec = CommandSpec(
        name: "import",
        abstract: "Make sevenmin routines from other workout timers' files.",
        discussion: "Reads a Just Another Workout Timer backup or workout (.json), an OpenHIIT export (.json) or "
            + "a Sweat configuration (.yaml), tells which it is by its shape, and writes each workout in it as a "
            + "routine into your workouts folder, timed exactly as that app runs it. Settings sevenmin has no use "
            + "for are named in one warning. Nothing is written if any file has a problem, and no routine is "
            + "overwritten. The routines' paths are printed, the last on the last line.",
        positional: .oneOrMore("file", help: "Files to import.", values: .file),
        options: [])

    public var paths: [String]

    public init(paths: [String]) { self.paths = paths }
    public init(_ parsed: ParsedArguments) throws(UsageError) { paths = parsed.positional }
}
