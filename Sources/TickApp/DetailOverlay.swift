import FoundationEssentials
import TermTable
import TodoStore

/// A todo's details, pushed over the list by Enter (the table's `didSelectRowAt`): the full title,
/// list, priority, due date, flag, times and notes, which are edited in place. Esc goes back to the
/// list with the same highlight and scroll position.
final class DetailOverlay: Overlay {
    private unowned let list: TodoListController
    private let id: Int64
    private var notes: TextArea?
    /// The notes as they were when saving them last failed: Esc again without a change gives up on them,
    /// so a store that refuses every change cannot keep the user in the editor.
    private var refusedNotes: String?

    init(list: TodoListController, todo: TodoItem) {
        self.list = list
        id = todo.id
    }

    /// The todo as stored now; nil when it is gone or cannot be read (the status line then says why).
    private var item: TodoItem? { list.storedItem(id: id) }

    var bottomLines: Int? { nil }

    func handle(_ key: Key, app: TickApp) -> Bool {
        if var editor = notes {
            if case .paste(let text) = key {
                editor.insert(pasted: text)
                notes = editor
            } else if key == .escape || key == .control("s") {
                // A refused save (a NUL, a full disk) keeps the text in the editor, with the message saying why.
                if list.setNotes(editor.text, todo: id) || (key == .escape && refusedNotes == editor.text) {
                    notes = nil
                    refusedNotes = nil
                } else {
                    refusedNotes = editor.text
                }
            } else if editor.handle(key) {
                notes = editor
            }
            return true
        }
        switch key {
        case .paste:
            list.message = .info("Paste ignored: press n to write notes, then paste")
        case .escape, .character("q"), .enter: return false
        case .character("n"), .character("i"):
            guard !app.refusesChanges(), let item else { break }
            notes = TextArea(text: item.notes)
        case .character("e"):
            guard let item, let indexPath = list.indexPath(ofTodo: item.id, inList: item.listID) else { break }
            app.openEditor(at: indexPath)
        case .character("x"), .character("f"):
            guard !app.refusesChanges(), let item, let indexPath = list.indexPath(ofTodo: item.id, inList: item.listID) else { break }
            if key == .character("x") { list.toggle(at: indexPath) } else { list.toggleFlag(at: indexPath) }
        default: break
        }
        return true
    }


    func draw(in canvas: inout Canvas, area: Rect, theme: Theme) -> Point? {
        canvas.fill(area)
        let help = notes == nil ? "Esc back · n notes · e edit title · x done · f flag"
            : refusedNotes == notes?.text ? "editing notes, not saved · Esc again discards" : "editing notes · Esc saves"
        canvas.draw("Details — \(help)", at: area.origin, style: theme.promptLabel, maxWidth: area.width, truncation: .ellipsis)
        let item: TodoItem
        do {
            guard let stored = try list.store.item(id: id) else {
                canvas.draw("This todo no longer exists.", at: Point(x: area.minX, y: area.minY + 2), style: theme.error)
                return nil
            }
            item = stored
        } catch {
            // Drawing only shows the failure; it never changes the status line.
            canvas.draw("Cannot read this todo: \(error)", at: Point(x: area.minX, y: area.minY + 2), style: theme.error,
                        maxWidth: area.width, truncation: .ellipsis)
            return nil
        }
        var y = area.minY + 2
        let labelWidth = 11
        let valueWidth = max(1, area.width - labelWidth)
        func field(_ label: String, _ value: StyledText) {
            guard y < area.maxY else { return }
            canvas.draw(label, at: Point(x: area.minX, y: y), style: theme.hint)
            canvas.draw(value, at: Point(x: area.minX + labelWidth, y: y), maxWidth: valueWidth, truncation: .ellipsis)
            y += 1
        }
        for line in TextWrapping.wrap(StyledText(item.title, style: theme.title.adding(.bold)), width: valueWidth, keepsLineBreaks: true) {
            guard y < area.maxY - 7 else { break }
            if y == area.minY + 2 { canvas.draw("Title", at: Point(x: area.minX, y: y), style: theme.hint) }
            canvas.draw(glyphs: line, at: Point(x: area.minX + labelWidth, y: y), maxWidth: valueWidth)
            y += 1
        }
        field("List", StyledText(list.lists.first { $0.id == item.listID }?.name ?? "?"))
        field("Priority", StyledText(item.priority == 0 ? "none" : String(repeating: "!", count: min(3, item.priority)),
                                     style: item.priority == 0 ? theme.hint : theme.priority))
        if let due = item.due.flatMap({ Day(iso: $0) }) {
            let today = list.today()
            field("Due", StyledText("\(due.iso) (\(TitleSyntax.describe(due: due, today: today)))",
                                    style: due < today && !item.isDone ? theme.overdue : theme.due))
        } else {
            field("Due", StyledText("none", style: theme.hint))
        }
        field("Flag", item.isFlagged ? StyledText("⚑ flagged", style: theme.flag) : StyledText("no", style: theme.hint))
        field("Created", StyledText(Day.localTime(item.createdAt)))
        field("Completed", item.completedAt.map { StyledText(Day.localTime($0)) } ?? StyledText("not yet", style: theme.hint))
        field("Notes", notes == nil && item.notes.isEmpty ? StyledText("none yet — n writes some", style: theme.hint) : "")
        let notesArea = Rect(x: area.minX + 2, y: y, width: max(0, area.width - 2), height: max(0, area.maxY - y))
        if var editor = notes {
            let cursor = editor.draw(in: &canvas, area: notesArea, style: theme.title)
            notes = editor
            return cursor
        }
        for line in TextWrapping.wrap(StyledText(item.notes, style: theme.title), width: max(1, notesArea.width), keepsLineBreaks: true)
            .prefix(notesArea.height).enumerated() {
            canvas.draw(glyphs: line.element, at: Point(x: notesArea.minX, y: notesArea.minY + line.offset), maxWidth: notesArea.width)
        }
        return nil
    }
}
