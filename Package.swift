// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "sevenmin",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "sevenmin", targets: ["sevenmin"]),
    ],
    targets: [
        // C libraries, each behind a system-library target.
        .systemLibrary(
            name: "CNcursesw",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        .systemLibrary(
            name: "CAo",
            pkgConfig: "ao",
            providers: [.apt(["libao-dev"])]
        ),
        .systemLibrary(
            name: "CSndfile",
            pkgConfig: "sndfile",
            providers: [.apt(["libsndfile1-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // Async-signal-safe pieces that cannot be written in Swift: the
        // self-pipe signal handlers and the crash-time terminal restore.
        .target(name: "CSevenminSystem"),

        // The pure core: model, loading, timing, session, layout, cue decisions.
        .target(name: "SevenminCore"),

        // Thin adapters around the core.
        .target(name: "SevenminTerminal", dependencies: ["SevenminCore", "CNcursesw", "CSevenminSystem"]),
        .target(name: "SevenminAudio", dependencies: ["SevenminCore", "CAo", "CSndfile"]),
        // Workout history in SQLite: the store and the recorder that writes off the loop.
        .target(name: "SevenminHistory", dependencies: ["SevenminCore", "CSQLite"]),
        .target(name: "SevenminApp", dependencies: ["SevenminCore", "SevenminTerminal", "SevenminAudio"]),

        .executableTarget(name: "sevenmin", dependencies: ["SevenminApp"]),
        // Generates a large history and times stats on it; also records a synthetic workout for tests.
        .executableTarget(name: "sevenmin-history-bench", dependencies: ["SevenminHistory", "SevenminCore"]),
        // Synthesises the cue set in Sounds/ reproducibly.
        .executableTarget(name: "sevenmin-sounds", dependencies: ["SevenminAudio"]),

        // Snapshots and fixtures are read from the source tree, not bundled.
        .testTarget(name: "SevenminCoreTests", dependencies: ["SevenminCore"], exclude: ["Snapshots"]),
        .testTarget(name: "SevenminAudioTests", dependencies: ["SevenminAudio", "SevenminCore"]),
        .testTarget(name: "SevenminHistoryTests", dependencies: ["SevenminHistory", "SevenminCore"]),
        .testTarget(name: "EndToEndTests", dependencies: ["SevenminCore"], exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
