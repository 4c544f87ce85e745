// SPDX-License-Identifier: GPL-3.0-or-later
import CSevenminSystem
import FoundationEssentials

/// The command line this process was started with.
public enum ProcessArguments {
    /// Every argument, the program's name first: as the kernel passed them, kept before `main` (see
    /// `csevenmin_argv`), so that a preload calling `setenv` cannot make them vanish; `CommandLine`'s
    /// where the initialiser did not run.
    public static func all() -> [String] {
        let count = Int(csevenmin_argc())
        guard count > 0, let argv = csevenmin_argv() else { return CommandLine.arguments }
        return (0..<count).map { argv[$0].map { String(cString: $0) } ?? "" }
    }
}
