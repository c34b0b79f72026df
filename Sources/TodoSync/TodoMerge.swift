import FoundationEssentials

/// The three-way merge of a todo changed on two sides since they last agreed, field by field, as a
/// pure function of values (the sync engine decides when to call it):
///
/// - a field changed on one side only takes that side's value;
/// - a field changed on both sides to different values takes the value of the side with the later
///   LAST-MODIFIED, compared to the second (iCalendar's precision); a side without one is never
///   the later; a tie (the same second, or neither known) keeps the remote (server's) value, which
///   every other device already has — but with no common version, a tie keeps the local value:
///   the server's copy was never synced here, so it is this device's own upload whose answer was
///   lost (or a copy of it), and the edit made here since, in the same second, must not be lost
///   to it. The other side's change is reported as a `Conflict`;
/// - done on both sides (or cancelled on both) is the same change, whatever the two completion
///   times: the server's stands and nothing is reported (`isSameChange`);
/// - a todo deleted on one side and edited on the other comes back with the edit (the deletion
///   is reported as lost); deleted on one side and unchanged on the other, it is deleted;
/// - with no common version (added on both sides under one UID), every differing field counts as
///   changed on both sides.
public enum TodoMerge {
    /// Which copy of the todo.
    public enum Side: String, Sendable {
        /// This device's copy, and the server's (or the other device's).
        case local, remote
    }

    /// Why a change was kept over the other side's.
    public enum Reason: String, Sendable {
        /// Its side's LAST-MODIFIED is the later one.
        case later
        /// Both changes have the same LAST-MODIFIED (to the second), or neither has one: the remote change is kept.
        case sameTime
        /// Both changes have the same LAST-MODIFIED (to the second), and the server's copy was never
        /// synced here (no common version): the local change is kept.
        case sameTimeNeverSynced
        /// Only its side has a LAST-MODIFIED.
        case onlyTimeKnown
        /// An edit against a deletion: the edit is kept whatever the times.
        case editOverDeletion
    }

    /// A change that lost: which todo, which field (nil for a deletion), whose change it was, why
    /// the other was kept, and the value that lost.
    public struct Conflict: Equatable, Sendable {
        /// The todo's UID.
        public var uid: String
        /// The field whose change was overruled, or nil when the lost change was a deletion.
        public var field: CalendarTodo.Field?
        /// The side whose change lost.
        public var lost: Side
        /// Why the other side's change was kept.
        public var reason: Reason
        /// The losing side's value of the field as a person reads it (`Field.text(of:)`), nil for a deletion.
        public var lostValue: String?

        /// A lost change; `reason` is `.editOverDeletion` for a deletion and `.later` otherwise unless given.
        public init(uid: String, field: CalendarTodo.Field?, lost: Side, reason: Reason? = nil, lostValue: String? = nil) {
            self.uid = uid
            self.field = field
            self.lost = lost
            self.reason = reason ?? (field == nil ? .editOverDeletion : .later)
            self.lostValue = lostValue
        }
    }

    /// What both sides should hold after the merge (nil: the todo is deleted), and the changes that lost.
    public struct Result: Equatable, Sendable {
        /// The merged todo, or nil when it stays deleted.
        public var todo: CalendarTodo?
        /// The changes overruled, in field order.
        public var conflicts: [Conflict]
    }

    /// Merges `local` and `remote` (nil: deleted on that side) against `base`, the version both
    /// had at the last sync (nil: none).
    public static func merge(base: CalendarTodo?, local: CalendarTodo?, remote: CalendarTodo?) -> Result {
        switch (local, remote) {
        case (nil, nil):
            return Result(todo: nil, conflicts: [])
        case let (nil, remote?):
            return deletedOnOneSide(base: base, edited: remote, deletedOn: .local)
        case let (local?, nil):
            return deletedOnOneSide(base: base, edited: local, deletedOn: .remote)
        case let (local?, remote?):
            return bothPresent(base: base, local: local, remote: remote)
        }
    }

    /// Deleted on `deletedOn`, maybe edited on the other side: the edit wins.
    private static func deletedOnOneSide(base: CalendarTodo?, edited: CalendarTodo, deletedOn: Side) -> Result {
        guard let base else { return Result(todo: edited, conflicts: []) }
        let wasEdited = CalendarTodo.Field.allCases.contains { !$0.isSame(base, edited) }
        return wasEdited ? Result(todo: edited, conflicts: [Conflict(uid: edited.uid, field: nil, lost: deletedOn)])
                         : Result(todo: nil, conflicts: [])
    }

    private static func bothPresent(base: CalendarTodo?, local: CalendarTodo, remote: CalendarTodo) -> Result {
        let (winner, reason) = laterSide(local: local.lastModified, remote: remote.lastModified, hasCommonVersion: base != nil)
        var merged = remote
        var conflicts: [Conflict] = []
        for field in CalendarTodo.Field.allCases {
            let localChanged = base.map { !field.isSame($0, local) } ?? true
            let remoteChanged = base.map { !field.isSame($0, remote) } ?? true
            switch (localChanged, remoteChanged) {
            case (true, false):
                merged = field.copy(from: local, into: merged)
            case (true, true) where !isSameChange(field, local, remote):
                if winner == .local {
                    merged = field.copy(from: local, into: merged)
                    conflicts.append(Conflict(uid: local.uid, field: field, lost: .remote, reason: reason, lostValue: field.text(of: remote)))
                } else {
                    conflicts.append(Conflict(uid: local.uid, field: field, lost: .local, reason: reason, lostValue: field.text(of: local)))
                }
            default:
                break  // unchanged on the local side, or changed the same way: the remote value stands
            }
        }
        merged.lastModified = [local.lastModified, remote.lastModified].compactMap { $0 }.max()
        return Result(todo: merged, conflicts: conflicts)
    }

    /// Whether both sides changed `field` to what a person reads as one value: the same value, or
    /// done (or cancelled) on both sides at different times, which is not worth a conflict.
    static func isSameChange(_ field: CalendarTodo.Field, _ local: CalendarTodo, _ remote: CalendarTodo) -> Bool {
        if field == .status, local.isDone, remote.isDone, local.isCancelled == remote.isCancelled { return true }
        return field.isSame(local, remote)
    }

    /// Which side's change wins a field both changed, and why: the later LAST-MODIFIED to the
    /// second; a known time beats an unknown one; a tie (or no time at all) goes to the remote side,
    /// unless the two have no common version (`hasCommonVersion` false): then a tie of known times
    /// goes to the local side, whose change cannot be older than a copy the server took unrecorded.
    public static func laterSide(local: Date?, remote: Date?, hasCommonVersion: Bool = true) -> (Side, Reason) {
        switch (CalendarTodo.Field.seconds(local), CalendarTodo.Field.seconds(remote)) {
        case let (local?, remote?):
            local > remote ? (.local, .later) : local < remote ? (.remote, .later)
                : hasCommonVersion ? (.remote, .sameTime) : (.local, .sameTimeNeverSynced)
        case (.some, nil):
            (.local, .onlyTimeKnown)
        case (nil, .some):
            (.remote, .onlyTimeKnown)
        case (nil, nil):
            (.remote, .sameTime)
        }
    }
}
