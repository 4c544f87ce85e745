// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SevenminTestSupport
@testable import SevenminCore
@testable import SevenminHistory

/// A zone that is always the same distance from UTC: days as the tests count them, on any machine.
struct FixedOffsetZone: TimeZoneRules {
    let seconds: Int
    func secondsFromUTC(at t: Double) -> Int { seconds }
}

/// A fresh folder for one test's database, removed afterwards.
func withTemporaryDirectory<T>(_ body: (String) throws -> T) throws -> T {
    let dir = ScratchFolder.make("sevenmin-history")
    defer { try? FileManager.default.removeItem(atPath: dir) }
    return try body(dir)
}

func sampleSession(start: Double = 1_795_000_000, routine: String = "classic") -> SessionRecord {
    SessionRecord(routine: routine, routineFile: "/w/\(routine).json", contentHash: ContentHash.sha256(Array("x".utf8)),
                  seed: 12_345_678_901_234_567_890, options: #"{"work": 40, "without": ["floor"]}"#,
                  startedAt: start, utcOffset: -18000, plannedSeconds: 480, plannedExercises: 12)
}

/// Segment `index` of the classic plan's shape: get ready, then work and rest in turn.
func sampleSegment(_ session: Int64, _ index: Int, endedAt: Double = 1_795_000_100, ended: SegmentEnding = .ranOut,
                   part: Int = 1) -> SegmentRecord {
    let kind = index == 0 ? "getReady" : (index % 2 == 1 ? "work" : "rest")
    return SegmentRecord(sessionID: session, index: index, kind: kind, exercise: "Exercise \(index / 2)", round: 1,
                         planned: kind == "work" ? 30 : 10, actual: kind == "work" ? 30 : 10, ended: ended,
                         endedAt: endedAt + Double(index), part: part)
}

/// The pid of a process that has exited and been reaped, so that no process has it (for now).
func deadPid() throws -> Int32 {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/bin/true")
    try p.run()
    p.waitUntilExit()
    return p.processIdentifier
}

/// Makes a file unwritable even for root: mode 0444 and, as root, the immutable attribute
/// (`FS_IOC_SETFLAGS`). Returns a function that undoes it, or nil if it cannot be done here.
func makeReadOnly(_ path: String) -> (() -> Void)? {
    chmod(path, 0o444)
    let undoMode = { _ = chmod(path, 0o644) }
    if getuid() != 0 { return undoMode }
    let getFlags: UInt = 0x8008_6601, setFlags: UInt = 0x4008_6602, immutable = 0x10
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var flags = 0
    guard ioctl(fd, getFlags, &flags) == 0 else { return nil }
    flags |= immutable
    guard ioctl(fd, setFlags, &flags) == 0 else { undoMode(); return nil }
    return {
        let fd = open(path, O_RDONLY)
        var flags = 0
        _ = ioctl(fd, getFlags, &flags)
        flags &= ~immutable
        _ = ioctl(fd, setFlags, &flags)
        close(fd)
        undoMode()
    }
}

/// Whether `makeReadOnly` works on this machine (root without CAP_LINUX_IMMUTABLE cannot).
let canMakeReadOnly: Bool = (try? withTemporaryDirectory { dir -> Bool in
    let probe = dir + "/probe"
    _ = FileManager.default.createFile(atPath: probe, contents: Data())
    guard let undo = makeReadOnly(probe) else { return false }
    undo()
    return true
}) ?? false

/// The bytes of this process's memory resident now (`/proc/self/statm`).
func residentBytes() -> Int {
    let fields = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8))?.split(separator: " ") ?? []
    return (fields.count > 1 ? Int(fields[1]) ?? 0 : 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
}

extension HistoryStore {
    /// `publish(to:as:)` as a machine of its own, of a new id, whose host is named as the file is.
    func publish(to path: String) throws {
        let name = String(path.split(separator: "/").last?.dropLast(8) ?? "")
        guard let publisher = Publisher(machine: Publisher.newMachineID(), host: name) else {
            throw HistoryError.notAFile(path: path, kind: "a name no host has")
        }
        try publish(to: path, as: publisher)
    }
}

/// A count shared between threads.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    func add() { lock.withLock { n += 1 } }
    var value: Int { lock.withLock { n } }
}
