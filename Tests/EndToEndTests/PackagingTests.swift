// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// The release binary that `scripts/test` builds before the tests run, since SwiftPM cannot build
/// while its tests run; these tests need it and are skipped without it.
let releaseBinary = ProcessInfo.processInfo.environment["SEVENMIN_RELEASE_BIN"] ?? ""

/// Every regular file under `root`, relative to it, sorted.
func filesUnder(_ root: String) -> [String] {
    let paths = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
    return paths.filter { path in
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory)
        return exists && !isDirectory.boolValue
    }.sorted()
}

/// Whether an ELF file still has its symbol table.
func hasSymbols(_ path: String) throws -> Bool {
    try run("/usr/bin/readelf", ["-S", "-W", path]).stdout.contains(" .symtab ")
}

@Suite("Installing and packaging", .serialized,
       .enabled(if: !releaseBinary.isEmpty, "needs SEVENMIN_RELEASE_BIN, a release build; scripts/test makes one"))
struct PackagingTests {
    static let installed = [
        "bin/sevenmin", "share/bash-completion/completions/sevenmin", "share/fish/vendor_completions.d/sevenmin.fish",
        "share/man/man1/sevenmin.1", "share/man/man5/sevenmin-routine.5", "share/sevenmin/installed-files",
        "share/zsh/site-functions/_sevenmin",
    ]

    @Test func installPutsItsFilesUnderThePrefixAndUninstallRemovesExactlyThem() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let prefix = dir + "/prefix"
        // Someone else's page in a folder the install shares must outlive the uninstall.
        try FileManager.default.createDirectory(atPath: prefix + "/share/man/man1", withIntermediateDirectories: true)
        try "other\n".write(toFile: prefix + "/share/man/man1/other.1", atomically: true, encoding: .utf8)
        let env = ["PREFIX": prefix, "SEVENMIN_BINARY": releaseBinary]
        let install = try run(repositoryRoot + "/scripts/install", [], environment: env)
        #expect(install.status == 0, "\(install.stderr)")
        #expect(filesUnder(prefix) == (PackagingTests.installed + ["share/man/man1/other.1"]).sorted())
        #expect(try !hasSymbols(prefix + "/bin/sevenmin"), "the installed binary is not stripped")
        #expect(try hasSymbols(releaseBinary), "the build itself was already stripped: the check above proves nothing")
        let version = try run(prefix + "/bin/sevenmin", ["--version"])
        #expect(version.stdout.hasPrefix("sevenmin "))

