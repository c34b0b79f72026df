import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Key-script directives (`<Wait>`, `<Resize>`, `<Snap>`, `<Caption>`, `<Today>`), frames, and the demo tour played headless.
@Suite("Command line: key-script directives and the tour")
struct CommandLineScriptTests {
    @Test("Directives parse into steps, case-insensitively", arguments: [
        ("<Wait 500ms>", ScriptStep.wait(milliseconds: 500)), ("<wait 2s>", .wait(milliseconds: 2000)),
        ("<WAIT 1.5s>", .wait(milliseconds: 1500)), ("<Wait 40>", .wait(milliseconds: 40)),
        ("<Resize 60x20>", .key(.resize(width: 60, height: 20))), ("<Snap>", .snap),
        ("<Caption Adding a todo: a, then Enter>", .caption("Adding a todo: a, then Enter")),
        ("<Today 2026-11-29>", .today(Day(iso: "2026-11-29")!)),
        ("<Today 2026-11-29 10:00>", .today(Day(iso: "2026-11-29")!, minutes: 600)),
        ("<today 2026-11-29 9:30>", .today(Day(iso: "2026-11-29")!, minutes: 570)),
    ])
    func directives(text: String, step: ScriptStep) throws {
        #expect(try KeyScript.parseSteps("a" + text + "b") == [.key(.character("a")), step, .key(.character("b"))])
    }

