// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

extension Validator {
    /// `name` as the catalogue spells it, or reported (with the nearest listed voice) if not listed;
    /// `name` unchanged when there is no catalogue to check it against.
    mutating func listedVoice(_ name: String, at position: SourcePosition) -> String? {
        guard let voices else { return name }
        switch voices.check(name) {
        case .known(let listed): return listed
        case .unknown(let suggestion):
            report(position, VoiceCatalogue.unknownMessage(name, suggestion: suggestion))
            return nil
        }
    }
}

/// Walks the parsed JSON, collecting diagnostics instead of stopping at the first.
struct Validator {
    let path: String
    /// The engine's voices, when a voice name must be one of them.
    var voices: VoiceCatalogue?
    var diagnostics: [Diagnostic] = []
    /// Problems past `RoutineLoader.maximumDiagnostics`: counted, with where the first was.
    var omitted = 0
    var firstOmitted = SourcePosition(line: 1, column: 1)

    mutating func report(_ position: SourcePosition, _ message: String) {
        guard diagnostics.count < RoutineLoader.maximumDiagnostics else {
            if omitted == 0 { firstOmitted = position }
            omitted += 1
            return
        }
        diagnostics.append(Diagnostic(path: path, position: position, message: message))
    }

    /// Everything reported, with one last line for those not kept.
    var allDiagnostics: [Diagnostic] {
        guard omitted > 0 else { return diagnostics }
        return diagnostics + [Diagnostic(path: path, position: firstOmitted,
                                         message: "\(omitted) more problems from here on are not shown")]
    }

    /// The members of an object, with duplicate and unknown keys reported.
    mutating func members(of node: JSONNode, allowed: [String], what: String) -> [String: JSONNode]? {
        guard let (seen, unknown) = distinctMembers(of: node, known: allowed, what: what) else { return nil }
        for member in unknown {
            var message = "unknown key \"\(visible(member.key))\" in \(what)"
            if let near = Suggestions.nearest(to: member.key, in: allowed).first {
                message += "; did you mean \"\(near)\"?"
            } else {
                message += "; expected one of " + allowed.map { "\"\($0)\"" }.joined(separator: ", ")
            }
            report(member.keyPosition, message)
        }
        return seen
    }

    /// The members of an object with duplicates reported, and those whose keys are not `known`
    /// handed back: a routine refuses them, an import from another app names them as left out.
    mutating func distinctMembers(of node: JSONNode, known: [String], what: String)
        -> (members: [String: JSONNode], unknown: [JSONMember])? {
        guard case .object(let list) = node.value else {
            report(node.position, "\(what) must be an object, not \(node.value.typeName)")
            return nil
        }
        var seen: [String: JSONMember] = [:]
        var unknown: [JSONMember] = []
        for member in list {
            if let first = seen[member.key] {
                report(member.keyPosition,
                       "duplicate key \"\(visible(member.key))\" (first given at \(first.keyPosition))")
                continue
            }
            seen[member.key] = member
            if !known.contains(member.key) { unknown.append(member) }
        }
        return (seen.mapValues(\.value), unknown)
    }

    mutating func string(_ node: JSONNode?, key: String) -> String? {
        guard let node else { return nil }
        guard case .string(let s) = node.value else {
            report(node.position, "\"\(key)\" must be a string, not \(node.value.typeName)")
            return nil
        }
        if let bad = s.unicodeScalars.first(where: \.isUnsafeForTerminal) {
            report(node.position,
                "\"\(key)\" contains the control character \(visible(String(bad))); "
                    + "routines may not carry terminal escapes")
            return nil
        }
        return s
    }

