import Testing
@testable import TickApp

/// `$VISUAL`, `$EDITOR` and `$BROWSER` are split into words without a shell, as git does for simple values.
@Suite("Splitting an editor's command line")
struct CommandWordsTests {
    @Test("Spaces separate words; quotes and backslashes keep spaces inside a word", arguments: [
        ("vim", ["vim"]),
        ("code --wait", ["code", "--wait"]),
        ("  vim   -f  ", ["vim", "-f"]),
        ("emacsclient\t-t", ["emacsclient", "-t"]),
        ("'/opt/My Editor/bin/ed' -w", ["/opt/My Editor/bin/ed", "-w"]),
        ("\"/opt/My Editor/ed\" --new-window", ["/opt/My Editor/ed", "--new-window"]),
        ("/opt/My\\ Editor/ed", ["/opt/My Editor/ed"]),
        ("\"say \\\"hi\\\"\" x", ["say \"hi\"", "x"]),
        ("vim ''", ["vim", ""]),
        ("subl -n -w", ["subl", "-n", "-w"]),
    ])
    func words(line: String, expected: [String]) throws {
        #expect(try CommandWords.split(line) == expected)
    }

    @Test("Shell syntax, open quotes, control characters and empty values are refused, not passed on", arguments: [
        ("vim $HOME/x", CommandWords.Problem.needsShell("$")),
        ("vim `which x`", .needsShell("`")),
        ("vim | tee", .needsShell("|")),
        ("vim; rm -rf /", .needsShell(";")),
        ("vim && x", .needsShell("&")),
        ("vim > log", .needsShell(">")),
        ("vim *.txt", .needsShell("*")),
        ("~/bin/ed", .needsShell("~")),
        ("\"vim $X\"", .needsShell("$")),
        ("'vim", .unclosedQuote("'")),
        ("\"vim", .unclosedQuote("\"")),
        ("vim\n-f", .controlCharacter),
        ("vim \u{1B}[31m", .controlCharacter),
        ("   ", .empty),
        ("", .empty),
    ])
    func refused(line: String, problem: CommandWords.Problem) {
        #expect(throws: problem) { try CommandWords.split(line) }
    }
}
