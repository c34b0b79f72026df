import TodoStore

/// Adding todos: one typed in the input line (`a`, type, Enter), several pasted into it (one per
/// line, one step), and notes kept in a new todo when theirs was deleted while they were edited.
extension TodoCommands {
    /// Where a todo added from the input line goes, as the screen showed it when Enter was pressed:
    /// the list the line names, beside the todo selected there, with the day the agenda gives it.
    struct AddingPlace {
        /// The list the input line names (as shown: it may have been deleted elsewhere since).
        var list: TodoList
        /// The todo selected; a new todo goes after it when it is in `list`.
        var selected: TodoItem?
        /// The due day a title naming none gets (the agenda's selected group), or nil in the lists view.
        var dueDay: Day?
        /// Whether the store holds subtasks: a new todo then goes after the selected one's subtasks.
        var hasSubtasks = false
    }

    // MARK: One todo (a)

    /// Adds the todo typed as `text` (with its `!`, `@`, `#` markers) to `place`'s list, after the
    /// selected todo when it is in that list, and selects it. Refused, keeping the typed text, when
    /// the title has no words or names two dates, or the list was deleted elsewhere meanwhile. A
    /// collapsed list is unfolded first (a step of its own), and the table is read again.
    func add(title text: String, at place: AddingPlace) throws -> Outcome {
        let parsed = TitleSyntax.parse(text, today: today, now: timeOfDay()).startingOnFirstOccurrence(today: today)
        if let refused = self.refusal(of: parsed) { return refused }
        let (stored, gone) = try current(place.list, otherwise: "not added")
        guard let list = stored else { return gone.keepingInput }
        let selected = place.selected.flatMap { $0.listID == list.id ? $0 : nil }
        // Done todos sit together at the end: next to one, the new todo goes just above them.
        let after = try selected.map { $0.isDone ? try lastOpenTodo(inList: list) : $0.id } ?? nil
        if list.isCollapsed { try store.setCollapsed(false, listID: list.id) }
        // In the agenda a title without a due day takes the selected group's day, so it shows there.
        let due = parsed.due?.stored ?? place.dueDay?.iso
        let added: Committed<TodoItem>
        if let after, place.hasSubtasks {
            // In an outline a todo goes after the selected one's subtasks, at its level; beside a
            // done todo, after the subtree of the last open todo's topmost parent, at the top.
            let beside = selected?.isDone == true ? try store.ancestorIDs(of: after).last ?? after : after
            added = try store.add(title: parsed.title, besideSubtreeOf: beside, priority: parsed.priority ?? 0, due: due,
                                  recurrence: parsed.recurrence, tags: parsed.tags, reminders: parsed.reminders,
                                  start: parsed.start?.stored)
        } else {
            added = try store.add(title: parsed.title, listID: list.id, after: after,
                                  priority: parsed.priority ?? 0, due: due, recurrence: parsed.recurrence, tags: parsed.tags,
                                  reminders: parsed.reminders, start: parsed.start?.stored)
        }
        let item = added.value
        var outcome = Outcome(change: added.change, selection: .todo(item.id), message: .info(parsed.hinted("Added \(quoted(item.title))")),
                              wrote: true)
        // Unfolding first was a step of its own, which the add's change does not tell.
        outcome.readsAgain = list.isCollapsed
        outcome.whenHidden = .init(todos: [item], message: .info(parsed.hinted("Added \(quoted(item.title)) (hidden by the current view)")))
        return outcome
    }

    // MARK: Several todos (a paste of several lines)

