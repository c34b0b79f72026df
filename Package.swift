// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Tick",
    products: [
        /// The reusable terminal table view engine, usable without the todo app.
        .library(name: "TermTable", targets: ["TermTable"]),
        .executable(name: "tick", targets: ["tick"]),
    ],
    targets: [
        // System libraries through module maps (no pkgConfig: it only adds warnings here).
        .systemLibrary(name: "CNcursesw", path: "Sources/CNcursesw"),
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        // RFC 5545 recurrence rules (Debian libical-dev): only TodoStore's RecurrenceRule touches it.
        .systemLibrary(name: "CLibical", path: "Sources/CLibical"),
        // Async-signal-safe terminal restore and a byte-counting output stream.
        .target(name: "CTerminalSupport", path: "Sources/CTerminalSupport"),

        // What every test target, the stress run and the fuzzers share: the seeded random generator,
        // and a flat view of a store built on TodoStore's public API.
        .target(name: "TickTesting", dependencies: ["TodoStore"]),

        .target(name: "TermTable", exclude: ["README.md"]),
        .target(name: "Terminal", dependencies: ["TermTable", "CNcursesw", "CTerminalSupport"]),
        .target(name: "TodoStore", dependencies: ["CSQLite", "CLibical"]),
        // iCalendar (VTODO) for files and CalDAV sync: the only module besides TodoStore that touches libical.
        .target(name: "TodoSync", dependencies: ["TodoStore", "CLibical"]),
        .target(name: "TickApp", dependencies: ["TermTable", "TodoStore", "TodoSync", "Terminal"]),
        .executableTarget(name: "tick", dependencies: ["TickApp", "TermTable", "TodoStore", "Terminal"]),
        .executableTarget(name: "tick-bench", dependencies: ["TodoStore", "TermTable"], path: "Sources/tick-bench"),

        .executableTarget(name: "tick-stress", dependencies: ["TodoStore", "TickTesting"], path: "Sources/tick-stress"),
        .target(name: "TickFuzzing", dependencies: ["TickApp", "TermTable", "TodoStore", "TickTesting"]),
        .executableTarget(name: "tick-fuzz", dependencies: ["TickFuzzing", "TickTesting"], path: "Sources/tick-fuzz"),

        .testTarget(name: "TermTableTests", dependencies: ["TermTable", "TickTesting"]),
        .testTarget(name: "TerminalTests", dependencies: ["Terminal", "TermTable"]),
        .testTarget(name: "TodoStoreTests", dependencies: ["TodoStore", "TickTesting"]),
        .testTarget(name: "TodoSyncTests", dependencies: ["TodoSync", "TodoStore", "TickTesting"]),
        .testTarget(name: "TickAppTests", dependencies: ["TickApp", "TermTable", "TodoStore", "TickFuzzing", "TickTesting"]),
        .testTarget(name: "TickFuzzingTests", dependencies: ["TickFuzzing", "TickTesting"]),
        .testTarget(name: "EndToEndTests", dependencies: []),
    ]
)
