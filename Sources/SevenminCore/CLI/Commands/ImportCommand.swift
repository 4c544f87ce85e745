// SPDX-License-Identifier: GPL-3.0-or-later
/// `sevenmin import`: routines from other apps' files, written into the user's folder.
public struct ImportCommand: ParsableCommand, Equatable {
    public static let spec = CommandSpec(
        name: "import",
        abstract: "Make sevenmin routines from other workout timers' files.",
        discussion: "Reads a Just Another Workout Timer backup or workout (.json), an OpenHIIT export (.json) or "
            + "a Sweat configuration (.yaml), tells which it is by its shape, and writes each workout in it as a "
            + "routine into your workouts folder, timed exactly as that app runs it and named after it; a name that "
            + "holds another routine is passed for the same with -2, -3 and so on. Settings sevenmin has no use "
            + "for are named in one warning. Nothing is written if any file has a problem. The routines' paths "
            + "are printed, the last on the last line, then how to start one.",
        positional: .oneOrMore("file", help: "Files to import.", values: .file),
        options: [Option.force])

    public enum Option {
        public static let force = OptionSpec(long: "force", value: nil,
            help: "Replace a routine an earlier import wrote from the same workout (its name, from the same app) "
                + "when it differs from this import, atomically, saying which. No other routine is ever replaced.")
    }

    public var paths: [String]
    public var force = false

    public init(paths: [String], force: Bool = false) {
        self.paths = paths
        self.force = force
    }

    public init(_ parsed: ParsedArguments) throws(UsageError) {
        paths = parsed.positional
        force = parsed.flag(Option.force)
    }
}
