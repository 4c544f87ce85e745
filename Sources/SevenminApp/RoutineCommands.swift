import Foundation
import SevenminCore

/// `sevenmin routines`, `new` and `validate`: managing routine files.
enum RoutineCommands {
    static func routines(_ source: WorkoutDataSource) -> Int32 {
        let files = source.allRoutines()
        guard !files.isEmpty else {
            Main.printError("Error: No routines found. Looked in: "
                + source.searchPath.map(visible).joined(separator: ", "))
            return ExitCode.noInput
        }
        var rows: [[String]] = [["NAME", "TITLE", "EXERCISES", "ROUNDS", "TOTAL", "FILE"]]
        for file in files {
            var row: [String]
            do {
                let routine = try RoutineLoader.parse(WorkoutDataSource.read(file.path), path: file.path)
                row = [visible(file.name), visible(routine.name), String(routine.exercises.count),
                       String(routine.rounds),
                       TimeFormat.clock(Plan(routine).totalDuration), visible(file.path)]
            } catch {
                let first = (error as? RoutineLoadError)?.diagnostics.first.map { "\($0.position): \($0.message)" }
                    ?? "unreadable"
                row = [visible(file.name), "(invalid: \(first))", "-", "-", "-", visible(file.path)]
            }
            if let by = file.shadowedBy { row[5] += "  (shadowed by \(visible(by)))" }
            rows.append(row)
        }
        let widths = (0..<5).map { c in rows.map { $0[c].terminalWidth }.max() ?? 0 }
        for row in rows {
            var line = ""
            for c in 0..<5 {
                let cell = row[c]
                let pad = String(repeating: " ", count: widths[c] - cell.terminalWidth)
                // Numbers line up on the right, words on the left.
                line += (c >= 2 && c <= 4 ? pad + cell : cell + pad) + "  "
            }
            print(line + row[5])
        }
        return ExitCode.success
    }

    static func new(name: String, from: String, _ source: WorkoutDataSource) -> Int32 {
        let origin: String
        do { origin = try source.path(for: from) } catch {
            Main.printError("\(error)")
            return ExitCode.noInput
        }
        let bytes: [UInt8]
        do { bytes = try WorkoutDataSource.read(origin) } catch {
            Main.printError(error.description)
            return error.exitCode
        }
        do { _ = try RoutineLoader.parse(Array(bytes), path: origin) } catch {
            Main.printError(error.description)
            return ExitCode.dataError
        }
        guard let dir = source.userDirectory else {
            Main.printError(UserDirectories.noHomeMessage)
            return ExitCode.failure
        }
        let target = dir + "/" + name + ".json"
        do { try UserDirectories.makeDirectory(dir) } catch {
            Main.printError(error.description)
            return ExitCode.failure
        }
        let text = RoutineTemplate.renamed(Array(bytes), to: name) ?? Array(bytes)
        // O_EXCL: never overwrite a routine the user already has, even in a race.
        let fd = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            if errno == EEXIST {
                Main.printError("Error: \(visible(target)) already exists; choose another name, or edit that file.")
            } else {
                Main.printError("Error: Cannot create \(visible(target)): \(String(cString: strerror(errno)))")
            }
            return ExitCode.failure
        }
        let written = text.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == text.count else {
            unlink(target)
            Main.printError("Error: Cannot write \(visible(target))")
            return ExitCode.failure
        }
        print(visible(target))
        return ExitCode.success
    }

    static func validate(_ paths: [String]) -> Int32 {
        var status = ExitCode.success
        for path in paths {
            do {
                _ = try RoutineLoader.parse(WorkoutDataSource.read(path), path: path)
                print("\(visible(path)): ok")
            } catch {
                // A missing file (66) outranks a bad one (65).
                status = max(status, (error as? RoutineFileError)?.exitCode ?? ExitCode.dataError)
                Main.printError("\(error)")
            }
        }
        return status
    }
}
