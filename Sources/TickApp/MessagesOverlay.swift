import TermTable

/// The recent messages (`M`), newest first, each whole: a message wider than the status line wraps
/// there for as long as it is shown, and this screen keeps the last ones after that (vim's
/// `:messages`). Help's keys move and close it, and so does the key that opened it.
final class MessagesOverlay: Overlay, TableViewDataSource, TableViewDelegate {
    private let messages: [StatusMessage]
    private let keyMap: ModeKeyMap<HelpKeyAction>
    /// The list's keys that open this screen, which close it too.
    private let openingKeys: [Key]
    private var theme = Theme.standard
    let tableView = TableView()

    init(messages: [StatusMessage], keyMaps: KeyMaps) {
        self.messages = messages.reversed()
        keyMap = keyMaps.help
        openingKeys = keyMaps.list.keys(for: .messages)
        tableView.register(HangingTextCell.self, forCellReuseIdentifier: "message")
        tableView.rowHeight = TableView.automaticDimension
        tableView.dataSource = self
        tableView.delegate = self
        tableView.moveSelectionToFirstRow()
    }

    var bottomLines: Int? { nil }

    func scrollByWheel(lines: Int) { tableView.scroll(byLines: lines) }

    func handle(_ key: Key, app: TickApp) -> Bool {
        if openingKeys.contains(key) { return false }
        return tableView.perform(keyMap.action(for: key))
    }

    func draw(in canvas: inout Canvas, area: Rect, theme: Theme) -> Point? {
        if self.theme != theme {
            self.theme = theme
            tableView.reloadData()
        }
        canvas.fill(area)
        // "M or Esc closes": the key that opened it, and Esc (else help's first closing key).
        let closes = keyMap.keys(for: .close)
        let closing = [openingKeys.first, closes.contains(.escape) ? .escape : closes.first].compactMap { $0 }.map(HelpOverlay.name)
        let title = "Recent messages" + (closing.isEmpty ? "" : " — \(closing.joined(separator: " or ")) closes")
        canvas.draw(title, at: area.origin, style: theme.promptLabel, maxWidth: area.width, truncation: .ellipsis)
        tableView.frame = Rect(x: area.minX, y: area.minY + 1, width: area.width, height: max(0, area.height - 1))
        if messages.isEmpty {
            canvas.draw("No messages yet", at: Point(x: area.minX, y: area.minY + 2), style: theme.hint, maxWidth: area.width, truncation: .ellipsis)
            return nil
        }
        tableView.draw(in: &canvas)
        return nil
    }

    func numberOfSections(in tableView: TableView) -> Int { 1 }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { messages.count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "message", for: indexPath) as! HangingTextCell
        let message = messages[indexPath.row]
        cell.styledText = StyledText(message.text, style: message.kind == .error ? theme.error : theme.message)
        return cell
    }
}

/// A text whole, wrapped, its continuation lines indented two columns under the first: a message on
/// the recent-messages screen, a config file's problem in help.
final class HangingTextCell: TableViewCell {
    var styledText = StyledText() { didSet { setNeedsDisplay() } }

    override func prepareForReuse() {
        super.prepareForReuse()
        styledText = StyledText()
    }

    private func lines(width: Int) -> [[StyledGlyph]] { TextWrapping.wrap(styledText, width: max(1, width - 2)) }

    override func heightThatFits(width: Int) -> Int { max(1, lines(width: width).count) }

    override func draw(in canvas: inout Canvas) {
        for (y, line) in lines(width: canvas.width).prefix(canvas.height).enumerated() {
            let x = y == 0 ? 0 : 2
            canvas.draw(glyphs: line, at: Point(x: x, y: y), maxWidth: canvas.width - x)
        }
        drawSelection(in: &canvas)
    }
}
