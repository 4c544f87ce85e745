// SPDX-License-Identifier: GPL-3.0-or-later
/// A shell that `sevenmin completions` writes a script for.
public enum Shell: String, CaseIterable, Sendable {
    case bash, zsh, fish

    /// The completion script, made from the command table. Routines, tags and voices are asked of
    /// `sevenmin __complete` when a tab is pressed, so they follow the search path of the moment.
    public func completionScript(commands: [CommandSpec] = CommandLineParser.specs) -> String {
        switch self {
        case .bash: return BashCompletion.script(commands)
        case .zsh: return ZshCompletion.script(commands)
        case .fish: return FishCompletion.script(commands)
        }
    }
}
