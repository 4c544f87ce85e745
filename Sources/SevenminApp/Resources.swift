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
            + "\nSee 'sevenmin routines' for where they come from."
    }
}

/// A routine file found on the search path.
public struct RoutineFile: Equatable {
    public var name: String
    public var path: String
    /// The file of the same name found earlier on the path, which hides this one.
    public var shadowedBy: String?
}

/// The WorkoutDataSource: finds routines on the search path and loads them.
///
/// The path is `$SEVENMIN_WORKOUTS` (colon-separated), then the user's folder
/// (`$XDG_CONFIG_HOME/sevenmin/workouts`, or `~/.config/sevenmin/workouts`), then the
/// shipped `Workouts/`. A file found earlier shadows one of the same name found later.
public struct WorkoutDataSource {
    public var environment: [String: String]
    public var shippedDirectory: String?

    public init(environment: [String: String] = ProcessInfo.processInfo.environment,
                shippedDirectory: String? = Resources.workoutsDirectory) {
        self.environment = environment
        self.shippedDirectory = shippedDirectory
    }

    /// Where `sevenmin new` writes.
    public var userDirectory: String {
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSTemporaryDirectory()) + "/.config"
        return base + "/sevenmin/workouts"
    }

    public var searchPath: [String] {
        var dirs = (environment["SEVENMIN_WORKOUTS"] ?? "").split(separator: ":").map(String.init).filter { !$0.isEmpty }
        dirs.append(userDirectory)
        if let shippedDirectory { dirs.append(shippedDirectory) }
        return dirs
    }

    /// Every routine on the path, in path order, with shadowed ones marked.
    public func allRoutines() -> [RoutineFile] {
        var seen: [String: String] = [:]
        var out: [RoutineFile] = []
        for dir in searchPath {
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [])
                .filter { $0.hasSuffix(".json") && $0 != "schema.json" }.sorted()
            for file in files {
                let name = String(file.dropLast(5))
                let path = dir + "/" + file
                out.append(RoutineFile(name: name, path: path, shadowedBy: seen[name]))
                if seen[name] == nil { seen[name] = path }
            }
        }
        return out
    }

    /// The file a routine argument refers to: a path to a `.json` file, or a name on the search path.
    public func path(for argument: String) throws -> String {
        if argument.hasSuffix(".json") || argument.contains("/") { return argument }
        for dir in searchPath {
            let candidate = dir + "/" + argument + ".json"
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
        }
        let names = Set(allRoutines().map(\.name)).sorted()
        throw RoutineNotFound(name: argument, available: names)
    }

    public func load(_ argument: String) throws -> Routine {
        try RoutineLoader.load(path: path(for: argument))
    }

    /// The bytes of a routine file.
    public func read(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { throw RoutineNotFound(name: path, available: []) }
        return Array(data)
    }
}
