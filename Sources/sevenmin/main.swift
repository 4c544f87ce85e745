import Foundation
import SevenminApp

exit(Main.run(Array(CommandLine.arguments.dropFirst())))
