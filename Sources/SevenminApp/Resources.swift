import Foundation
import SevenminCore

/// Finds the shipped `Workouts/` and `Sounds/` folders, wherever sevenmin runs from:
/// `swift run`, the built binary in `.build/`, or an installed copy.
public enum Resources {
    /// The folder holding `Workouts/` and `Sounds/`.
    public static let dataDirectory: String? = {
        let env = ProcessInfo.processInfo.environment
        if let dir = env["SEVENMIN_DATA_DIR"], !dir.isEmpty { return dir }
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments.first ?? ""
        var dir = URL(fileURLWithPath: exe).resolvingSymlinksInPath().deletingLastPathComponent()
        let installed = dir.deletingLastPathComponent().appendingPathComponent("share/sevenmin")
        if hasData(installed.path) { return installed.path }
        // From a build folder, walk up to the source tree.
        for _ in 0..<6 {
            if hasData(dir.path) { return dir.path }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }()

    static func hasData(_ dir: String) -> Bool {
        FileManager.default.fileExists(atPath: dir + "/Workouts/classic.json")
    }

    public static var workoutsDirectory: String? { dataDirectory.map { $0 + "/Workouts" } }
    public static var soundsDirectory: String? { dataDirectory.map { $0 + "/Sounds" } }

    /// Where diagnostics go while the screen is taken: `$XDG_STATE_HOME/sevenmin/sevenmin.log`.
    public static var logPath: String {
        let env = ProcessInfo.processInfo.environment
        let base = env["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (env["HOME"] ?? NSTemporaryDirectory()) + "/.local/state"
        let dir = base + "/sevenmin"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir + "/sevenmin.log"
    }
}

/// A routine named on the command line that could not be found.
public struct RoutineNotFound: Error, CustomStringConvertible {
    public var name: String
    public var available: [String]
    public var description: String {
        "Error: No routine named '\(visible(name))'." + (available.isEmpty ? "" : " Available: " + available.joined(separator: ", ") + ".")
    }
}

/// The WorkoutDataSource: turns a routine's name or path into a loaded, validated routine.
public enum WorkoutDataSource {
    /// Routine names shipped in `Workouts/`.
    public static func shippedNames() -> [String] {
        guard let dir = Resources.workoutsDirectory,
              let files = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return [] }
        return files.filter { $0.hasSuffix(".json") && $0 != "schema.json" }.map { String($0.dropLast(5)) }.sorted()
    }

    /// The file a routine argument refers to: a path to a `.json` file, or a name in `Workouts/`.
    public static func path(for argument: String) throws -> String {
        if argument.hasSuffix(".json") || argument.contains("/") { return argument }
        if let dir = Resources.workoutsDirectory {
            let candidate = dir + "/" + argument + ".json"
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
        }
        throw RoutineNotFound(name: argument, available: shippedNames())
    }

    public static func load(_ argument: String) throws -> Routine {
        try RoutineLoader.load(path: path(for: argument))
    }
}
