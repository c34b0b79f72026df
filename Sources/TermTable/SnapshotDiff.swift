/// The smallest batch of section and row changes that turns one snapshot into another.
///
/// Sections and items that keep their relative order (a longest increasing subsequence of
/// their old positions) stay put; every other survivor becomes one move.
struct SnapshotDiff<SectionIdentifier: Hashable, ItemIdentifier: Hashable> {
    var deletedSections: [Int] = []
    var insertedSections: [Int] = []
    var movedSections: [(from: Int, to: Int)] = []
    var deletedRows: [IndexPath] = []
    var insertedRows: [IndexPath] = []
    var movedRows: [(from: IndexPath, to: IndexPath)] = []
    var reloadedRows: [IndexPath] = []
    var reconfiguredRows: [IndexPath] = []
    /// New index paths of moved items whose content must be shown afresh (a move keeps the cell).
    var movedAndChanged: [IndexPath] = []

    typealias Snapshot = DiffableSnapshot<SectionIdentifier, ItemIdentifier>

    /// Compares `old` and `new`; `contentChanged` says whether an item kept its identity but changed what it shows.
    init(from old: Snapshot, to new: Snapshot, contentChanged: (ItemIdentifier) -> Bool = { _ in false }) {
        if let appended = Self.appending(from: old, to: new, contentChanged: contentChanged) {
            self = appended
            return
        }
        let oldSections = old.sectionIdentifiers
        let newSections = new.sectionIdentifiers
        let oldSectionIndex = Dictionary(uniqueKeysWithValues: oldSections.enumerated().map { ($1, $0) })
        let newSectionIndex = Dictionary(uniqueKeysWithValues: newSections.enumerated().map { ($1, $0) })

        deletedSections = oldSections.indices.filter { newSectionIndex[oldSections[$0]] == nil }
        insertedSections = newSections.indices.filter { oldSectionIndex[newSections[$0]] == nil }
        // Surviving sections in new order, by old index; those outside the LIS move.
        let survivingSections = newSections.compactMap { oldSectionIndex[$0] }
        let stayingSections = Set(Self.longestIncreasingSubsequence(survivingSections))
        for (newIndex, section) in newSections.enumerated() {
            guard let oldIndex = oldSectionIndex[section], !stayingSections.contains(oldIndex) else { continue }
            movedSections.append((oldIndex, newIndex))
        }

        // Where every old item was.
        var oldPlace: [ItemIdentifier: IndexPath] = [:]
        for (sectionIndex, section) in oldSections.enumerated() {
            for (row, item) in old.itemIdentifiers(inSection: section).enumerated() {
                oldPlace[item] = IndexPath(row: row, section: sectionIndex)
            }
        }
        var newPlace: [ItemIdentifier: IndexPath] = [:]
        for (sectionIndex, section) in newSections.enumerated() {
            let items = new.itemIdentifiers(inSection: section)
            let isNewSection = oldSectionIndex[section] == nil
            // Items that stay in this same section keep their place unless they fall out of the LIS.
            var stayingOldRows: [Int] = []
            for item in items {
                if let from = oldPlace[item], oldSections[from.section] == section { stayingOldRows.append(from.row) }
            }
            let keep = Set(Self.longestIncreasingSubsequence(stayingOldRows))
            for (row, item) in items.enumerated() {
                let to = IndexPath(row: row, section: sectionIndex)
                newPlace[item] = to
                guard let from = oldPlace[item] else {
                    if !isNewSection { insertedRows.append(to) }
                    continue
                }
                let sourceDeleted = newSectionIndex[oldSections[from.section]] == nil
                if isNewSection || sourceDeleted {
                    // Rows cannot move out of a deleted section or into an inserted one: they are deleted and inserted.
                    if !sourceDeleted { deletedRows.append(from) }
                    if !isNewSection { insertedRows.append(to) }
                    continue
                }
                let sameSection = oldSections[from.section] == section
                let changed = new.reloadedItemIdentifiers.contains(item) || new.reconfiguredItemIdentifiers.contains(item)
                    || contentChanged(item)
                if !sameSection || !keep.contains(from.row) {
                    movedRows.append((from, to))
                    if changed { movedAndChanged.append(to) }
                } else if new.reloadedItemIdentifiers.contains(item) {
                    reloadedRows.append(from)
                } else if new.reconfiguredItemIdentifiers.contains(item) || contentChanged(item) {
                    reconfiguredRows.append(from)
                }
            }
        }
        for (item, from) in oldPlace where newPlace[item] == nil {
            if newSectionIndex[oldSections[from.section]] != nil { deletedRows.append(from) }
        }
    }

    /// Whether nothing changes.
    var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && movedSections.isEmpty && deletedRows.isEmpty
            && insertedRows.isEmpty && movedRows.isEmpty && reloadedRows.isEmpty && reconfiguredRows.isEmpty
            && movedAndChanged.isEmpty
    }

    /// The values forming one longest strictly increasing subsequence (patience sorting, O(n log n)).
    static func longestIncreasingSubsequence(_ values: [Int]) -> [Int] {
        var tails: [Int] = []          // indexes into values
        var previous = Array(repeating: -1, count: values.count)
        for (index, value) in values.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var result: [Int] = []
        var cursor = tails.last ?? -1
        while cursor >= 0 {
            result.append(values[cursor])
            cursor = previous[cursor]
        }
        return result.reversed()
    }
}
