// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminBuiltIn
import SevenminCore
import SevenminShipped
import SevenminSystem

/// Finds the shipped `Workouts/` and `Sounds/` folders, wherever sevenmin runs from:
/// `swift run`, the built binary in `.build/`, or an installed copy. When there are none, the
/// copies built into the binary stand in (`BuiltInFiles`).
public enum Resources {
    /// The folder holding `Workouts/` and `Sounds/`: `$SEVENMIN_DATA_DIR`, else `../share/sevenmin`
    /// beside the binary, else the source tree the binary was built in; nil when none is found.
    public static let dataDirectory: String? = {
        if let dir = getenv("SEVENMIN_DATA_DIR").map({ String(cString: $0) }), !dir.isEmpty { return dir }
        // libc, not FileManager and URL: their first use looked up generic types by name at every start.
        guard let exe = (try? SystemCall.resolvedPath("/proc/self/exe"))
            ?? CommandLine.arguments.first.flatMap({ try? SystemCall.resolvedPath($0) }) else { return nil }
        var dir = PathText.folder(of: exe)
        let prefix = PathText.folder(of: dir)
        let installed = (prefix == "/" ? "" : prefix) + "/share/sevenmin"
        if hasData(installed) { return installed }
        // From a build folder, walk up to the source tree.
        for _ in 0..<6 {
            if hasData(dir) { return dir }
            dir = PathText.folder(of: dir)
        }
        return nil
    }()

    static func hasData(_ dir: String) -> Bool {
        (try? SystemCall.status(atPath: dir + "/Workouts/classic.json")) != nil
    }

    public static var workoutsDirectory: String? { dataDirectory.map { $0 + "/Workouts" } }
    public static var soundsDirectory: String? { dataDirectory.map { $0 + "/Sounds" } }

    /// Where diagnostics go while the screen is taken: `$XDG_STATE_HOME/sevenmin/sevenmin.log`;
    /// `/dev/null` when there is no home folder, rather than a file anyone could read in `/tmp`.
    public static var logPath: String {
        let directories = UserDirectories()
        guard let dir = directories.stateDirectory, let file = directories.logFile,
              (try? UserDirectories.makeDirectory(dir)) != nil else { return "/dev/null" }
        return file
    }
}
