import FoundationEssentials
import TermTable
import TodoStore

/// A todo's details, pushed over the list by Enter (the table's `didSelectRowAt`): the full title,
/// list, priority, due date, flag, times and notes, which are edited in place. Details taller than
/// the screen scroll (`j`/`k`, `PgDn`/`PgUp`, `g`/`G`), with a scroll indicator and the lines shown
/// named above them. Esc goes back to the list with the same selected row and scroll position.
final class DetailOverlay: Overlay {
    private unowned let list: TodoListController
    private let id: Int64
    /// The todo as the details opened on it, for messages once it is gone.
    private let opened: TodoItem
    private var notes: TextArea?
    /// The notes the editor started from (or, after a refused save because they were changed
    /// elsewhere, the notes as changed there): saving over anything else is refused once.
    private var notesBase = ""
    /// The notes as stored when the editor opened: when a save goes over other notes (written
    /// elsewhere meanwhile, after the refusal said so), those are said and recorded as having lost.
    private var notesOrigin = ""
    /// The notes as they were when saving them last failed: Esc again without a change gives up on them,
    /// so a store that refuses every change cannot keep the user in the editor.
    private var refusedNotes: String?
    /// The first line of the details shown.
    private var top = 0
    /// The lines of the details and the rows they had at the last drawing: the keys scroll by these.
    private var layout = (lines: 0, rows: 0)
    /// The last two layouts (with and without the scroll indicator's column): scrolling through long
    /// notes wraps them once, not on every key.
    private var laidOut: [(source: DetailDocument.Source, document: DetailDocument)] = []

    /// The details' keys and the notes editor's, as the config file left them.
    private let keyMap: ModeKeyMap<DetailKeyAction>
    private let notesKeyMap: ModeKeyMap<NotesKeyAction>

    init(list: TodoListController, todo: TodoItem, keyMap: ModeKeyMap<DetailKeyAction> = .standard,
         notesKeyMap: ModeKeyMap<NotesKeyAction> = .standard) {
        self.list = list
        id = todo.id
        opened = todo
        self.keyMap = keyMap
        self.notesKeyMap = notesKeyMap
    }

    /// The todo as stored now; nil when it is gone or cannot be read (the status line then says why).
    private var item: TodoItem? { list.storedItem(id: id) }

    var bottomLines: Int? { nil }

    func handle(_ key: Key, app: TickApp) -> Bool {
        if var editor = notes {
            let action = notesKeyMap.action(for: key)
            if case .paste(let text) = key {
                editor.insert(pasted: text)
                notes = editor
            } else if action == .done || action == .save {
                // A refused save (a NUL, a full disk, notes changed elsewhere meanwhile) keeps the text in
                // the editor, with the message saying why; `done` again without a change leaves without it.
                if action == .done && refusedNotes == editor.text {
                    notes = nil
                    refusedNotes = nil
                } else if save(editor.text, app: app) {
                    notes = nil
                    refusedNotes = nil
                } else {
                    refused(editor.text, app: app)
                }
            } else if editor.handle(key, keyMap: notesKeyMap) {
                notes = editor
            }
            return true
        }
        if case .paste = key {
            app.say(.info("Paste ignored: press n to write notes, then paste", while: .overlay(ObjectIdentifier(self))))
            return true
        }
        let page = max(1, layout.rows - 1)
        switch keyMap.action(for: key) {
        case .back: return false
        case .editNotes:
            guard !app.refusesChanges(), let item = current(otherwise: "nothing to edit", app: app) else { break }
            edit(notes: item.notes)
        case .editNotesInEditor:
            switch app.editNotesInEditor(todo: id) {
            case .finished: break
            case .editInPlace:
                guard let item = current(otherwise: "nothing to edit", app: app) else { break }
                edit(notes: item.notes)
                app.say(.info("No $VISUAL or $EDITOR set: editing the notes here"))
            case .keepInPlace(let text, let base):
                // The store refused the editor's text; it stays here, unsaved, with the message saying why.
                edit(notes: text)
                notesBase = base
                notesOrigin = base
                refused(text, app: app)
            }
        case .openLink: app.openFirstLink(ofTodo: id)
        case .help: app.present(HelpOverlay(keyMaps: app.keyMaps, problems: app.configurationProblems))
        case .edit:
            guard let item = current(otherwise: "nothing to edit", app: app) else { break }
            app.openEditor(for: item)
        case .toggle:
            guard !app.refusesChanges(), let item = current(otherwise: "nothing changed", app: app),
                  let indexPath = list.indexPath(ofTodo: item.id, inList: item.listID) else { break }
            app.run(keepingPlace: indexPath) { try $0.toggle(item) }
        case .flag:
            guard !app.refusesChanges(), let item = current(otherwise: "nothing changed", app: app),
                  let indexPath = list.indexPath(ofTodo: item.id, inList: item.listID) else { break }
            app.run(keepingPlace: indexPath) { try $0.toggleFlag(item) }
        case .scrollDown: scroll(to: top + 1)
        case .scrollUp: scroll(to: top - 1)
        case .pageDown: scroll(to: top + page)
        case .pageUp: scroll(to: top - page)
        case .halfPageDown: scroll(to: top + max(1, layout.rows / 2))
        case .halfPageUp: scroll(to: top - max(1, layout.rows / 2))
        case .scrollToTop: scroll(to: 0)
        case .scrollToBottom: scroll(to: .max)
        case nil: break
        }
        return true
    }

