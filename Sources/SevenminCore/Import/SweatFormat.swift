// SPDX-License-Identifier: GPL-3.0-or-later
/// Sweat's configuration (YAML), as its lib/Sweat.pm reads it (v201909080 to 202101030):
/// `drill_length` (30), `rest_length` (10), `drill_count` (12), `chair` and `jumping` (0 leaves
/// those drills out), and `groups: [{name, drills: [{name, requires_a_chair, requires_jumping,
/// requires_side_switching}]}]`, or its 12 default drills when there are none. A top-level key may
/// be written with dashes (`drill-length`), as Sweat's `_mangle_args` reads it. Sweat takes drills
/// round-robin across the groups in file order; before each drill, the first too, it counts
/// `rest_length` down, and a side-switching drill is half, `side_switch_length` (4 s) to switch,
/// and half again.
enum SweatFormat {
    static let drillKeys = ["name", "requires_a_chair", "requires_jumping", "requires_side_switching"]
    /// Sweat's fixed pause to switch sides (`side_switch_length`, which no file sets).
    static let sideSwitch = 4.0
    /// What Sweat's configuration sets that has nothing to do with the workout's timing or drills; and
    /// `no_chair` and `no_jumping`, which its examples/config.yaml shows but Sweat does not read (they are
    /// its command line's `--no-chair` and `--no-jumping`), said apart.
    static let silent = ["speech_program", "url_program", "fortune_program", "newsapi_key", "newsapi_country",
                         "country", "refocus", "no_news", "entertainment", "no_chair", "no_jumping"]
    /// Every key Sweat's loader reads (`BUILD` in lib/Sweat.pm): a file with any of them is Sweat's, as
    /// Sweat runs any YAML file it is given.
    static let readKeys: Set<String> = ["shuffle", "entertainment", "chair", "jumping", "refocus", "newsapi_key",
                                        "country", "fortune_program", "speech_program", "url_program",
                                        "rest_length", "drill_length", "drill_count", "groups", "no_news"]

    /// Sweat's `_default_group_config`: the twelve drills of the seven-minute workout.
    static let defaultGroups: [(name: String, drills: [(name: String, chair: Bool, jumping: Bool, sides: Bool)])] = [
        ("aerobic", [("jumping jacks", false, true, false), ("high knees", false, true, false),
                     ("step-ups", true, false, false)]),
        ("lower-body", [("wall sit", false, false, false), ("squats", false, false, false),
                        ("knee lunges", false, false, false)]),
        ("upper-body", [("push-ups", false, false, false), ("tricep dips", true, false, false),
                        ("rotational push-ups", false, false, false)]),
        ("core", [("abdominal crunches", false, false, false), ("plank", false, false, false),
                  ("side plank", false, false, true)]),
    ]

    /// A key as Sweat's `_mangle_args` reads it: every dash an underscore.
    static func underscored(_ key: String) -> String { String(key.map { $0 == "-" ? "_" : $0 }) }

    /// The routine's name: "Sweat" for `~/.sweat`, else with the file's name, so that two files make two
    /// routines ("Sweat (hotel)" for hotel.yaml, "Sweat (de)" for sweat-de.yaml).
    static func name(file path: String) -> String {
        var base = Substring(path.split(separator: "/").last ?? "")
        if let dot = base.lastIndex(of: "."), dot != base.startIndex { base = base[..<dot] }
        base = base.drop { $0 == "." }
        if base.lowercased().hasPrefix("sweat") { base = base.dropFirst(5).drop { !$0.isLetter && !$0.isNumber } }
        return base.isEmpty ? "Sweat" : "Sweat (\(base))"
    }

    struct Drill {
        var step: RoutineDraft.Step
        var chair: Bool
        var jumping: Bool
    }

