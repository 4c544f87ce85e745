// SPDX-License-Identifier: GPL-3.0-or-later
import SevenminCore

extension HistoryLibrary {
    /// What one file of the history holds, as `history --verify` says it.
    public struct CopyCount: Equatable, Sendable {
        /// The host name its copy carries, else its file's name; nil for this machine's own history.
        public let machine: String?
        /// The copy it is part of: a machine's id for a month (`ID/YYYY-MM`), else its file's name; nil for this
        /// machine's own history.
        public let copy: String?
        public let path: String
        public let workouts: Int
        public let edits: Int
        /// Rows left out as out of range, and the damage that stopped the read, if any.
        public let skipped: Int
        public let damage: String?

        /// Whether every row of it was read.
        public var isWhole: Bool { skipped == 0 && damage == nil }
    }

    /// Every file read, this machine's first, each read through: its workouts and edits, and what was left
    /// out. A file that could not be opened at all is among `notices` instead.
    public func counts() -> [CopyCount] {
        let stores = (own.map { [(String?.none, String?.none, $0)] } ?? [])
            + others.map { ($0.store.publisher?.host ?? $0.machine, String($0.machine.prefix { $0 != "/" }), $0.store) }
        return stores.map { machine, copy, store in
            var workouts = 0, edits = 0, failure: String?
            do throws(HistoryError) {
                workouts = try store.sessionKeys().count
                edits = try store.annotations().count
                try store.countUnsoundSegments()
            } catch {
                failure = error.readingReason
            }
            return CopyCount(machine: machine, copy: copy, path: store.path, workouts: workouts, edits: edits,
                             skipped: store.skippedRows, damage: failure ?? store.damageFound?.readingReason)
        }
    }
}
