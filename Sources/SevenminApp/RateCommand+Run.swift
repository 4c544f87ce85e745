// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import SevenminCore
import SevenminHistory

extension RateCommand: RunnableCommand {
    /// Rates the latest workout, or `--session`'s (this machine's or another's), and says which it was; exits
    /// 66 when there is none. The rating is an edit kept in this machine's history, read by every machine.
    func run() -> Int32 {
        guard let path = UserDirectories().historyFile, !HistoryStore.isDisabled() else {
            Console.error(nothingToRate)
            return ExitCode.noInput
        }
        // Only another machine's workout is rated where this machine has no history yet.
        if session == nil, !FileManager.default.fileExists(atPath: path) {
            Console.error(nothingToRate)
            return ExitCode.noInput
        }
        do throws(HistoryError) {
            let store = try HistoryStore(path: path)
            let library = HistoryReading.library(own: store)
            var chosen: Int64?
            if let session {
                switch try HistoryReading.workout(session, in: library) {
                case .success(let id): chosen = id
                case .failure(let status): return status.code
                }
            }
            let latest = try session == nil ? store.latestSessionID().flatMap(library.number(ofOwn:)) : nil
            // Rows out of range are passed over, as `history` passes them over, and said.
            HistoryReading.sayIfSkipped(store)
            let running = try HistoryReading.running(store, in: library)
            // A workout still under way is rated at its finish screen, or once it has ended.
            if let id = chosen ?? (latest == nil ? running.max() : nil), running.contains(id) {
                let shown = try library.shortID(of: id) ?? "\(id)"
                Console.error("Error: Workout \(shown) is still running: its finish screen asks how hard it was, "
                    + "or rate it once it has ended.")
                return ExitCode.noInput
            }
            guard let id = chosen ?? latest, let found = try HistoryReading.edit(id, .effort, to: String(effort),
                                                                               in: library, writer: store) else {
                Console.error(session.map { "Error: No workout with id \(visible($0.text)) in the history." }
                    ?? nothingToRate)
                return ExitCode.noInput
            }
            let when = HistoryReport.localStart(found)
            let shown = found.shortID ?? "\(id)"
            Console.out("Rated \(visible(found.routine)) of \(when) (id \(shown)): effort \(effort)/10\n")
            return ExitCode.success
        } catch {
            return HistoryReading.report(error)
        }
    }

    /// Why there is no workout to rate: none at all, or only other machines' (history.d), which are rated
    /// by their ids (`rate --session`).
    private var nothingToRate: String {
        let others = HistoryLibrary(own: nil, shared: UserDirectories().sharedHistoryDirectory,
                                    ownName: HistoryReading.ownCopyName())
        guard let latest = (try? others.sessions(limit: 1))?.last else {
            return "Error: No workout to rate: the history is empty."
        }
        return "Error: No workout of this machine to rate: the latest, \(visible(latest.record.routine)) of "
            + "\(HistoryReport.localStart(latest.record)), is from another machine's history (history.d): rate it "
            + "by its id, with --session \(latest.record.shortID ?? "\(latest.record.id)")."
    }
}

extension HistoryReading {
    /// The number of the workout `reference` names in `library`; otherwise, said: none (66), or several, each
    /// with its id, routine and date (64).
    static func workout(_ reference: WorkoutReference,
                        in library: HistoryLibrary) throws(HistoryError) -> Result<Int64, ExitStatus> {
        switch try library.resolve(reference) {
        case .one(let id):
            return .success(id)
        case .none:
            Console.error("Error: No workout with id \(visible(reference.text)) in the history.")
            return .failure(ExitStatus(ExitCode.noInput))
        case .several(let ids):
            let shown = Dictionary(try library.allSessions().map { ($0.id, $0) }) { first, _ in first }
            var named: [String] = []
            for id in ids {
                let what = shown[id].map { " (\(visible($0.routine)) of \(HistoryReport.localStart($0)))" } ?? ""
                named.append((try library.shortID(of: id) ?? "\(id)") + what)
            }
            Console.error("Error: \(visible(reference.text)) names \(ids.count) workouts: "
                + named.joined(separator: ", ") + ". Give more of its id, as 'history' shows it.")
            return .failure(ExitStatus(ExitCode.usage))
        }
    }

    /// This machine's history, written through `own`, with every other machine's in `history.d`.
    static func library(own: HistoryStore?) -> HistoryLibrary {
        let library = HistoryLibrary(own: own, shared: UserDirectories().sharedHistoryDirectory,
                                     ownName: ownCopyName())
        warn(library)
        return library
    }

    /// The workouts of this machine's history `store` still running, as `library` (which reads it) numbers them.
    static func running(_ store: HistoryStore, in library: HistoryLibrary) throws(HistoryError) -> Set<Int64> {
        var numbers: Set<Int64> = []
        for local in try store.runningSessionIDs() {
            if let id = try library.number(ofOwn: local) { numbers.insert(id) }
        }
        return numbers
    }

    /// Keeps an edit of workout `id` (as `history` numbers it) in `writer`, this machine's history, and brings
    /// this machine's copy in `history.d` up to date, so that other machines read the edit too. The workout
    /// as it was; nil when there is no such workout.
    static func edit(_ id: Int64, _ field: SessionAnnotation.Field, to value: String, in library: HistoryLibrary,
                     writer: HistoryStore) throws(HistoryError) -> SessionRecord? {
        // This machine's id is made only for an edit there is a workout for.
        guard try library.allSessions().contains(where: { $0.id == id }) else { return nil }
        let machine = UserDirectories().machineIDFile.flatMap(MachineID.readOrMake) ?? ""
        guard let found = try library.edit(id, field, to: value, machine: machine,
                                           now: Date().timeIntervalSince1970, in: writer) else { return nil }
        if let copy = publishedCopy() {
            do throws(HistoryError) {
                try writer.publish(copy)
            } catch {
                Console.error(notPublished(error, to: copy.path))
            }
        }
        return found
    }
}
