import FoundationEssentials

/// Changes that arrive from another device (through the sync) are steps of their own, marked
/// remote, so that undo on this device never takes them back.
extension TodoStore {
    /// Runs `body`, whose mutations are changes brought from another device: each is still one
    /// transaction and one step on the one change path (the `Committed` change it returns, other processes'
    /// `externalChange()`), but undo and redo pass over it and refuse to write over it, and it does
    /// not drop the redo branch. The sync runs its writes of what the server sent in here.
    @discardableResult
    public func asRemote<T>(_ body: () throws -> T) rethrows -> T {
        let outer = stepOrigin
        stepOrigin = .remote
        defer { stepOrigin = outer }
        return try body()
    }

    /// Whether the history holds a change in effect that undo will not take back: one from another
    /// device, or one here whose undo was refused (so "nothing to undo" can say why).
    public func hasChangesUndoCannotReach() throws -> Bool {
        try history.hasStepNotUndoable()
    }
}

/// An undo or redo refused because a later change from another device (or a change here that
/// could not be undone for that reason) touched the same todo or list: replaying the step would
/// silently write over it. No todo or list was changed; an undo's step stays in effect and the next
/// undo goes on to older steps, a redo's branch is dropped.
public struct HistoryRefusal: Error, Equatable, CustomStringConvertible {
    /// The title of the todo (or the name of the list) changed since.
    public var subject: String
    /// Whether `subject` is a list's name.
    public var isList: Bool
    /// Whether the later change came from another device (else it is a change here whose undo was
    /// refused for that reason, and which is in effect for good).
    public var byAnotherDevice: Bool
    /// Undo (true) or redo (false).
    public var isUndo: Bool
    /// The step that was not replayed.
    public var step: HistoryStep

    /// Creates a refusal.
    public init(subject: String, isList: Bool, byAnotherDevice: Bool, isUndo: Bool, step: HistoryStep) {
        self.subject = subject
        self.isList = isList
        self.byAnotherDevice = byAnotherDevice
        self.isUndo = isUndo
        self.step = step
    }

    /// "“Buy milk” was changed on another device since; not undone: edit “Buy milk”".
    public var description: String {
        let what = (isList ? "list " : "") + StoreError.quoted(subject)
        let by = byAnotherDevice ? "on another device" : "by a change that cannot be undone"
        return "\(what) was changed \(by) since; not \(isUndo ? "undone" : "redone"): \(step.description)"
    }
}
