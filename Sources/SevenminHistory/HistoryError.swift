// SPDX-License-Identifier: GPL-3.0-or-later
import CSQLite
import SevenminCore

/// Why history could not be read or written, worded for the one line the app shows;
/// the workout runs on without history.
public enum HistoryError: Error, Equatable, CustomStringConvertible {
    /// Another program held the database for longer than the busy timeout.
    case locked(path: String)
    case readOnly(path: String)
    case full(path: String)
    /// The file was not a sound database; it was moved to `movedTo` and a fresh one starts next time.
    case corrupt(path: String, movedTo: String)
    /// The file proved damaged during a workout and was moved to `movedTo`; a new one was started at
    /// once, holding this workout. Not a failure: recording goes on.
    case startedAfresh(path: String, movedTo: String)
    /// Not a plain file: a symbolic link (SQLite would follow it, and make a database of whatever it
    /// points to), a FIFO (opening it would hang) or a device.
    case notAFile(path: String, kind: String)
    /// Found damaged by a reader, which never moves anything: what SQLite said, and the file left as it is.
    case damaged(path: String, detail: String)
    /// Written by a newer sevenmin, whose schema this one does not know; left untouched.
    case tooNew(path: String, version: Int)
    /// `start --resume` found the session already finished or resumed elsewhere.
    case notResumable(id: Int64)
    case failed(path: String, SQLiteError)
    /// This machine's copy in `history.d` (`path`) is another machine's, of the same id: marked as published by
    /// another host (`host`), or (nil) holding workouts this history lacks. It was left as it is.
    case idShared(path: String, host: String?)

    public var description: String {
        switch self {
        case .locked(let path): return "History not saved: \(path) is locked by another program."
        case .readOnly(let path): return "History not saved: \(path) is read-only."
        case .full(let path): return "History not saved: the disk holding \(path) is full."
        case .corrupt(let path, let moved):
            return "History not saved: \(path) was damaged; it was moved to \(moved) and a new one will be started."
        case .startedAfresh(let path, let moved):
            return "History: \(path) was damaged; it was moved to \(moved), "
                + "and a new one was started with this workout."
        case .notAFile(let path, let kind):
            return "History not saved: \(path) is \(kind), not a plain file; it was left as it is."
        case .damaged(let path, let detail):
            return "\(path) is damaged (\(detail)); it was left as it is, and only what could be read is shown."
        case .tooNew(let path, let version):
            return "History not saved: \(path) is from a newer sevenmin (schema \(version)); it was left as it is."
        case .notResumable(let id): return "Session \(id) cannot be resumed: it has finished or is running elsewhere."
        case .failed(let path, let error): return "History not saved: \(path): \(error)"
        case .idShared(let path, let host):
            return "\(path) was left as it is, not replaced by this machine's copy: \(Self.idShared(host))."
        }
    }

    /// Why a workout's history is not saved, as the core words it in the workout's language
    /// (`WorkoutNotice.historyNotSaved`); the description, with SQLite's own words, goes to the log.
    public var problem: WorkoutNotice.HistoryProblem {
        switch self {
        case .locked: return .locked
        case .readOnly: return .readOnly
        case .full: return .full
        case .corrupt(_, let moved), .startedAfresh(_, let moved): return .damaged(movedTo: moved)
        case .notAFile: return .notAFile
        case .tooNew(_, let version): return .tooNew(schema: version)
        case .damaged, .notResumable, .failed, .idShared: return .failed
        }
    }

    /// The description for a reader (`history`, `stats`): nothing was being saved.
    public var readingDescription: String {
        let prefix = "History not saved: "
        return description.hasPrefix(prefix) ? "Cannot read the history: " + description.dropFirst(prefix.count)
            : description
    }

    /// What is wrong with a file read for another machine's workouts, without its path: for the line
    /// that says it was left out (nothing was being saved to it).
    public var readingReason: String {
        switch self {
        case .locked: return "it is locked by another program"
        case .readOnly: return "it is read-only"
        case .full: return "the disk holding it is full"
        case .corrupt, .startedAfresh: return "it is damaged"
        case .notAFile(_, let kind): return "it is \(kind), not a plain file"
        case .damaged(_, let detail): return "it is damaged (\(detail))"
        case .tooNew(_, let version): return "it is from a newer sevenmin (schema \(version))"
        case .notResumable, .idShared: return description
        case .failed(_, let error): return error.description
        }
    }

    /// Why a file of `history.d` named by this machine's id is another machine's, and what to do about it.
    static func idShared(_ host: String?) -> String {
        let why = host.map { "it says host \(visible($0)) published it" } ?? "it holds workouts this history lacks"
        return "it is another machine's, of this machine's id (\(why)). Two machines have one id, as a state folder "
            + "copied whole (a cloned SD card) gives them: remove machine-id in the state folder on one of them, "
            + "which then gets a new id"
    }

    /// Sorts a SQLite failure into what a person can act on.
    static func classify(_ error: SQLiteError, path: String) -> HistoryError {
        switch error.primary {
        case SQLITE_BUSY, SQLITE_LOCKED: return .locked(path: path)
        case SQLITE_READONLY, SQLITE_PERM: return .readOnly(path: path)
        case SQLITE_FULL: return .full(path: path)
        default: return .failed(path: path, error)
        }
    }

    /// Result codes that mean the file itself is damaged.
    static func isCorruption(_ error: SQLiteError) -> Bool {
        error.primary == SQLITE_CORRUPT || error.primary == SQLITE_NOTADB
    }
}
