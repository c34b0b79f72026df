import TermTable

/// One log line: its fingerprint (loaded in the background; "······" until then), then its text,
/// wrapped under its first column. The wrapped height never depends on the fingerprint.
public final class LogLineCell: TableViewCell {
    /// The line this cell is configured for (UIKit code keeps `currentImageURL`): a fingerprint that
    /// comes back for any other line is stale and dropped.
    public private(set) var line: Int?
    /// The fingerprint shown, nil while it loads.
    public private(set) var fingerprint: String? { didSet { setNeedsDisplay() } }
    /// Gives up the load running for `line`, if any.
    private var cancelLoad: (() -> Void)?

    /// Shows `line` and its fingerprint when `known` (prefetched), else starts loading it.
    func show(line: Int, backend: LogBackend, known: String?) {
        self.line = line
        text = StyledText(LogLines.text(line))
        // The base cell wraps the text (and measures its height) after an indentation that leaves the
        // fingerprint's six columns and a space; `prepareForReuse` resets the indentation, so it is set here.
        (wrapsText, indentationWidth, indentationLevel) = (true, 7, 1)
        fingerprint = known
        guard known == nil else { return }
        let ticket = backend.loadFingerprint(ofLine: line) { [weak self] value in
            guard let self, self.line == line else { return }  // reused for another line meanwhile
            cancelLoad = nil
            fingerprint = value
        }
        cancelLoad = { [weak backend] in backend?.cancel(ticket) }
    }

    /// A reused cell forgets its line and cancels its load, so nothing of it shows in the next row.
    public override func prepareForReuse() {
        super.prepareForReuse()
        cancelLoad?()
        (cancelLoad, line, fingerprint) = (nil, nil, nil)
    }

    /// The fingerprint in the first columns, the wrapped text after it.
    public override func draw(in canvas: inout Canvas) {
        canvas.draw(fingerprint ?? "······", at: Point(x: 0, y: 0), style: Style(foreground: .cyan, attributes: fingerprint == nil ? .dim : []))
        super.draw(in: &canvas)
    }
}
