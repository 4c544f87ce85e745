// SPDX-License-Identifier: GPL-3.0-or-later
import SevenminCore

/// The ids `history` shows, the same on every machine: every workout of every file read, removed or not, in
/// the order of its start (ties by its uuid), numbered from 1. Each machine reading the same files numbers
/// them alike, whichever file it reads first; an edit never moves a number (a removed workout keeps its
/// number, unshown). A copy arriving late with a workout older than others moves the later ones up.
extension HistoryLibrary {
    /// The numbers of the workouts read, and where each is kept.
    struct Numbers {
        /// The number of each session of a store, by the store's place (-1: this machine's) and its own id.
        var ids: [Int: [Int64: Int64]] = [:]
        /// Where each number's session is read: the store's place and the session's id in it.
        var places: [Int64: (place: Int?, local: Int64)] = [:]
        /// Each number's uuid, and its short id (`WorkoutReference.shortIDs`), unique among all read.
        var uuids: [Int64: String] = [:]
        var shortIDs: [Int64: String] = [:]

        /// The number of session `local` of the store at `place`; nil for a session another store holds too.
        func id(_ place: Int?, _ local: Int64) -> Int64? { ids[place ?? -1]?[local] }
    }

    /// The numbers of every workout read, once read.
    func numbers() throws(HistoryError) -> Numbers {
        if let numbered { return numbered }
        var first: [String: (start: Double, place: Int?, local: Int64)] = [:]
        for (store, _, place) in placed {
            let read = try attempt(place, store) { store throws(HistoryError) in try store.sessionStarts() }
            for s in read ?? [] where first[s.uuid] == nil { first[s.uuid] = (s.startedAt, place, s.id) }
        }
        var numbers = Numbers()
        let order = first.sorted { ($0.value.start, $0.key) < ($1.value.start, $1.key) }
        let short = WorkoutReference.shortIDs(order.map(\.key))
        for (k, (uuid, s)) in order.enumerated() {
            let id = Int64(k + 1)
            numbers.ids[s.place ?? -1, default: [:]][s.local] = id
            numbers.places[id] = (s.place, s.local)
            numbers.uuids[id] = uuid
            numbers.shortIDs[id] = short[uuid]
        }
        numbered = numbers
        return numbers
    }

    /// The store that keeps workout `id` (as `sessions` numbers it), its place, and the workout's id there.
    func locate(_ id: Int64) throws(HistoryError) -> (store: HistoryStore, place: Int?, local: Int64)? {
        guard let at = try numbers().places[id],
              let store = at.place.map({ others[$0].store }) ?? own else { return nil }
        return (store, at.place, at.local)
    }

    /// The workouts `reference` names, by their numbers: by its number, or by the start of its uuid.
    public func resolve(_ reference: WorkoutReference) throws(HistoryError) -> WorkoutReference.Match {
        reference.match(try numbers().uuids.map { (id: $0.key, uuid: $0.value) })
    }

    /// The short id of workout `id`, as `sessions` numbers it.
    public func shortID(of id: Int64) throws(HistoryError) -> String? { try numbers().shortIDs[id] }

    /// The number `sessions` gives this machine's workout `local` (its id in this machine's history).
    public func number(ofOwn local: Int64) throws(HistoryError) -> Int64? { try numbers().id(nil, local) }
}
