// SPDX-License-Identifier: GPL-3.0-or-later
/// `sevenmin man [SECTION]`: a manual page in roff, from which installers and packages make theirs.
public struct ManCommand: ParsableCommand, Equatable {
    public static let spec = CommandSpec(
        name: "man",
        abstract: "Print a manual page as roff: 1 for the program, 5 for routine files.",
        discussion: "Read it with 'sevenmin man | man -l -'. The installed pages are made with this command.",
        positional: .optional("section", help: "The section. (values: 1, 5; default: 1)",
                              values: .choices(ManPage.Section.allCases.map(\.rawValue))),
        options: [])

    public var section: ManPage.Section

    public init(section: ManPage.Section = .program) { self.section = section }

    public init(_ parsed: ParsedArguments) throws(UsageError) {
        section = try parsed.argument("section", as: ManPage.Section.self) ?? .program
    }
}
