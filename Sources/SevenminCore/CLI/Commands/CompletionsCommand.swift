// SPDX-License-Identifier: GPL-3.0-or-later
/// `sevenmin completions SHELL`: the completion script for bash, zsh or fish.
public struct CompletionsCommand: ParsableCommand, Equatable {
    public static let spec = CommandSpec(
        name: "completions",
        abstract: "Print the completion script for a shell.",
        discussion: "Install it as /usr/share/bash-completion/completions/sevenmin, as _sevenmin in a folder of "
            + "zsh's $fpath, or as ~/.config/fish/completions/sevenmin.fish; or try it at once with "
            + "'source <(sevenmin completions bash)'.",
        positional: .required("shell", help: "The shell. (values: bash, zsh, fish)",
                              values: .choices(Shell.allCases.map(\.rawValue))),
        options: [])

    public var shell: Shell

    public init(shell: Shell) { self.shell = shell }

    public init(_ parsed: ParsedArguments) throws(UsageError) {
        // Present: the argument is required.
        shell = try parsed.argument("shell", as: Shell.self) ?? .bash
    }
}
