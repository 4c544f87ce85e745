// SPDX-License-Identifier: GPL-3.0-or-later
import SevenminCore
import SevenminSystem

extension ConfigCommand: RunnableCommand {
    /// Prints every setting `start` would begin with and where it came from; 65 when the file has problems.
    func run() -> Int32 {
        guard let path = ConfigFile.path() else {
            Console.error(UserDirectories.noHomeMessage)
            return ExitCode.failure
        }
        if pathOnly {
            Console.out(path + "\n")
            return ExitCode.success
        }
        switch ConfigFile.load(path: path) {
        case .failure(let status): return status.code
        case .success(let config):
            Console.out("Config file: " + visible(path) + (config == nil ? " (not there: all defaults)" : "") + "\n")
            Console.out(EffectiveSettings(config: config, path: path).text(metrics: .system))
            return ExitCode.success
        }
    }
}
