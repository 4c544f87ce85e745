// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import SevenminCore

/// The manual pages and completion scripts, checked against the command table they are made from.
@Suite("Manual pages and completions")
struct ManualAndCompletionTests {
    /// Every subcommand with each of its options, as `(command, option)`.
    static let options: [(String, String)] = CommandLineParser.specs.flatMap { spec in
        spec.options.map { (spec.name, $0.long) }
    }

    /// How a script names an option of a subcommand, for each shell.
    static func mentions(_ script: String, _ shell: Shell, command: String, option: String) -> Bool {
        switch shell {
        case .bash:
            // The option is offered in the subcommand's own branch of the `case`.
            guard let branch = script.range(of: "\n    \(command))\n") else { return false }
            let rest = script[branch.upperBound...]
            let end = rest.range(of: "\n        ;;\n")?.lowerBound ?? rest.endIndex
            return rest[..<end].contains("--\(option)")
        case .zsh:
            guard let branch = script.range(of: "\n    \(command))\n") else { return false }
            let rest = script[branch.upperBound...]
            let end = rest.range(of: "\n      ;;\n")?.lowerBound ?? rest.endIndex
            return rest[..<end].contains("--\(option)")
        case .fish:
            return script.contains("'__sevenmin_using \(command)' -l \(option) ")
        }
    }

    @Test(arguments: Shell.allCases)
    func everyOptionOfTheTableIsCompleted(shell: Shell) {
        let script = shell.completionScript()
        for (command, option) in ManualAndCompletionTests.options {
            #expect(ManualAndCompletionTests.mentions(script, shell, command: command, option: option),
                    "\(shell) completion lacks \(command) --\(option)")
        }
        for spec in CommandLineParser.specs {
            #expect(script.contains(spec.name), "\(shell) completion lacks the \(spec.name) subcommand")
        }
    }

    @Test func theHiddenCommandIsNeitherOfferedNorDocumented() {
        #expect(!HelpText.overview().contains("__complete"))
        #expect(!ManPage.program().contains("__complete"))
        #expect(!Shell.fish.completionScript().contains("-a __complete"))
    }

    @Test func everyOptionAndSubcommandOfTheTableIsInTheManual() {
        let page = ManPage.program()
        for spec in CommandLineParser.specs {
            #expect(page.contains(".SS \(Roff.literal(spec.name))\n"), "no section for \(spec.name)")
        }
        for (command, option) in ManualAndCompletionTests.options {
            #expect(page.contains("\\fB\\-\\-\(Roff.literal(option))\\fR"), "sevenmin(1) lacks \(command) --\(option)")
        }
    }

    @Test func everyKeyTheLoaderAcceptsIsDocumented() {
        #expect(RoutineKeys.routine.map(\.key).sorted() == RoutineLoader.routineKeys.sorted())
        #expect(RoutineKeys.exercise.map(\.key).sorted() == RoutineLoader.exerciseKeys.sorted())
        let page = ManPage.routineFormat()
        for key in RoutineLoader.routineKeys + RoutineLoader.exerciseKeys {
            #expect(page.contains(".TP\n\\fB\(Roff.literal(key))\\fR\n"), "sevenmin-routine(5) lacks \(key)")
        }
        for color in FlatColor.allCases { #expect(page.contains(color.name)) }
    }

    @Test func everyKeyAPlanMayHoldIsDocumentedAndTheExampleLoads() throws {
        let nested = TrainingPlanLoader.advanceKeys.map { "advance." + $0 }
            + TrainingPlanLoader.backKeys.map { "back." + $0 }
        #expect(RoutineKeys.plan.map(\.key).sorted()
            == (TrainingPlanLoader.planKeys.filter { $0 != "advance" && $0 != "back" } + nested).sorted())
        #expect(RoutineKeys.planStep.map(\.key).sorted() == TrainingPlanLoader.stepKeys.sorted())
        let page = ManPage.routineFormat()
        for key in RoutineKeys.plan.map(\.key) + RoutineKeys.planStep.map(\.key) {
            #expect(page.contains(".TP\n\\fB\(Roff.literal(key))\\fR\n"), "sevenmin-routine(5) lacks \(key)")
        }
        #expect(try TrainingPlanLoader.parse(Array(ManPage.planExample.utf8), path: "example").steps.count == 4)
    }

    @Test func theReadmeTablesAreTheDocumentedKeys() throws {
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        for table in [RoutineKeys.routine, RoutineKeys.exercise, RoutineKeys.plan, RoutineKeys.planStep] {
            var markdown = "| key | meaning | default | allowed |\n| --- | --- | --- | --- |\n"
            for k in table { markdown += "| `\(k.key)` | \(k.meaning) | \(k.byDefault) | \(k.allowed) |\n" }
            #expect(readme.contains(markdown), "README's key table differs from RoutineKeys; make it:\n\(markdown)")
        }
    }

    @Test func theManualsExampleIsAValidRoutine() throws {
        let routine = try RoutineLoader.parse(Array(ManPage.example.utf8), path: "example")
        #expect(routine.exercises.map(\.title) == ["Jumping Jacks", "Side Plank"])
    }

    @Test(arguments: [
        ("a-b", "a\\-b"), (".json", "\\&.json"), ("back\\slash", "back\\eslash"), ("n p  → ←", "n p  \\(-> \\(<-"),
        ("ok — fine", "ok \\(em fine"), ("é", "\\[u00E9]"),
    ])
    func literalsAreEscapedForTroff(text: String, roff: String) {
        #expect(Roff.literal(text) == roff)
    }

    @Test func theKeysPanelAndTheManualListTheSameKeys() {
        let page = ManPage.program()
        for (keys, action) in KeyBindings.summary {
            #expect(WorkoutScreen.helpLines(.english).contains { $0.hasPrefix(keys) && $0.hasSuffix(action) })
            #expect(page.contains("\\fB" + Roff.literal(keys) + "\\fR\n" + Roff.text(action)))
        }
    }

    /// `x` drops the phones and makes a new code: listed in the manual, said to need `--phone`, and on the
    /// help panel of a workout that has the phone's page, in its language.
    @Test func xIsAKeyOfTheManualAndOfThePanelWithThePhone() {
        let (keys, action) = KeyBindings.phoneDrop
        #expect(ManPage.program().contains("\\fB\(keys)\\fR\n" + Roff.text(action + " (with --phone)")))
        let english = WorkoutScreen.helpLines(.english, phone: .english)
        #expect(english.contains { $0.hasPrefix("x ") && $0.hasSuffix(action) })
        let german = WorkoutScreen.helpLines(.german, phone: .german)
        #expect(german.last?.hasPrefix("x ") == true && german.last?.hasSuffix("Telefone trennen, neuer Code") == true)
        #expect(!WorkoutScreen.helpLines(.english).contains { $0.hasPrefix("x ") }, "without the phone, x does nothing")
    }
}
