/// A data source driven by snapshots of identifiers, as `UITableViewDiffableDataSource`.
///
/// `apply(_:)` diffs the new snapshot against the current one and updates the table with one batch
/// of inserts, deletes, moves and reloads; items whose identity stays but whose content changed
/// (per `contentChanged`, e.g. comparing values of `Identifiable` items) are reconfigured in place.
open class TableViewDiffableDataSource<SectionIdentifier: Hashable, ItemIdentifier: Hashable>: TableViewDataSource {
    /// Makes the cell for an item.
    public typealias CellProvider = (TableView, IndexPath, ItemIdentifier) -> TableViewCell

    private weak var tableView: TableView?
    private let cellProvider: CellProvider
    private var current = DiffableSnapshot<SectionIdentifier, ItemIdentifier>()
    /// Says whether an item shows different content than in the previous snapshot (default: never).
    public var contentChanged: (ItemIdentifier) -> Bool = { _ in false }
    /// The header title of a section (default none).
    public var sectionTitleProvider: ((SectionIdentifier) -> String?)?
    /// The footer title of a section (default none), e.g. a "Loading…" line under the last row. A
    /// subclass cannot override the protocol's default for footers, so the closure stands in for it.
    public var sectionFooterTitleProvider: ((SectionIdentifier) -> String?)?

    /// Becomes the table's data source.
    public init(tableView: TableView, cellProvider: @escaping CellProvider) {
        self.tableView = tableView
        self.cellProvider = cellProvider
        tableView.dataSource = self
    }

    /// A copy of the current snapshot.
    public func snapshot() -> DiffableSnapshot<SectionIdentifier, ItemIdentifier> { current }

    /// Makes `snapshot` the table's content with the smallest batch update; throws if the table refuses it.
    public func apply(_ snapshot: DiffableSnapshot<SectionIdentifier, ItemIdentifier>, animatingDifferences: Bool = true) throws {
        let diff = SnapshotDiff(from: current, to: snapshot, contentChanged: contentChanged)
        current = snapshot
        current.clearReloads()
        guard let tableView, !diff.isEmpty else { return }
        try tableView.performBatchUpdates {
            try tableView.deleteSections(diff.deletedSections)
            try tableView.insertSections(diff.insertedSections)
            for move in diff.movedSections { try tableView.moveSection(move.from, toSection: move.to) }
            try tableView.deleteRows(at: diff.deletedRows)
            try tableView.insertRows(at: diff.insertedRows)
            for move in diff.movedRows { try tableView.moveRow(at: move.from, to: move.to) }
            try tableView.reloadRows(at: diff.reloadedRows)
            try tableView.reconfigureRows(at: diff.reconfiguredRows)
        }
        // A move keeps its cell; moved items that also changed are configured again where they landed.
        if !diff.movedAndChanged.isEmpty { try tableView.reconfigureRows(at: diff.movedAndChanged) }
    }

    /// The item shown at an index path.
    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifier? {
        guard indexPath.section >= 0, indexPath.section < current.numberOfSections else { return nil }
        let items = current.itemIdentifiers(inSection: current.sectionIdentifiers[indexPath.section])
        return indexPath.row >= 0 && indexPath.row < items.count ? items[indexPath.row] : nil
    }

    /// Where an item is shown.
    public func indexPath(for itemIdentifier: ItemIdentifier) -> IndexPath? {
        guard let section = current.sectionIdentifier(containingItem: itemIdentifier),
              let sectionIndex = current.indexOfSection(section),
              let row = current.indexOfItem(itemIdentifier) else { return nil }
        return IndexPath(row: row, section: sectionIndex)
    }

    /// The section identifier at an index.
    public func sectionIdentifier(for index: Int) -> SectionIdentifier? {
        index >= 0 && index < current.numberOfSections ? current.sectionIdentifiers[index] : nil
    }

    /// The current snapshot's sections.
    open func numberOfSections(in tableView: TableView) -> Int { current.numberOfSections }

    /// The current snapshot's items in the section.
    open func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        current.numberOfItems(inSection: current.sectionIdentifiers[section])
    }

    /// The cell provider's cell for the item at the index path.
    open func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        cellProvider(tableView, indexPath, itemIdentifier(for: indexPath)!)
    }

    /// The `sectionTitleProvider`'s title for the section.
    open func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        sectionIdentifier(for: section).flatMap { sectionTitleProvider?($0) }
    }

    /// The `sectionFooterTitleProvider`'s title for the section (nil when there is none).
    open func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
        sectionIdentifier(for: section).flatMap { sectionFooterTitleProvider?($0) }
    }
}