    /// The todo as stored now; when it is gone, nil, and the status line says so, then `outcome`
    /// (when it cannot be read, "Not saved" and why).
    private func current(otherwise outcome: String, app: TickApp) -> TodoItem? {
        do {
            let (now, refusal) = try app.commands.current(opened, [], otherwise: outcome)
            if now == nil, let message = refusal.message { app.say(message) }
            return now
        } catch {
            list.reportReadFailure(error)
            app.say(.error("Not saved: \(error)"))
            return nil
        }
    }

    /// Saves `text` as the todo's notes, over the notes the editor started from (or, after a refusal,
    /// over the notes written elsewhere, which are then said and recorded as having lost); false when
    /// the save was refused or failed, and the text stays in the editor.
    private func save(_ text: String, app: TickApp) -> Bool {
        let shown = item ?? opened, base = notesBase
        let theirs = base != notesOrigin && base != text ? base : nil
        return app.run { try $0.saveNotes(text, of: shown, editedFrom: base, replacing: theirs) }
    }

    /// Starts editing `text` as the todo's notes, saved over the notes stored now only.
    private func edit(notes text: String) {
        notes = TextArea(text: text)
        notesBase = item?.notes ?? text
        notesOrigin = notesBase
    }

    /// After a refused save of `text`: it stays in the editor, unsaved. When the notes were changed
    /// elsewhere meanwhile, the next save is over those (the message says which keys do what).
    private func refused(_ text: String, app: TickApp) {
        refusedNotes = text
        guard let stored = item, stored.notes != notesBase else { return }
        notesBase = stored.notes
        let overwrite = KeyHint.first(notesKeyMap.keys(for: .save)).map { "\($0) saves yours over them" }
        let keep = KeyHint.first(notesKeyMap.keys(for: .done)).map { "\($0) again keeps theirs" }
        let hint = [overwrite, keep].compactMap { $0 }.joined(separator: " · ")
        if !hint.isEmpty { app.appendToMessage(hint) }
    }

    /// "Esc back · n notes · e edit title · x done · f flag · ? help" with the keys in effect, the
    /// most used first (a narrow screen cuts the end).
    private var hint: String {
        let first = { KeyHint.first(self.keyMap.keys(for: $0)) }
        return KeyHint.line([(first(.back), "back"), (first(.editNotes), "notes"), (first(.edit), "edit title"),
                             (first(.toggle), "done"), (first(.flag), "flag"), (first(.help), "help")])
    }

    /// " · Esc saves" with the key in effect (Ctrl-S's when Esc's action is unbound).
    private var saves: String {
        (KeyHint.first(notesKeyMap.keys(for: .done)) ?? KeyHint.first(notesKeyMap.keys(for: .save))).map { " · \($0) saves" } ?? ""
    }

    /// " · Esc again discards" with the key in effect: only `done` leaves without the refused notes.
    private var discards: String {
        KeyHint.first(notesKeyMap.keys(for: .done)).map { " · \($0) again discards" } ?? ""
    }

    func scrollByWheel(lines: Int) {
        // While the notes are being edited the wheel would move the text away from the cursor.
        if notes == nil { scroll(to: top + lines) }
    }

    /// Scrolls the details so `line` is the first shown, as far as there are lines.
    private func scroll(to line: Int) {
        top = max(0, min(line, layout.lines - layout.rows))
    }