    mutating func seconds(_ node: JSONNode?, key: String, allowZero: Bool) -> Double? {
        guard let node else { return nil }
        guard case .number(let v) = node.value else {
            report(node.position, "\"\(key)\" must be a number of seconds, not \(node.value.typeName)")
            return nil
        }
        if !v.isFinite {
            report(node.position, "\"\(key)\" is not a finite number")
        } else if allowZero ? v < 0 : v <= 0 {
            report(node.position,
                "\"\(key)\" must be \(allowZero ? "0 or more" : "more than 0") seconds, not \(JSONWriter.number(v))")
        } else if v > RoutineLoader.maximumSeconds {
            report(node.position, "\"\(key)\" is \(JSONWriter.number(v)) seconds, more than a day (86400)")
        } else {
            return v
        }
        return nil
    }

    mutating func integer(_ node: JSONNode?, key: String, range: ClosedRange<Int>) -> Int? {
        guard let node else { return nil }
        guard case .number(let v) = node.value else {
            report(node.position, "\"\(key)\" must be a whole number, not \(node.value.typeName)")
            return nil
        }
        guard v.isFinite, v == v.rounded(), let n = Int(exactly: v) else {
            report(node.position, "\"\(key)\" must be a whole number, not \(JSONWriter.number(v))")
            return nil
        }
        guard range.contains(n) else {
            report(node.position, "\"\(key)\" must be from \(range.lowerBound) to \(range.upperBound), not \(n)")
            return nil
        }
        return n
    }

    mutating func routine(_ root: JSONNode) -> Routine? {
        guard let m = members(of: root, allowed: RoutineLoader.routineKeys, what: "the routine") else { return nil }
        let name = string(m["name"], key: "name")
        if m["name"] == nil { report(root.position, "the routine has no \"name\"") }
        else if let name, name.unicodeScalars.allSatisfy(\.isBlank) { report(m["name"]!.position, "\"name\" is empty") }
        _ = string(m["$schema"], key: "$schema")
        let description = string(m["description"], key: "description") ?? ""
        var voice: String?
        if let node = m["voice"], let name = string(node, key: "voice") {
            if !VoiceName.isValid(name) {
                report(node.position, "\"voice\" must be a voice name such as \"rms\", \"en-us\" or \"de\"")
            } else {
                voice = listedVoice(name, at: node.position)
            }
        }
        let language: CoachLanguage? = choice(m["language"], key: "language", what: "language")
        let work = seconds(m["work"], key: "work", allowZero: false) ?? Routine.defaultWork
        let rest = seconds(m["rest"], key: "rest", allowZero: true) ?? Routine.defaultRest
        let getReady = seconds(m["getReady"], key: "getReady", allowZero: true) ?? Routine.defaultGetReady
        let rounds = integer(m["rounds"], key: "rounds",
            range: 1...RoutineLoader.maximumRounds) ?? Routine.defaultRounds
        let roundRest = seconds(m["roundRest"], key: "roundRest", allowZero: true) ?? Routine.defaultRoundRest
        let switchRest = seconds(m["switchRest"], key: "switchRest", allowZero: true) ?? Routine.defaultSwitchRest
        let finalRest = seconds(m["finalRest"], key: "finalRest", allowZero: true) ?? 0
        var restUntil: RestUntil?
        if let node = m["restUntil"] { restUntil = heartRest(node) }

        let drafts = exerciseList(m["exercises"], key: "exercises", defaultWork: work, required: true, root: root)
        let warmup = exerciseList(m["warmup"], key: "warmup", defaultWork: work, required: false, root: root)
        let cooldown = exerciseList(m["cooldown"], key: "cooldown", defaultWork: work, required: false, root: root)
        guard let name, diagnostics.isEmpty else { return nil }
        // Colours are assigned along the whole workout, so neighbours differ across the seams too.
        let all = ColorAssignment.fill(warmup + drafts + cooldown)
        var routine = Routine(name: name, description: description, rest: rest, getReady: getReady, rounds: rounds,
                              roundRest: roundRest,
                              exercises: Array(all[warmup.count..<(warmup.count + drafts.count)]),
                              warmup: Array(all.prefix(warmup.count)), cooldown: Array(all.suffix(cooldown.count)),
                              voice: voice, language: language, switchRest: switchRest)
        routine.finalRest = finalRest
        routine.restUntil = restUntil
        if let problem = PlanSize(routine).problem {
            // Rounds multiply everything else, so they are the likeliest cause.
            report(m["rounds"]?.position ?? root.position, problem)
            return nil
        }
        return routine
    }

