import TermTable

/// The help screen, generated from the key map itself: a binding added to the map appears here.
/// It is a `TableView` like the list, with one section per group of commands, after a section
/// listing the config file's problems in full when there are any.
final class HelpOverlay: Overlay, TableViewDataSource, TableViewDelegate {
    /// One line of help: the keys and what they do.
    struct Entry {
        var keys: String
        var summary: String
    }

    private let sections: [(title: String, entries: [Entry])]
    /// The config file's problems, shown first, each whole: the status line only counts them.
    private let problems: [String]
    /// Help's own keys, as the config file left them.
    private let keyMap: ModeKeyMap<HelpKeyAction>
    let tableView = TableView()

    init(keyMaps: KeyMaps, problems: [String] = []) {
        self.problems = problems
        self.keyMap = keyMaps.help
        let keyMap = keyMaps.list
        var sections: [(title: String, entries: [Entry])] = []
        for group in Command.Group.allCases where group != .editing {
            let commands = Command.allCases.filter { $0.group == group && !keyMap.keys(for: $0).isEmpty }
            guard !commands.isEmpty else { continue }
            sections.append((group.rawValue, commands.map { command in
                Entry(keys: HelpOverlay.names(keyMap.keys(for: command)), summary: command.summary)
            }))
        }
        // While editing, these keys act on the marked rows instead.
        let editing: [Entry] = Command.allCases.compactMap { command in
            let keys = keyMaps.editing.keys(for: command)
            guard !keys.isEmpty else { return nil }
            return Entry(keys: HelpOverlay.names(keys), summary: HelpOverlay.editingSummary(command))
        }
        if !editing.isEmpty { sections.insert((Command.Group.editing.rawValue, editing), at: min(sections.count, 5)) }
        // The other modes' keys come after the list's, before the app's own keys (quit stays last).
        let others = keyMaps.otherModesHelp().filter { !$0.entries.isEmpty }.map { mode, entries in
            (mode.title, entries.map { Entry(keys: HelpOverlay.names($0.keys), summary: $0.summary) })
        }
        let appGroup = sections.lastIndex { $0.title == Command.Group.app.rawValue } ?? sections.count
        sections.insert(contentsOf: others, at: appGroup)
        self.sections = sections
        tableView.register(HelpCell.self, forCellReuseIdentifier: "help")
        tableView.register(HangingTextCell.self, forCellReuseIdentifier: "problem")
        // A long summary wraps under its own column rather than losing its end to "…".
        tableView.rowHeight = TableView.automaticDimension
        tableView.dataSource = self
        tableView.delegate = self
        tableView.moveSelectionToFirstRow()
    }

    /// What a command does in editing mode.
    static func editingSummary(_ command: Command) -> String {
        switch command {
        case .toggle: return "mark every marked todo done (or not done)"
        case .start: return "start the marked todos (or stop them, when all are started)"
        case .cancel: return "cancel the marked todos (or open them again, when all are cancelled)"
        case .delete: return "delete the marked todos (asks first)"
        case .flag: return "flag the marked todos (or unflag them, when all are flagged)"
        case .moveToList: return "move the marked todos to another list"
        case .raisePriority: return "raise the priority of the marked todos"
        case .lowerPriority: return "lower the priority of the marked todos"
        case .editMode: return "leave editing mode"
        default: return command.summary
        }
    }

    /// Keys as help lists them: their names, each once (Alt-Backspace comes as two codes).
    static func names(_ keys: [Key]) -> String {
        var seen: Set<String> = []
        return keys.map(name).filter { seen.insert($0).inserted }.joined(separator: " ")
    }

