// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// An exercise's `figure` (a shipped figure's name, or its own keyframes) and `cues`, validated by the
/// routine loader's walker with positions, as every other key is.
extension Validator {
    static let figureKeys = ["period", "keyframes", "props"]
    static let maximumKeyframes = 16
    /// Props a figure may have: a floor, a wall, a bench are a few lines; the cap keeps what a phone is sent small.
    static let maximumProps = 16
    static let maximumCues = 3
    static let maximumCueLength = 40

    mutating func figure(_ node: JSONNode) -> Figure? {
        if case .string = node.value {
            guard let name = string(node, key: "figure") else { return nil }
            if let known = FigureLibrary.figures[name] { return known }
            let near = Suggestions.nearest(to: name, in: FigureLibrary.names).first
            report(node.position, "unknown figure \"\(visible(name))\""
                + (near.map { "; did you mean \"\($0)\"?" } ?? "; `sevenmin-routine(5)` lists the shipped ones"))
            return nil
        }
        guard let m = members(of: node, allowed: Validator.figureKeys, what: "a figure") else { return nil }
        let period = seconds(m["period"], key: "period", allowZero: false) ?? 1
        var keyframes: [Pose] = []
        if let list = m["keyframes"] {
            if case .array(let items) = list.value, !items.isEmpty, items.count <= Validator.maximumKeyframes {
                for item in items { if let p = pose(item) { keyframes.append(p) } }
                if keyframes.count != items.count { return nil }
            } else {
                report(list.position, "\"keyframes\" must be a list of 1 to \(Validator.maximumKeyframes) poses")
                return nil
            }
        } else {
            report(node.position, "the figure has no \"keyframes\"")
            return nil
        }
        var props: [FigureProp] = []
        if let list = m["props"] {
            guard case .array(let items) = list.value else {
                report(list.position, "\"props\" must be a list of lines, each [[x, y], [x, y]]")
                return nil
            }
            guard items.count <= Validator.maximumProps else {
                report(items[Validator.maximumProps].position,
                       "\"props\" holds at most \(Validator.maximumProps) lines")
                return nil
            }
            for item in items {
                guard case .array(let ends) = item.value, ends.count == 2,
                      let a = point(ends[0], key: "props"), let b = point(ends[1], key: "props") else {
                    if case .array(let ends) = item.value, ends.count == 2 { return nil }
                    report(item.position, "a prop must be a line, [[x, y], [x, y]]")
                    return nil
                }
                props.append(FigureProp(a, b))
            }
        }
        return Figure(keyframes: keyframes, period: period, props: props)
    }

    /// A pose: every joint, each [x, y] in the figure's unit box.
    mutating func pose(_ node: JSONNode) -> Pose? {
        let names = Joint.allCases.map(\.rawValue)
        guard let m = members(of: node, allowed: names, what: "a pose") else { return nil }
        var points: [FigurePoint] = []
        for joint in Joint.allCases {
            guard let value = m[joint.rawValue] else {
                report(node.position, "the pose has no \"\(joint.rawValue)\"")
                return nil
            }
            guard let p = point(value, key: joint.rawValue) else { return nil }
            points.append(p)
        }
        return Pose(points)
    }

    /// [x, y], each from 0 to 1.
    mutating func point(_ node: JSONNode, key: String) -> FigurePoint? {
        guard case .array(let items) = node.value, items.count == 2,
              case .number(let x) = items[0].value, case .number(let y) = items[1].value else {
            report(node.position, "\"\(key)\" must be a point [x, y], not \(node.value.typeName)")
            return nil
        }
        for (v, item) in [(x, items[0]), (y, items[1])] where !(v >= 0 && v <= 1) {
            report(item.position, "\"\(key)\" has \(JSONWriter.number(v)); points run from 0 to 1 across the figure")
            return nil
        }
        return FigurePoint(x, y)
    }

    /// Up to three short lines.
    mutating func cues(_ node: JSONNode) -> [String] {
        guard case .array(let items) = node.value else {
            report(node.position, "\"cues\" must be a list of short lines, not \(node.value.typeName)")
            return []
        }
        if items.count > Validator.maximumCues {
            report(items[Validator.maximumCues].position, "\"cues\" holds at most \(Validator.maximumCues) lines")
        }
        var cues: [String] = []
        for item in items.prefix(Validator.maximumCues) {
            guard let cue = string(item, key: "cues") else { continue }
            if cue.unicodeScalars.allSatisfy(\.isBlank) {
                report(item.position, "a cue is empty")
            } else if cue.count > Validator.maximumCueLength {
                report(item.position, "a cue is \(cue.count) characters; keep it to \(Validator.maximumCueLength)")
            } else {
                cues.append(cue)
            }
        }
        return cues
    }
}