    /// `"restUntil": {"heartRate": 120, "max": 60}`, both required.
    mutating func heartRest(_ node: JSONNode) -> RestUntil? {
        guard let m = members(of: node, allowed: ["heartRate", "max"], what: "\"restUntil\"") else { return nil }
        for key in ["heartRate", "max"] where m[key] == nil {
            report(node.position, "\"restUntil\" has no \"\(key)\"")
        }
        let bpm = integer(m["heartRate"], key: "heartRate", range: RestUntil.heartRates)
        let most = seconds(m["max"], key: "max", allowZero: false)
        guard let bpm, let most else { return nil }
        return RestUntil(heartRate: bpm, max: most)
    }

    /// One of a fixed set of names (a group, a language), with a did-you-mean or the list when it is none.
    mutating func choice<T: RawRepresentable & CaseIterable>(_ node: JSONNode?, key: String, what: String) -> T?
    where T.RawValue == String {
        guard let node, let text = string(node, key: key) else { return nil }
        if let value = T(rawValue: text) { return value }
        let names = T.allCases.map(\.rawValue)
        let near = Suggestions.nearest(to: text, in: names).first
        report(node.position, "unknown \(what) \"\(visible(text))\""
            + (near.map { "; did you mean \"\($0)\"?" }
            ?? "; expected one of " + names.map { "\"\($0)\"" }.joined(separator: ", ")))
        return nil
    }

    mutating func exerciseList(_ node: JSONNode?, key: String, defaultWork: Double, required: Bool,
                               root: JSONNode) -> [(Exercise, explicitColor: Bool)] {
        guard let node else {
            if required { report(root.position, "the routine has no \"\(key)\"") }
            return []
        }
        guard case .array(let items) = node.value else {
            report(node.position, "\"\(key)\" must be an array, not \(node.value.typeName)")
            return []
        }
        if required && items.isEmpty { report(node.position,
            "\"\(key)\" is empty; a routine needs at least one exercise") }
        return items.compactMap { exercise($0, defaultWork: defaultWork) }
    }

