// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PackagePlugin

/// Generates the Swift file that carries `Workouts/*.json` and `Sounds/*.wav` inside the binary,
/// so one copied binary runs anywhere; the folders stay the files people edit.
@main
struct EmbedShippedFiles: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let folders = ["Workouts", "Workouts/plans", "Sounds"].map { root.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "ShippedFiles.swift")
        // The generator lists the folders itself, and the folders are the inputs: SwiftPM keeps this
        // command from one build to the next, so a file named here would break the build once removed.
        // A file added, removed or saved by rename (as editors and git do) changes its folder.
        return [.buildCommand(displayName: "Embedding Workouts and Sounds",
                              executable: try context.tool(named: "sevenmin-embed").url,
                              arguments: [output.path, root.path],
                              inputFiles: folders,
                              outputFiles: [output])]
    }
}
