// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminSystem

/// Scratch folders for tests. Every one is made inside a folder of this test process's own, which is
/// removed when the process exits, so no run leaves folders behind, whether or not a test (or a
/// failing `#require`) got as far as removing its own.
public enum ScratchFolder {
    /// This process's folder, made on first use, with its removal registered for the exit.
    static let root: String = {
        var template = Array((FileManager.default.temporaryDirectory.path + "/sevenmin-tests-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) != nil }
        precondition(made, "cannot make a scratch folder: errno \(errno)")
        let path = String(nulTerminated: template)
        // ignored: a test process that cannot register its clean-up still runs its tests.
        _ = atexit { try? FileManager.default.removeItem(atPath: ScratchFolder.root) }
        return path
    }()

    /// A fresh, empty folder whose name starts with `prefix`.
    public static func make(_ prefix: String) -> String {
        let dir = root + "/" + prefix + "-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }
}
