import FoundationEssentials
import TodoStore

/// A title edit (the title line with its markers) whose todo changed elsewhere while the input line
/// was open: another device's change the sync brought, or another Tick on the same file.
///
/// The edit is merged as the sync merges (`TodoMerge`), with the todo as the editor opened it as the
/// base: a field the edit left as it was keeps the other change; a field both changed takes the edit,
/// the later change, and the value that lost is said in the status line and recorded as a conflict
/// (`tick sync --status` lists it). Notes saved in the details follow the same rule. Nothing is
/// replaced silently.
extension TodoCommands {
    /// What the title line sets: the fields shown in it.
    struct TitleFields: Equatable {
        var title: String
        var priority: Int
        var due: String?
        var recurrence: RecurrenceRule?
        var tags: [String]
        var reminders: [Reminder]
        var start: String?

        /// The fields of `item`.
        init(_ item: TodoItem) {
            self.init(title: item.title, priority: item.priority, due: item.due, recurrence: item.recurrence, tags: item.tags,
                      reminders: item.reminders, start: item.start)
        }

        /// The fields as the title line sets them (reminders made unique).
        init(title: String, priority: Int, due: String?, recurrence: RecurrenceRule?, tags: [String], reminders: [Reminder] = [],
             start: String? = nil) {
            self.start = start
            self.title = title
            self.priority = priority
            self.due = due
            self.recurrence = recurrence
            self.tags = tags
            self.reminders = Reminder.unique(reminders)
        }
    }

    /// A field of the other change that the edit replaced: its name and its value as a person reads it.
    struct ReplacedField: Equatable {
        /// The field's name ("title", "due").
        var name: String
        /// Its value as a person reads it.
        var value: String
    }

    /// `edit` (made on `base`) merged with `current` (the todo now): the fields to write, and the
    /// fields of the other change the edit replaced.
    static func merge(_ edit: TitleFields, base: TitleFields, current: TitleFields) -> (fields: TitleFields, replaced: [ReplacedField]) {
        var merged = edit
        var replaced: [ReplacedField] = []
        func take<Value: Equatable>(_ field: WritableKeyPath<TitleFields, Value>, _ name: String, _ text: (Value) -> String) {
            let theirs = current[keyPath: field]
            guard theirs != base[keyPath: field] else { return }
            if edit[keyPath: field] == base[keyPath: field] {
                merged[keyPath: field] = theirs
            } else if edit[keyPath: field] != theirs {
                replaced.append(ReplacedField(name: name, value: text(theirs)))
            }
        }
        take(\.title, "title", { $0 })
        take(\.priority, "priority", { ["no priority", "low", "medium", "high"][max(0, min(3, $0))] })
        take(\.due, "due", { $0 ?? "no due date" })
        take(\.recurrence, "recurrence", { $0.flatMap(RecurrenceWords.marker) ?? ($0 == nil ? "not recurring" : "a rule of another app") })
        take(\.tags, "tags", { $0.isEmpty ? "no tags" : $0.map { "#" + $0 }.joined(separator: " ") })
        take(\.start, "start", { $0 ?? "no start date" })
        take(\.reminders, "reminders", { $0.isEmpty ? "no reminders" : $0.map(\.description).joined(separator: ", ") })
        return (merged, replaced)
    }

    /// The status line after an edit that replaced `replaced` of another change: "“Buy milk” changed
    /// elsewhere while you edited it; yours was kept, its title “Buy oat milk” lost" (`tick sync
    /// --status` lists it too).
    func editMergeMessage(title: String, replaced: [ReplacedField]) -> String {
        let lost = replaced.map { "\($0.name) \(quoted($0.value, limit: 24))" }.joined(separator: ", ")
        return "\(quoted(title, limit: 24)) changed elsewhere while you edited it; yours was kept, its \(lost) lost"
    }

    /// Records the replaced fields as conflicts, as the sync records those it merges.
    func recordEditConflicts(uid: String, title: String, replaced: [ReplacedField]) throws {
        try store.recordSyncConflicts(replaced.map {
            TodoStore.SyncConflict(date: Date(), uid: uid, title: title, field: $0.name,
                                   lostValue: "kept the edit made here (later), the change «\($0.value)» made elsewhere while it was open lost")
        })
    }
}
