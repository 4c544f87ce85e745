// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import SevenminCore
import SevenminYAML

extension ImportCommand: RunnableCommand {
    func run() -> Int32 {
        // Every file is read and checked before anything is written.
        var results: [ImportResult] = []
        var worst = ExitCode.success
        for path in paths {
            do {
                let bytes = try WorkoutDataSource.read(path)
                results.append(try ImportCommand.isYAML(bytes, path: path)
                    ? RoutineImport.convert(ImportCommand.tree(bytes, path: path), path: path)
                    : RoutineImport.convert(json: bytes, path: path))
            } catch {
                worst = max(worst, PlanLoading.report(error))
            }
        }
        guard worst == ExitCode.success else { return worst }
        let source = WorkoutDataSource()
        guard let dir = source.userDirectory else {
            Console.error(UserDirectories.noHomeMessage)
            return ExitCode.failure
        }
        // Names chosen up front, so that one routine already there writes none of them.
        let routines = source.allRoutines()
        var chosen: Set<String> = []
        var writes: [(path: String, routine: ImportedRoutine)] = []
        var taken: [String] = [], hidden: [String] = []
        for result in results {
            for routine in result.routines {
                var name = routine.fileName, n = 1
                while chosen.contains(name) {
                    n += 1
                    name = routine.fileName + "-\(n)"
                }
                chosen.insert(name)
                let target = dir + "/" + name + ".json"
                if NewFile.isTaken(target) { taken.append(target) }
                writes.append((target, routine))
                if let shadowed = routines.first(where: { $0.name == name }), shadowed.path != target {
                    hidden.append("Warning: \(visible(target)) " + Messages.hides(shadowed.path) + ".")
                }
            }
        }
        guard taken.isEmpty || force else {
            for path in taken {
                Console.error("Error: \(visible(path)) already exists; rename or remove it, or add --force, "
                    + "to import again.")
            }
            return ExitCode.cannotCreate
        }
        do { try UserDirectories.makeDirectory(dir) } catch {
            Console.error(error.description)
            return ExitCode.cannotCreate
        }
        for (path, result) in zip(paths, results) {
            for warning in result.warnings { Console.error("Warning: \(visible(path)): \(visible(warning))") }
            guard !result.ignored.isEmpty else { continue }
            Console.error("Warning: \(visible(path)): left out, as sevenmin has no use for them: "
                + result.leftOut)
        }
        for write in writes {
            for note in write.routine.notes { Console.error("Note: \(visible(note))") }
        }
        // All or nothing: should one file fail, those written before it are removed again.
        let files = writes.map { (path: $0.path, text: $0.routine.text) }
        do {
            try NewFile.writeAll(files, replacing: force ? Set(taken) : [],
                                 hint: "rename or remove it, or add --force, to import again")
        } catch {
            Console.error(error.message)
            Console.error("Nothing was imported.")
            return error.status
        }
        for line in hidden { Console.error(line) }
        if force { for path in taken { Console.error("Replaced \(visible(path)).") } }
        for write in writes { Console.out(visible(write.path) + "\n") }
        return ExitCode.success
    }

    /// Whether a file is read as YAML: `.yaml` and `.yml`, or text that does not even begin as JSON does.
    static func isYAML(_ bytes: [UInt8], path: String) -> Bool {
        let lower = path.lowercased()
        let first = bytes.drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }.first
        return lower.hasSuffix(".yaml") || lower.hasSuffix(".yml")
            || (first != UInt8(ascii: "{") && first != UInt8(ascii: "["))
    }

    /// The file as a positioned tree: YAML for `.yaml` and `.yml`, else JSON, or YAML when the
    /// text does not even begin as JSON does.
    static func tree(_ bytes: [UInt8], path: String) throws(RoutineLoadError) -> JSONNode {
        // Said as itself, not as a YAML file missing its mapping (an empty .json was).
        guard bytes.contains(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }) else {
            throw RoutineLoadError([Diagnostic(path: path, position: SourcePosition(line: 1, column: 1),
                                               message: "the file is empty: there is nothing to import")])
        }
        do {
            return isYAML(bytes, path: path) ? try YAMLParser.parse(bytes) : try JSONParser.parse(bytes)
        } catch {
            throw RoutineLoadError([Diagnostic(path: path, position: error.position, message: error.message)])
        }
    }
}

extension ExportRoutineCommand: RunnableCommand {
    func run() -> Int32 {
        let routine: Routine
        let name: String
        switch PlanLoading.choose(self.routine) {
        case .failure(let status): return status.code
        case .success(let choice): name = choice.request.routine
        }
        do { routine = try WorkoutDataSource().load(name) } catch { return PlanLoading.report(error) }
        switch RoutineExport.file(routine, as: format) {
        case .failure(let refusal):
            Console.error("Error: \(visible(routine.name)) does not fit \(format.appName)'s timers: "
                + refusal.reasons.joined(separator: "; ") + ". Try --format jawt, which holds any routine.")
            return ExitCode.dataError
        case .success(let (text, notes)):
            do { try NewFile.write(text, to: path, overwrite: force, hint: "add --force to overwrite it") } catch {
                Console.error(error.message)
                return error.status
            }
            for note in notes { Console.error("Note: \(visible(note))") }
            Console.out(visible(path) + "\n")
            return ExitCode.success
        }
    }
}
