// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SevenminAudio
import SevenminBuiltIn
import SevenminCore
import SevenminShipped
import Testing
@testable import SevenminApp

let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// The routines and sounds built into the binary, and how they stand in for the folders.
@Suite("Built-in routines and sounds")
struct BuiltInFilesTests {
    /// The files a build should carry: every routine and plan (no schema) and every sound.
    static func shippedFiles() throws -> [String] {
        let routines = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/Workouts")
            .filter { RoutineFileName.routineName(of: $0) != nil }
            .map { "Workouts/" + $0 }
        let plans = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/Workouts/plans")
            .filter { RoutineFileName.routineName(of: $0) != nil }.map { "Workouts/plans/" + $0 }
        let sounds = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/Sounds")
            .filter { $0.hasSuffix(".wav") }.map { "Sounds/" + $0 }
        return (routines + plans + sounds).sorted()
    }

    @Test func theBinaryCarriesEveryShippedFileAsItIsNow() throws {
        let files = try BuiltInFilesTests.shippedFiles()
        #expect(BuiltInFiles.paths == files)
        for file in files {
            let onDisk = try #require(FileManager.default.contents(atPath: repositoryRoot + "/" + file))
            // The build regenerates when a folder changes; a file rewritten in place leaves its folder as it was.
            #expect(BuiltInFiles.file(file) == [UInt8](onDisk),
                    "\(file) differs from the built-in copy: run `touch Workouts Sounds` and build again")
        }
    }

    @Test func theSchemasAreNeitherBuiltInNorListedNorFoundByName() throws {
        #expect(!BuiltInFiles.routineNames.contains { $0.contains("schema") }, "\(BuiltInFiles.routineNames)")
        let shipped = WorkoutDataSource(environment: ["HOME": scratchDirectory()],
                                        shippedDirectory: repositoryRoot + "/Workouts")
        let names = shipped.allRoutines().map(\.name)
        #expect(names == BuiltInFiles.routineNames)
        for name in ["schema", "config.schema"] {
            #expect(throws: RoutineNotFound.self) { try shipped.location(for: name) }
        }
        for file in ["schema.json", "config.schema.json", ".json", "notes.txt"] {
            #expect(RoutineFileName.routineName(of: file) == nil, "\(file)")
        }
        #expect(RoutineFileName.routineName(of: "my.schema-free.json") == "my.schema-free")
    }

    @Test func withoutAShippedFolderTheBuiltInRoutinesAreFoundAndLoad() throws {
        let source = WorkoutDataSource(environment: ["HOME": scratchDirectory()], shippedDirectory: nil)
        let files = source.allRoutines()
        #expect(files.map(\.name) == BuiltInFiles.routineNames)
        #expect(files.map(\.path).contains("(built in)/classic.json"))
        #expect(try source.location(for: "tabata") == .builtIn("tabata"))
        #expect(try source.load("classic").name == "Classic 7-Minute Workout")
    }

    @Test func aShippedFolderOnDiskTakesPrecedence() throws {
        let folder = scratchDirectory()
        let edited = #"{"name": "Edited Classic", "exercises": [{"title": "Only One"}]}"#
        try edited.write(toFile: folder + "/classic.json", atomically: true, encoding: .utf8)
        let source = WorkoutDataSource(environment: ["HOME": scratchDirectory()], shippedDirectory: folder)
        #expect(try source.load("classic").name == "Edited Classic")
        // The folder replaces the built-in set: what it lacks is not found.
        #expect(throws: RoutineNotFound.self) { try source.location(for: "tabata") }
    }

    @Test func aUserRoutineShadowsABuiltInOne() throws {
        let folder = scratchDirectory()
        try #"{"name": "Mine", "exercises": [{"title": "Mine"}]}"#.write(
            toFile: folder + "/classic.json", atomically: true, encoding: .utf8)
        let source = WorkoutDataSource(environment: ["HOME": scratchDirectory(), "SEVENMIN_WORKOUTS": folder],
                                       shippedDirectory: nil)
        #expect(try source.load("classic").name == "Mine")
        let builtIn = try #require(source.allRoutines().first { $0.location == .builtIn("classic") })
        #expect(builtIn.shadowedBy == folder + "/classic.json")
    }

    @Test func everyCueSoundsFromTheBuiltInCopiesAsFromTheFiles() throws {
        let (sounds, missing) = CoachAudio.loadSounds(directory: nil)
        #expect(missing.isEmpty)
        for cue in Cue.allCases {
            #expect(sounds[cue] == (try SoundFile.read(repositoryRoot + "/Sounds/\(cue.rawValue).wav")), "\(cue)")
        }
    }

    @Test func aSoundsFolderLackingAFileFallsBackToTheBuiltInOne() throws {
        let (sounds, missing) = CoachAudio.loadSounds(directory: scratchDirectory())
        #expect(missing.isEmpty)
        #expect(sounds.count == Cue.allCases.count)
    }
}
