// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// The README says every source file names its licence in an SPDX line; this holds it to that.
@Suite("Licence headers")
struct LicenceHeaderTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// Source files of every kind the repository keeps: code and scripts, not data, goldens or fixtures'
    /// data files.
    static func sources() -> [String] {
        var found = ["Package.swift"]
        for folder in ["Sources", "Tests", "scripts", "bench", "Plugins"] {
            let walker = FileManager.default.enumerator(atPath: root + "/" + folder)
            while let name = walker?.nextObject() as? String {
                let path = folder + "/" + name
                let code = [".swift", ".c", ".h", ".py", ".sh"].contains { name.hasSuffix($0) }
                var isFolder: ObjCBool = false
                let exists = FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder)
                let script = folder == "scripts" && !name.contains(".") && exists && !isFolder.boolValue
                if code || script { found.append(path) }
            }
        }
        return found.sorted()
    }

    @Test func everySourceFileNamesItsLicence() throws {
        let files = LicenceHeaderTests.sources()
        #expect(files.count > 200, "the walk found the sources")
        for file in files {
            let text = try String(contentsOfFile: LicenceHeaderTests.root + "/" + file, encoding: .utf8)
            let head = text.split(separator: "\n", maxSplits: 3).prefix(2)
            #expect(head.contains { $0.contains("SPDX-License-Identifier: GPL-3.0-or-later") },
                    "\(file) has no SPDX-License-Identifier line at its top")
        }
    }
}
