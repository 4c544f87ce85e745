// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminAudio
import SevenminBus
import SevenminCore
import SevenminHistory
import SevenminPhone
import SevenminSystem
import SevenminTerminal

/// The doctor's look at the routines, the config file and the history, this machine's and the shared.
extension DoctorCommand {
    func checkRoutines(_ report: inout DoctorReport, wanted: String) {
        report.section("Routines")
        let source = WorkoutDataSource()
        let files = source.allRoutines().filter { $0.shadowedBy == nil }
        var broken = 0
        for file in files {
            do {
                // Through the location, as every command reads it: a built-in routine has no file.
                _ = try source.load(file.location)
            } catch let error as RoutineLoadError {
                broken += 1
                let first = error.diagnostics.first.map { visible($0.description) } ?? visible(file.path)
                report.fail("\(file.name) is broken: \(first)", fix: "run 'sevenmin validate \(visible(file.path))' "
                            + "for every problem", blocks: file.name == wanted)
            } catch {
                broken += 1
                report.fail("\(file.name) cannot be read: \(error)", fix: "check the file's permissions",
                            blocks: file.name == wanted)
            }
        }
        if files.isEmpty {
            report.fail("no routines found", fix: "set SEVENMIN_DATA_DIR to sevenmin's data folder, or reinstall",
                        blocks: true)
        } else {
            report.pass("\(files.count - broken) of \(files.count) routines load")
        }
        if !WorkoutDataSource.isPath(wanted), !files.contains(where: { $0.name == wanted }) {
            report.fail("the routine 'sevenmin start' runs, '\(visible(wanted))', is not found",
                        fix: "see 'sevenmin routines' for the names", blocks: true)
        }
    }

    func checkConfig(_ report: inout DoctorReport, _ checked: Result<UserConfig?, any Error>) {
        report.section("Config")
        guard let path = ConfigFile.path() else {
            report.fail("no home folder", fix: "set HOME", blocks: true)
            return
        }
        switch checked {
        case .success(nil): report.pass("\(visible(path)): not there, all defaults")
        case .success: report.pass("\(visible(path)): valid")
        case .failure(let error as RoutineLoadError):
            for d in error.diagnostics.prefix(10) { report.note(visible(d.description)) }
            report.fail("\(visible(path)) has \(error.diagnostics.count) problem(s): 'sevenmin start' refuses to run",
                        fix: "fix the lines above; 'sevenmin config' shows the settings", blocks: true)
        case .failure(let error):
            report.fail("\(visible(path)): \(error)", fix: "check the file's permissions", blocks: true)
        }
    }

    func checkHistory(_ report: inout DoctorReport, enabled: Bool) {
        report.section("History")
        guard enabled, !HistoryStore.isDisabled(), let path = UserDirectories().historyFile else {
            report.pass("history is off")
            return
        }
        var info = stat()
        // Not there yet; a link to nowhere is there, and is not the plain file a history must be.
        guard lstat(path, &info) == 0 else {
            report.pass("\(visible(path)): not there yet; the first workout creates it")
            return
        }
        do throws(HistoryError) {
            let store = try HistoryStore(path: path, readOnly: true)
            switch try Self.examine(store) {
            case .intact(let count):
                report.pass("\(visible(path)): intact, \(Self.workouts(count)) recorded")
            case .outOfRange(let skipped, let count):
                report.fail("\(visible(path)): \(Self.rowsHold(skipped)) values out of range, which history, stats and "
                    + "start skip; \(Self.workouts(count)) can be read",
                            fix: "the file was changed outside sevenmin: restore it from a backup to get them back")
            case .damaged(let problems, let count):
                Self.list(problems, in: &report)
                report.fail("\(visible(path)): damaged, \(Self.problems(problems)) in SQLite's integrity check; "
                    + "\(Self.workouts(count)) can be read",
                            fix: "move it aside to keep it; the next workout starts a new one")
            }
        } catch .notAFile(_, let kind) {
            report.fail("\(visible(path)) is \(kind), not a plain file: workouts are not recorded, and history and "
                + "stats cannot read it", fix: "move it away (for a link, put the file itself there); the next workout "
                + "starts a new one")
        } catch {
            report.fail(error.readingDescription, fix: "check the file and its folder's permissions")
        }
        checkSharedHistory(&report)
    }

