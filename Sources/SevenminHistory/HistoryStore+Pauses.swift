// SPDX-License-Identifier: GPL-3.0-or-later
import SevenminCore

extension HistoryStore {
    /// Records where session `id` was paused or went on, committed with the writes around it.
    public func recordPause(_ id: Int64, _ pause: PauseRecord) throws(HistoryError) {
        try guarded {
            try db.run("INSERT INTO pauses (session_id, at, resumed) VALUES (?, ?, ?)",
                       [.integer(id), .real(pause.at), .integer(pause.resumed ? 1 : 0)])
        }
    }

    /// Session `id`'s pauses and resumptions in time order; one at a time no instant can be is skipped.
    public func pauses(of id: Int64) throws(HistoryError) -> [PauseRecord] {
        try read("SELECT at, resumed FROM pauses WHERE session_id = ? ORDER BY at", [.integer(id)]) { row in
            StoredBounds.double(row.double(0), in: StoredBounds.instant)
                .map { PauseRecord(at: $0, resumed: row.int(1) == 1) }
        }
    }
}
