// SPDX-License-Identifier: GPL-3.0-or-later
/// Which files in a routines folder are routines: the one rule for the files built into the
/// program, the shipped folder and the user's folders alike.
///
/// A routine is `NAME.json`; a JSON Schema beside the routines (`schema.json`,
/// `config.schema.json`) is for editors and is not one.
public enum RoutineFileName {
    /// The extension every routine file has.
    public static let suffix = ".json"

    /// The routine's name (`classic` for `classic.json`), or nil when the file is not a routine.
    public static func routineName(of fileName: String) -> String? {
        guard fileName.hasSuffix(suffix), fileName.count > suffix.count,
              fileName != "schema.json", !fileName.hasSuffix(".schema.json") else { return nil }
        return String(fileName.dropLast(suffix.count))
    }

    /// The file a routine of this name is kept in.
    public static func fileName(of routine: String) -> String { routine + suffix }
}