    @Test("A directive with a bad argument is an error at its line and column", arguments: [
        ("x\n  <Wait soon>", 2, 3, "<Wait> wants a duration"), ("<Wait 11m>", 1, 1, "<Wait> wants a duration"),
        ("ab<Resize 0x5>", 1, 3, "<Resize> wants WIDTHxHEIGHT"), ("<Snap now>", 1, 1, "<Snap> takes nothing"),
        ("<Caption>", 1, 1, "<Caption> wants the text"), ("<Caption  >", 1, 1, "<Caption> wants the text"),
        ("<Today 2026-02-30>", 1, 1, "<Today> wants a date"),
        ("<Today 2026-11-29 25:00>", 1, 1, "<Today> wants its time as HH:MM"), ("<Today 2026-11-29 9am>", 1, 1, "<Today> wants its time as HH:MM"),
        ("<Today 2026-11-29 10:00 x>", 1, 1, "<Today> wants a date and maybe a time"),
    ])
    func badDirectives(text: String, line: Int, column: Int, problem: String) {
        #expect {
            try KeyScript.parseSteps(text)
        } throws: { error in
            guard let error = error as? KeyScript.ParseError else { return false }
            return error.line == line && error.column == column && error.problem.contains(problem)
        }
    }

    @Test("Keys-only parsing keeps <Resize> as the resize key and leaves the other directives out")
    func keysOnly() throws {
        #expect(try KeyScript.parse("a<Wait 5ms><Snap><Resize 30x8><Caption hi>b") == [.character("a"), .resize(width: 30, height: 8), .character("b")])
    }

    @Test("<Snap> hands out the screen at that point, with the caption in the heading; <Resize> changes the canvas")
    func snapsAndResize() throws {
        let temporary = try TemporaryStore()
        let runner = ScriptRunner(store: temporary.store, size: Size(width: 30, height: 4))
        var shots: [(String, [String])] = []
        runner.onScreen = { heading, screen in shots.append((heading, screen.lines)) }
        runner.play(steps: try KeyScript.parseSteps("<Today 2026-11-29>aMilk @fri<Enter><Snap><Caption Smaller><Resize 24x3><Wait 10s>x<Snap>"))
        #expect(shots.map(\.0) == ["--- snap 1 ---", "--- snap 2: Smaller ---"])
        #expect(shots[0].1 == ["▾ Inbox · 1 open ────────────", "[ ] Milk               in 5 d", "", "Added “Milk”"])
        #expect(shots[1].1.count == 3)
        #expect(shots[1].1[1].hasPrefix("[✓] Milk"))
        #expect(runner.snapCount == 2 && runner.result.screen.size == Size(width: 24, height: 3))
    }

    @Test("With frames recorded, every changed frame is handed out once, headed by the key that made it")
    func frames() throws {
        let temporary = try TemporaryStore()
        let runner = ScriptRunner(store: temporary.store, size: Size(width: 30, height: 4))
        runner.recordsFrames = true
        var headings: [String] = []
        runner.onScreen = { heading, _ in headings.append(heading) }
        runner.play(steps: try KeyScript.parseSteps("aA<Enter><Caption Done>x<Wait 1s>jj"))
        // j on the last row changes nothing, so it makes no frame.
        #expect(headings == ["--- frame 1 start ---", "--- frame 2 after a ---", "--- frame 3 after A ---",
                             "--- frame 4 after <Enter> ---", "--- frame 5 after x: Done ---"])
    }

    @Test("<Today> pins the day relative due dates count from, so a script's screens never go stale")
    func today() throws {
        for day in ["2026-11-29", "2027-03-01"] {
            let temporary = try TemporaryStore()
            let result = try ScriptRunner.run(script: "<Today \(day)>aRent @+3d<Enter>", store: temporary.store, size: Size(width: 30, height: 4))
            #expect(result.screen.lines[1] == "[ ] Rent               in 3 d")
        }
    }

    @Test("The demo tour plays headless from start to end and ends with its lists")
    func tourPlays() throws {
        let temporary = try TemporaryStore()
        let steps = try KeyScript.parseSteps(DemoTour.script)
        #expect(steps.filter { if case .caption = $0 { return true } else { return false } }.count >= 10)
        let runner = ScriptRunner(store: temporary.store, size: Size(width: 80, height: 23))
        runner.play(steps: steps)
        #expect(!runner.isFinished)
        let lines = runner.result.screen.lines
        #expect(lines[0].hasPrefix("▾ Inbox · 6 open · 1 done"))
        #expect(lines.contains { $0.contains("Pay rent #home") && $0.hasSuffix("Fri 15:00") })
        #expect(lines.contains { $0.contains("Water the plants 🪴") && $0.hasSuffix("tomorrow ↻") })
        #expect(lines.contains { $0.contains("▸ [ ] !!! Ship release 1.0 0/2 #work") })
        #expect(lines.contains { $0.hasPrefix("  [ ]     Call the plumber") })
        #expect(lines.last?.hasPrefix("Skipped a change from another device; undid delete “Pay rent”") == true)
    }

    @Test("The demo tour shows tick ls on its own store, the ids beside the todos it made, then goes back to the app")
    func tourShowsTheCommandLine() throws {
        let temporary = try TemporaryStore()
        let runner = ScriptRunner(store: temporary.store, size: Size(width: 80, height: 23))
        runner.recordsFrames = true
        var frames: [(heading: String, lines: [String])] = []
        runner.onScreen = { heading, screen in frames.append((heading, screen.lines)) }
        runner.play(steps: try KeyScript.parseSteps(DemoTour.script))
        let index = try #require(frames.firstIndex { $0.heading.contains("after $ tick ls:") })
        #expect(frames[index].lines == [
            "$ tick ls",
            "1  [ ]  !!   2026-12-04 15:00  Inbox  Pay rent #home",
            "6  [ ]       2026-12-02        Inbox  Water the plants 🪴 ↻",
            "3  [ ]  !!!  2026-12-02        Inbox  Ship release 1.0 #work",
            "4  [ ]                         Inbox    Write the release notes",
            "5  [ ]                         Inbox    Tag the build #work",
            "7  [ ]                         Inbox  Call the plumber",
            "$",
        ] + Array(repeating: "", count: 15))
        #expect(frames[index + 1].lines.first?.hasPrefix("Tick help") == true)
    }
}
