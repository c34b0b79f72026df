import Foundation
import Testing

/// The named themes in a real terminal: what ncurses sends for the selected row.
@Suite("Themes in a real terminal", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct ThemeEndToEndTests {
    @Test("theme light in the config file draws the selected row on a light grey bar; T brings the next theme")
    func lightThemeInTheConfigFile() throws {
        try #require(FileManager.default.isExecutableFile(atPath: TickEndToEndTests.binary), "build first: swift build (make test does)")
        let scratch = try TickEndToEndTests.Scratch()
        let config = scratch.folder.appendingPathComponent("config")
        try Data("theme light\n".utf8).write(to: config)
        let session = try TmuxSession(command: "env TICK_CONFIG=\(config.path) \(TickEndToEndTests.binary) --db \(scratch.database)",
                                      width: 60, height: 8)
        defer { session.kill() }
        try session.waitFor(text: "No todos yet")
        try session.sendKeys("a")
        try session.sendKeys("Buy milk", literal: true)
        try session.sendKeys("Enter")
        try session.waitFor(text: "1 open · 0 done")
        #expect(try session.capture(escapes: true)[1].contains("48;5;253"))
        try session.sendKeys("T")
        try session.waitFor(text: "Theme: high-contrast")
        let selected = try session.capture(escapes: true)[1]
        #expect(!selected.contains("48;5;253") && selected.contains("7m"), "\(selected.debugDescription)")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }
}