    mutating func exercise(_ node: JSONNode, defaultWork: Double) -> (Exercise, explicitColor: Bool)? {
        guard let m = members(of: node, allowed: RoutineLoader.exerciseKeys, what: "an exercise") else { return nil }
        let title = string(m["title"], key: "title")
        if m["title"] == nil { report(node.position, "the exercise has no \"title\"") }
        else if let title, title.unicodeScalars.allSatisfy(\.isBlank) {
            report(m["title"]!.position, "\"title\" is empty")
        }
        let description = string(m["description"], key: "description") ?? ""
        let say = string(m["say"], key: "say")
        if let say, say.unicodeScalars.allSatisfy(\.isBlank) { report(m["say"]!.position, "\"say\" is empty") }
        let work = seconds(m["work"], key: "work", allowZero: false) ?? defaultWork
        let rest = seconds(m["rest"], key: "rest", allowZero: true)
        let sides = integer(m["sides"], key: "sides", range: 1...2) ?? 1
        let switchRest = seconds(m["switchRest"], key: "switchRest", allowZero: true)
        if switchRest != nil, sides != 2, let node = m["switchRest"] {
            report(node.position, "\"switchRest\" is the pause between sides, for an exercise with \"sides\": 2")
        }
        let (reps, asMany) = self.reps(m["reps"])
        // Counted in reps, the step has no time to halve between sides.
        if reps != nil || asMany, sides == 2, let node = m["sides"] {
            report(node.position, "an exercise counted in \"reps\" cannot have \"sides\": 2; "
                + "list each side as an exercise of its own")
        }
        let (toLimit, cap) = limit(m, counted: reps != nil || asMany, sides: sides)
        var video: String?
        if let idNode = m["videoId"], let id = string(idNode, key: "videoId") {
            if VideoLink.isPlausibleYouTubeID(id) { video = Routine.youTubeURL(id: id) }
            else {
                report(idNode.position,
                       "\"videoId\" \"\(visible(id))\" is not a YouTube video id (11 letters, digits, '-' or '_')")
            }
        }
        if let urlNode = m["video"], let url = string(urlNode, key: "video") {
            if m["videoId"] != nil { report(urlNode.position, "give either \"video\" or \"videoId\", not both") }
            else if let problem = VideoLink.problem(withLink: url) { report(urlNode.position, "\"video\" " + problem) }
            else { video = url }
        }
        var color: RGB?
        var colorName: String?
        if let colorNode = m["color"], let text = string(colorNode, key: "color") {
            color = parseColor(text, at: colorNode.position)
            colorName = text
        }
        let group: ExerciseGroup? = choice(m["group"], key: "group", what: "group")
        var tags: [String] = []
        if let tagsNode = m["tags"] {
            if case .array(let items) = tagsNode.value {
                for item in items {
                    guard let tag = string(item, key: "tags") else { continue }
                    if Tag.isValid(tag) { tags.append(tag) }
                    else { report(item.position, "tag \"\(visible(tag))\" must be lower-case letters, digits and '-'") }
                }
            } else {
                report(tagsNode.position, "\"tags\" must be an array of strings, not \(tagsNode.value.typeName)")
            }
        }
        let figure = m["figure"].flatMap { self.figure($0) }
        let cues = m["cues"].map { self.cues($0) } ?? []
        guard let title else { return nil }
        var exercise = (Exercise(title: title, description: description, videoURL: video,
                         color: color ?? FlatColor.red.rgb, colorName: colorName, work: work, sides: sides,
                         group: group, tags: tags, say: say, figure: figure, cues: cues, rest: rest,
                         switchRest: switchRest, reps: reps,
                         repsLimit: reps == nil ? cap : m["work"] == nil ? nil : work),
                color != nil)
        exercise.0.toLimit = toLimit
        // With its own `work`, as many as you can in that time: a timed step, counted down.
        if asMany { exercise.0.asManyAsYouCan = m["work"] == nil ? .open : .timed }
        return exercise
    }

    mutating func parseColor(_ text: String, at position: SourcePosition) -> RGB? {
        if text.hasPrefix("#") {
            if let rgb = RGB(hex: text) { return rgb }
            report(position, "bad colour \"\(visible(text))\": expected #RRGGBB with six hexadecimal digits")
            return nil
        }
        if let flat = FlatColor(name: text) { return flat.rgb }
        let names = FlatColor.allCases.map(\.name)
        let near = Suggestions.nearest(to: text, in: names, limit: 3)
        var message = "unknown colour \"\(visible(text))\""
        message += near.isEmpty ? "; use a flat colour name such as \"flatRed\", or #RRGGBB"
            : "; did you mean \(Suggestions.phrase(near))?"
        report(position, message)
        return nil
    }

}

/// Gives exercises without a colour one from the palette that differs from both neighbours.
enum ColorAssignment {
    static func fill(_ drafts: [(Exercise, explicitColor: Bool)]) -> [Exercise] {
        var result = drafts.map(\.0)
        var next = 0
        for k in result.indices where !drafts[k].explicitColor {
            let before = k > 0 ? result[k - 1].color : nil
            let after = k + 1 < result.count && drafts[k + 1].explicitColor ? result[k + 1].color : nil
            for attempt in 0..<FlatColor.cycle.count {
                let flat = FlatColor.cycle[(next + attempt) % FlatColor.cycle.count]
                let candidate = flat.rgb
                if candidate != before && candidate != after {
                    result[k].color = candidate
                    result[k].colorName = flat.name
                    next = (next + attempt + 1) % FlatColor.cycle.count
                    break
                }
            }
        }
        return result
    }
}
