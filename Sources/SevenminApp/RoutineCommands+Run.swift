// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminCore
import SevenminShipped
import SevenminSystem

extension RoutinesCommand: RunnableCommand {
    func run() -> Int32 {
        let source = WorkoutDataSource()
        let files = source.allRoutines()
        guard !files.isEmpty else {
            Console.error("Error: No routines found. Looked in: "
                + source.searchPath.map(visible).joined(separator: ", "))
            return ExitCode.noInput
        }
        var rows: [[String]] = [["NAME", "TITLE", "EXERCISES", "ROUNDS", "TOTAL", "FILE"]]
        for file in files {
            var row: [String]
            do {
                let routine = try source.load(file.location)
                row = [visible(file.name), visible(routine.name), String(routine.exercises.count),
                    String(routine.rounds),
                       Plan(routine).totalTime, visible(file.path)]
            } catch {
                let first = (error as? RoutineLoadError)?.diagnostics.first.map { "\($0.position): \($0.message)" }
                row = [visible(file.name), "(invalid: \(visible(first ?? "\(error)")))", "-", "-", "-",
                    visible(file.path)]
            }
            if let by = file.shadowedBy { row[5] += "  (shadowed by \(visible(by)))" }
            rows.append(row)
        }
        // On a terminal, no row wraps: the titles, then the paths, are cut to fit its width.
        let width = isatty(STDOUT_FILENO) == 1 ? Main.terminalWidth() : Int.max / 2
        Console.out(TextTable.render(rows, rightAligned: [2, 3, 4],
                                     shrinking: [.init(column: 1), .init(column: 5, fromLeft: true)],
                                     width: width, metrics: .system))
        return ExitCode.success
    }
}

extension NewCommand: RunnableCommand {
    func run() -> Int32 {
        let source = WorkoutDataSource()
        let bytes: [UInt8]
        do {
            let origin = try source.location(for: from)
            bytes = try source.contents(of: origin)
            _ = try RoutineLoader.parse(bytes, path: origin.path)
        } catch {
            return PlanLoading.report(error)
        }
        // What the new file will hide: a routine of the same name further down the search path.
        let shadowed = source.allRoutines().first { $0.name == name }
        guard let dir = source.userDirectory else {
            Console.error(UserDirectories.noHomeMessage)
            return ExitCode.failure
        }
        let target = dir + "/" + RoutineFileName.fileName(of: name)
        do { try UserDirectories.makeDirectory(dir) } catch {
            Console.error(error.description)
            return ExitCode.cannotCreate
        }
        // Editors check the file against the shipped schema where there is one on disk to point at.
        let schema = Resources.workoutsDirectory.map { $0 + "/schema.json" }
            .flatMap { FileManager.default.fileExists(atPath: $0) ? $0 : nil }
        let text = RoutineTemplate.starter(bytes, name: name, schema: schema)
        do {
            try NewFile.write(String(decoding: text, as: UTF8.self), to: target,
                              hint: "choose another name, or edit that file")
        } catch {
            Console.error(error.message)
            return error.status
        }
        var said = "Wrote \(visible(target)), a copy of \(visible(from)).\n"
        if let shadowed, shadowed.path != target {
            said += "It " + Messages.hides(shadowed.path) + ".\n"
        }
        said += "Edit it, then run: sevenmin start \(visible(name))\n"
            + "Check it with: sevenmin validate \(visible(name))\n"
        Console.out(said)
        return ExitCode.success
    }
}

extension ValidateCommand: RunnableCommand {
    func run() -> Int32 {
        var worst = ExitCode.success
        let source = WorkoutDataSource()
        for argument in paths {
            do {
                // A name is looked up as every other command looks it up; a path is read as it is.
                let location = try source.location(for: argument)
                let routine = try source.load(location)
                // A voice is checked against what the engines list, as `start` checks it; listing them starts
                // espeak-ng, so only for a routine that names one.
                if routine.voice != nil, let voices = VoiceSetup.catalogue() {
                    _ = try RoutineLoader.parse(try source.contents(of: location), path: location.path, voices: voices)
                }
                Console.out("\(visible(location.path)): ok\n")
            } catch {
                let status = PlanLoading.report(error)
                worst = max(worst, status)
            }
        }
        return worst
    }
}
