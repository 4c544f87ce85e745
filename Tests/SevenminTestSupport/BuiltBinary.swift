// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The built `sevenmin` (or another product, `name`), for tests that run it: `SEVENMIN_BIN` for sevenmin, else
/// the one beside the test bundle, else the debug build in `repositoryRoot`.
public enum BuiltBinary {
    public static func path(_ name: String = "sevenmin", repositoryRoot: String) -> String {
        if name == "sevenmin", let env = ProcessInfo.processInfo.environment["SEVENMIN_BIN"] { return env }
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        for dir in [beside, beside.deletingLastPathComponent()] {
            let candidate = dir.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return repositoryRoot + "/.build/debug/" + name
    }
}
