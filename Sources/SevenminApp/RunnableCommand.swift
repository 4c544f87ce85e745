// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminCore
import SevenminTerminal

/// A command the program can run: the parsed value from the core, run here at the edge.
protocol RunnableCommand: ParsableCommand {
    /// Runs the command; returns the exit status.
    func run() -> Int32
}
