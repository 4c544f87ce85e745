// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
@testable import SevenminCore
import Testing

@Suite("Naming imported routines")
struct ImportNamingTests {
    /// A name without Latin letters became `imported`, and every Sweat file `sweat`: names keep the
    /// letters they can.
    @Test(arguments: [
        ("Rücken & Bauch", "rucken-bauch"), ("Übung", "ubung"), ("Табата", "tabata"),
        ("Утренняя зарядка", "utrennyaya-zaryadka"), ("Πρωινή Άσκηση", "proini-askisi"),
        ("Cafe\u{301} Crème", "cafe-creme"), ("トレーニング", "imported"), ("  --  ", "imported"),
        ("Tabata 2024!", "tabata-2024"), ("Sweat (hotel)", "sweat-hotel"),
    ])
    func fileNamesKeepTheLettersTheyCan(name: String, file: String) {
        #expect(ImportNaming.fileName(for: name) == file)
        #expect(RoutineName.isValid(file), "a name `new` and `start` take")
    }

    @Test func sweatFilesAreNamedAfterTheirFiles() {
        #expect(SweatFormat.name(file: "/home/me/.sweat") == "Sweat")
        #expect(SweatFormat.name(file: "hotel.yaml") == "Sweat (hotel)")
        #expect(SweatFormat.name(file: "conf/sweat-de.yaml") == "Sweat (de)")
    }

    static func routine(_ name: String, from app: RoutineFormat = .jawt) -> ImportedRoutine {
        let routine = Routine(name: name, description: "Imported from \(app.appName)",
                              exercises: [Exercise(title: "A", color: RGB(0, 0, 0), work: 30)])
        return ImportedRoutine(fileName: ImportNaming.fileName(for: name), text: "", routine: routine, notes: [])
    }

    /// A different routine never takes a name that holds one: it gets the next free one. The same routine,
    /// from an earlier import, keeps its name.
    @Test func aDifferentRoutineTakesTheNextFreeName() {
        let folder: [String: ImportedRoutine] = ["tabata": Self.routine("Tabata", from: .openhiit),
                                                 "imported": Self.routine("トレーニング")]
        let asked = [Self.routine("Tabata"), Self.routine("ストレッチ"), Self.routine("ヨガ"),
                     Self.routine("Tabata", from: .openhiit)]
        let chosen = ImportNaming.choose(asked) { name, routine in
            guard let there = folder[name] else { return name == "tabata-2" ? .other : .none }
            return ImportNaming.isSame(there.routine, as: routine) ? .same(identical: false) : .other
        }
        #expect(chosen.map(\.name) == ["tabata-3", "imported-2", "imported-3", "tabata"])
        #expect(chosen.map(\.existing) == [.none, .none, .none, .same(identical: false)])
    }
}
