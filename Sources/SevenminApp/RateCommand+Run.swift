// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import SevenminCore
import SevenminHistory

extension RateCommand: RunnableCommand {
    /// Rates the latest workout, or `--session`'s, and says which it was; exits 66 when there is none.
    func run() -> Int32 {
        if let session, session >= HistoryLibrary.idStride {
            Console.error("Error: Workout \(session) is from another machine's history (history.d): rate it on that "
                + "machine; sevenmin writes only this machine's history.")
            return ExitCode.noInput
        }
        guard let path = UserDirectories().historyFile, !HistoryStore.isDisabled(),
              FileManager.default.fileExists(atPath: path) else {
            Console.error(nothingToRate)
            return ExitCode.noInput
        }
        do throws(HistoryError) {
            let store = try HistoryStore(path: path)
            let latest = session == nil ? try store.latestSessionID() : nil
            // Rows out of range are passed over, as `history` passes them over, and said.
            HistoryReading.sayIfSkipped(store)
            let running = try store.runningSessionIDs()
            // A workout still under way is rated at its finish screen, or once it has ended.
            if let id = session ?? (latest == nil ? running.max() : nil), running.contains(id) {
                Console.error("Error: Workout \(id) is still running: its finish screen asks how hard it was, "
                    + "or rate it once it has ended.")
                return ExitCode.noInput
            }
            guard let id = session ?? latest, let found = try store.session(id),
                  try store.rate(id, effort: effort) else {
                Console.error(session.map { "Error: No workout with id \($0) in the history." } ?? nothingToRate)
                return ExitCode.noInput
            }
            let when = HistoryReport.localStart(found.record)
            Console.out("Rated \(visible(found.record.routine)) of \(when) (id \(id)): effort \(effort)/10\n")
            // Other machines' plans move on ratings too: the shared copy is brought up to date.
            if let copy = HistoryReading.publishedCopy() {
                do throws(HistoryError) {
                    try store.publish(to: copy.path, as: copy.publisher, formerly: copy.formerly)
                } catch {
                    Console.error(HistoryReading.notPublished(error, to: copy.path))
                }
            }
            return ExitCode.success
        } catch {
            return HistoryReading.report(error)
        }
    }

    /// Why there is no workout to rate: none at all, or only other machines' (history.d), which `history`
    /// shows and which are rated on the machine they were done on.
    private var nothingToRate: String {
        let others = HistoryLibrary(own: nil, shared: UserDirectories().sharedHistoryDirectory,
                                    ownName: HistoryReading.ownCopyName())
        guard let latest = (try? others.sessions(limit: 1))?.last else {
            return "Error: No workout to rate: the history is empty."
        }
        return "Error: No workout of this machine to rate: the latest, \(visible(latest.record.routine)) of "
            + "\(HistoryReport.localStart(latest.record)), is from another machine's history (history.d): rate it "
            + "on that machine; sevenmin writes only this machine's history."
    }
}
