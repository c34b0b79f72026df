/// What a store mutation committed: the value it returns (the todo added, the todos deleted, the
/// step undone…) together with the `TodoChange` its step made, which a screen shows through its one
/// change path. A mutation that changed nothing (the todo already had that flag) commits no step, and
/// its change is `TodoChange.none`.
///
/// The change belongs to the call that made it: there is no "last change" to read afterwards, which
/// another step (a second mutation, an undo) could have replaced meanwhile.
public struct Committed<Value> {
    /// What the mutation returns.
    public var value: Value
    /// The change its step made, as the journal tells it.
    public var change: TodoChange

    /// A value and the change that made it.
    public init(value: Value, change: TodoChange) {
        self.value = value
        self.change = change
    }

    /// The same change with the value made from this one (a batch's single item, say).
    public func map<Other>(_ transform: (Value) throws -> Other) rethrows -> Committed<Other> {
        Committed<Other>(value: try transform(value), change: change)
    }
}

extension Committed: Sendable where Value: Sendable {}

extension Committed: Equatable where Value: Equatable {}
