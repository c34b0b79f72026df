/// What the table has told its prefetch data source: the rows announced ahead of the viewport and not yet
/// shown or cancelled, and the scrolling direction they were announced for.
struct PrefetchTracking {
    /// Rows announced (`prefetchRowsAt`) that have neither come into view nor been cancelled.
    var announced: Set<IndexPath> = []
    /// The direction rows were last announced in: 1 below the viewport, -1 above it.
    var direction = 1
    /// The first visible row's position counting all rows at the last layout, to tell the scrolling direction.
    var lastFirstVisibleFlatIndex: Int?

    /// The same tracking after a batch update: announced rows under their new index paths, deleted ones
    /// forgotten (the data source dropped them with its data: nothing to cancel).
    func remapped(by plan: UpdatePlan) -> PrefetchTracking {
        guard !announced.isEmpty else { return self }
        var remapped = self
        remapped.announced = Set(announced.compactMap { plan.newIndexPath(forOld: $0) })
        return remapped
    }
}