    static func drafts(_ file: JSONNode, _ walker: inout ImportWalker, file path: String) -> [RoutineDraft] {
        // Sweat reads `drill-length` as `drill_length`: every dash of a top-level key an underscore.
        var root = file
        if case .object(var members) = root.value {
            for k in members.indices { members[k].key = underscored(members[k].key) }
            root.value = .object(members)
        }
        guard let m = walker.members(of: root, used: ["drill_length", "rest_length", "drill_count", "chair",
                                                      "jumping", "groups", "shuffle"], silent: silent,
                                     what: "the configuration")
        else { return [] }
        // Sweat's `Int`s.
        func whole(_ key: String, _ fallback: Double) -> Double? {
            guard let node = m[key] else { return fallback }
            guard let value = walker.seconds(node, key: key) else { return nil }
            guard value == value.rounded() else {
                walker.validator.report(node.position, "\"\(key)\" must be a whole number of seconds, as Sweat "
                    + "reads it, not \(JSONWriter.number(value))")
                return nil
            }
            return value
        }
        let length = whole("drill_length", 30)
        let rest = whole("rest_length", 10)
        let count = m["drill_count"].map { walker.validator.integer($0, key: "drill_count", range: 1...1_000) } ?? 12
        let chair = m["chair"].map { flag($0, key: "chair", &walker) } ?? true
        let jumping = m["jumping"].map { flag($0, key: "jumping", &walker) } ?? true
        let shuffle = m["shuffle"].map { flag($0, key: "shuffle", &walker) } ?? false
        var groups: [(name: String, position: SourcePosition, drills: [Drill])] = []
        if let groupsNode = m["groups"], groupsNode.value != .null {
            guard case .array(let groupNodes) = groupsNode.value else {
                walker.validator.report(groupsNode.position,
                                        "\"groups\" must be a list, not \(groupsNode.value.typeName)")
                return []
            }
            for node in groupNodes {
                guard let g = walker.members(of: node, used: ["name", "drills"], what: "a group") else { continue }
                // Sweat::Group's `name` is required: Sweat refuses the file without it.
                if g["name"] == nil {
                    walker.validator.report(node.position, "the group has no \"name\", which Sweat requires: "
                        + "it will not run without one")
                }
                let groupName = g["name"].flatMap { walker.validator.string($0, key: "name") }
                guard let drillsNode = walker.require(g["drills"], key: "drills", in: node, what: "the group") else {
                    continue
                }
                guard case .array(let drillNodes) = drillsNode.value else {
                    walker.validator.report(drillsNode.position,
                                            "\"drills\" must be a list, not \(drillsNode.value.typeName)")
                    continue
                }
                let drills = drillNodes.compactMap { drill($0, group: groupName, work: length ?? 30, &walker) }
                if let groupName { groups.append((groupName, node.position, drills)) }
            }
        }
        if m["groups"] == nil || m["groups"]?.value == .null {
            groups = defaultGroups.map { group in
                (group.name, root.position, group.drills.map { d in
                    var step = RoutineDraft.Step(title: d.name, work: length ?? 30, sides: d.sides ? 2 : 1,
                                                 group: exerciseGroup(group.name))
                    step.tags = [d.chair ? "chair" : nil, d.jumping ? "jumping" : nil].compactMap { $0 }
                    return Drill(step: step, chair: d.chair, jumping: d.jumping)
                })
            }
        }
        guard let length, let rest, let count, let chair, let jumping, let shuffle,
              walker.validator.diagnostics.isEmpty,
              length > 0 else {
            if let node = m["drill_length"], length == 0 {
                walker.validator.report(node.position, "\"drill_length\" must be more than 0 seconds")
            }
            return []
        }
        // Sweat stops when a group has no drill left once chair and jumping drills are left out
        // (Sweat::Group's `reset_drills`): told at the group, or for its own groups at the setting.
        var kept: [[Drill]] = []
        for group in groups {
            let drills = group.drills.filter { (chair || !$0.chair) && (jumping || !$0.jumping) }
            guard !drills.isEmpty else {
                let setting = [chair ? nil : "chair: 0", jumping ? nil : "jumping: 0"].compactMap { $0 }
                let own = m["groups"] == nil || m["groups"]?.value == .null
                let at = own ? (jumping ? m["chair"] : m["jumping"])?.position ?? root.position : group.position
                let why = group.drills.isEmpty ? "has no drill"
                    : "has no drill left with \(setting.joined(separator: " and "))"
                walker.validator.report(at, (own ? "Sweat's own group " : "the group ") + "\(visible(group.name)) "
                    + "\(why), and Sweat will not run")
                return []
            }
            kept.append(drills)
        }
        guard !kept.isEmpty else {
            walker.validator.report(m["groups"]?.position ?? root.position, "the configuration has no drill")
            return []
        }
        // Round-robin: the first drill of each group, then the second of each, and so on; a
        // group that runs out starts again from its first.
        var steps: [RoutineDraft.Step] = []
        var round = 0
        while steps.count < count {
            for group in kept where steps.count < count {
                var step = group[round % group.count].step
                step.rest = rest
                steps.append(step)
            }
            round += 1
        }
        steps[steps.count - 1].rest = 0
        var draft = RoutineDraft(name: name(file: path), description: "Imported from \(RoutineFormat.sweat.appName)",
                                 getReady: rest, exercises: steps, position: root.position)
        draft.switchRest = sideSwitch
        sayWhatIsAsked(m, shuffle: shuffle, groups: groups.map(\.name), &draft, &walker)
        return [draft]
    }

