import Foundation
import Testing
@testable import TickApp
import TodoStore

/// `tick ls` on a big store takes seconds (2.6 s at a million todos): into a file or a pipe it
/// shows a progress bar on standard error, as import and export do; on the terminal the rows are
/// the progress.
@Suite("Command line: the progress of a long listing")
struct CommandLineListProgressTests {
    @Test("A listing into a file or a pipe draws a progress bar on the terminal's standard error and erases it; none on the terminal, on a pipe or with --quiet",
          arguments: [(true, false, [String](), true), (true, true, [], false), (false, false, [], false),
                      (true, false, ["--quiet"], false), (true, false, ["-q"], false)])
    func progressBar(errorIsTerminal: Bool, outputIsTerminal: Bool, extra: [String], isShown: Bool) throws {
        let tick = try CommandHarness()
        _ = try tick.withStore { store in try store.importItems((0..<3_000).map { NewTodo(title: "todo \($0)") }) }
        let outcome = tick.run(["ls"] + extra) { context in
            context.errorIsTerminal = errorIsTerminal
            context.outputIsTerminal = outputIsTerminal
            context.progressDelay = 0
        }
        #expect(outcome.status == 0)
        #expect(outcome.output.split(separator: "\n").count == 3_000)
        if isShown {
            #expect(outcome.errors.hasPrefix("\rListing ["), "\(outcome.errors.prefix(80))")
            #expect(outcome.errors.hasSuffix("\r\u{1B}[K"))
        } else {
            #expect(outcome.errors.isEmpty)
        }
    }
}
