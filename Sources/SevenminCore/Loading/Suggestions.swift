// SPDX-License-Identifier: GPL-3.0-or-later
/// "Did you mean" candidates by edit distance, closest first.
public enum Suggestions {
    public static func nearest(to word: String, in candidates: [String], limit: Int = 1) -> [String] {
        let w = Array(word.lowercased())
        let threshold = max(2, w.count / 3)
        let scored = candidates
            .map { ($0, distance(w, Array($0.lowercased()))) }
            .filter { $0.1 <= threshold }
        // Only the closest: a suggestion list padded with worse matches is noise.
        guard let best = scored.map(\.1).min() else { return [] }
        return scored.filter { $0.1 == best }.map(\.0).sorted().prefix(limit).map { $0 }
    }

    /// Levenshtein distance with adjacent transpositions counted as one edit.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d = min(d, previous2[j - 2] + 1)
                }
                current[j] = d
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }

    /// `"a"`, `"a" or "b"`, `"a", "b" or "c"`.
    public static func phrase(_ words: [String]) -> String {
        let quoted = words.map { "\"\($0)\"" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
    }
}