    /// Adds one todo per line (each read as a typed title) to `place`'s list, in their order, as
    /// `add(title:at:)` adds one, as one store step: one `u` takes them all back. The last one is
    /// selected. Refused, nothing added, when a line has no title or names two dates, or the list
    /// was deleted elsewhere meanwhile.
    func add(titles lines: [String], at place: AddingPlace) throws -> Outcome {
        let parsed = lines.map { TitleSyntax.parse($0, today: today, now: timeOfDay()).startingOnFirstOccurrence(today: today) }
        if let line = parsed.firstIndex(where: { $0.mistake != nil }), let mistake = parsed[line].mistake {
            return .refusing(.error("Line \(line + 1) has \(mistake): nothing added"))
        }
        if let line = parsed.firstIndex(where: { $0.startAfterDue != nil }), let conflict = parsed[line].startAfterDue {
            return .refusing(.error("Line \(line + 1) starts after it is due, \(conflict): nothing added"))
        }
        if let blank = parsed.firstIndex(where: { $0.title.allSatisfy { $0.isWhitespace || $0.isNewline } }) {
            return .refusing(.error("Line \(blank + 1) has no title: nothing added"))
        }
        let (stored, gone) = try current(place.list, otherwise: "nothing added")
        guard let list = stored else { return gone.keepingInput }
        let selected = place.selected.flatMap { $0.listID == list.id ? $0 : nil }
        // Done todos sit together at the end: next to one, the new todos go just above them.
        let after = try selected.map { $0.isDone ? try lastOpenTodo(inList: list) : $0.id } ?? nil
        if list.isCollapsed { try store.setCollapsed(false, listID: list.id) }
        let todos = parsed.map { line in
            var todo = NewTodo(title: line.title, priority: line.priority ?? 0, due: line.due?.stored, tags: line.tags)
            todo.reminders = line.reminders
            todo.start = line.start?.stored
            return todo
        }
        let committed = try store.add(todos, toList: list.id, after: after)
        let items = committed.value
        let hints = [TitleSyntax.hint(parsed.flatMap(\.unreadDates)), TitleSyntax.timeHint(parsed.flatMap(\.unreadTimes))].compactMap { $0 }
        /// The message, after the hints about words not read as dates or times.
        func hinted(_ added: String) -> StatusMessage {
            .info(hints.isEmpty ? added : (hints + [added]).joined(separator: " · "))
        }
        var outcome = Outcome(change: committed.change, selection: items.last.map { .todo($0.id) } ?? .unchanged,
                              message: hinted("Added \(items.count) todos" + keys.undoes), isUndoable: true, wrote: true)
        // Unfolding first was a step of its own, which the add's change does not tell.
        outcome.readsAgain = list.isCollapsed
        outcome.whenHidden = .init(todos: items, message: hinted("Added \(items.count) todos (some hidden by the current view)" + keys.undoes))
        return outcome
    }

    // MARK: Notes whose todo was deleted while they were edited

    /// Saves notes written for `item`, deleted meanwhile (in another Tick, by a sync), in a new todo
    /// with its title, at the top of its list (the Inbox when that list is gone too), as one step `u`
    /// takes back, and selects it. When even that fails, the message says the text is kept in `path`,
    /// and the outcome keeps the input, so the caller keeps that file.
    func keepNotes(_ notes: String, ofDeleted item: TodoItem, orElseSayingKeptIn path: String) -> Outcome {
        let list = lists.first { $0.id == item.listID } ?? lists.first { $0.id == TodoStore.inboxListID }
        do {
            let added = try store.add(title: item.title, listID: list?.id ?? TodoStore.inboxListID, notes: notes)
            let message = "\(quoted(item.title)) was deleted while you edited its notes: they are saved in a new todo in "
                + "\(list?.name ?? "the Inbox")" + keys.undoes
            return Outcome(change: added.change, selection: .todo(added.value.id), message: .info(message), isUndoable: true, wrote: true)
        } catch {
            // Nothing was saved: the table is read afresh, and the message names where the text is.
            var outcome = Outcome.refusing(.error("\(quoted(item.title)) was deleted while you edited its notes, and they could not be saved "
                                                  + "(Not saved: \(error)): your text is kept in \(path)"))
            outcome.readsAgain = true
            return outcome
        }
    }

    // MARK: Helpers

    /// The refusal of a typed title that cannot be saved (the input line stays open with it): one with
    /// no words besides its markers, or one naming two due dates; nil when it can be saved.
    func refusal(of parsed: TitleSyntax) -> Outcome? {
        if let mistake = parsed.mistake {
            return .refusing(.error(mistake.prefix(1).uppercased() + mistake.dropFirst() + ": keep one"))
        }
        if let conflict = parsed.startAfterDue {
            return .refusing(.error("A todo cannot start after it is due: \(conflict)"))
        }
        guard !parsed.title.allSatisfy({ $0.isWhitespace || $0.isNewline }) else {
            return .refusing(.error("A todo needs a title: type some words, or Esc to cancel"))
        }
        return nil
    }

    /// The last open todo of a list in manual order, or nil when it has none.
    private func lastOpenTodo(inList list: TodoList) throws -> Int64? {
        guard list.openCount > 0 else { return nil }
        let open = SectionQuery(listID: list.id, sort: .manual, includesCompleted: false)
        return try store.items(open, in: (list.openCount - 1)..<list.openCount).first?.id
    }
}
