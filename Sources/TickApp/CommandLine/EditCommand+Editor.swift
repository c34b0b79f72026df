import TodoStore

/// `tick edit ID` with nothing else: the todo in `$VISUAL` or `$EDITOR` as a `TodoEditForm`, saved as
/// one change, as the app's notes editor does (`TickApp+ExternalPrograms`): the text goes to a private
/// file (`NotesFile`), the editor runs without a shell and `tick` waits. Nothing is saved when the
/// editor fails or the todo was deleted or changed elsewhere while it ran; then the file with the
/// text is kept and named, so nothing typed is lost.
extension EditCommand {
    func editInEditor(in context: CommandContext) throws -> Int32 {
        guard context.inputIsTerminal else {
            throw UsageError(message: "standard input is not a terminal, so no editor can run: give a new title or an option "
                             + "(tick edit \(id) 'New title !! @fri', --notes TEXT…)")
        }
        let programs = ExternalPrograms(environment: context.environment, runEditor: { _ in .started }, startOpener: { _ in .started })
        guard let (variable, line) = programs.editorLine else {
            throw UsageError(message: "neither $VISUAL nor $EDITOR is set: set one to edit the todo in an editor, "
                             + "or give a new title or an option (tick edit \(id) --notes TEXT…)")
        }
        let command: [String]
        do {
            command = try CommandWords.split(line)
        } catch {
            throw CommandFailure("cannot run $\(variable): \(error)")
        }
        let store = try context.openStore()
        defer { store.close() }
        let item = try TodoIDs.require([id], in: store)[0]
        let form = TodoEditForm(item)
        let file: NotesFile
        do {
            file = try NotesFile(holding: form.text, in: programs.temporaryDirectory)
        } catch {
            throw CommandFailure("nothing changed: \(error)")
        }
        var keepsFile = false
        defer { if !keepsFile { file.remove() } }
        let name = command[0].split(separator: "/").last.map(String.init) ?? command[0]
        switch context.runEditor(command + [file.path], context.environment) {
        case .exited(0), .started: break
        case .exited(let status): throw CommandFailure("nothing changed: \(name) exited with status \(status)")
        case .killed(let signal): throw CommandFailure("nothing changed: \(name) was ended by signal \(signal)")
        case .couldNotStart(let why): throw CommandFailure("nothing changed: cannot start \(name) ($\(variable)): \(why)")
        }
        let edited: TodoEditForm
        do {
            edited = TodoEditForm(text: try file.read())
        } catch {
            keepsFile = true
            throw CommandFailure("nothing changed: \(error); kept in \(file.directory)")
        }
        guard edited != form else {
            context.print("Nothing changed")
            return 0
        }
        let fields: TodoFields
        do throws(UsageError) {
            fields = try TodoFields(text: edited.titleLine, priorityWord: nil, dueWord: nil, tagWords: [],
                                    today: context.today, now: context.timeOfDay)
        } catch {
            keepsFile = true
            throw CommandFailure("nothing changed: \(error.message); your text is kept in \(file.path)")
        }
        // Another Tick, a sync or a script may have changed the todo while the editor ran.
        let current: TodoItem?
        do {
            current = try store.item(id: id)
        } catch {
            keepsFile = true
            throw CommandFailure("nothing changed: \(error); your text is kept in \(file.path)")
        }
        guard let current else {
            keepsFile = true
            throw CommandFailure("todo \(id) was deleted while you edited it (another Tick, a sync or a script): "
                                 + "nothing saved; your text is kept in \(file.path)")
        }
        guard TodoEditForm(current) == form, current.recurrence == item.recurrence else {
            keepsFile = true
            throw CommandFailure("todo \(id) was changed while you edited it (another Tick, a sync or a script): "
                                 + "nothing saved; your text is kept in \(file.path)")
        }
        // The form shows every field it holds: a marker taken out clears it; a rule the words cannot
        // show stays unless the line names another.
        let shownRule = item.recurrence.flatMap(RecurrenceWords.marker) != nil
        var wanted = item
        wanted.title = fields.title ?? item.title
        wanted.notes = edited.notes
        wanted.priority = fields.priority ?? 0
        wanted.due = (fields.due ?? nil)?.stored
        wanted.recurrence = fields.recurrence ?? (shownRule ? nil : item.recurrence)
        wanted.tags = fields.tags ?? []
        guard wanted != item else {
            // Only spacing changed (`Buy  milk`, a space at the end): the todo reads the same.
            context.print("Nothing changed")
            if let hint = fields.hint { context.writeError("tick edit: \(hint)\n") }
            return 0
        }
        let updated: TodoItem
        do {
            updated = try store.update(id: id, title: wanted.title, notes: wanted.notes, priority: wanted.priority, due: .some(wanted.due),
                                       recurrence: .some(wanted.recurrence), tags: wanted.tags).value
        } catch {
            keepsFile = true
            throw CommandFailure("nothing saved: \(error); your text is kept in \(file.path)")
        }
        context.print("Edited \(updated.id): \(Describe.todo(updated))")
        if let hint = fields.hint { context.writeError("tick edit: \(hint)\n") }
        return 0
    }
}
