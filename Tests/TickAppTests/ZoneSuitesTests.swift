import Foundation
import Testing

/// Issue 34: `make test` runs the suites whose days and times come from the process's zone once more
/// under `TZ=$(TEST_ZONE)` (the Makefile's `test-zone`), naming each in `ZONE_SUITES`. A filter that
/// names no suite runs nothing and passes, so a suite renamed or moved would silently drop out.
@Suite("The suites make test runs in another zone")
struct ZoneSuitesTests {
    /// The names `ZONE_SUITES` lists in `makefile` (continued over lines ending in `\`).
    static func zoneSuites(in makefile: String) -> [String] {
        var names: [String] = [], reading = false
        for line in makefile.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("ZONE_SUITES :=") { reading = true }
            guard reading else { continue }
            let words = line.replacingOccurrences(of: "ZONE_SUITES :=", with: "").split(whereSeparator: { $0 == " " || $0 == "\t" })
            names += words.filter { $0 != "\\" }.map(String.init)
            if !line.hasSuffix("\\") { break }
        }
        return names
    }

    @Test("ZONE_SUITES is read over its continued lines")
    func namesAreRead() {
        #expect(Self.zoneSuites(in: "A := 1\nZONE_SUITES := OneTests \\\n\tTwoTests ThreeTests \\\n\tFourTests\nB := OtherTests\n")
            == ["OneTests", "TwoTests", "ThreeTests", "FourTests"])
    }

    @Test("Every suite (or Suite/test) the Makefile's ZONE_SUITES names is a type (and its function) of a test target, named once")
    func zoneSuitesExist() throws {
        let root = ArchitectureInvariantTests.root
        let names = Self.zoneSuites(in: try String(contentsOf: root.appendingPathComponent("Makefile"), encoding: .utf8))
        #expect(names.count >= 10, "the Makefile's ZONE_SUITES was read: \(names)")
        #expect(Set(names).count == names.count, "a suite named twice: \(names)")
        var declared: Set<String> = [], functions: Set<String> = []
        let tests = root.appendingPathComponent("Tests")
        let files = try #require(FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil))
        for case let file as URL in files where file.pathExtension == "swift" {
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                let words = line.split(separator: " ")
                for (index, word) in words.enumerated().dropLast() {
                    let name = String(words[index + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
                    if word == "struct" || word == "class" || word == "enum" { declared.insert(name) }
                    if word == "func" { functions.insert(name) }
                }
            }
        }
        let missing = names.filter { name in
            let parts = name.split(separator: "/").map(String.init)
            return !declared.contains(parts[0]) || parts.dropFirst().contains { !functions.contains($0) }
        }
        #expect(missing.isEmpty, "ZONE_SUITES names no suite: \(missing) (renamed? update the Makefile)")
    }
}
