import FoundationEssentials
import Glibc
import SevenminApp

exit(Main.run(Array(CommandLine.arguments.dropFirst())))
