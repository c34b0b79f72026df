import TodoStore

/// `tick ls --due WHEN` and `tick ls --agenda`: open todos by due day across lists, read from the
/// store's due-day index a row at a time.
extension ListCommand {
    func runDue(_ view: DueView, lists: [TodoList], store: TodoStore, context: CommandContext) throws -> Int32 {
        let names = Dictionary(uniqueKeysWithValues: lists.map { ($0.id, $0.name) })
        // Folded once, not for every row read.
        let tagKeys = tags.map(TodoTags.key)
        let groups: [(group: AgendaGroup?, window: TodoStore.DueWindow)]
        switch view {
        case .due(let word):
            guard let selection = DueSelection(word, today: context.today) else {
                throw UsageError(message: "--due takes \(DueSelection.words.joined(separator: ", ")) or a day (2026-12-24, fri, +3d), not \(Self.quoted(word))")
            }
            groups = [(nil, selection.window(today: context.today))]
        case .agenda:
            groups = AgendaGroup.allCases.map { ($0, $0.window(today: context.today)) }
        }
        // Over the due-day index's part for the windows: what the listing reads anyway.
        let showsDueTimes = try groups.contains { try store.hasTimedOpenDue(in: $0.window) }
        let showsPriorities = try groups.contains { try store.hasPriorityOpenDue(in: $0.window) }
        var table = TodoTable(largestID: try store.largestTodoID(), listNames: lists.map(\.name), showsPriorities: showsPriorities,
                              showsDueTimes: showsDueTimes)
        table.today = context.today
        try context.buffered { write in
            if json && view == .agenda { try write("[") }
            var groupsWritten = 0
            for (group, window) in groups {
                // A group's rows are written as they are read; its heading waits for its first row,
                // so an empty group shows nothing.
                var rows = 0
                try store.forEachOpenTodo(due: window) { item in
                    guard let listName = names[item.listID] else { return }  // not in the --list asked for
                    let itemKeys = Set(item.tags.map(TodoTags.key))
                    if !tagKeys.allSatisfy(itemKeys.contains) { return }
                    if rows == 0, let group {
                        if json {
                            try write((groupsWritten == 0 ? "\n" : ",\n")
                                      + "{\"group\": \"\(group.rawValue)\", \"title\": \"\(group.title)\", \"todos\": [")
                        } else {
                            try write((groupsWritten == 0 ? "" : "\n") + group.title + "\n")
                        }
                        groupsWritten += 1
                    } else if rows == 0, json {
                        try write("[")
                    }
                    if json {
                        try write((rows == 0 ? "\n" : ",\n") + JSONFormat.todoObject(item, listName: listName))
                    } else {
                        try write(table.row(item, listName: listName) + "\n")
                    }
                    rows += 1
                }
                if json {
                    switch (group, rows) {
                    case (nil, 0): try write("[]\n")
                    case (nil, _): try write("\n]\n")
                    case (_?, 0): break
                    case (_?, _): try write("\n]}")
                    }
                }
            }
            if json && view == .agenda { try write(groupsWritten == 0 ? "]\n" : "\n]\n") }
        }
        return 0
    }
}
