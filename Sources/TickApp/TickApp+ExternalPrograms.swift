import TodoStore

/// What `E` in the details leaves for the details to do.
enum ExternalEditResult: Equatable {
    /// Nothing more: the notes were saved, or nothing changed, and the status line says which.
    case finished
    /// No editor is set: edit the notes in place.
    case editInPlace
    /// The store refused the edited text (a NUL, a full disk), or the notes were changed elsewhere
    /// while the editor ran: keep it in the in-place editor, unsaved, editing over the notes `base`.
    case keepInPlace(String, base: String)
}

extension TickApp {
    /// " · n edits the notes here", with the details' key in effect (nothing when it is unbound).
    private var editsNotesHere: String { list.keys.editNotes.map { " · \($0) edits the notes here" } ?? "" }

    /// Edits a todo's notes in `$VISUAL` or `$EDITOR` (see `ExternalPrograms`): the notes go to a private
    /// temporary file, the editor runs without a shell and Tick waits; when it exits with status 0 and
    /// the text changed, the notes are saved as one undo step. An editor that fails, is killed or cannot
    /// start changes nothing, and the status line says why. The file is removed, unless what it holds
    /// could not be read back safely (`NotesFile.read`) or saved anywhere: then the message names it.
    ///
    /// Another process (or the sync) may change the notes meanwhile: then nothing is saved, the status
    /// line says so, and the edited text stays in the in-place editor, where saving it again saves it
    /// over the other change. If it deleted the todo, the notes are saved in a new todo with its
    /// title (`TodoCommands.keepNotes(_:ofDeleted:orElseSayingKeptIn:)`).
    func editNotesInEditor(todo id: Int64) -> ExternalEditResult {
        guard !refusesChanges(), let item = list.storedItem(id: id) else { return .finished }
        guard let (variable, line) = externalPrograms.editorLine else { return .editInPlace }
        if let refusal = externalPrograms.refusal {
            say(.error("$\(variable) not started: \(refusal)" + editsNotesHere))
            return .finished
        }
        let command: [String]
        do {
            command = try CommandWords.split(line)
        } catch {
            say(.error("Cannot run $\(variable): \(error)" + editsNotesHere))
            return .finished
        }
        let name = programName(command[0])
        let file: NotesFile
        do {
            file = try NotesFile(holding: item.notes, in: externalPrograms.temporaryDirectory)
        } catch {
            say(.error("Notes unchanged: \(error)"))
            return .finished
        }
        // Removed at the end unless the text it holds could be saved nowhere else: then it is named.
        var keepsFile = false
        defer { if !keepsFile { file.remove() } }
        // The editor drew over the screen: the next frame repaints all of it.
        needsFullRedraw = true
        switch externalPrograms.runEditor(command + [file.path]) {
        case .exited(0), .started: break
        case .exited(let status):
            say(.error("Notes unchanged: \(name) exited with status \(status)"))
            return .finished
        case .killed(let signal):
            say(.error("Notes unchanged: \(name) was ended by signal \(signal)"))
            return .finished
        case .couldNotStart(let why):
            say(.error("Notes unchanged: cannot start \(name) ($\(variable)): \(why)"))
            return .finished
        }
        let text: String
        do {
            text = try file.read()
        } catch {
            // Whatever stands there is left for the user to look at, not removed.
            keepsFile = true
            say(.error("Notes not read: \(error); kept in \(file.directory)"))
            return .finished
        }
        guard text != item.notes else {
            say(.info("Notes unchanged"))
            return .finished
        }
        let current: TodoItem?
        do {
            current = try list.store.item(id: id)
        } catch {
            keepsFile = true
            say(.error("Notes not saved: \(error); your text is kept in \(file.path)"))
            return .finished
        }
        // Deleted meanwhile (another Tick, a sync): the notes go into a new todo rather than nowhere.
        guard current != nil else {
            keepsFile = !run { $0.keepNotes(text, ofDeleted: item, orElseSayingKeptIn: file.path) }
            return .finished
        }
        guard run({ try $0.saveNotes(text, of: item, editedFrom: item.notes) }) else {
            if list.storedItem(id: id) != nil { return .keepInPlace(text, base: item.notes) }
            keepsFile = !run { $0.keepNotes(text, ofDeleted: item, orElseSayingKeptIn: file.path) }
            return .finished
        }
        return .finished
    }

    /// Opens the first link of a todo's title or notes (`LinkFinder`) with `$BROWSER` or `xdg-open`,
    /// detached and without a shell; says so when there is no link or the opener cannot start.
    func openFirstLink(ofTodo id: Int64?) {
        guard let id, let item = list.storedItem(id: id) else {
            say(.info("No todo selected"))
            return
        }
        guard let link = LinkFinder.firstLink(title: item.title, notes: item.notes) else {
            say(.info("No link in \(quoted(item.title)) or its notes (http://, https://, mailto:, www.)"))
            return
        }
        let command: [String]
        do {
            command = try externalPrograms.openerCommand(for: link)
        } catch {
            say(.error("Cannot run $BROWSER: \(error)"))
            return
        }
        let name = programName(command[0])
        if let refusal = externalPrograms.refusal {
            say(.info("Would open \(link) with \(name) (\(refusal))"))
            return
        }
        switch externalPrograms.startOpener(command) {
        case .started, .exited(0):
            say(.info("Opening \(link) with \(name)"))
        case .couldNotStart(let why):
            let advice = name == "xdg-open" ? " · install xdg-utils or set $BROWSER" : ""
            say(.error("Cannot open \(link): cannot start \(name): \(why)\(advice)"))
        case .exited(let status):
            say(.error("Cannot open \(link): \(name) exited with status \(status)"))
        case .killed(let signal):
            say(.error("Cannot open \(link): \(name) was ended by signal \(signal)"))
        }
    }

    /// A program as messages name it: its file name, without the folders (the status line is short).
    private func programName(_ program: String) -> String {
        program.split(separator: "/").last.map(String.init) ?? program
    }
}
