// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminBuiltIn
import SevenminCore
import SevenminShipped
import SevenminSystem

/// A routine named on the command line that could not be found.
public struct RoutineNotFound: Error, CustomStringConvertible {
    public var name: String
    public var available: [String]
    public var description: String {
        "Error: No routine named '\(visible(name))'."
            + (available.isEmpty ? "" : " Available: " + available.map(visible).joined(separator: ", ") + ".")
            + "\nSee 'sevenmin routines' for where they come from."
    }
}

/// A routine file that could not be read, before its contents were looked at.
public struct RoutineFileError: Error, Equatable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        case notFound
        case isDirectory
        /// Larger than `RoutineLoader.maximumFileSize`; the size when it was known without reading.
        case tooLarge(bytes: Int?)
        /// The call that failed (`open`, `read`…) and its `errno`.
        case unreadable(call: String, errno: Int32)
    }

    public var path: String
    public var reason: Reason

    /// 66 (EX_NOINPUT) when there is nothing readable at the path, 65 (EX_DATAERR) when it is too large.
    public var exitCode: Int32 {
        if case .tooLarge = reason { return ExitCode.dataError }
        return ExitCode.noInput
    }

    public var description: String {
        switch reason {
        case .notFound: return "Error: Cannot read '\(visible(path))': there is no such file."
        case .isDirectory: return "Error: Cannot read '\(visible(path))': it is a folder, not a routine file."
        case .tooLarge(let bytes): return RoutineLoader.tooLarge(path: path, bytes: bytes).description
        case .unreadable(let call, let errno):
            return "Error: Cannot read '\(visible(path))': \(SystemCall.Failure(call: call, errno: errno))."
        }
    }
}

/// Where a routine's bytes are: a file, or the copy built into the program.
public enum RoutineLocation: Equatable, Sendable {
    case file(String)
    case builtIn(String)

    /// The folder a built-in routine is shown in.
    public static let builtInFolder = "(built in)"

    /// The path shown in lists and messages; `(built in)/NAME.json` for a built-in routine.
    public var path: String {
        switch self {
        case .file(let path): return path
        case .builtIn(let name): return "\(RoutineLocation.builtInFolder)/\(RoutineFileName.fileName(of: name))"
        }
    }
}

/// A routine file found on the search path.
public struct RoutineFile: Equatable {
    public var name: String
    public var location: RoutineLocation
    /// The file of the same name found earlier on the path, which hides this one.
    public var shadowedBy: String?

    public var path: String { location.path }
}

/// The WorkoutDataSource: finds routines on the search path and loads them.
///
/// The path is `$SEVENMIN_WORKOUTS` (colon-separated), then the user's folder
/// (`$XDG_CONFIG_HOME/sevenmin/workouts`, or `~/.config/sevenmin/workouts`), then the
/// shipped `Workouts/`, or the routines built into the program when that folder is not found.
/// A file found earlier shadows one of the same name found later.
public struct WorkoutDataSource {
    public var environment: [String: String]
    public var shippedDirectory: String?
    /// Whether the built-in routines stand in when there is no shipped folder.
    public var builtIn: Bool

    public init(environment: [String: String] = ProcessEnvironment.current,
                shippedDirectory: String? = Resources.workoutsDirectory, builtIn: Bool = true) {
        self.environment = environment
        self.shippedDirectory = shippedDirectory
        self.builtIn = builtIn
    }

    /// The built-in routines' names, when they stand in for the shipped folder.
    var builtInNames: [String] { builtIn && shippedDirectory == nil ? BuiltInFiles.routineNames : [] }

    /// Where `sevenmin new` writes; nil when there is no home folder (see `UserDirectories.noHomeMessage`).
    public var userDirectory: String? { UserDirectories(environment: environment).routinesDirectory }

    public var searchPath: [String] {
        var dirs = (environment["SEVENMIN_WORKOUTS"] ?? "").split(separator: ":").map(String.init)
            .filter { !$0.isEmpty }
        if let userDirectory { dirs.append(userDirectory) }
        if let shippedDirectory { dirs.append(shippedDirectory) }
        return dirs
    }

