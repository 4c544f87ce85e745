// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminCore
import SevenminHistory
import SevenminSystem

/// `history --fit`: a FIT file for each workout, each written once and again only when out of date.
extension HistoryCommand {
    /// One FIT file per workout that has ended with an exercise done, oldest first, named by its local
    /// start. A file already there is left as it is when it is the workout's export as it ended, and
    /// written again when it is not (written while the workout was under way or before it was resumed, or
    /// without records). A workout still running waits for a later run. Without `replacing`, every file
    /// already there is left as it is.
    static func writeFIT(_ sessions: [SessionRecord], segments: [Int64: [SegmentRecord]],
                         heartRate: [Int64: [HeartRateSample]] = [:], pauses: [Int64: [PauseRecord]] = [:],
                         into dir: String,
                         nothing: String = "No workouts recorded yet", replacing: Bool = true) -> Int32 {
        do { try UserDirectories.makeDirectory(dir) } catch {
            Console.error(error.description)
            return ExitCode.cannotCreate
        }
        let ordered = sessions.sorted { ($0.startedAt, $0.id) < ($1.startedAt, $1.id) }
        var kept = 0, written = 0, again = 0, underWay = 0, nothingDone = 0, refused = 0
        for (session, name) in zip(ordered, FITActivity.fileNames(ordered)) {
            let laps = segments[session.id] ?? []
            switch FITActivity.readiness(session, segments: laps) {
            case .underWay: underWay += 1
            case .nothingDone: nothingDone += 1
            case .ready:
                let bytes: [UInt8]
                do {
                    bytes = try FITActivity.encode(session, segments: laps, heartRate: heartRate[session.id] ?? [],
                                                   pauses: pauses[session.id] ?? [])
                } catch {
                    Console.error("sevenmin: \(name) not written: \(error.reason).")
                    refused += 1
                    continue
                }
                let path = (dir.hasSuffix("/") ? dir : dir + "/") + name
                let existing = existingFile(path)
                if let existing, !replacing || FITActivity.isCurrent(existing, as: bytes) {
                    kept += 1
                    continue
                }
                do { try NewFile.write(bytes, to: path, overwrite: existing != nil) } catch {
                    Console.error(error.message)
                    return error.status
                }
                Console.out(visible(path) + "\n")
                if existing != nil { again += 1 } else { written += 1 }
            }
        }
        if written + again + kept + underWay + nothingDone + refused == 0 {
            Console.error("\(nothing); nothing to export.")
        }
        if kept > 0 {
            Console.error("\(kept) workout\(kept == 1 ? " was" : "s were") exported before; left as they are.")
        }
        if again > 0 {
            Console.error("\(again) file\(again == 1 ? " was" : "s were") out of date (written before the workout "
                + "ended, or without records) and written again.")
        }
        if let line = leftOutLine(underWay: underWay, nothingDone: nothingDone) { Console.error(line) }
        return refused > 0 ? ExitCode.dataError : ExitCode.success
    }

    /// One line saying which workouts were not exported and why; nil when none were left out.
    static func leftOutLine(underWay: Int, nothingDone: Int) -> String? {
        guard underWay + nothingDone > 0 else { return nil }
        func workouts(_ n: Int) -> String { n == 1 ? "1 workout" : "\(n) workouts" }
        let reasons = [
            nothingDone > 0 ? "\(nothingDone) with no exercise done" : nil,
            underWay > 0 ? "\(underWay) still running, "
                + "exported once \(underWay == 1 ? "it ends" : "they end")" : nil,
        ].compactMap { $0 }
        return "Left out \(workouts(underWay + nothingDone)): " + reasons.joined(separator: "; ") + "."
    }

    /// The bytes of the file at `path`, when there is one: empty when it cannot be read, or is far larger
    /// than any export (it is written again either way).
    static func existingFile(_ path: String) -> [UInt8]? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        guard info.st_mode & S_IFMT == S_IFREG, info.st_size <= 16 << 20,
              let fd = try? SystemCall.open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) else { return [] }
        // ignored: the file was only read: closing it cannot lose anything
        defer { close(fd) }
        var bytes: [UInt8] = []
        while bytes.count <= 16 << 20 {
            guard let got = try? SystemCall.read(fd, into: &bytes, count: 64 * 1024) else { return [] }
            if got == 0 { break }
        }
        return bytes
    }
}
