/// Cells waiting to be reused, per reuse identifier, with a bound so the pool never grows with the data.
struct ReusePool<View: TableReusableView> {
    private var classes: [String: View.Type] = [:]
    private var waiting: [String: [View]] = [:]
    /// Most views kept per identifier; extra ones are dropped.
    var capacityPerIdentifier = 8

    /// Remembers which class to create for an identifier.
    mutating func register(_ type: View.Type, for identifier: String) {
        classes[identifier] = type
        waiting[identifier] = waiting[identifier] ?? []
    }

    /// Whether an identifier was registered.
    func isRegistered(_ identifier: String) -> Bool { classes[identifier] != nil }

    /// A waiting view, or nil when the pool for that identifier is empty.
    mutating func take(_ identifier: String) -> View? {
        waiting[identifier]?.popLast()
    }

    /// A brand-new view of the registered class.
    func make(_ identifier: String) -> View? {
        classes[identifier].map { $0.init(reuseIdentifier: identifier) }
    }

    /// Puts a view back; returns false when the pool is full and the view was dropped.
    @discardableResult
    mutating func put(_ view: View) -> Bool {
        guard let identifier = view.reuseIdentifier, classes[identifier] != nil else { return false }
        if waiting[identifier, default: []].count >= capacityPerIdentifier { return false }
        waiting[identifier, default: []].append(view)
        return true
    }

    /// How many views wait in all pools.
    var count: Int { waiting.values.reduce(0) { $0 + $1.count } }
}

/// Counters showing how well the table recycles its cells.
public struct ReuseStatistics: Hashable, Sendable, CustomStringConvertible {
    /// Cells ever created (bounded by the rows that fit on screen plus a small constant).
    public var cellsCreated = 0
    /// Dequeue calls.
    public var cellsDequeued = 0
    /// Dequeues answered from the pool (each preceded by `prepareForReuse`).
    public var cellsReused = 0
    /// Cells waiting in the pool now.
    public var cellsPooled = 0
    /// Header and footer views ever created.
    public var headerFooterViewsCreated = 0
    /// Rows measured for automatic heights.
    public var rowsMeasured = 0
    /// Layout passes run.
    public var layoutPasses = 0
    /// Checked updates applied: one per `performBatchUpdates`, or per insert/delete/reload/move call outside a batch.
    public var updatesApplied = 0

    /// The counters on one line, for `--stats` and test failures.
    public var description: String {
        "cells created \(cellsCreated), dequeued \(cellsDequeued), reused \(cellsReused), pooled \(cellsPooled); "
            + "header/footer views created \(headerFooterViewsCreated); rows measured \(rowsMeasured); layout passes \(layoutPasses); updates applied \(updatesApplied)"
    }
}