        let uninstall = try run(repositoryRoot + "/scripts/uninstall", [], environment: env)
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        #expect(filesUnder(prefix) == ["share/man/man1/other.1"])
        #expect(!FileManager.default.fileExists(atPath: prefix + "/share/sevenmin"))
    }

    @Test func theDebianPackageHoldsEverythingAndRunsUnpacked() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let built = try run(repositoryRoot + "/scripts/package", [dir], environment: [
            "SEVENMIN_BINARY": releaseBinary, "DEBFULLNAME": "Ada Lovelace", "DEBEMAIL": "ada@example.org",
        ])
        #expect(built.status == 0, "\(built.stderr)")
        let deb = built.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let version = try run(releaseBinary, ["--version"]).stdout.split(separator: " ").last.map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines)
        } ?? ""
        #expect(deb == dir + "/sevenmin_\(version)_amd64.deb")

        // Depends comes from the libraries the binary links, and from the table of those it opens on first use:
        // each soname's package, as dpkg knows it on this machine.
        let depends = try run("/usr/bin/dpkg-deb", ["-f", deb, "Depends"]).stdout
        let opened = try OpenedLibraries.sonames().map { soname in
            try run("/usr/bin/dpkg-query", ["-S", "*/" + soname]).stdout.split(separator: ":").first.map(String.init)
        }
        #expect(opened.contains("libmicrohttpd12") && opened.contains("libqrencode4"), "\(opened)")
        for package in ["libncursesw6", "libc6"] + opened.map({ $0 ?? "" }) {
            // Each entry is a package name, with a version only where the library's symbols file gives one.
            let names = depends.split(separator: ",").map { $0.split(separator: " ").first.map(String.init) ?? "" }
            #expect(names.contains(package), "Depends lacks \(package): \(depends)")
        }
        // The maintainer is whoever built it, as Debian's tools take it.
        let maintainer = try run("/usr/bin/dpkg-deb", ["-f", deb, "Maintainer"]).stdout
        #expect(maintainer == "Ada Lovelace <ada@example.org>\n")
        let root = dir + "/root"
        #expect(try run("/usr/bin/dpkg-deb", ["-x", deb, root]).status == 0)
        // The copyright file is machine-readable, and says the licence is the GPL, version 3 or later.
        let copyright = try String(contentsOfFile: root + "/usr/share/doc/sevenmin/copyright", encoding: .utf8)
        #expect(copyright.hasPrefix("Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"))
        #expect(copyright.contains("\nFiles: *\n") && copyright.contains("\nLicense: GPL-3+\n"), "\(copyright)")
        #expect(copyright.contains("/usr/share/common-licenses/GPL-3"))
        #expect(filesUnder(root) == [
            "usr/bin/sevenmin", "usr/share/bash-completion/completions/sevenmin", "usr/share/doc/sevenmin/README.md",
            "usr/share/doc/sevenmin/changelog.gz", "usr/share/doc/sevenmin/copyright",
            "usr/share/fish/vendor_completions.d/sevenmin.fish", "usr/share/man/man1/sevenmin.1.gz",
            "usr/share/man/man5/sevenmin-routine.5.gz", "usr/share/zsh/vendor-completions/_sevenmin",
        ])
        #expect(try !hasSymbols(root + "/usr/bin/sevenmin"))
        let man = try run("/usr/bin/man", ["--warnings", "-l", root + "/usr/share/man/man1/sevenmin.1.gz"],
                          environment: ["MANWIDTH": "80", "MANPAGER": "cat"])
        #expect(man.stdout.contains("SEVENMIN(1)") && man.stderr.isEmpty, "\(man.stderr)")

        // The unpacked binary finds its routines with no data folder anywhere near it, and says so honestly.
        try expectAnHonestInstall(root + "/usr/bin/sevenmin", home: dir)
        let shown = try run(root + "/usr/bin/sevenmin", ["--version"])
        #expect(shown.stdout == "sevenmin \(version)\n")

        let lint = try run("/usr/bin/lintian", ["--tag-display-limit", "0", deb])
        let errors = lint.stdout.split(separator: "\n").filter { $0.hasPrefix("E:") }
        // lintian exits non-zero on an error tag, or when it cannot read the package at all.
        #expect(lint.status == 0 && errors.isEmpty, "lintian: \(lint.stdout)\(lint.stderr)")
    }
}

/// The libraries opened on first use (dlopen), which dpkg-shlibdeps cannot see: one table,
/// `Sources/C/CLibraries/sonames.h`, that the loaders open and scripts/package reads for Depends.
@Suite("The libraries opened on first use")
struct OpenedLibraries {
    static let table = repositoryRoot + "/Sources/C/CLibraries/sonames.h"

    /// The table's `#define SONAME_NAME "file"` lines, as (NAME, file), read as scripts/package reads them.
    static func entries() throws -> [(macro: String, soname: String)] {
        try String(contentsOfFile: table, encoding: .utf8).split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard words.count == 3, words[0] == "#define", words[1].hasPrefix("SONAME_") else { return nil }
            return (String(words[1]), words[2].trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
        }
    }

    static func sonames() throws -> [String] { try entries().map(\.soname) }

    /// Every library a loader opens is named by the table, and every name in the table is opened: no soname
    /// is written anywhere else in the loaders, so none can be opened that Depends leaves out.
    @Test func theLoadersOpenExactlyTheTablesLibraries() throws {
        let folder = repositoryRoot + "/Sources/C/CLibraries"
        let sources = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".c") }
        var opened: Set<String> = []
        for file in sources where file != "opening.c" {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            #expect(text.range(of: #"lib[A-Za-z0-9_+-]*\.so\.[0-9]"#, options: .regularExpression) == nil,
                    "\(file) names a library outside the table")
            for call in text.components(separatedBy: "clibraries_open(").dropFirst() {
                opened.insert(String(call.prefix { $0.isLetter || $0.isNumber || $0 == "_" }))
            }
        }
        let table = try Self.entries()
        #expect(table.count >= 11 && Set(table.map(\.soname)).count == table.count, "\(table)")
        #expect(opened == Set(table.map(\.macro)))
    }
}
