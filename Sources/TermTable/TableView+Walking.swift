extension TableView {
    // MARK: Walking the stack of headers, rows and footers (see SectionMetrics)

    /// The first item of `section` or of a later section, skipping empty ones.
    func firstItem(inOrAfter section: Int) -> LayoutItem? { sections.firstItem(inOrAfter: section) }

    /// The last item of `section` or of an earlier section, skipping empty ones.
    func lastItem(inOrBefore section: Int) -> LayoutItem? { sections.lastItem(inOrBefore: section) }

    /// The item below another.
    func item(after item: LayoutItem) -> LayoutItem? { sections.item(after: item) }

    /// The item above another.
    func item(before item: LayoutItem) -> LayoutItem? { sections.item(before: item) }
}
