// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminApp

exit(Main.run(Array(CommandLine.arguments.dropFirst())))
