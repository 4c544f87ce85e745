// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import SevenminBuiltIn
import SevenminCore
import SevenminYAML

extension ImportCommand: RunnableCommand {
    func run() -> Int32 {
        // Every file is read and checked before anything is written.
        var results: [ImportResult] = []
        var worst = ExitCode.success
        let figures = ImportCommand.shippedFigures()
        for path in paths {
            do {
                let bytes = try WorkoutDataSource.read(path)
                results.append(try ImportCommand.isYAML(bytes, path: path)
                    ? RoutineImport.convert(ImportCommand.tree(bytes, path: path), path: path, figures: figures)
                    : RoutineImport.convert(json: bytes, path: path, figures: figures))
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
        // Names chosen up front: a different routine never takes a name that holds one already.
        let routines = source.allRoutines()
        let choices = ImportNaming.choose(results.flatMap(\.routines)) { name, routine in
            ImportCommand.existing(dir + "/" + name + ".json", routine)
        }
        let changed = choices.filter { $0.existing == .same(identical: false) }
        guard changed.isEmpty || force else {
            for choice in changed {
                Console.error("Error: \(visible(dir + "/" + choice.name + ".json")) holds "
                    + "\(visible(choice.routine.routine.name)) from an earlier import, which differs from this one; "
                    + "add --force to replace it with this import, or rename that file to keep both.")
            }
            return ExitCode.cannotCreate
        }
        let writes = choices.filter { $0.existing != .same(identical: true) }.map { choice in
            (path: dir + "/" + choice.name + ".json", routine: choice.routine)
        }
        var hidden: [String] = []
        for choice in choices {
            let target = dir + "/" + choice.name + ".json"
            if let shadowed = routines.first(where: { $0.name == choice.name }), shadowed.path != target {
                hidden.append("Warning: \(visible(target)) " + Messages.hides(shadowed.path) + ".")
            }
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
        let replaced = Set(changed.map { dir + "/" + $0.name + ".json" })
        let files = writes.map { (path: $0.path, text: $0.routine.text) }
        do {
            try NewFile.writeAll(files, replacing: replaced, hint: "rename or remove it, then import again")
        } catch {
            Console.error(error.message)
            Console.error("Nothing was imported.")
            return error.status
        }
        for line in hidden { Console.error(line) }
        for path in replaced.sorted() { Console.error("Replaced \(visible(path)), the same routine imported before.") }
        for choice in choices where choice.existing == .same(identical: true) {
            Console.error("\(visible(dir + "/" + choice.name + ".json")) is already this routine, as imported before.")
        }
        for write in writes { Console.out(visible(write.path) + "\n") }
        if let first = choices.first {
            let options = first.routine.startOptions.map { " " + $0 }.joined()
            Console.error((choices.count == 1 ? "Start it with: " : "Start one with: ")
                + "sevenmin start \(first.name)\(options)"
                + (choices.count == 1 ? "" : "; 'sevenmin routines' lists them all"))
        }
        return ExitCode.success
    }

    /// The figures of the moves sevenmin ships, by the built-in routines' titles.
    static func shippedFigures() -> MoveFigures {
        MoveFigures(shipped: BuiltInFiles.routineNames.compactMap { name in
            BuiltInFiles.routine(name).flatMap { try? RoutineLoader.parse($0, path: name) }
        })
    }

    /// What `path` holds, for an import of `routine`: nothing, the same routine, or anything else (which
    /// the import then leaves alone).
    static func existing(_ path: String, _ routine: ImportedRoutine) -> ImportNaming.Existing {
        guard NewFile.isTaken(path) else { return .none }
        guard let bytes = try? WorkoutDataSource.read(path),
              let found = try? RoutineLoader.parse(bytes, path: path),
              ImportNaming.isSame(found, as: routine) else { return .other }
        return .same(identical: bytes == Array(routine.text.utf8))
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
