import TodoStore

/// Editing a todo: its title line (`e`, or the Edit swipe button, then Enter) and its notes (saved
/// in the details). An edit made while the todo changed elsewhere is merged with that change
/// (`TodoCommands+EditMerge`).
extension TodoCommands {
    // MARK: The title line (e)

    /// Replaces the title (and the priority, due date, recurrence, tags, reminders and start written in
    /// it) of `shown`, as stored now, and selects it. Refused, keeping the typed text, when the title
    /// has no words or names two dates. `base` is the todo as the editor first showed it: when it
    /// changed elsewhere since, the edit is merged with that change, and what it replaced is said and
    /// recorded. An edit that changes nothing saves nothing (a hint about the title is still said).
    func editTitle(_ text: String, of shown: TodoItem, editedFrom base: TodoItem? = nil) throws -> Outcome {
        let parsed = TitleSyntax.parse(text, today: today, now: timeOfDay())
        if let refused = self.refusal(of: parsed) { return refused }
        // The page cache may not have caught up with a change made elsewhere yet: the store has.
        let item = try store.item(id: shown.id) ?? shown
        let edited = TitleFields(title: parsed.title, priority: parsed.priority ?? 0, due: parsed.due?.stored,
                                 recurrence: Self.recurrence(after: parsed, of: base ?? item), tags: parsed.tags,
                                 reminders: parsed.reminders, start: parsed.start?.stored)
        let (fields, replaced) = base.map { Self.merge(edited, base: TitleFields($0), current: TitleFields(item)) } ?? (edited, [])
        guard fields != TitleFields(item) else { return Outcome(message: parsed.hint.map { StatusMessage.info($0) }) }
        let committed = try store.update(id: item.id, title: fields.title, priority: fields.priority, due: .some(fields.due),
                                         recurrence: .some(fields.recurrence), tags: fields.tags, reminders: fields.reminders,
                                         start: .some(fields.start))
        let updated = committed.value
        var outcome = Outcome(change: committed.change, selection: .todo(item.id), wrote: true)
        outcome.message = replaced.isEmpty ? .info(parsed.hinted("Edited \(quoted(updated.title))"))
            : said(replaced, of: updated, otherwise: "Edited \(quoted(updated.title)), but what it replaced could not be recorded")
        return outcome
    }

    /// The rule a todo has after its title is edited to `parsed`: the title's `@every`, else none when
    /// the todo's rule was shown in the title (and so taken out), else the rule the title could not show.
    private static func recurrence(after parsed: TitleSyntax, of item: TodoItem) -> RecurrenceRule? {
        if let rule = parsed.recurrence { return rule }
        return item.recurrence.flatMap(RecurrenceWords.marker) == nil ? item.recurrence : nil
    }

    // MARK: Notes (the details)

    /// Saves `notes` for `shown`, edited from `base` (the notes as they were when the editing
    /// started). Refused, keeping the text in the editor, when the todo is gone or its notes were
    /// changed elsewhere since `base`. `theirs`, when given, are notes written elsewhere that the
    /// user chose to save over (after such a refusal): they are said and recorded as having lost.
    func saveNotes(_ notes: String, of shown: TodoItem, editedFrom base: String, replacing theirs: String? = nil) throws -> Outcome {
        var asEdited = shown
        asEdited.notes = base
        let (current, refusal) = try current(asEdited, .notes, otherwise: "notes not saved")
        guard let item = current else { return refusal.keepingInput }
        guard item.notes != notes else { return Outcome() }
        let saved = try store.update(id: item.id, notes: notes)
        var outcome = Outcome(change: saved.change, message: .info("Notes saved for \(quoted(item.title))"), wrote: true)
        if let theirs {
            let replaced = [ReplacedField(name: "notes", value: theirs.isEmpty ? "no notes" : theirs)]
            outcome.message = said(replaced, of: saved.value, otherwise: "Notes saved for \(quoted(saved.value.title)), but what they replaced could not be recorded")
        }
        return outcome
    }

    // MARK: Helpers

    /// Says that an edit saved on `item` replaced `replaced` of a change made elsewhere, and records
    /// that as conflicts (`tick sync --status`); the edit is saved whatever happens here, so a failure
    /// to record is said after `otherwise`, never as "Not saved".
    private func said(_ replaced: [ReplacedField], of item: TodoItem, otherwise: String) -> StatusMessage {
        do {
            try recordEditConflicts(uid: item.uid, title: item.title, replaced: replaced)
            return .info(editMergeMessage(title: item.title, replaced: replaced))
        } catch {
            return .error("\(otherwise): \(error)")
        }
    }
}
