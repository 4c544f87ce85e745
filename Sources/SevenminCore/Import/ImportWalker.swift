// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// The routine loader's walker, plus the keys an app's file has that sevenmin leaves out.
struct ImportWalker {
    var validator: Validator
    private(set) var ignored: [String] = []
    /// `ignored` as a set, so that a file of many unknown keys is not searched once for each.
    private(set) var ignoredSet = Set<String>()
    /// The exercises of the routines made so far, counted before each is laid out.
    private(set) var exercises = 0
    /// Whether the file was found to make more than one import may, and was refused: nothing more is walked.
    private(set) var isFull = false

    /// Whether a file's `workouts` fit in one import: more than `RoutineImport.maximumRoutines` are refused
    /// at the first one past it, before any is walked.
    mutating func admit(workouts: [JSONNode]) -> Bool {
        guard workouts.count > RoutineImport.maximumRoutines else { return true }
        validator.report(workouts[RoutineImport.maximumRoutines].position, "the file holds \(workouts.count) "
            + "workouts; one import makes at most \(RoutineImport.maximumRoutines) routines, so none was "
            + "imported: split the file, or export fewer workouts from the app")
        isFull = true
        return false
    }

    /// Each workout's draft, walked in file order until the file is found to make more than one import may.
    mutating func drafts(of workouts: [JSONNode], _ walk: (JSONNode, inout ImportWalker) -> RoutineDraft?)
        -> [RoutineDraft] {
        guard admit(workouts: workouts) else { return [] }
        var drafts: [RoutineDraft] = []
        for node in workouts {
            guard !isFull else { break }
            if let draft = walk(node, &self) { drafts.append(draft) }
        }
        return drafts
    }

    /// Whether a workout of `count` exercises (warm-ups and cool-downs too) still fits in one import; the
    /// workout that goes past `RoutineImport.maximumExercises` is where the file is refused, before it
    /// or any after it is laid out.
    mutating func admit(exercises count: Int, at position: SourcePosition) -> Bool {
        exercises += count
        guard exercises > RoutineImport.maximumExercises, !isFull else { return !isFull }
        validator.report(position, "the workouts up to this one hold \(exercises) exercises; one import makes "
            + "at most \(RoutineImport.maximumExercises), so none was imported: split the file")
        isFull = true
        return false
    }

    /// The members of an object; keys outside `used` and `silent` are noted as left out. `silent`
    /// are those nobody misses (ids, file versions, list positions).
    mutating func members(of node: JSONNode, used: [String], silent: [String] = [], what: String)
        -> [String: JSONNode]? {
        guard let (members, unknown) = validator.distinctMembers(of: node, known: used + silent, what: what)
        else { return nil }
        for member in unknown { ignore(visible(member.key) + (what.hasPrefix("the ") ? "" : " (in \(what))")) }
        return members
    }

    /// A key the walker read but does not use, such as a setting for sounds.
    mutating func ignore(_ key: String) {
        if ignoredSet.insert(key).inserted { ignored.append(key) }
    }

    /// A required value, reported at `owner` when it is missing.
    mutating func require(_ node: JSONNode?, key: String, in owner: JSONNode, what: String) -> JSONNode? {
        if node == nil { validator.report(owner.position, "\(what) has no \"\(key)\"") }
        return node
    }

    /// A whole number of seconds from 0 to a day, as the apps store them.
    mutating func seconds(_ node: JSONNode?, key: String) -> Double? {
        guard let node else { return nil }
        guard case .number = node.value else {
            validator.report(node.position, "\"\(key)\" must be a number of seconds, not \(node.value.typeName)")
            return nil
        }
        return validator.seconds(node, key: key, allowZero: true)
    }

    /// A name for something worked: text, or `fallback` when it is blank.
    mutating func title(_ node: JSONNode?, key: String, fallback: String) -> String? {
        guard let node else { return fallback }
        guard let text = validator.string(node, key: key) else { return nil }
        let trimmed = text.trimmingBlanks
        return trimmed.isEmpty ? fallback : trimmed
    }

    /// A value that may be given as itself or as a string holding its JSON, as OpenHIIT stores
    /// lists and settings in its database.
    mutating func decoded(_ node: JSONNode, key: String) -> JSONNode? {
        guard case .string(let text) = node.value else { return node }
        do {
            var inner = try JSONParser.parse(Array(text.utf8))
            // Inner positions would point into the string; everything is told at the string.
            inner.reposition(at: node.position)
            return inner
        } catch {
            validator.report(node.position, "\"\(key)\" holds text that is not JSON: \(error.message) "
                + "(at \(error.position) of the text)")
            return nil
        }
    }
}

extension JSONNode {
    /// The same tree with every position moved to `position`.
    mutating func reposition(at position: SourcePosition) {
        self.position = position
        switch value {
        case .object(var members):
            for k in members.indices {
                members[k].keyPosition = position
                members[k].value.reposition(at: position)
            }
            value = .object(members)
        case .array(var items):
            for k in items.indices { items[k].reposition(at: position) }
            value = .array(items)
        default: break
        }
    }
}

extension String {
    /// Without blanks (Unicode White_Space and separators) at either end.
    var trimmingBlanks: String {
        let scalars = Array(unicodeScalars)
        guard let first = scalars.firstIndex(where: { !$0.isBlank }),
              let last = scalars.lastIndex(where: { !$0.isBlank }) else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
