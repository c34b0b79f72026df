extension TableView {
    // MARK: Ending display and header/footer views

    func endDisplaying(_ cell: TableViewCell, at indexPath: IndexPath) {
        delegate?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath)
        cellPool.put(cell)
    }

    func endDisplayingHeader(_ view: TableViewHeaderFooterView, section: Int) {
        delegate?.tableView(self, didEndDisplayingHeaderView: view, forSection: section)
        headerFooterPool.put(view)
    }

    func endDisplayingFooter(_ view: TableViewHeaderFooterView, section: Int) {
        delegate?.tableView(self, didEndDisplayingFooterView: view, forSection: section)
        headerFooterPool.put(view)
    }

    func updateHeaderFooterViews(headers: [Int], footers: [Int]) {
        // A screen shows a few sections: arrays searched in place beat building sets per layout.
        for (section, view) in visibleHeaders where !headers.contains(section) {
            visibleHeaders[section] = nil
            endDisplayingHeader(view, section: section)
        }
        for section in headers.sorted() {
            if let view = visibleHeaders[section] {
                refreshTitle(of: view, title: dataSource?.tableView(self, titleForHeaderInSection: section))
                continue
            }
            let view = delegate?.tableView(self, viewForHeaderInSection: section)
                ?? defaultHeaderFooterView(title: dataSource?.tableView(self, titleForHeaderInSection: section), showsRule: true)
            visibleHeaders[section] = view
            delegate?.tableView(self, willDisplayHeaderView: view, forSection: section)
        }
        for (section, view) in visibleFooters where !footers.contains(section) {
            visibleFooters[section] = nil
            endDisplayingFooter(view, section: section)
        }
        for section in footers.sorted() {
            if let view = visibleFooters[section] {
                refreshTitle(of: view, title: dataSource?.tableView(self, titleForFooterInSection: section))
                continue
            }
            let view = delegate?.tableView(self, viewForFooterInSection: section)
                ?? defaultHeaderFooterView(title: dataSource?.tableView(self, titleForFooterInSection: section), showsRule: false)
            visibleFooters[section] = view
            delegate?.tableView(self, willDisplayFooterView: view, forSection: section)
        }
    }

    static let defaultHeaderFooterIdentifier = "TermTable.TableViewHeaderFooterView"

    private func defaultHeaderFooterView(title: String?, showsRule: Bool) -> TableViewHeaderFooterView {
        if !headerFooterPool.isRegistered(TableView.defaultHeaderFooterIdentifier) {
            headerFooterPool.register(TableViewHeaderFooterView.self, for: TableView.defaultHeaderFooterIdentifier)
        }
        let view = dequeueReusableHeaderFooterView(withIdentifier: TableView.defaultHeaderFooterIdentifier)!
        view.text = StyledText(title ?? "")
        view.showsRule = showsRule
        return view
    }

    /// Titles from the data source are re-read on every layout, so counts in headers stay current.
    private func refreshTitle(of view: TableViewHeaderFooterView, title: String?) {
        guard view.reuseIdentifier == TableView.defaultHeaderFooterIdentifier, let title else { return }
        if !view.text.hasPlainText(title) { view.text = StyledText(title) }
    }
}
