// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminShipped

/// The shipped routines and cue sounds, compiled into the program from `Workouts/` and `Sounds/`.
public enum BuiltInFiles {
    /// The names of the built-in routines (`classic`, `tabata`…), sorted; plans, in a folder of their own, are not.
    public static let routineNames: [String] = ShippedFiles.base64.keys
        .filter { $0.hasPrefix(routineFolder) && !$0.dropFirst(routineFolder.count).contains("/") }
        .compactMap { RoutineFileName.routineName(of: String($0.dropFirst(routineFolder.count))) }
        .sorted()

    private static let routineFolder = "Workouts/"

    /// The bytes of the built-in routine `name`, as its file in `Workouts/` held them at build time.
    public static func routine(_ name: String) -> [UInt8]? {
        RoutineFileName.routineName(of: RoutineFileName.fileName(of: name)) == nil ? nil
            : file(routineFolder + RoutineFileName.fileName(of: name))
    }

    /// The bytes of the built-in cue sound `name` (`tick`, `go`…), a WAV file from `Sounds/`.
    public static func sound(_ name: String) -> [UInt8]? { file("Sounds/\(name).wav") }

    /// Every built-in file by its path in the repository (`Workouts/classic.json`), for tests.
    public static var paths: [String] { ShippedFiles.base64.keys.sorted() }

    /// A file by its path in the repository.
    public static func file(_ path: String) -> [UInt8]? {
        ShippedFiles.base64[path].flatMap { Data(base64Encoded: $0) }.map { [UInt8]($0) }
    }
}
