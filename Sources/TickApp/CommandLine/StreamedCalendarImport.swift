import FoundationEssentials
import TodoStore
import TodoSync

/// `tick import` of an iCalendar file, as `StreamedImport` imports todo.txt and JSON: the first
/// reading goes through the file a piece at a time and checks every VTODO (`ICalendarIndexer`),
/// keeping only where each is; a problem stops the import with `FILE:LINE: problem` before the store
/// is opened. The second reads each todo's bytes again where it was found, in the order the todos
/// are imported, and hands them to the store in batches, all in one transaction, so an error
/// anywhere, or Ctrl-C, leaves nothing half imported.
struct StreamedCalendarImport {
    /// Todos handed to the store at a time.
    static let batchSize = StreamedImport.batchSize

    let input: RereadableInput
    /// The file as messages name it.
    let name: String
    /// `--list NAME`: every todo goes into this list.
    let listName: String?
    let allowsDuplicates: Bool
    let isQuiet: Bool

    /// Reads, checks and imports; `firstPieces` are the bytes already read from the input's start.
    /// Returns what the store did and what the file held besides its todos.
    func run(firstPieces: [[UInt8]], in context: CommandContext) throws -> (summary: ImportSummary, index: ICalendarIndex) {
        // A store of this build that keeps due times takes them; otherwise their day is kept and counted.
        let keepsDueTimes = TodoStore.acceptsDue("2000-01-01T00:00")
        var index = try self.index(ICalendarIndexer(zone: context.localTime, keepsDueTimes: keepsDueTimes), startingWith: firstPieces, in: context)
        if index.needsRereading {
            // A time zone or the calendar's name came after a todo: read again, knowing them from the start.
            guard input.rewind() else { throw CommandFailure("\(input.failure ?? "cannot read \(name) again") (nothing was imported)") }
            index = try self.index(ICalendarIndexer(zone: context.localTime, keepsDueTimes: keepsDueTimes, calendar: index.calendar), startingWith: [], in: context)
        }

        let store = try context.openStore()
        defer { store.close() }
        let importing = context.progress(ProgressBar(label: "Importing", unit: .todos), quiet: isQuiet)
        defer { importing.finish() }
        let options = ImportOptions(skipsDuplicates: !allowsDuplicates, leavesUnchangedTodosAlone: true) { written, total in
            if context.interrupts.isRequested() { throw CommandInterrupted() }
            importing.update(count: written, total: total)
        }
        let lists = listName.map { InteropList.lists(puttingEverythingIn: $0, from: index.lists) } ?? index.lists
        let summary = try store.importDocument(lists: lists, total: index.places.count, options: options) { add in
            var reader = index.reader()
            var batch: [NewTodo] = []
            batch.reserveCapacity(Self.batchSize)
            for place in index.places {
                guard let bytes = input.bytes(at: place.bytes.lowerBound, count: place.bytes.count) else {
                    throw CommandFailure("\(input.failure ?? "cannot read \(name) again") (nothing was imported)")
                }
                do throws(CalendarError) {
                    var todo = try reader.todo(bytes, at: place)
                    if let listName { todo.listName = listName }
                    batch.append(todo)
                } catch {
                    // The first reading found no problem: the file changed in between.
                    throw CommandFailure("\(name):\(error.line): \(error.reason) (the file changed during the import; nothing was imported)")
                }
                if batch.count == Self.batchSize {
                    try add(batch)
                    batch.removeAll(keepingCapacity: true)
                }
            }
            try add(batch)
        }
        return (summary, index)
    }

    /// One reading of the whole input from its start (`pieces` first, then the input's own) by
    /// `indexer`, drawing progress; Ctrl-C stops it, and a problem is `FILE:LINE: problem`.
    private func index(_ indexer: ICalendarIndexer, startingWith pieces: [[UInt8]], in context: CommandContext) throws -> ICalendarIndex {
        var indexer = indexer
        let reading = context.progress(ProgressBar(label: "Reading", unit: .bytes), quiet: isQuiet)
        defer { reading.finish() }
        var waiting = pieces[...]
        let index: ICalendarIndex
        do {
            while let piece = waiting.popFirst() ?? input.next() {
                if context.interrupts.isRequested() { throw CommandInterrupted() }
                try indexer.read(piece)
                reading.update(count: indexer.bytesRead, total: max(indexer.bytesRead, input.size ?? indexer.bytesRead))
            }
            if let failure = input.failure { throw CommandFailure("\(failure) (nothing was imported)") }
            index = try indexer.finish()
        } catch let error as CalendarError {
            throw CommandFailure("\(name):\(max(error.line, 1)): \(error.reason) (nothing was imported)")
        }
        return index
    }
}
