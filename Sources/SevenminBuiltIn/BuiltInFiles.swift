import FoundationEssentials
import Glibc

/// The shipped routines and cue sounds, compiled into the program from `Workouts/` and `Sounds/`.
public enum BuiltInFiles {
    /// The names of the built-in routines (`classic`, `tabata`…), sorted.
    public static let routineNames: [String] = ShippedFiles.base64.keys
        .filter { $0.hasPrefix("Workouts/") && $0.hasSuffix(".json") }
        .map { String($0.dropFirst("Workouts/".count).dropLast(".json".count)) }
        .sorted()

    /// The bytes of the built-in routine `name`, as its file in `Workouts/` held them at build time.
    public static func routine(_ name: String) -> [UInt8]? { file("Workouts/\(name).json") }

    /// The bytes of the built-in cue sound `name` (`tick`, `go`…), a WAV file from `Sounds/`.
    public static func sound(_ name: String) -> [UInt8]? { file("Sounds/\(name).wav") }

    /// Every built-in file by its path in the repository (`Workouts/classic.json`), for tests.
    public static var paths: [String] { ShippedFiles.base64.keys.sorted() }

    /// A file by its path in the repository.
    public static func file(_ path: String) -> [UInt8]? {
        ShippedFiles.base64[path].flatMap { Data(base64Encoded: $0) }.map { [UInt8]($0) }
    }
}