    /// Every routine on the path, in path order, with shadowed ones marked.
    public func allRoutines() -> [RoutineFile] {
        var seen: [String: String] = [:]
        var out: [RoutineFile] = []
        for dir in searchPath {
            // A folder that cannot be listed holds no routines; `doctor` reads each file it does list.
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [])
                .compactMap(RoutineFileName.routineName(of:))
                // By name, so that `classic` comes before `classic-3x` (as file names, '-' sorts before '.').
                .sorted()
            for name in names {
                let path = dir + "/" + RoutineFileName.fileName(of: name)
                out.append(RoutineFile(name: name, location: .file(path), shadowedBy: seen[name]))
                if seen[name] == nil { seen[name] = path }
            }
        }
        for name in builtInNames {
            out.append(RoutineFile(name: name, location: .builtIn(name), shadowedBy: seen[name]))
        }
        return out
    }

    /// What a routine argument refers to: a path to a `.json` file, or a name on the search path.
    public func location(for argument: String) throws -> RoutineLocation {
        if WorkoutDataSource.isPath(argument) { return .file(argument) }
        for dir in searchPath where RoutineFileName.routineName(of: RoutineFileName.fileName(of: argument)) != nil {
            let candidate = dir + "/" + RoutineFileName.fileName(of: argument)
            if FileManager.default.fileExists(atPath: candidate) { return .file(candidate) }
        }
        if builtInNames.contains(argument) { return .builtIn(argument) }
        let names = Set(allRoutines().map(\.name)).sorted()
        throw RoutineNotFound(name: argument, available: names)
    }

    /// Whether a routine argument is a path to a file (it ends in `.json` or names a folder) rather than a name.
    public static func isPath(_ argument: String) -> Bool {
        argument.hasSuffix(RoutineFileName.suffix) || argument.contains("/")
    }

    /// The bytes of a routine file, or of a built-in routine.
    public func contents(of location: RoutineLocation) throws -> [UInt8] {
        switch location {
        case .file(let path): return try WorkoutDataSource.read(path)
        case .builtIn(let name):
            guard let bytes = BuiltInFiles.routine(name) else {
                throw RoutineNotFound(name: name, available: BuiltInFiles.routineNames)
            }
            return bytes
        }
    }

    /// Loads a routine. Throws `RoutineNotFound`, `RoutineFileError` or `RoutineLoadError`.
    public func load(_ location: RoutineLocation) throws -> Routine {
        try RoutineLoader.parse(try contents(of: location), path: location.path)
    }

    /// Loads a routine by name or path.
    public func load(_ argument: String) throws -> Routine { try load(location(for: argument)) }

    /// Reads a routine file, refusing one over `RoutineLoader.maximumFileSize` before reading it.
    ///
    /// Opened non-blocking, so a FIFO with no writer cannot hang the open; anything that is not a
    /// regular file (a pipe, `/dev/zero`) is read only up to one byte past the limit.
    public static func read(_ path: String) throws(RoutineFileError) -> [UInt8] {
        let contents: BoundedRead
        do {
            contents = try boundedRead(path, limit: RoutineLoader.maximumFileSize)
        } catch {
            let missing = error.errno == ENOENT || error.errno == ENOTDIR
            throw RoutineFileError(path: path,
                                   reason: missing ? .notFound : .unreadable(call: error.call, errno: error.errno))
        }
        switch contents {
        case .bytes(let bytes): return bytes
        case .directory: throw RoutineFileError(path: path, reason: .isDirectory)
        case .tooLarge(let size): throw RoutineFileError(path: path, reason: .tooLarge(bytes: size))
        }
    }

    private enum BoundedRead {
        case bytes([UInt8])
        case directory
        case tooLarge(Int?)
    }

    private static func boundedRead(_ path: String, limit: Int) throws(SystemCall.Failure) -> BoundedRead {
        let fd = try SystemCall.open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        // ignored: the file was only read: closing it cannot lose anything
        defer { close(fd) }
        let info = try SystemCall.status(of: fd)
        let type = info.st_mode & S_IFMT
        if type == S_IFDIR { return .directory }
        if type == S_IFREG && info.st_size > limit { return .tooLarge(Int(info.st_size)) }
        // A pipe is read as its writer sends; only the open had to be kept from blocking.
        if type != S_IFREG { try SystemCall.makeBlocking(fd) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(type == S_IFREG ? Int(info.st_size) + 1 : 64 * 1024)
        // One byte past the limit tells a file that grew, or a device that never ends, from one that fits.
        while bytes.count <= limit {
            if try SystemCall.read(fd, into: &bytes, count: min(64 * 1024, limit + 1 - bytes.count)) == 0 { break }
        }
        return bytes.count > limit ? .tooLarge(nil) : .bytes(bytes)
    }
}
