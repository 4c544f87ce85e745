// swift-tools-version: 6.0
// SPDX-License-Identifier: GPL-3.0-or-later
// sevenmin runs on Linux only: it is built on ncursesw, libao and libsndfile from Debian.
import PackageDescription

/// Every Swift target says what it imports: a file that uses a module must import it.
let strict: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility")]

let package = Package(
    name: "sevenmin",
    products: [
        .executable(name: "sevenmin", targets: ["sevenmin"]),
    ],
    targets: [
        // C libraries, each behind a system-library target, and our own C: all under Sources/C.
        .systemLibrary(
            name: "CNcursesw",
            path: "Sources/C/CNcursesw",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        // Headers only, as are CSndfile, CEspeakNG, CFlite, CSQLite, CYAML, CSystemd, CMicroHTTPD, CQREncode and
        // CPulse: CLibraries opens the libraries on first use.
        .systemLibrary(
            name: "CAo",
            path: "Sources/C/CAo",
            providers: [.apt(["libao-dev"])]
        ),
        .systemLibrary(
            name: "CSndfile",
            path: "Sources/C/CSndfile",
            providers: [.apt(["libsndfile1-dev"])]
        ),
        .systemLibrary(
            name: "CEspeakNG",
            path: "Sources/C/CEspeakNG",
            providers: [.apt(["libespeak-ng-dev"])]
        ),
        .systemLibrary(
            name: "CFlite",
            path: "Sources/C/CFlite",
            providers: [.apt(["flite1-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/C/CSQLite",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CYAML",
            path: "Sources/C/CYAML",
            providers: [.apt(["libyaml-dev"])]
        ),
        .systemLibrary(
            name: "CSystemd",
            path: "Sources/C/CSystemd",
            providers: [.apt(["libsystemd-dev"])]
        ),
        // The phone's page (`start --phone`): its HTTP server, and the QR code of its address.
        .systemLibrary(
            name: "CMicroHTTPD",
            path: "Sources/C/CMicroHTTPD",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        .systemLibrary(
            name: "CQREncode",
            path: "Sources/C/CQREncode",
            providers: [.apt(["libqrencode-dev"])]
        ),
        .systemLibrary(
            name: "CPulse",
            path: "Sources/C/CPulse",
            providers: [.apt(["libpulse-dev"])]
        ),
        // Async-signal-safe pieces that cannot be written in Swift: the
        // self-pipe signal handlers and the crash-time terminal restore.
        .target(name: "CSevenminSystem", path: "Sources/C/CSevenminSystem"),

        // The pure core: model, loading, timing, session, layout, cue decisions.
        .target(name: "SevenminCore"),

        // Thin adapters around the core.
        // The system around the loop: signals, the deadline timer, the monotonic clock, checked C calls.
        .target(name: "SevenminSystem", dependencies: ["SevenminCore", "CSevenminSystem"]),
        .target(name: "SevenminTerminal", dependencies: ["SevenminCore", "SevenminSystem", "CNcursesw",
            "CSevenminSystem"]),
        // Opens libao, libespeak-ng, Flite, libsndfile, SQLite, libyaml, libsystemd, libmicrohttpd, libqrencode and
        // libpulse on first use, so that a muted workout maps none of them before its first frame, and most of them
        // never.
        .target(name: "CLibraries", path: "Sources/C/CLibraries"),
        .target(name: "SevenminAudio", dependencies: ["SevenminCore", "SevenminSystem", "CAo", "CSndfile",
            "CEspeakNG", "CFlite", "CLibraries"]),
        // Workout history in SQLite: the store and the recorder that writes off the loop.
        .target(name: "SevenminHistory", dependencies: ["SevenminCore", "SevenminSystem", "CSQLite",
            "CLibraries"]),
        // YAML read into the core's positioned tree, for `sevenmin import` of Sweat's files.
        .target(name: "SevenminYAML", dependencies: ["SevenminCore", "CYAML", "CLibraries"]),
        // The media player's D-Bus tables, which only C can write, over sd-bus.
        .target(name: "CSevenminBus", dependencies: ["CSystemd", "CLibraries"], path: "Sources/C/CSevenminBus"),
        // D-Bus through sd-bus: the media player, the screen kept awake, the desktop's notifications.
        .target(name: "SevenminBus", dependencies: ["SevenminCore", "SevenminSystem", "CSevenminSystem",
            "CSystemd", "CSevenminBus", "CPulse", "CLibraries"]),
        // The phone as a second screen: the page over HTTP (libmicrohttpd), and its address as a QR code.
        .target(name: "SevenminPhone", dependencies: ["SevenminCore", "SevenminSystem", "CSevenminSystem",
            "CMicroHTTPD", "CQREncode", "CLibraries"]),
        // The shipped routines and sounds, built into the binary so that a copy of it runs anywhere.
        .target(name: "SevenminBuiltIn", dependencies: ["SevenminShipped"], plugins: ["EmbedShippedFiles"]),
        // What counts as a routine file, shared by the embedder and the routine search path.
        .target(name: "SevenminShipped"),
        .target(name: "SevenminApp", dependencies: ["SevenminCore", "SevenminSystem", "SevenminTerminal",
            "SevenminAudio", "SevenminHistory", "SevenminYAML", "SevenminBuiltIn", "SevenminShipped", "SevenminBus",
            "SevenminPhone"]),

        .executableTarget(name: "sevenmin", dependencies: ["SevenminApp", "SevenminSystem"]),
        // Generates a large history and times stats on it; also records a synthetic workout for tests.
        .executableTarget(name: "sevenmin-history-bench", dependencies: ["SevenminHistory", "SevenminCore",
            "SevenminSystem"], path: "bench/sevenmin-history-bench"),
        // Synthesises the cue set in Sounds/ reproducibly.
        .executableTarget(name: "sevenmin-sounds", dependencies: ["SevenminAudio", "SevenminCore", "SevenminSystem"],
            path: "Tools/sevenmin-sounds"),
        // Times the drawing of workout frames (bench/frames.sh).
        .executableTarget(name: "sevenmin-frame-bench", dependencies: ["SevenminCore"],
            path: "bench/sevenmin-frame-bench"),
        // Measures speech rendering, export and cue levels for BENCHMARKS.md.
        .executableTarget(name: "sevenmin-audio-bench", dependencies: ["SevenminAudio", "SevenminCore",
            "SevenminSystem"], path: "bench/sevenmin-audio-bench"),

        // Writes Workouts/ and Sounds/ as a Swift file, for the plugin below.
        .executableTarget(name: "sevenmin-embed", dependencies: ["SevenminShipped"], path: "Tools/sevenmin-embed"),
        .plugin(name: "EmbedShippedFiles", capability: .buildTool(), dependencies: ["sevenmin-embed"]),

        // Scratch folders that are removed when a test process ends, for every test target.
        .target(name: "SevenminTestSupport", dependencies: ["SevenminSystem"], path: "Tests/SevenminTestSupport"),
        // Snapshots and fixtures are read from the source tree, not bundled.
        // The local-day tests count days in libc's zones, as the app does.
        .testTarget(name: "SevenminCoreTests", dependencies: ["SevenminCore", "SevenminSystem"],
            exclude: ["Snapshots", "Golden"]),
        .testTarget(name: "SevenminAudioTests", dependencies: ["SevenminAudio", "SevenminCore", "SevenminSystem",
            "SevenminTestSupport"]),
        .testTarget(name: "SevenminAppTests", dependencies: ["SevenminApp", "SevenminCore", "SevenminBuiltIn",
            "SevenminShipped", "SevenminTestSupport"]),
        // Other apps' files: one fixture per format, read as a user's would be.
        .testTarget(name: "SevenminImportTests", dependencies: ["SevenminCore", "SevenminYAML"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "SevenminHistoryTests", dependencies: ["SevenminHistory", "SevenminCore", "SevenminSystem",
            "SevenminTestSupport"]),
        // The audio target reads exported tracks back, to check every onset.
        .testTarget(name: "EndToEndTests", dependencies: ["SevenminCore", "SevenminAudio", "SevenminSystem",
            "SevenminTestSupport"],
            exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system && target.type != .plugin {
    target.swiftSettings = (target.swiftSettings ?? []) + strict
}
