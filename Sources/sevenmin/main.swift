// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminApp
import SevenminSystem

exit(Main.run(Array(ProcessArguments.all().dropFirst())))