    /// Every other machine's file in `history.d`, read as `history` reads it: one that cannot be read, or
    /// holds damage or values out of range, is named (history, stats and plans leave it out, or its rows).
    func checkSharedHistory(_ report: inout DoctorReport) {
        guard let folder = UserDirectories().sharedHistoryDirectory else { return }
        // With this machine's history, to tell its copy from another machine's of the same id.
        let library = HistoryLibrary(own: (try? HistoryReading.ownStore()) ?? nil, shared: folder,
                                     ownName: HistoryReading.ownCopyName())
        let fix = "it was changed or cut short on its way here; its machine publishes it again after its next "
            + "workout, or move it away"
        for notice in library.notices { report.fail(visible(notice), fix: fix) }
        for claim in library.claims {
            report.fail(claim, fix: "keep one file a machine: move the copy away, or give one of two machines a "
                + "new id by removing its machine-id")
        }
        for (_, store) in library.others {
            let path = visible(store.path)
            do throws(HistoryError) {
                switch try Self.examine(store) {
                case .intact(let count):
                    report.pass("\(path): another machine's, intact, \(Self.workouts(count))")
                case .outOfRange(let skipped, let count):
                    report.fail("\(path): another machine's; \(Self.rowsHold(skipped)) values out of range, which "
                        + "history, stats and start skip; \(Self.workouts(count)) can be read", fix: fix)
                case .damaged(let problems, _):
                    Self.list(problems, in: &report)
                    report.fail("\(path): another machine's, damaged, \(Self.problems(problems)) in SQLite's "
                        + "integrity check; history, stats and plans leave it out", fix: fix)
                }
            } catch {
                report.fail(visible(HistoryLibrary.notice(store.path, error)), fix: fix)
            }
        }
    }

    /// What `doctor` finds in a history file.
    enum Verdict {
        case intact(workouts: Int)
        /// Rows every reader skips, and the workouts that can still be read.
        case outOfRange(rows: Int, workouts: Int)
        /// SQLite's integrity check's problems.
        case damaged(problems: [String], workouts: Int)
    }

    static func examine(_ store: HistoryStore) throws(HistoryError) -> Verdict {
        let check = try store.integrityCheck()
        let count = try store.sessions().count
        guard check == "ok" else {
            // SQLite lists a problem a line, and a damaged page can give hundreds.
            return .damaged(problems: check.split(separator: "\n").filter { !$0.hasPrefix("*** in database") }
                .map { visible(String($0)) }, workouts: count)
        }
        // SQLite's check cannot see a number out of range: a time of 1e300 is a sound page.
        let skipped = try store.rowsOutOfRange()
        return skipped == 0 ? .intact(workouts: count) : .outOfRange(rows: skipped, workouts: count)
    }

    /// The first few of SQLite's problems, and a count of the rest.
    static func list(_ problems: [String], in report: inout DoctorReport) {
        for problem in problems.prefix(problemsShown) { report.note(problem) }
        if problems.count > problemsShown { report.note("and \(problems.count - problemsShown) more") }
    }

    static func workouts(_ n: Int) -> String { n == 1 ? "1 workout" : "\(n) workouts" }
    static func rowsHold(_ n: Int) -> String { n == 1 ? "1 row holds" : "\(n) rows hold" }
    static func problems(_ n: [String]) -> String { n.count == 1 ? "1 problem" : "\(n.count) problems" }

    /// How many of `integrity_check`'s problems `doctor` lists.
    static let problemsShown = 5
}
