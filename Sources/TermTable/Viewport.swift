/// Which part of the content the table shows: the item at the top of the viewport and how many of its lines
/// are scrolled above the top (UIKit's content offset, kept as an item so that it survives updates above it
/// and needs no sum of heights over all rows).
struct Viewport {
    /// The item at the top of the viewport; nil before the first layout or when the table is empty.
    var anchor: LayoutItem?
    /// Lines of the anchor scrolled above the top of the viewport.
    var offset = 0

    /// The same viewport after a batch update, given the table's new shape: it stays on its item when that
    /// item survives (a row keeping its offset), else on the row that took a deleted row's place, else on the
    /// first item of the section now at the old section's place, so the view does not jump to the top.
    func remapped(by plan: UpdatePlan, in sections: SectionMetrics) -> Viewport {
        guard let old = anchor else { return self }
        var remapped = self
        switch old {
        case .refreshControl:
            // The refresh control's row is above every section: no update moves it.
            break
        case .row(let indexPath):
            if let new = plan.newIndexPath(forOld: indexPath) {
                remapped.anchor = .row(new)
            } else if let replacement = plan.replacement(forDeleted: indexPath) {
                remapped = Viewport(anchor: .row(replacement))
            } else {
                remapped = Viewport(anchor: Self.item(inPlaceOfOldSection: indexPath.section, plan, sections))
            }
        case .header(let section):
            remapped.anchor = Self.item(inPlaceOfOldSection: section, plan, sections)
            if remapped.anchor != .header(plan.newSection(forOld: section) ?? -1) { remapped.offset = 0 }
        case .footer(let section):
            if let new = plan.newSection(forOld: section), sections.footerHeights[new] > 0 {
                remapped.anchor = .footer(new)
            } else {
                remapped = Viewport(anchor: Self.item(inPlaceOfOldSection: section, plan, sections))
            }
        }
        if let anchor = remapped.anchor, !sections.isValidItem(anchor) { remapped = Viewport() }
        return remapped
    }

    /// What the top of the viewport shows when the section there lost all its rows or went away: the first item
    /// of the section now at its place (its new index, or its old one when deleted), else the last item.
    private static func item(inPlaceOfOldSection old: Int, _ plan: UpdatePlan, _ sections: SectionMetrics) -> LayoutItem? {
        guard sections.count > 0 else { return nil }
        let section = plan.newSection(forOld: old) ?? min(old, sections.count - 1)
        return sections.firstItem(inOrAfter: section) ?? sections.lastItem(inOrBefore: sections.count - 1)
    }
}
