import FoundationEssentials
import TodoStore
import TodoSync

/// `tick import DIR`: a vdir's items, one `.ics` file at a time.
extension ImportCommand {
    /// Reads every item of `folder` (see `VdirFolder`): each collection is a list, named as the
    /// collection is, whatever list its items name; a problem names the item's file and line. Files
    /// are read one at a time and only their todos are kept.
    func readVdir(_ folder: VdirFolder, named name: String, in context: CommandContext) throws -> Decoded {
        let reading = context.progress(ProgressBar(label: "Reading", unit: .files), quiet: isQuiet)
        defer { reading.finish() }
        var document = InteropDocument(lists: [InteropList(name: "Inbox", isInbox: true)])
        var listKeys: Set<String> = ["inbox"]
        var calendar = CalendarTally()
        // Which file gave each UID, to name both when two give the same.
        var filesByUID: [String: String] = [:]
        var filesRead = 0
        let total = folder.itemCount
        for collection in folder.collections {
            if listKeys.insert(collection.name.lowercased()).inserted { document.lists.append(InteropList(name: collection.name)) }
            for itemName in collection.itemNames {
                if context.interrupts.isRequested() { throw CommandInterrupted() }
                let path = VdirFolder.joined(collection.path, itemName)
                let shown = TodoTable.safe(path).text  // a file name can hold controls
                let input = try RereadableInput(path: path)
                guard input.rewind(), let data = input.readToEnd() else { throw CommandFailure(input.failure ?? "cannot read \(shown)") }
                let contents: ICalendarFile.Contents
                do {
                    contents = try CalendarInterop.read(data, zone: context.localTime) { (_: Int) throws(InteropError) in
                        if context.interrupts.isRequested() { throw InteropError(line: 0, problem: "interrupted") }
                    }
                } catch {
                    if error.line == 0, context.interrupts.isRequested() { throw CommandInterrupted() }
                    throw CommandFailure("\(shown):\(error.line): \(error.problem) (nothing was imported)")
                }
                calendar.add(contents)
                for var todo in contents.document.todos {
                    if let uid = todo.uid {
                        if let other = filesByUID.updateValue(shown, forKey: uid) {
                            throw CommandFailure("\(shown): the UID \(JSONText.quoted(uid)) is also in \(other); "
                                                 + "each todo needs its own (nothing was imported)")
                        }
                    }
                    todo.listName = collection.name
                    document.todos.append(todo)
                }
                filesRead += 1
                reading.update(count: filesRead, total: total)
            }
        }
        let collections = folder.collections.count
        return Decoded(document: document, calendar: calendar,
                       source: "\(name) (a vdir: \(collections) collection\(collections == 1 ? "" : "s"), \(total) file\(total == 1 ? "" : "s"))")
    }
}
