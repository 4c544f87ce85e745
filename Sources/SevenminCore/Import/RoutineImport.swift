// SPDX-License-Identifier: GPL-3.0-or-later
/// Turns other apps' workout files into sevenmin routines. The file is parsed into the same
/// positioned tree as a routine (YAML by the app, through libyaml) and walked by the routine
/// loader's `Validator`, so every problem is `FILE:LINE:COLUMN: message`. Pure: no I/O.
public enum RoutineImport {
    /// The most routines one file may make: a file of more is refused whole, at its count, before any
    /// workout is walked. A 1 MiB OpenHIIT file of 22,000 timers made 22,000 routine files (510 MB), with
    /// 6.2 GB of memory on the way.
    public static let maximumRoutines = 100
    /// The most exercises one file's routines may hold together, warm-ups and cool-downs included: counted
    /// workout by workout before each is laid out, so that a file of many long timers is refused at the one
    /// that goes past, not after every timer was expanded (1.23 GB for a 1 MiB file).
    public static let maximumExercises = 10_000

    /// Which app wrote a file, from its shape.
    public static func detect(_ root: JSONNode) -> RoutineFormat? {
        switch root.value {
        case .array: return .openhiit
        case .object(let members):
            let keys = Set(members.map(\.key))
            if keys.contains("workouts") || keys.contains("sets") { return .jawt }
            // Any key Sweat's loader reads, with underscores or, as Sweat also reads them, dashes.
            if keys.contains(where: { SweatFormat.readKeys.contains(SweatFormat.underscored($0)) }) { return .sweat }
            return nil
        default: return nil
        }
    }

    /// Every routine in a JSON file's bytes, or every problem in it. Just Another Workout Timer writes
    /// its exports and backups one byte per UTF-16 code unit (`jsonEncode(…).codeUnits`), so a name
    /// with é, α or ト is not UTF-8. The app reads such a file (`importFile`, lib/utils/storage_helper.dart,
    /// v1.11.2 to v1.13.0) with `readAsString`, which fails, and then with `utf8.decode(bytes,
    /// allowMalformed: true)`: each piece that is not UTF-8 becomes one U+FFFD, by the same rule as
    /// Swift's decoding (the Unicode Standard's maximal subparts). So is it read here, with a warning,
    /// when it is that app's; any other file is refused at its first byte that is not UTF-8.
    public static func convert(json bytes: [UInt8], path: String, figures: MoveFigures = MoveFigures())
        throws(RoutineLoadError) -> ImportResult {
        func parsed(_ bytes: [UInt8]) throws(RoutineLoadError) -> JSONNode {
            do { return try JSONParser.parse(bytes) } catch {
                throw RoutineLoadError([Diagnostic(path: path, position: error.position, message: error.message)])
            }
        }
        guard String(validating: bytes, as: UTF8.self) == nil else {
            return try convert(parsed(bytes), path: path, figures: figures)
        }
        // What the app itself cannot read (a character cut to a quote, say) is refused where it is.
        let root = try parsed(Array(String(decoding: bytes, as: UTF8.self).utf8))
        // Not the app's: read as UTF-8, which fails where the first byte that is not UTF-8 is.
        guard detect(root) == .jawt else { return try convert(parsed(bytes), path: path, figures: figures) }
        var result = try convert(root, path: path, figures: figures)
        result.warnings.append("not UTF-8, so read as \(RoutineFormat.jawt.appName) reads its exports: each "
            + "piece that is not UTF-8 as U+FFFD (\u{FFFD}), as the app shows it; it writes one byte a character, "
            + "so letters past ASCII are lost")
        return result
    }

    /// Every routine in a file, or every problem in it; the moves sevenmin ships get its `figures`.
    public static func convert(_ root: JSONNode, path: String, figures: MoveFigures = MoveFigures())
        throws(RoutineLoadError) -> ImportResult {
        guard let format = detect(root) else {
            var message = "not a file sevenmin can import: expected a Just Another Workout Timer backup or workout "
                + "({\"workouts\": [...]} or {\"title\": ..., \"sets\": [...]}), an OpenHIIT export (an array of "
                + "timers) or a Sweat configuration (~/.sweat: drill_length, groups, speech_program…)"
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
        case .sweat: drafts = SweatFormat.drafts(root, &walker, file: path)
        }
        if walker.validator.diagnostics.isEmpty && drafts.isEmpty {
            walker.validator.report(root.position, "the file holds no workout")
        }
        var routines: [ImportedRoutine] = []
        for var draft in drafts where walker.validator.diagnostics.isEmpty {
            for list in [\RoutineDraft.warmup, \RoutineDraft.exercises, \RoutineDraft.cooldown] {
                for k in draft[keyPath: list].indices {
                    draft[keyPath: list][k].figure = figures.figure(for: draft[keyPath: list][k].title)
                }
            }
            let text = JSONWriter.document(draft.document)
            do {
                let routine = try RoutineLoader.parse(Array(text.utf8), path: path)
                routines.append(ImportedRoutine(fileName: ImportNaming.fileName(for: draft.name), text: text,
                                                routine: routine, notes: draft.notes,
                                                startOptions: draft.startOptions))
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
