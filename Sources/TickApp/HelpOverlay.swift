import TermTable

/// The help screen, generated from the key map itself: a binding added to the map appears here.
/// It is a `TableView` like the list, with one section per group of commands.
final class HelpOverlay: Overlay, TableViewDataSource, TableViewDelegate {
    /// One line of help: the keys and what they do.
    struct Entry {
        var keys: String
        var summary: String
    }

    private let sections: [(title: String, entries: [Entry])]
    let tableView = TableView()

    init(keyMap: KeyMap, editingKeyMap: KeyMap = .editing) {
        var sections: [(title: String, entries: [Entry])] = []
        for group in Command.Group.allCases where group != .editing {
            let commands = Command.allCases.filter { $0.group == group && !keyMap.keys(for: $0).isEmpty }
            guard !commands.isEmpty else { continue }
            sections.append((group.rawValue, commands.map { command in
                Entry(keys: keyMap.keys(for: command).map(HelpOverlay.name).joined(separator: " "), summary: command.summary)
            }))
        }
        // While editing, these keys act on the marked rows instead.
        let editing: [Entry] = Command.allCases.compactMap { command in
            let keys = editingKeyMap.keys(for: command)
            guard !keys.isEmpty else { return nil }
            return Entry(keys: keys.map(HelpOverlay.name).joined(separator: " "), summary: HelpOverlay.editingSummary(command))
        }
        if !editing.isEmpty { sections.insert((Command.Group.editing.rawValue, editing), at: min(sections.count, 5)) }
        self.sections = sections
        tableView.register(TableViewCell.self, forCellReuseIdentifier: "help")
        tableView.dataSource = self
        tableView.delegate = self
        tableView.moveSelectionToFirstRow()
    }

    /// What a command does in editing mode.
    static func editingSummary(_ command: Command) -> String {
        switch command {
        case .toggle: return "mark every marked todo done (or not done)"
        case .delete: return "delete the marked todos (asks first)"
        case .editMode: return "leave editing mode"
        default: return command.summary
        }
    }

    /// A key as people write it: `j`, `Space`, `Ctrl-d`, `PgDn`, `↑`.
    static func name(_ key: Key) -> String {
        switch key {
        case .character(" "): return "Space"
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
        }
    }

    var bottomLines: Int? { nil }

    func handle(_ key: Key, app: TickApp) -> Bool {
        switch key {
        case .character("?"), .escape, .character("q"), .function(1): return false
        case .character("j"), .down: tableView.moveSelection(by: 1)
        case .character("k"), .up: tableView.moveSelection(by: -1)
        case .character("g"), .home: tableView.moveSelectionToFirstRow()
        case .character("G"), .end: tableView.moveSelectionToLastRow()
        case .pageDown, .character(" "), .control("f"): tableView.moveSelection(byLines: max(1, tableView.frame.height - 1))
        case .pageUp, .control("b"): tableView.moveSelection(byLines: -max(1, tableView.frame.height - 1))
        case .control("d"): tableView.moveSelection(byLines: max(1, tableView.frame.height / 2))
        case .control("u"): tableView.moveSelection(byLines: -max(1, tableView.frame.height / 2))
        default: break
        }
        return true
    }

    func draw(in canvas: inout Canvas, area: Rect, theme: Theme) -> Point? {
        canvas.fill(area)
        canvas.draw("Tick help — ? or Esc closes", at: area.origin, style: theme.promptLabel, maxWidth: area.width, truncation: .ellipsis)
        tableView.frame = Rect(x: area.minX, y: area.minY + 1, width: area.width, height: max(0, area.height - 1))
        tableView.draw(in: &canvas)
        return nil
    }

    // MARK: Table

    func numberOfSections(in tableView: TableView) -> Int { sections.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].entries.count }
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { sections[section].title }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "help", for: indexPath)
        let entry = sections[indexPath.section].entries[indexPath.row]
        var text = StyledText(HelpOverlay.padded(entry.keys, to: 22), style: Style(attributes: .bold))
        text.append(entry.summary)
        cell.text = text
        return cell
    }

    private static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - DisplayWidth.of(text)))
    }
}
