import Foundation

/// One libFuzzer input run against Tick: the first byte chooses what is fuzzed, the rest is its input.
///
/// 0–3: a key stream played on the whole app and checked after every key (`AppFuzzer`);
/// 4–5: key-script text for the parser; 6–7: a file for the todo.txt and JSON importers. A failed
/// check stops the process with its message, which libFuzzer reports as a crash and saves the input.
public enum LibFuzzerTarget {
    /// Most keys one input plays (longer inputs are cut), so that one input stays quick.
    public static let maximumKeys = 400

    /// Runs one input; returns normally when every check passed.
    public static func run(_ input: UnsafeRawBufferPointer) {
        guard let selector = input.first else { return }
        let rest = input.dropFirst()
        switch selector % 8 {
        case 0...3:
            let path = scratchFolder + "/input-\(UInt64.random(in: 0...UInt64.max)).db"
            // Tidying the scratch store; a file left behind is recreated or refused by the next run's open, which reports it.
            defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
            var fuzzer = AppFuzzer(source: FuzzBytes(rest))
            do {
                try fuzzer.run(path: path, keys: min(maximumKeys, max(1, rest.count / 16)))  // about 16 bytes of choices a key
            } catch {
                fatalError("\(error); keys: \(fuzzer.played.map(\.description).joined())")
            }
        case 4, 5:
            ScriptFuzzer.check(String(decoding: rest, as: UTF8.self))
        default:
            ImportFuzzer.check(Data(rest))
        }
    }

    /// A private folder for the stores of one fuzzing process.
    private static let scratchFolder: String = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tick-libfuzzer-\(getpid())").path
        // It may exist already; a folder that cannot be made fails the store's open, which says why.
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }()
}

/// The entry point libFuzzer calls once per input. `make fuzz-libfuzzer` links this library with
/// `swiftc -sanitize=fuzzer`, whose runtime supplies `main`; in other builds nothing calls it.
@_cdecl("LLVMFuzzerTestOneInput")
public func tickFuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    LibFuzzerTarget.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
