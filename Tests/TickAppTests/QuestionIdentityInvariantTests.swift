import Foundation
import Testing

/// Issue 29, point 8's last invariant: questions, pickers, editors and the outcomes that open them
/// hold todos (ids and the fields they showed), never rows. A row is a place, and another Tick, the
/// command line or the sync may put another todo there before the answer (the wrong-todo bug of the
/// recurring-delete question came from an index path held across keys).
@Suite("No index paths held by questions")
struct QuestionIdentityInvariantTests {
    /// The files of the types that outlive a key: every overlay, and the outcome that asks or opens one.
    static func heldFiles() throws -> [URL] {
        let app = ArchitectureInvariantTests.root.appendingPathComponent("Sources/TickApp")
        let overlays = try FileManager.default.contentsOfDirectory(atPath: app.path)
            .filter { $0.hasSuffix(".swift") && $0.contains("Overlay") }.sorted()
            .map { app.appendingPathComponent($0) }
        return overlays + [app.appendingPathComponent("List/Outcome.swift")]
    }

    /// The stored properties and enum payloads in `text` whose type names `IndexPath`
    /// (`let row: IndexPath`, `var places: [IndexPath]?`, `case ask(IndexPath)`), as "line: text".
    static func heldIndexPaths(in text: String) -> [String] {
        let stored = try! NSRegularExpression(pattern: #"^\s*(?:@\w+\s+)*(?:(?:private|fileprivate|internal|public)(?:\(set\))?\s+)*(?:weak\s+|unowned\s+)?(?:let|var)\s+\w+\s*:[^=]*IndexPath"#)
        let payload = try! NSRegularExpression(pattern: #"^\s*case\s+\w+\([^)]*IndexPath"#)
        var found: [String] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(line)
            let range = NSRange(line.startIndex..., in: line)
            if stored.firstMatch(in: line, range: range) != nil || payload.firstMatch(in: line, range: range) != nil {
                found.append("\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        return found
    }

    @Test("The pattern finds a held row in each form, and not a row used within a function")
    func patternFindsHeldRows() {
        #expect(Self.heldIndexPaths(in: "    private let place: IndexPath").count == 1)
        #expect(Self.heldIndexPaths(in: "    var marked: [(IndexPath, TodoItem)] = []").count == 1)
        #expect(Self.heldIndexPaths(in: "        case deleteRecurring(TodoItem, IndexPath?)").count == 1)
        #expect(Self.heldIndexPaths(in: "        tableView.moveSelection(to: IndexPath(row: index, section: 0))").isEmpty)
        #expect(Self.heldIndexPaths(in: "    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {").isEmpty)
    }

    @Test("No overlay, question or outcome stores an index path")
    func noHeldIndexPaths() throws {
        let files = try Self.heldFiles()
        #expect(files.count > 5)  // the overlays were found
        var held: [String] = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            held += Self.heldIndexPaths(in: text).map { "\(file.lastPathComponent):\($0)" }
        }
        #expect(held.isEmpty, "\(held)")
    }
}
