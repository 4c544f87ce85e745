// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
@testable import SevenminCore
import SevenminYAML
import Testing

let here = String(#filePath.prefix(upTo: #filePath.lastIndex(of: "/")!))
let fixtures = here + "/Fixtures"
let fixtureNames = ["jawt-backup.json", "jawt-export-de.json", "jawt-export-ru.json", "jawt-workout-v1.7.0.json",
                    "jawt-export-el.json", "jawt-export-ja.json",
                    "openhiit-timers.json", "openhiit-timer-es.json", "openhiit-workouts-2024.json",
                    "sweat-example.yaml", "sweat-dashed-v201909080.yaml", "sweat-de.yaml", "home/.sweat",
                    "sweat-shuffle-no-chair.yaml"]
/// Fixtures the app itself refuses, and so does the import.
let refusedFixtures = ["jawt-export-ru.json", "sweat-unnamed-group.yaml", "sweat-no-chair-no-jumping.yaml"]
let shippedRoutines = here + "/../../Workouts"

func bytes(_ path: String) throws -> [UInt8] {
    try #require(FileManager.default.contents(atPath: path).map { Array($0) }, "cannot read \(path)")
}

/// A file as `sevenmin import` reads it: YAML for .yaml, else JSON.
func imported(_ text: String, yaml: Bool = false, path: String = "in.json") throws(RoutineLoadError)
    -> ImportResult {
    let root: JSONNode
    do { root = yaml ? try YAMLParser.parse(Array(text.utf8)) : try JSONParser.parse(Array(text.utf8)) } catch {
        throw RoutineLoadError([Diagnostic(path: path, position: error.position, message: error.message)])
    }
    return try RoutineImport.convert(root, path: path)
}

/// The figures of the moves sevenmin ships, from the shipped routines.
let shippedFigures = MoveFigures(shipped: ["classic", "advanced", "standing", "tabata", "original", "classic-3x"]
    .compactMap { name in
        (try? bytes(shippedRoutines + "/\(name).json")).flatMap { try? RoutineLoader.parse($0, path: name) }
    })

/// A fixture as `sevenmin import` reads it: YAML for .yaml and .sweat, else JSON from its bytes.
func importedFixture(_ name: String) throws -> ImportResult {
    let data = try bytes(fixtures + "/" + name)
    if name.hasSuffix(".yaml") || name.hasSuffix(".sweat") {
        do {
            return try RoutineImport.convert(YAMLParser.parse(data), path: name, figures: shippedFigures)
        } catch let error as JSONSyntaxError {
            throw RoutineLoadError([Diagnostic(path: name, position: error.position, message: error.message)])
        }
    }
    return try RoutineImport.convert(json: data, path: name, figures: shippedFigures)
}

/// Text as Just Another Workout Timer's export writes it and reads it back: each UTF-16 code unit cut to
/// a byte (`codeUnits`), then `utf8.decode(allowMalformed: true)`.
func asTheJAWTAppShows(_ text: String) -> String {
    String(decoding: text.utf16.map { UInt8(truncatingIfNeeded: $0) }, as: UTF8.self)
}

/// The processor time `body` takes on this thread, in seconds: unlike the wall clock, not
/// lengthened by other work on the machine.
func threadSeconds(_ body: () throws -> Void) rethrows -> Double {
    func now() -> Double {
        var t = timespec()
        // ignored: CLOCK_THREAD_CPUTIME_ID is always there on Linux
        _ = clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
    let start = now()
    try body()
    return now() - start
}

/// Each segment as (kind, heading, seconds), the way the workout runs.
func timeline(_ routine: Routine) -> [String] {
    let plan = Plan(routine)
    return plan.segments.indices.map { k in
        "\(plan.segments[k].kind.rawValue) \(plan.heading(of: k)) \(JSONWriter.number(plan.segments[k].duration))"
    }
}