    /// A key as people write it: `j`, `Space`, `Ctrl-d`, `PgDn`, `↑`.
    static func name(_ key: Key) -> String {
        switch key {
        case .character(" "): return "Space"
        case .alt("\u{7F}"), .alt("\u{8}"): return "Alt-Backspace"
        // Never a raw control character on the screen: the key-script name instead (`<M-^[>` is no key).
        case .character(let character) where character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }):
            return TodoTable.safe(key.description).text
        case .alt(let character) where character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }):
            return "Alt-" + TodoTable.safe(String(character)).text
        case .character(let character): return String(character)
        case .control(let character): return "Ctrl-\(character)"
        case .alt(let character): return "Alt-\(character)"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .backspace: return "Backspace"
        case .delete: return "Delete"
        case .insert: return "Insert"
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .function(let number): return "F\(number)"
        case .mouse, .resize: return key.description
        case .paste: return "a paste"
        }
    }

    var bottomLines: Int? { nil }

    func scrollByWheel(lines: Int) { tableView.scroll(byLines: lines) }

    func handle(_ key: Key, app: TickApp) -> Bool {
        return tableView.perform(keyMap.action(for: key))
    }

    func draw(in canvas: inout Canvas, area: Rect, theme: Theme) -> Point? {
        canvas.fill(area)
        // "? or Esc closes": the first two keys that close help, as bound now.
        let closing = Array(keyMap.keys(for: .close).map(HelpOverlay.name).prefix(2))
        let title = closing.isEmpty ? "Tick help" : "Tick help — \(closing.joined(separator: " or ")) closes"
        canvas.draw(title, at: area.origin, style: theme.promptLabel, maxWidth: area.width, truncation: .ellipsis)
        tableView.frame = Rect(x: area.minX, y: area.minY + 1, width: area.width, height: max(0, area.height - 1))
        tableView.draw(in: &canvas)
        return nil
    }

    // MARK: Table

    /// Sections before the key groups: one for the config file's problems when there are any.
    private var problemSections: Int { problems.isEmpty ? 0 : 1 }

    func numberOfSections(in tableView: TableView) -> Int { problemSections + sections.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        section < problemSections ? problems.count : sections[section - problemSections].entries.count
    }
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        guard section >= problemSections else {
            return "Config file: \(problems.count) problem\(problems.count == 1 ? "" : "s") (the other lines apply)"
        }
        return sections[section - problemSections].title
    }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        if indexPath.section < problemSections {
            let cell = tableView.dequeueReusableCell(withIdentifier: "problem", for: indexPath) as! HangingTextCell
            cell.styledText = StyledText(problems[indexPath.row])
            return cell
        }
        let cell = tableView.dequeueReusableCell(withIdentifier: "help", for: indexPath) as! HelpCell
        let entry = sections[indexPath.section - problemSections].entries[indexPath.row]
        cell.keys = entry.keys
        cell.summary = entry.summary
        return cell
    }
}

/// One line of help: the keys in bold in a column of their own, the summary beside them, wrapped
/// under itself (a hanging indent) when the screen is too narrow for it.
final class HelpCell: TableViewCell {
    var keys = "" { didSet { setNeedsDisplay() } }
    var summary = "" { didSet { setNeedsDisplay() } }

    /// Where summaries start: 22 columns, less on a narrow screen.
    static func summaryColumn(width: Int) -> Int { min(22, max(8, width / 3)) }

    override func prepareForReuse() {
        super.prepareForReuse()
        keys = ""
        summary = ""
    }

    override func heightThatFits(width: Int) -> Int {
        max(1, TextWrapping.lineCount(StyledText(summary), width: max(1, width - Self.summaryColumn(width: width))))
    }

    override func draw(in canvas: inout Canvas) {
        let column = Self.summaryColumn(width: canvas.width)
        canvas.draw(keys, at: Point(x: 0, y: 0), style: Style(attributes: .bold), maxWidth: column - 1, truncation: .ellipsis)
        let lines = TextWrapping.wrap(StyledText(summary), width: max(1, canvas.width - column))
        for (y, line) in lines.prefix(canvas.height).enumerated() {
            canvas.draw(glyphs: line, at: Point(x: column, y: y), maxWidth: canvas.width - column)
        }
        drawSelection(in: &canvas)
    }
}
