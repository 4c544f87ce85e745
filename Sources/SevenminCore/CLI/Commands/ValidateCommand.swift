/// `sevenmin validate`: every problem in every file.
public struct ValidateCommand: ParsableCommand, Equatable {
    public static let spec = CommandSpec(
        name: "validate",
        abstract: "Check routine files and report every problem in each.",
        discussion: nil,
        positional: .oneOrMore("file", help: "Routine files to check.", values: .file),
        options: [])

    public var paths: [String]

    public init(paths: [String]) { self.paths = paths }
    public init(_ parsed: ParsedArguments) throws(UsageError) { paths = parsed.positional }
}
