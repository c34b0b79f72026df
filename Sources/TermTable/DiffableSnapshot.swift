/// The state of a table as identifiers: sections and the items in each, in order
/// (`NSDiffableDataSourceSnapshot`). Applying one to a diffable data source animates nothing; it
/// computes the smallest batch of changes from what is on screen.
public struct DiffableSnapshot<SectionIdentifier: Hashable, ItemIdentifier: Hashable> {
    /// The sections, in order.
    public private(set) var sectionIdentifiers: [SectionIdentifier] = []
    private var items: [SectionIdentifier: [ItemIdentifier]] = [:]
    private var sectionOfItem: [ItemIdentifier: SectionIdentifier] = [:]
    /// Items whose cells must be dequeued afresh on the next apply.
    public private(set) var reloadedItemIdentifiers: Set<ItemIdentifier> = []
    /// Items whose cells must be configured again in place on the next apply.
    public private(set) var reconfiguredItemIdentifiers: Set<ItemIdentifier> = []

    /// An empty snapshot.
    public init() {}

    /// How many sections there are.
    public var numberOfSections: Int { sectionIdentifiers.count }
    /// How many items there are in all sections.
    public var numberOfItems: Int { sectionOfItem.count }
    /// Every item, section by section.
    public var itemIdentifiers: [ItemIdentifier] { sectionIdentifiers.flatMap { items[$0] ?? [] } }

    /// The items of a section, in order.
    public func itemIdentifiers(inSection section: SectionIdentifier) -> [ItemIdentifier] { items[section] ?? [] }
    /// How many items a section has.
    public func numberOfItems(inSection section: SectionIdentifier) -> Int { items[section]?.count ?? 0 }
    /// The section holding an item.
    public func sectionIdentifier(containingItem item: ItemIdentifier) -> SectionIdentifier? { sectionOfItem[item] }
    /// An item's position within its section.
    public func indexOfItem(_ item: ItemIdentifier) -> Int? {
        sectionOfItem[item].flatMap { items[$0]?.firstIndex(of: item) }
    }
    /// A section's position.
    public func indexOfSection(_ section: SectionIdentifier) -> Int? { sectionIdentifiers.firstIndex(of: section) }

    /// Adds sections at the end; a section already present is a programmer error.
    public mutating func appendSections(_ sections: [SectionIdentifier]) {
        for section in sections {
            precondition(items[section] == nil, "DiffableSnapshot: section \(section) is already in the snapshot")
            sectionIdentifiers.append(section)
            items[section] = []
        }
    }

    /// Adds items at the end of a section (the last section when nil); an item already present is a programmer error.
    public mutating func appendItems(_ newItems: [ItemIdentifier], toSection section: SectionIdentifier? = nil) {
        guard let target = section ?? sectionIdentifiers.last, items[target] != nil else {
            preconditionFailure("DiffableSnapshot: append items to a section that is in the snapshot")
        }
        sectionOfItem.reserveCapacity(sectionOfItem.count + newItems.count)
        for item in newItems { claim(item, for: target) }
        items[target]!.append(contentsOf: newItems)
    }

    /// Inserts items before another item.
    public mutating func insertItems(_ newItems: [ItemIdentifier], beforeItem: ItemIdentifier) {
        insert(newItems, near: beforeItem, offset: 0)
    }

    /// Inserts items after another item.
    public mutating func insertItems(_ newItems: [ItemIdentifier], afterItem: ItemIdentifier) {
        insert(newItems, near: afterItem, offset: 1)
    }

    private mutating func insert(_ newItems: [ItemIdentifier], near item: ItemIdentifier, offset: Int) {
        guard let section = sectionOfItem[item], let index = items[section]?.firstIndex(of: item) else {
            preconditionFailure("DiffableSnapshot: item \(item) is not in the snapshot")
        }
        for newItem in newItems { claim(newItem, for: section) }
        items[section]!.insert(contentsOf: newItems, at: index + offset)
    }

    /// Removes items.
    public mutating func deleteItems(_ doomed: [ItemIdentifier]) {
        for item in doomed {
            guard let section = sectionOfItem.removeValue(forKey: item) else { continue }
            items[section]!.removeAll { $0 == item }
            reloadedItemIdentifiers.remove(item)
            reconfiguredItemIdentifiers.remove(item)
        }
    }

    /// Removes sections with their items.
    public mutating func deleteSections(_ doomed: [SectionIdentifier]) {
        for section in doomed {
            guard let removed = items.removeValue(forKey: section) else { continue }
            for item in removed { sectionOfItem[item] = nil }
            sectionIdentifiers.removeAll { $0 == section }
        }
    }

    /// Moves an item before another (possibly in another section).
    public mutating func moveItem(_ item: ItemIdentifier, beforeItem other: ItemIdentifier) {
        deleteItems([item])
        insertItems([item], beforeItem: other)
    }

    /// Moves an item after another (possibly in another section).
    public mutating func moveItem(_ item: ItemIdentifier, afterItem other: ItemIdentifier) {
        deleteItems([item])
        insertItems([item], afterItem: other)
    }

    /// Asks for fresh cells for these items on the next apply.
    public mutating func reloadItems(_ identifiers: [ItemIdentifier]) {
        reloadedItemIdentifiers.formUnion(identifiers.filter { sectionOfItem[$0] != nil })
    }

    /// Asks for these items' cells to be configured again in place on the next apply.
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifier]) {
        reconfiguredItemIdentifiers.formUnion(identifiers.filter { sectionOfItem[$0] != nil })
    }

    /// Forgets requested reloads after they were applied.
    mutating func clearReloads() {
        reloadedItemIdentifiers.removeAll()
        reconfiguredItemIdentifiers.removeAll()
    }

    private mutating func claim(_ item: ItemIdentifier, for section: SectionIdentifier) {
        precondition(sectionOfItem[item] == nil, "DiffableSnapshot: item \(item) is already in the snapshot; identifiers must be unique")
        sectionOfItem[item] = section
    }
}
