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
        // RFC 5545 (Debian libical-dev): TodoStore's RecurrenceRule and TodoSync's VTODO files (ARCHITECTURE.md lists them).
        .systemLibrary(name: "CLibical", path: "Sources/CLibical"),
        // HTTP and WebDAV XML for CalDAV (Debian libcurl4-openssl-dev, libxml2-dev): only CalDAV imports them.
        // libxml2's headers live under /usr/include/libxml2, which only its pkg-config names.
        .systemLibrary(name: "CLibxml2", path: "Sources/CLibxml2", pkgConfig: "libxml-2.0"),
        // Async-signal-safe terminal restore and a byte-counting output stream.
        .target(name: "CTerminalSupport", path: "Sources/CTerminalSupport"),
        // prctl (core dumps off while a password is held) and closing inherited descriptors in spawned programs.
        .target(name: "CProcessSupport", path: "Sources/CProcessSupport"),
        // libcurl's types from its header, its functions loaded with dlopen on first use (not linked: see ccurl.h).
        .target(name: "CCurl", path: "Sources/CCurl", linkerSettings: [.linkedLibrary("dl")]),

        // What every test target, the stress run and the fuzzers share: the seeded random generator,
        // and a flat view of a store built on TodoStore's public API.
        .target(name: "TickTesting", dependencies: ["TodoStore"]),
        // Dependency-free harness every test target and the tools can use: tmux sessions, scratch
        // folders, the Radicale and Xandikos launchers.
        .target(name: "TestSupport"),

        .target(name: "TermTable", exclude: ["README.md"]),
        .target(name: "Terminal", dependencies: ["TermTable", "CNcursesw", "CTerminalSupport"]),
        .target(name: "TodoStore", dependencies: ["CSQLite", "CLibical"]),
        // The CalDAV protocol (RFC 4791, 6578, 4918) over libcurl and libxml2; knows nothing of todos.
        .target(name: "CalDAV", dependencies: ["CCurl", "CLibxml2"]),
        // iCalendar (VTODO) for files and CalDAV sync: the only module besides TodoStore that touches libical.
        .target(name: "TodoSync", dependencies: ["TodoStore", "CLibical", "CalDAV"]),
        .target(name: "TickApp", dependencies: ["TermTable", "TodoStore", "TodoSync", "CalDAV", "Terminal", "CProcessSupport"]),
        .executableTarget(name: "tick", dependencies: ["TickApp", "TermTable", "TodoStore", "Terminal"]),
        // The sync rows run SyncEngine in process against Radicale: hence TodoSync and CalDAV.
        .executableTarget(name: "tick-bench", dependencies: ["TodoStore", "TermTable", "TTBrowseKit", "TodoSync", "CalDAV", "TickTesting", "TestSupport"], path: "Sources/tick-bench"),

        // tt-browse, TermTable's second client (issue 21): a log browser built on TermTable and Terminal
        // only; its logic is the library TTBrowseKit, so tests and the benchmark can drive it headless.
        .target(name: "TTBrowseKit", dependencies: ["TermTable"]),
        .executableTarget(name: "tt-browse", dependencies: ["TTBrowseKit", "TermTable", "Terminal"], path: "Sources/tt-browse"),

        .executableTarget(name: "tick-stress", dependencies: ["TodoStore", "TickTesting", "TestSupport"], path: "Sources/tick-stress"),
        .target(name: "TickFuzzing", dependencies: ["TickApp", "TermTable", "TodoStore", "TickTesting"]),
        .executableTarget(name: "tick-fuzz", dependencies: ["TickFuzzing", "TickTesting"], path: "Sources/tick-fuzz"),

        .testTarget(name: "TermTableTests", dependencies: ["TermTable", "TickTesting"]),
        .testTarget(name: "TerminalTests", dependencies: ["Terminal", "TermTable"]),
        .testTarget(name: "TodoStoreTests", dependencies: ["TodoStore", "TickTesting", "TestSupport"]),
        // validate_icalendar.py: Python's icalendar (in .build/venv) judges what Tick writes, beside libical.
        .testTarget(name: "TodoSyncTests", dependencies: ["TodoSync", "TodoStore", "TickTesting", "TestSupport", "CLibical"],
                    exclude: ["validate_icalendar.py"]),
        .testTarget(name: "TickAppTests", dependencies: ["TickApp", "TermTable", "TodoStore", "TodoSync", "CalDAV", "TickFuzzing", "TickTesting", "TestSupport", "CProcessSupport"]),
        .testTarget(name: "TickFuzzingTests", dependencies: ["TickFuzzing", "TickTesting", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport"]),
        .testTarget(name: "TTBrowseTests", dependencies: ["TTBrowseKit", "TermTable"]),
        // The sync rows' preparation and verdicts (the measurements themselves run only in `make bench`).
        .testTarget(name: "TickBenchTests", dependencies: ["tick-bench"]),
        // Runs against a real Radicale server from .build/venv (the Makefile's test set-up installs it).
        .testTarget(name: "CalDAVTests", dependencies: ["CalDAV", "TodoSync", "TodoStore", "TickTesting", "TestSupport", "TickApp"], exclude: ["Support/fault_proxy.py", "Support/hostile_server.py"]),
    ]
)
