/// Writes roff with the man macros: sections, paragraphs, definition lists and literal blocks,
/// escaping the text so that nothing in it is read as a request or an escape.
struct ManualPageWriter {
    /// The page so far.
    private(set) var text = ""

    /// A line of roff as it is (a request or macro written by the page itself).
    mutating func raw(_ line: String) {
        text += line + "\n"
    }

    /// `.SH NAME`.
    mutating func section(_ name: String) {
        raw(".SH \(Self.quoted(name))")
    }

    /// `.SS NAME`.
    mutating func subsection(_ name: String) {
        raw(".SS \(Self.quoted(name))")
    }

    /// Text as help text is written: paragraphs separated by blank lines, lines that start with
    /// spaces kept as they are (examples, small tables), other lines filled.
    mutating func paragraphs(_ body: String) {
        var literal: [String] = []
        func flushLiteral(_ page: inout ManualPageWriter) {
            guard !literal.isEmpty else { return }
            page.raw(".RS 2")
            page.literal(literal)
            page.raw(".RE")
            literal = []
        }
        var startsParagraph = false
        for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy({ $0 == " " }) {
                flushLiteral(&self)
                startsParagraph = true
            } else if line.hasPrefix(" ") {
                literal.append(String(line.drop { $0 == " " }))
            } else {
                flushLiteral(&self)
                if startsParagraph { raw(".PP") }
                startsParagraph = false
                raw(Self.escaped(String(line)))
            }
        }
        flushLiteral(&self)
    }

    /// Lines shown as they are, unfilled.
    mutating func literal(_ lines: [String]) {
        raw(".nf")
        for line in lines { raw(Self.escaped(line)) }
        raw(".fi")
    }

    /// A term in bold with its explanation indented below it.
    mutating func definition(term: String, body: String) {
        raw(".TP")
        raw("\\fB" + Self.escaped(term, atLineStart: false) + "\\fR")
        paragraphs(body)
    }

    /// Several definitions.
    mutating func definitions(_ entries: [(String, String)]) {
        for (term, body) in entries { definition(term: term, body: body) }
    }

    /// An option: `-l, --list NAME` (the value in italics), then what it does.
    mutating func option(_ option: OptionDescription) {
        var term = option.short.map { "\\fB\\-\(Self.escaped(String($0), atLineStart: false))\\fR, " } ?? ""
        term += "\\fB\\-\\-" + Self.escaped(option.long, atLineStart: false) + "\\fR"
        if let placeholder = option.placeholder { term += " \\fI" + Self.escaped(placeholder, atLineStart: false) + "\\fR" }
        raw(".TP")
        raw(term)
        paragraphs(option.help)
    }

    /// A command: its usage as the subsection title, summary, discussion, arguments, options, examples.
    mutating func command(_ command: CommandDescription) {
        subsection("tick \(command.name)")
        literal([command.usage])
        raw(".PP")
        paragraphs(command.summary)
        if !command.discussion.isEmpty {
            raw(".PP")
            paragraphs(command.discussion)
        }
        for argument in command.arguments {
            raw(".TP")
            raw("\\fI" + Self.escaped(argument.repeats ? "\(argument.name)…" : argument.name, atLineStart: false) + "\\fR")
            paragraphs(argument.help)
        }
        for option in command.allOptions { self.option(option) }
        if !command.examples.isEmpty {
            raw(".PP")
            raw("Examples:")
            raw(".RS 2")
            literal(command.examples)
            raw(".RE")
        }
    }

    /// `"text"` for a macro argument (double quotes inside doubled, as groff reads them).
    static func quoted(_ text: String) -> String {
        "\"" + escaped(text, atLineStart: false).replacing("\"", with: "\"\"") + "\""
    }

    /// Text safe on a roff line: backslashes and hyphens escaped, a leading `.` or `'` (which would
    /// make the line a request) guarded, and characters beyond ASCII written as roff's own glyph
    /// names or plain ASCII, which every output device has.
    static func escaped(_ text: String, atLineStart: Bool = true) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            case "\t": result += " "
            default:
                if character.isASCII {
                    // A control character would be a roff escape of its own, or reach a terminal raw.
                    result += character.asciiValue.map { $0 < 0x20 || $0 == 0x7F } == true ? "?" : String(character)
                } else {
                    result += glyphs[character] ?? "\\[u" + hex(character) + "]"
                }
            }
        }
        if atLineStart, let first = result.first, first == "." || first == "'" { result = "\\&" + result }
        return result
    }

    /// Characters the help texts use, as roff glyph names or ASCII (glyphs every device has).
    private static let glyphs: [Character: String] = [
        "…": "...", "·": "\\(bu", "—": "\\(em", "–": "\\(en",
        "“": "\\(lq", "”": "\\(rq", "‘": "\\(oq", "’": "\\(cq",
        "→": "\\(->", "←": "\\(<-", "↑": "\\(ua", "↓": "\\(da", "×": "x",
        "␛": "<ESC>", "␇": "<BEL>", "␀": "<NUL>",
    ]

    /// The scalars of a character as groff's `uXXXX` glyph name (`u0065_0301` for a sequence).
    private static func hex(_ character: Character) -> String {
        character.unicodeScalars.map { scalar in
            let digits = String(scalar.value, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }.joined(separator: "_")
    }
}
