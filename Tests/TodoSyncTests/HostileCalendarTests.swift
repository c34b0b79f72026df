import Foundation
import Testing
@testable import TodoSync
import TodoStore
import TickTesting

/// Damaged calendars (bytes cut, repeated, replaced, lines dropped) go through libical's C parser:
/// each read ends in todos or in a `CalendarError`, never in a crash or a todo without a UID or title.
@Suite("Damaged calendar files")
struct HostileCalendarTests {
    static let fixtures = [CalendarFixtures.nextcloud, CalendarFixtures.thunderbird, CalendarFixtures.reminders,
                           CalendarFixtures.tasksOrg, VTodoRewriterTests.original]

    /// `text` damaged once, the same way for the same generator state.
    static func damaged(_ text: String, _ random: inout SplitMix64) -> Data {
        var bytes = Array(text.utf8)
        let at = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<5, using: &random) {
        case 0: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...40, using: &random)))
        case 1: bytes[at] = UInt8.random(in: 0...255, using: &random)
        case 2: bytes.insert(contentsOf: [0x0D, 0x0A, 0x20, 0x3A, 0x3B, 0x5C, 0x2C].shuffled(using: &random).prefix(3), at: at)
        case 3: bytes = Array(bytes[..<at])
        default:
            let end = min(bytes.count, at + 60)
            bytes.insert(contentsOf: bytes[at..<end], at: end)
        }
        return Data(bytes)
    }

    @Test("1,500 damaged files: todos or an error with a line, never a crash", arguments: [UInt64(20), 21, 22])
    func damagedFiles(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        for round in 0..<500 {
            let data = Self.damaged(Self.fixtures[round % Self.fixtures.count], &random)
            do {
                let contents = try ICalendarFile.read(data, zone: LocalTime(tz: "Europe/Berlin"))
                for todo in contents.document.todos {
                    #expect(!(todo.uid ?? "").isEmpty && !todo.title.isEmpty, "seed \(seed) round \(round)")
                }
            } catch {
                #expect(error.line >= 0, "seed \(seed) round \(round)")
            }
        }
    }
}
