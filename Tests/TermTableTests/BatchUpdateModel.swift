@testable import TermTable

// A reference model of a sectioned table for the randomized update test: what the rows are,
// how they stack into lines, what the screen must show from a given top line, and random
// old→new transformations described the way UIKit wants them told.

/// A row's identity and content version (reloads and reconfigures bump the version, so the text changes).
struct ModelRow: Hashable {
    var id: Int
    var version = 0
    var text: String { version == 0 ? "r\(id)" : "r\(id)v\(version)" }
}

/// A section's identity (titles follow it) and its rows.
struct ModelSection {
    var id: Int
    var rows: [ModelRow]
}

/// A header, row or footer of the model, by position (section index, index path).
enum ModelItem: Hashable {
    case header(Int)
    case row(IndexPath)
    case footer(Int)

    var section: Int {
        switch self {
        case .header(let section), .footer(let section): return section
        case .row(let indexPath): return indexPath.section
        }
    }
}

struct TableModel {
    var sections: [ModelSection]
    var tallRows: Bool

    static func title(ofSection id: Int) -> String? { id % 3 == 2 ? nil : "S\(id)" }
    static func footer(ofSection id: Int) -> String? { id % 4 == 3 ? "end S\(id)" : nil }
    func height(_ row: ModelRow) -> Int { tallRows && row.id % 4 == 0 ? 2 + (row.id / 4 + row.version) % 2 : 1 }

    func row(_ indexPath: IndexPath) -> ModelRow { sections[indexPath.section].rows[indexPath.row] }
    var rowCounts: [Int] { sections.map(\.rows.count) }
    var totalRows: Int { rowCounts.reduce(0, +) }

    /// Every item top to bottom with its top line and height.
    func layout() -> [(item: ModelItem, top: Int, height: Int)] {
        var items: [(item: ModelItem, top: Int, height: Int)] = []
        var top = 0
        func add(_ item: ModelItem, _ height: Int) { items.append((item, top, height)); top += height }
        for (index, section) in sections.enumerated() {
            if TableModel.title(ofSection: section.id) != nil { add(.header(index), 1) }
            for (row, value) in section.rows.enumerated() { add(.row(IndexPath(row: row, section: index)), height(value)) }
            if TableModel.footer(ofSection: section.id) != nil { add(.footer(index), 1) }
        }
        return items
    }

    var contentHeight: Int { layout().last.map { $0.top + $0.height } ?? 0 }

    func top(of item: ModelItem) -> Int? { layout().first { $0.item == item }?.top }

    /// The first item of a section or a later one (as the engine's `firstItem(inOrAfter:)`).
    func firstItem(inOrAfter section: Int) -> ModelItem? {
        layout().first { $0.item.section >= section }?.item
    }

    func flatIndex(of indexPath: IndexPath) -> Int { rowCounts[..<indexPath.section].reduce(0, +) + indexPath.row }

    func indexPath(forFlatIndex index: Int) -> IndexPath? {
        var remaining = index
        for (section, count) in rowCounts.enumerated() {
            if remaining < count { return IndexPath(row: remaining, section: section) }
            remaining -= count
        }
        return nil
    }

    /// The lines a header or footer view draws at `width` columns (title, then a rule for headers).
    static func headerLine(_ title: String, width: Int) -> String {
        title.count + 1 < width ? title + " " + String(repeating: "─", count: width - title.count - 1) : title
    }

    /// The screen from line `top`: its lines, and for each line whether it shows the highlighted row.
    func render(top: Int, height: Int, width: Int, selected: IndexPath?) -> (lines: [String], highlighted: [Int]) {
        var lines: [String] = []
        var owners: [ModelItem] = []
        for (item, _, itemHeight) in layout() {
            let text: String
            switch item {
            case .header(let section): text = TableModel.headerLine(TableModel.title(ofSection: sections[section].id)!, width: width)
            case .footer(let section): text = TableModel.footer(ofSection: sections[section].id)!
            case .row(let indexPath): text = row(indexPath).text
            }
            lines.append(text)
            lines += Array(repeating: "", count: itemHeight - 1)
            owners += Array(repeating: item, count: itemHeight)
        }
        var screen: [String] = []
        var highlighted: [Int] = []
        for line in 0..<height {
            let index = top + line
            guard index < lines.count else { screen.append(""); continue }
            screen.append(lines[index])
            if let selected, owners[index] == .row(selected) { highlighted.append(line) }
        }
        // The header of the section at the top is pinned over line 0 unless it is itself the top item.
        if top < owners.count, case let section = owners[top].section, owners[top] != .header(section),
           let title = TableModel.title(ofSection: sections[section].id), height > 0 {
            screen[0] = TableModel.headerLine(title, width: width)
            highlighted.removeAll { $0 == 0 }
        }
        return (screen, highlighted)
    }

    /// The model item the engine's layout item names.
    static func item(_ item: LayoutItem) -> ModelItem {
        switch item {
        case .refreshControl: preconditionFailure("the model's tables have no refresh control")
        case .header(let section): return .header(section)
        case .row(let indexPath): return .row(indexPath)
        case .footer(let section): return .footer(section)
        }
    }
}

/// What became of an old row of a section that keeps its rows.
enum RowFate: Equatable {
    /// Still there (possibly reloaded or reconfigured), at this new index path.
    case stays(IndexPath)
    /// Moved to this new index path.
    case moved(IndexPath)
    case deleted
}

/// A random old→new transformation and the UIKit operations that describe it.
struct GeneratedBatch {
    var after: [ModelSection] = []
    var deletedSections: [Int] = []
    var insertedSections: [Int] = []
    var reloadedSections: [Int] = []
    var movedSections: [(from: Int, to: Int)] = []
    var deletedRows: [IndexPath] = []
    var insertedRows: [IndexPath] = []
    var reloadedRows: [IndexPath] = []
    var reconfiguredRows: [IndexPath] = []
    var movedRows: [(from: IndexPath, to: IndexPath)] = []
    /// New index of each old section, nil when deleted.
    var newSectionForOld: [Int?] = []
    /// Fate of every old row in sections that are neither deleted nor reloaded.
    var rowFates: [IndexPath: RowFate] = [:]

    var operationCount: Int {
        deletedSections.count + insertedSections.count + reloadedSections.count + movedSections.count + deletedRows.count
            + insertedRows.count + reloadedRows.count + reconfiguredRows.count + movedRows.count
    }

    /// Where an old row is after the update (the engine's `newIndexPath(forOld:)`).
    func newIndexPath(forOld old: IndexPath) -> IndexPath? {
        guard let section = newSectionForOld[old.section] else { return nil }
        if reloadedSections.contains(old.section) {
            return old.row < after[section].rows.count ? IndexPath(row: old.row, section: section) : nil
        }
        switch rowFates[old]! {
        case .stays(let new), .moved(let new): return new
        case .deleted: return nil
        }
    }

    /// The row that takes a vanished row's place: the next row of its section that stayed in place,
    /// else the previous one, else the same row number clamped within the section.
    func replacement(forVanished old: IndexPath, oldRowCount: Int) -> IndexPath? {
        guard let section = newSectionForOld[old.section] else { return nil }
        if !reloadedSections.contains(old.section) {
            for row in Array(old.row + 1 ..< oldRowCount) + Array((0..<old.row).reversed()) {
                if case .stays(let new) = rowFates[IndexPath(row: row, section: old.section)]! { return new }
            }
        }
        let count = after[section].rows.count
        return count > 0 ? IndexPath(row: min(old.row, count - 1), section: section) : nil
    }
}