    /// Sweat's `shuffle` as `start --shuffle`, which shuffles within sevenmin's groups as Sweat does within
    /// its own; and `no_chair` or `no_jumping`, which Sweat does not read, as the `--without` that does it here.
    static func sayWhatIsAsked(_ m: [String: JSONNode], shuffle: Bool, groups: [String], _ draft: inout RoutineDraft,
                               _ walker: inout ImportWalker) {
        if shuffle {
            draft.startOptions.append("--shuffle")
            let unknown = groups.filter { exerciseGroup($0) == nil }
            let mapped = groups.compactMap(exerciseGroup)
            if unknown.count > 1 || (!unknown.isEmpty && !mapped.isEmpty) || Set(mapped).count < mapped.count {
                draft.notes.append("--shuffle shuffles within sevenmin's groups (cardio, lower, upper, core), which "
                    + "these groups' names do not all tell apart: " + groups.map(visible).joined(separator: ", ")
                    + "; so some drills may be shuffled across Sweat's groups")
            }
        }
        for (key, tag) in [("no_chair", "chair"), ("no_jumping", "jumping")] {
            guard let node = m[key], let asked = flag(node, key: key, &walker), asked else { continue }
            draft.startOptions += ["--without", tag]
            draft.notes.append("\(key): 1 is not read by Sweat (its --no-\(tag) is an option of its command "
                + "line), so the \(tag) drills are in, as Sweat runs the file; --without \(tag) leaves them out")
        }
    }

    static func drill(_ node: JSONNode, group: String?, work: Double, _ walker: inout ImportWalker) -> Drill? {
        // Sweat::Drill->new takes a mapping only: a drill written as its bare name stops Sweat.
        if case .string = node.value {
            walker.validator.report(node.position, "a drill must be a mapping with its name (name: …), as Sweat "
                + "reads it, not a bare name")
            return nil
        }
        guard let d = walker.members(of: node, used: drillKeys, what: "a drill") else { return nil }
        let name = walker.require(d["name"], key: "name", in: node, what: "the drill")
            .flatMap { walker.title($0, key: "name", fallback: "Drill") }
        let chair = d["requires_a_chair"].map { flag($0, key: "requires_a_chair", &walker) } ?? false
        let jumping = d["requires_jumping"].map { flag($0, key: "requires_jumping", &walker) } ?? false
        let sides = d["requires_side_switching"].map { flag($0, key: "requires_side_switching", &walker) } ?? false
        guard let name, let chair, let jumping, let sides else { return nil }
        var step = RoutineDraft.Step(title: name, work: work, sides: sides ? 2 : 1, group: exerciseGroup(group))
        step.tags = [chair ? "chair" : nil, jumping ? "jumping" : nil].compactMap { $0 }
        return Drill(step: step, chair: chair, jumping: jumping)
    }

    /// A yes or no, written as YAML's booleans or as 0 and 1.
    static func flag(_ node: JSONNode, key: String, _ walker: inout ImportWalker) -> Bool? {
        switch node.value {
        case .bool(let b): return b
        case .number(let n) where n == 0 || n == 1: return n == 1
        case .number(let n):
            walker.validator.report(node.position, "\"\(key)\" must be 0 or 1, not \(JSONWriter.number(n))")
            return nil
        default:
            walker.validator.report(node.position,
                                    "\"\(key)\" must be 0 or 1 (or true or false), not \(node.value.typeName)")
            return nil
        }
    }

    /// The sevenmin group a Sweat group's name speaks of, if any.
    static func exerciseGroup(_ name: String?) -> ExerciseGroup? {
        guard let name = name?.lowercased() else { return nil }
        if name.contains("aerobic") || name.contains("cardio") { return .cardio }
        if name.contains("lower") || name.contains("leg") { return .lower }
        if name.contains("upper") || name.contains("arm") { return .upper }
        if name.contains("core") || name.contains("abs") { return .core }
        return nil
    }
}
