// SPDX-License-Identifier: GPL-3.0-or-later
/// Which file each imported routine is written to: a name made from its own, in the letters `new` takes,
/// and never one that holds a different routine. Pure: what is in the folder is asked of `existing`.
public enum ImportNaming {
    /// What a routine folder holds under a name.
    public enum Existing: Equatable, Sendable {
        /// Nothing: the name is free.
        case none
        /// The same routine (its name and where it was imported from), written by an earlier import;
        /// `identical` when the file is exactly what this import would write.
        case same(identical: Bool)
        /// Anything else: another routine, a file that is no routine, a link to nowhere.
        case other
    }

    /// Where one routine goes.
    public struct Choice: Equatable, Sendable {
        /// The file name, without `.json`.
        public var name: String
        public var routine: ImportedRoutine
        /// What is there now: `.none`, or the same routine (replaced only with `--force`, or left as it is).
        public var existing: Existing
    }

    /// A name for each routine: its file name, else the same with `-2`, `-3`… past names that hold another
    /// routine or that this import already gave. A name holding the same routine is taken again.
    public static func choose(_ routines: [ImportedRoutine], existing: (String, ImportedRoutine) -> Existing)
        -> [Choice] {
        var given: Set<String> = []
        return routines.map { routine in
            var n = 1
            while true {
                let name = n == 1 ? routine.fileName : routine.fileName + "-\(n)"
                n += 1
                guard !given.contains(name) else { continue }
                let there = existing(name, routine)
                guard there != .other else { continue }
                given.insert(name)
                return Choice(name: name, routine: routine, existing: there)
            }
        }
    }

    /// Whether `found`, the routine a file holds, is the one `routine` would write: the same name, imported
    /// from the same app.
    public static func isSame(_ found: Routine, as routine: ImportedRoutine) -> Bool {
        found.name == routine.routine.name && found.description == routine.routine.description
    }

    /// A file name for a routine: its name in lower case, each letter in ASCII as far as it can be (Ü as
    /// u, Cyrillic and Greek letters transliterated), and every run of anything else one `-`, as `new`
    /// takes names. A name with no such letter (Japanese, say) is `imported`.
    static func fileName(for name: String) -> String {
        var out = ""
        for scalar in name.lowercased().unicodeScalars {
            // A letter's accent written apart (e and U+0301) goes with the letter.
            if scalar.properties.generalCategory == .nonspacingMark { continue }
            let spelt = scalar.isASCII ? String(scalar) : spelling(scalar) ?? "-"
            for c in spelt.lowercased().unicodeScalars {
                let kept = ("a"..."z").contains(c) || ("0"..."9").contains(c)
                if kept { out.unicodeScalars.append(c) } else if !out.isEmpty && !out.hasSuffix("-") { out += "-" }
            }
        }
        out = String(out.prefix(48))
        while out.hasSuffix("-") { out.removeLast() }
        return out.isEmpty ? "imported" : out
    }

    /// A letter in ASCII: Latin as the screen spells it without accents, Cyrillic and Greek transliterated.
    static func spelling(_ scalar: Unicode.Scalar) -> String? {
        Glyphs.asciiSpelling(scalar, language: .en, capitals: false) ?? cyrillic[scalar] ?? greek[scalar]
    }

    /// Russian, Ukrainian, Belarusian, Serbian and Bulgarian letters, lower case, in a plain romanisation.
    static let cyrillic: [Unicode.Scalar: String] = [
        "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh", "з": "z", "и": "i",
        "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t",
        "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch",
        "ш": "sh", "щ": "shch", "ъ": "", "ы": "y", "ь": "",
        "э": "e", "ю": "yu", "я": "ya", "і": "i", "ї": "yi",
        "є": "ye", "ґ": "g", "ў": "u", "ђ": "dj", "ј": "j",
        "љ": "lj", "њ": "nj", "ћ": "c", "џ": "dz", "ѕ": "dz",
    ]

    /// Greek letters, lower case, with and without their accents.
    static let greek: [Unicode.Scalar: String] = [
        "α": "a", "β": "v", "γ": "g", "δ": "d", "ε": "e", "ζ": "z", "η": "i", "θ": "th", "ι": "i", "κ": "k",
        "λ": "l", "μ": "m", "ν": "n", "ξ": "x", "ο": "o", "π": "p", "ρ": "r", "σ": "s", "ς": "s", "τ": "t",
        "υ": "y", "φ": "f", "χ": "ch", "ψ": "ps", "ω": "o", "ά": "a", "έ": "e", "ή": "i", "ί": "i", "ό": "o",
        "ύ": "y", "ώ": "o", "ϊ": "i", "ϋ": "y", "ΐ": "i", "ΰ": "y",
    ]
}
