// SPDX-License-Identifier: GPL-3.0-or-later
/// `sevenmin export-routine`: a routine as another app's file, to take it back to the phone.
public struct ExportRoutineCommand: ParsableCommand, Equatable {
    /// The apps a routine can be written for.
    public static let formats: [RoutineFormat] = [.jawt, .openhiit]

    public static let spec = CommandSpec(
        name: "export-routine",
        abstract: "Write a routine as a Just Another Workout Timer or OpenHIIT file.",
        discussion: "The file imports into the app with the same exercises, times and rounds, and 'sevenmin "
            + "import' reads it back unchanged. Just Another Workout Timer holds any routine; OpenHIIT holds one "
            + "whose exercises share one work time and one rest, with at most one warm-up and one cool-down.",
        positional: .requiredThenOptional("file", help: "The file to write, ending in .json.", values: .file,
                                          then: PlanRequest.routineArgument),
        options: [Option.format, Option.force])

    public enum Option {
        public static let format = OptionSpec(long: "format", value: "app",
                                              help: "The app to write for. (values: jawt, openhiit; default: jawt)",
                                              values: .choices(formats.map(\.rawValue)))
        public static let force = OptionSpec(long: "force", value: nil, help: "Overwrite the file if it exists.")
    }

    public var path = ""
    /// The routine, and whether it was named (else it is chosen as `start` chooses it).
    public var routine = PlanRequest()
    public var format = RoutineFormat.jawt
    public var force = false

    public init() {}

    public init(_ parsed: ParsedArguments) throws(UsageError) {
        path = parsed.positional[0]
        guard path.lowercased().hasSuffix(".json") else {
            throw .invalidValue(option: "<file>", value: path, expected: "a name ending in .json",
                                command: ExportRoutineCommand.spec.name)
        }
        if parsed.positional.count > 1 { routine.routine = parsed.positional[1] }
        routine.given = GivenOptions(routine: parsed.positional.count > 1)
        let text = parsed.value(Option.format) ?? RoutineFormat.jawt.rawValue
        guard let format = RoutineFormat(rawValue: text), ExportRoutineCommand.formats.contains(format) else {
            throw .invalidValue(option: Option.format.synopsis, value: text, expected: "jawt or openhiit",
                                command: ExportRoutineCommand.spec.name)
        }
        self.format = format
        force = parsed.flag(Option.force)
    }
}
