// SPDX-License-Identifier: GPL-3.0-or-later
/// The apps whose files `sevenmin import` reads and `export-routine` writes.
public enum RoutineFormat: String, CaseIterable, Sendable {
    case jawt, openhiit, sweat

    /// What `import` reads from the app's file and how it is timed, for sevenmin-routine(5).
    public var manual: String {
        switch self {
        case .jawt:
            return "A backup `{\"workouts\": [...]}` or one workout `{\"title\", \"sets\": [{\"repetitions\", "
                + "\"name\", \"exercises\": [{\"name\", \"duration\"}]}]}`, durations in seconds. An exercise named "
                + "the app's word for rest in any of its languages (Rest, Pause, Repos, Riposo, Dinlenme, and the "
                + "Russian Otdykh in Cyrillic), in any case, is a rest. The app counts 10 s in, "
                + "then runs every set's exercises `repetitions` times, so the total is 10 s plus, over the sets, "
                + "repetitions times the sum of durations. The longest run of sets with the same exercises becomes "
                + "the rounds; sets before it, or named Warm-up, the warm-up; sets after it, or named Cool-down, "
                + "the cool-down. A rest at the very end is run before the finish, as the routine's finalRest."
        case .openhiit:
            return "An array of timers `{\"name\", \"activities\": [...], \"activeIntervals\", \"restarts\", "
                + "\"timeSettings\": {\"workTime\", \"restTime\", \"breakTime\", \"warmupTime\", \"cooldownTime\", "
                + "\"getReadyTime\"}}` in seconds; `timeSettings` and `activities` may be JSON held in a string, and "
                + "the older `{\"title\", \"numExercises\", \"exercises\", \"iterations\", ...}` workouts are read "
                + "too. A timer runs get ready, warm-up and a rest, then `activeIntervals` works (named from "
                + "`activities`, else Work) with a rest between two, `restarts` + 1 times with a break between "
                + "rounds, then the cool-down; intervals of no length are left out."
        case .sweat:
            return "YAML: `drill_length` (default 30), `rest_length` (10), `drill_count` (12), `chair` and "
                + "`jumping` (0 leaves out the drills that need them), and `groups: [{name, drills: [{name, "
                + "requires_a_chair, requires_jumping, requires_side_switching}]}]`. Drills are taken round-robin "
                + "across the groups in file order, a group starting again when it runs out, with a rest between "
                + "two and sevenmin's 10 s get-ready before the first; a side-switching drill is done on each side."
        }
    }

    /// The app's name, for messages and the imported routine's description.
    public var appName: String {
        switch self {
        case .jawt: return "Just Another Workout Timer"
        case .openhiit: return "OpenHIIT"
        case .sweat: return "Sweat"
        }
    }
}

/// A sevenmin routine made from another app's file, checked by the routine loader.
public struct ImportedRoutine: Equatable, Sendable {
    /// The file name to write it under, without `.json`: letters, digits and `-`.
    public var fileName: String
    /// The routine file's text.
    public var text: String
    /// The routine as sevenmin will run it.
    public var routine: Routine
    /// What could not be carried over exactly, one sentence each.
    public var notes: [String]
}

/// What one file gave.
public struct ImportResult: Equatable, Sendable {
    public var format: RoutineFormat
    public var routines: [ImportedRoutine]
    /// Keys of the file that sevenmin has no use for, each named once, in file order.
    public var ignored: [String]
}

/// Turns other apps' workout files into sevenmin routines. The file is parsed into the same
/// positioned tree as a routine (YAML by the app, through libyaml) and walked by the routine
/// loader's `Validator`, so every problem is `FILE:LINE:COLUMN: message`. Pure: no I/O.
public enum RoutineImport {
    /// Which app wrote a file, from its shape.
    public static func detect(_ root: JSONNode) -> RoutineFormat? {
        switch root.value {
        case .array: return .openhiit
        case .object(let members):
            let keys = Set(members.map(\.key))
            if keys.contains("workouts") || keys.contains("sets") { return .jawt }
            if keys.contains("groups") || keys.contains("drill_length") || keys.contains("drill_count") {
                return .sweat
            }
            return nil
        default: return nil
        }
    }

    /// Every routine in a file, or every problem in it.
    public static func convert(_ root: JSONNode, path: String) throws(RoutineLoadError) -> ImportResult {
        guard let format = detect(root) else {
            var message = "not a file sevenmin can import: expected a Just Another Workout Timer backup or workout "
                + "({\"workouts\": [...]} or {\"title\": ..., \"sets\": [...]}), an OpenHIIT export (an array of "
                + "timers) or a Sweat configuration (drill_length, groups)"
            if case .object(let members) = root.value, members.contains(where: { $0.key == "exercises" }) {
                message = "this is already a sevenmin routine; run it as it is, or copy it into your workouts folder"
            }
            throw RoutineLoadError([Diagnostic(path: path, position: root.position, message: message)])
        }
        var walker = ImportWalker(validator: Validator(path: path))
        let drafts: [RoutineDraft]
        switch format {
        case .jawt: drafts = JAWTFormat.drafts(root, &walker)
        case .openhiit: drafts = OpenHIITFormat.drafts(root, &walker)
        case .sweat: drafts = SweatFormat.drafts(root, &walker)
        }
        if walker.validator.diagnostics.isEmpty && drafts.isEmpty {
            walker.validator.report(root.position, "the file holds no workout")
        }
        var routines: [ImportedRoutine] = []
        for draft in drafts where walker.validator.diagnostics.isEmpty {
            let text = JSONWriter.document(draft.document)
            do {
                let routine = try RoutineLoader.parse(Array(text.utf8), path: path)
                routines.append(ImportedRoutine(fileName: RoutineDraft.fileName(for: draft.name), text: text,
                                                routine: routine, notes: draft.notes))
            } catch {
                // What the routine would break (a plan over a day, say) is told at the workout it came from.
                for problem in error.diagnostics {
                    walker.validator.report(draft.position, "as a sevenmin routine, " + problem.message)
                }
            }
        }
        guard walker.validator.diagnostics.isEmpty else { throw RoutineLoadError(walker.validator.allDiagnostics) }
        return ImportResult(format: format, routines: routines, ignored: walker.ignored)
    }
}

/// The routine loader's walker, plus the keys an app's file has that sevenmin leaves out.
struct ImportWalker {
    var validator: Validator
    private(set) var ignored: [String] = []

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
        if !ignored.contains(key) { ignored.append(key) }
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
