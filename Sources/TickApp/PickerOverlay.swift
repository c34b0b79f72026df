import TermTable

/// A full-screen chooser with type-to-filter: the choices are a `TableView`; typing narrows them, and
/// a name that matches nothing can be created ("Create “Groceries”").
final class PickerOverlay: Overlay, TableViewDataSource, TableViewDelegate {
    /// One choice.
    struct Choice {
        var label: String
        var detail: String
    }

    let title: String
    private let choices: [Choice]
    private let pick: (Int) -> Void
    private let create: ((String) -> Void)?
    private var filter = LineEditor()
    private var shown: [Int] = []
    let tableView = TableView()

    /// The picker's keys, and the input line's for the filter, as the config file left them.
    private let keyMap: ModeKeyMap<PickerKeyAction>
    private let inputKeyMap: ModeKeyMap<InputKeyAction>

    /// Offers `choices`; `pick` gets the index of the chosen one, `create` a typed new name (when allowed).
    init(title: String, choices: [Choice], pick: @escaping (Int) -> Void, create: ((String) -> Void)? = nil,
         keyMap: ModeKeyMap<PickerKeyAction> = .standard, inputKeyMap: ModeKeyMap<InputKeyAction> = .standard) {
        self.keyMap = keyMap
        self.inputKeyMap = inputKeyMap
        self.title = title
        self.choices = choices
        self.pick = pick
        self.create = create
        tableView.register(TableViewCell.self, forCellReuseIdentifier: "choice")
        tableView.dataSource = self
        tableView.delegate = self
        refilter()
    }

    private var typed: String {
        String(filter.text.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }

    /// Whether the last row offers to create the typed name.
    private var offersCreation: Bool {
        create != nil && !typed.isEmpty && !choices.contains { $0.label.lowercased() == typed.lowercased() }
    }

    private func refilter() {
        let needle = typed.lowercased()
        shown = choices.indices.filter { needle.isEmpty || choices[$0].label.lowercased().contains(needle) }
        tableView.reloadData()
        tableView.moveSelectionToFirstRow()
    }

    var bottomLines: Int? { nil }

    func scrollByWheel(lines: Int) { tableView.scroll(byLines: lines) }

    func handle(_ key: Key, app: TickApp) -> Bool {
        if case .paste(let text) = key {
            filter.insert(pasted: text)
            refilter()
            return true
        }
        switch keyMap.action(for: key) {
        case .cancel: return false
        case .moveDown: tableView.moveSelection(by: 1)
        case .moveUp: tableView.moveSelection(by: -1)
        case .pageDown: tableView.moveSelection(byLines: max(1, tableView.frame.height - 1))
        case .pageUp: tableView.moveSelection(byLines: -max(1, tableView.frame.height - 1))
        case .choose:
            guard let row = tableView.indexPathForSelectedRow?.row else { return true }
            if row < shown.count {
                pick(shown[row])
            } else if offersCreation {
                create?(typed)
            }
            return false
        case nil:
            // Every other key edits the filter, as in an input line.
            let before = filter.text
            _ = filter.handle(key, keyMap: inputKeyMap)
            if filter.text != before { refilter() }
        }
        return true
    }

    func draw(in canvas: inout Canvas, area: Rect, theme: Theme) -> Point? {
        canvas.fill(area)
        let hint = KeyHint.line([(KeyHint.first(keyMap.keys(for: .choose)), "chooses"), (KeyHint.first(keyMap.keys(for: .cancel)), "cancels")])
        canvas.draw("\(title) — type to filter" + (hint.isEmpty ? "" : " · " + hint), at: area.origin, style: theme.promptLabel,
                    maxWidth: area.width, truncation: .ellipsis)
        let label = "› "
        canvas.draw(label, at: Point(x: area.minX, y: area.minY + 1), style: theme.promptLabel)
        let cursor = filter.draw(in: &canvas, at: Point(x: area.minX + 2, y: area.minY + 1), width: area.width - 2)
        tableView.frame = Rect(x: area.minX, y: area.minY + 2, width: area.width, height: max(0, area.height - 2))
        tableView.draw(in: &canvas)
        return cursor
    }

    // MARK: Table

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { shown.count + (offersCreation ? 1 : 0) }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "choice", for: indexPath)
        if indexPath.row < shown.count {
            let choice = choices[shown[indexPath.row]]
            cell.text = StyledText(choice.label)
            cell.secondaryText = StyledText(choice.detail, style: Style(attributes: .dim))
        } else {
            cell.text = StyledText("Create “\(typed)”", style: Style(attributes: .bold))
        }
        return cell
    }
}
