// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import SevenminCore
import SevenminHistory

/// `history remove`, `history rename` and `history --verify`.
extension HistoryCommand {
    /// Keeps the edit in this machine's history, as an edit every machine reads, and says what it did.
    func run(_ edit: Edit) -> Int32 {
        guard let path = UserDirectories().historyFile, !HistoryStore.isDisabled() else {
            Console.error("Error: History is off, so there is nothing to edit.")
            return ExitCode.noInput
        }
        let reference: WorkoutReference, field: SessionAnnotation.Field, value: String
        switch edit {
        case .remove(let r): (reference, field, value) = (r, .removed, "1")
        case .rename(let r, let name): (reference, field, value) = (r, .name, name)
        }
        do throws(HistoryError) {
            // The workout is looked for, read only, first: an id that matches none creates and writes nothing.
            let library = HistoryReading.library(own: try HistoryReading.ownStore())
            let id: Int64
            switch try HistoryReading.workout(reference, in: library) {
            case .success(let found): id = found
            case .failure(let status): return status.code
            }
            guard try library.allSessions().contains(where: { $0.id == id }) else {
                Console.error("Error: No workout with id \(visible(reference.text)) in the history.")
                return ExitCode.noInput
            }
            let store = try HistoryStore(path: path)
            if try HistoryReading.running(store, in: library).contains(id) {
                let shown = try library.shortID(of: id) ?? "\(id)"
                Console.error("Error: Workout \(shown) is still running: edit it once it has ended.")
                return ExitCode.noInput
            }
            guard let found = try HistoryReading.edit(id, field, to: value, in: library, writer: store) else {
                Console.error("Error: No workout with id \(visible(reference.text)) in the history.")
                return ExitCode.noInput
            }
            let shown = found.shortID ?? "\(id)"
            let what = "\(visible(found.routine)) of \(HistoryReport.localStart(found)) (id \(shown))"
            switch edit {
            case .remove: Console.out("Removed \(what) from the history of every machine.\n")
            case .rename(_, let name): Console.out("Renamed \(what) to \(visible(name)).\n")
            }
            return ExitCode.success
        } catch {
            return HistoryReading.report(error)
        }
    }

    /// Reads every file of the history through and says, file by file, what it holds and what was left out.
    func runVerify() -> Int32 {
        let own: HistoryStore?
        do { own = try HistoryReading.ownStore() } catch { return HistoryReading.report(error) }
        let library = HistoryLibrary(own: own, shared: UserDirectories().sharedHistoryDirectory,
                                     ownName: HistoryReading.ownCopyName())
        let counts = library.counts()
        // A line a machine's copy (its months added up), then a line for each file not read whole.
        var order: [String?] = []
        for c in counts where !order.contains(c.copy) { order.append(c.copy) }
        for copy in order {
            let files = counts.filter { $0.copy == copy }
            let name = files[0].machine.map { "\(visible($0)) (\(visible(copy ?? "")))" } ?? "this machine"
            let months = copy.map { PathText.folder(of: files[0].path).hasSuffix("/" + $0) } == true
                ? "\(files.count) months, " : ""
            Console.out("\(name): \(months)\(files.map(\.workouts).reduce(0, +)) workouts, "
                + "\(files.map(\.edits).reduce(0, +)) edits\n")
            for c in files where !c.isWhole {
                var line = "  \(visible(c.path)):"
                if c.skipped > 0 { line += " \(c.skipped) rows left out as out of range" }
                if let damage = c.damage { line += " left out from there on: \(visible(damage))" }
                Console.out(line + "\n")
            }
        }
        // Files that could not be opened at all, and copies that claim one machine's id.
        for notice in library.takeNotices() { Console.out(visible(notice) + "\n") }
        let whole = library.notices.isEmpty && counts.allSatisfy(\.isWhole)
        Console.out(whole ? "Everything was read.\n" : "Not everything was read.\n")
        return whole ? ExitCode.success : ExitCode.failure
    }
}