    func draw(in canvas: inout Canvas, area: Rect, theme: Theme) -> Point? {
        canvas.fill(area)
        let help = notes == nil ? hint : refusedNotes == notes?.text ? "editing notes, not saved" + discards : "editing notes" + saves
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
        let rows = Rect(x: area.minX, y: area.minY + 2, width: area.width, height: max(0, area.height - 2))
        guard rows.height > 0, rows.width > 0 else { return nil }
        let listName = list.lists.first { $0.id == item.listID }?.name ?? "?"
        let today = list.today()
        func document(width: Int) -> DetailDocument {
            self.document(DetailDocument.Source(item: item, listName: listName, today: today, now: list.timeOfDay(), zone: list.localTime,
                                                width: width, theme: theme,
                                                includesNotes: notes == nil))
        }
        if var editor = notes {
            let cursor = drawEditing(&editor, document: document(width: rows.width), in: &canvas, rows: rows, theme: theme)
            notes = editor
            return cursor
        }
        var width = rows.width
        var details = document(width: width)
        let overflows = details.lines.count > rows.height
        if overflows {
            // The rightmost column becomes the scroll indicator, as in the list; the lines wrap without it.
            width -= 1
            details = document(width: width)
        }
        layout = (details.lines.count, rows.height)
        scroll(to: top)
        for row in 0..<min(rows.height, details.lines.count - top) {
            details.draw(line: top + row, in: &canvas, x: rows.minX, y: rows.minY + row, width: width, theme: theme)
        }
        if overflows { drawPosition(in: &canvas, rows: rows, lines: details.lines.count, theme: theme) }
        return nil
    }

    /// The details laid out from `source`, from the last layouts when one was made from the same.
    private func document(_ source: DetailDocument.Source) -> DetailDocument {
        if let known = laidOut.first(where: { $0.source == source }) { return known.document }
        let document = DetailDocument(source)
        laidOut = [(source, document)] + laidOut.prefix(1)
        return document
    }

    /// While the notes are edited, the lines above them and the editor below the "Notes" label: the
    /// details scroll only as far as needed to give the editor a few rows (all of them on a tiny screen).
    private func drawEditing(_ editor: inout TextArea, document details: DetailDocument, in canvas: inout Canvas,
                             rows: Rect, theme: Theme) -> Point {
        let wanted = max(1, min(rows.height - 1, max(3, editor.lines.count)))
        top = max(min(top, details.notesLabel), details.notesLabel + 1 + wanted - rows.height, 0)
        let shown = max(0, min(rows.height, details.lines.count - top))
        for row in 0..<shown {
            details.draw(line: top + row, in: &canvas, x: rows.minX, y: rows.minY + row, width: rows.width, theme: theme)
        }
        let notesArea = Rect(x: rows.minX + DetailDocument.notesIndent, y: rows.minY + shown,
                             width: max(0, rows.width - DetailDocument.notesIndent), height: rows.height - shown)
        return editor.draw(in: &canvas, area: notesArea, style: theme.title)
    }

    /// The scroll indicator in the rightmost column, and which lines are shown in the line above them.
    private func drawPosition(in canvas: inout Canvas, rows: Rect, lines: Int, theme: Theme) {
        let track = rows.height
        let thumb = min(track, max(1, track * track / lines))
        let maxTop = lines - track
        // As in the list, the thumb touches an end only when the details do.
        var thumbTop = maxTop == 0 ? 0 : (track - thumb) * top / maxTop
        if top > 0, top < maxTop, track - thumb > 1 { thumbTop = min(max(1, thumbTop), track - thumb - 1) }
        canvas.fill(Rect(x: rows.maxX - 1, y: rows.minY, width: 1, height: track), with: Glyph(text: "│", width: 1))
        canvas.fill(Rect(x: rows.maxX - 1, y: rows.minY + thumbTop, width: 1, height: thumb), with: Glyph(text: "┃", width: 1))
        let range = "lines \(top + 1)–\(top + track) of \(lines)"
        let text = DisplayWidth.of(range) + 13 <= rows.width ? range + " · j/k scroll" : range
        let width = DisplayWidth.of(text)
        canvas.draw(text, at: Point(x: max(rows.minX, rows.maxX - width), y: rows.minY - 1), style: theme.hint,
                    maxWidth: rows.width, truncation: .ellipsis)
    }
}
