import TodoStore

/// A recurring todo completed on two clients before they sync: each made the next occurrence, and
/// the sync makes them one again.
///
/// Tick names the next occurrence after the one done (`TodoStore.nextOccurrenceUID(after:)`), so
/// two Ticks make the same todo. Other clients give it a UID of their own (todoman: a random one,
/// with the done one's title, categories and RRULE, and DUE moved on by the rule). After the pull,
/// open recurring todos that arrived are checked: two or more open todos of one list with the same
/// title, due and rule (COUNT aside, which Tick counts down and others do not) are one occurrence
/// made twice when a done todo of that list and title precedes them: one of them is named after it,
/// or the rule's next date after its due is their due. The sync keeps one, the same on every
/// device: another client's copy (the least UID among them) over Tick's, which no other app would
/// delete; the others are deleted here and then on the server, as a step of the sync (`u` passes over it).
extension SyncEngine {
    /// Deletes the extra copies of each next occurrence the pull brought (see above).
    func convergeSplitSeries() throws {
        defer { receivedOccurrences = [] }
        var checked = Set<Int64>()
        for id in receivedOccurrences.sorted() where !checked.contains(id) {
            guard let item = try store.item(id: id), !item.isDone, let rule = item.recurrence else { continue }
            let titled = try store.items(titled: item.title, inList: item.listID)
            let copies = titled.filter { other in
                !other.isDone && other.due == item.due && other.recurrence.map { Self.sameSeries($0, rule) } == true
            }
            checked.formUnion(copies.map(\.id))
            guard copies.count > 1, let previous = Self.occurrence(before: copies, among: titled, rule: rule) else { continue }
            let tickCopy = TodoStore.nextOccurrenceUID(after: previous.uid)
            let kept = copies.filter { $0.uid != tickCopy }.min { $0.uid < $1.uid } ?? copies[0]
            let extra = copies.filter { $0.id != kept.id }.map(\.id)
            _ = try store.asRemote { try store.delete(ids: extra) }
            summary.mergedOccurrences += extra.count
        }
    }

    /// The done todo `copies` continue: one is named after it, or the rule's next date after its due is theirs.
    static func occurrence(before copies: [TodoItem], among titled: [TodoItem], rule: RecurrenceRule) -> TodoItem? {
        let uids = Set(copies.map(\.uid))
        let day = copies[0].due.map { String($0.prefix(10)) }
        return titled.last { done in
            guard done.isDone else { return false }
            if uids.contains(TodoStore.nextOccurrenceUID(after: done.uid)) { return true }
            guard let doneDay = done.due.map({ String($0.prefix(10)) }), let day else { return false }
            return rule.withoutEnd.next(after: doneDay)?.due == day
        }
    }

    /// Whether two rules are one series: the same parts in any order, COUNT aside (Tick counts it
    /// down occurrence by occurrence, other clients keep the first one's), and the same start of
    /// counting (due day or completion).
    static func sameSeries(_ a: RecurrenceRule, _ b: RecurrenceRule) -> Bool {
        func parts(_ rule: RecurrenceRule) -> Set<Substring> {
            Set(rule.rrule.split(separator: ";").filter { !$0.hasPrefix("COUNT=") && $0 != "INTERVAL=1" })
        }
        return parts(a) == parts(b) && a.countsFromCompletion == b.countsFromCompletion
    }
}
