import TermTable

/// One log line: its fingerprint (loaded in the background; "······" until then), then its text,
/// wrapped under its first column. The wrapped height never depends on the fingerprint.
public final class LogLineCell: TableViewCell {
    /// The reuse identifier.
    public static let identifier = "line"
    /// Columns before the text: six hex digits and a space.
    static let fingerprintWidth = 7

    /// The line this cell is configured for (UIKit code keeps `currentImageURL`): a fingerprint that
    /// comes back for any other line is stale and dropped.
    public private(set) var line: Int?
    /// The fingerprint shown, nil while it loads.
    public private(set) var fingerprint: String? { didSet { setNeedsDisplay() } }
    private var ticket: WorkTicket?
    private weak var backend: LogBackend?

    public required init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
    }

    /// Shows `line` and its fingerprint when `known` (prefetched), else starts loading it.
    func show(line: Int, backend: LogBackend, known: String? = nil) {
        self.line = line
        self.backend = backend
        text = StyledText(LogLines.text(line))
        fingerprint = known
        guard known == nil else { return }
        ticket = backend.loadFingerprint(ofLine: line) { [weak self] value in
            guard let self, self.line == line else { return }  // reused for another line meanwhile
            ticket = nil
            fingerprint = value
        }
    }

    /// A reused cell forgets its line and cancels its load, so nothing of it shows in the next row.
    public override func prepareForReuse() {
        super.prepareForReuse()
        cancelLoading()
        line = nil
        fingerprint = nil
    }

    private func cancelLoading() {
        if let ticket { backend?.cancel(ticket) }
        ticket = nil
    }

    public override func heightThatFits(width: Int) -> Int {
        TextWrapping.lineCount(text, width: max(1, width - Self.fingerprintWidth))
    }

    public override func draw(in canvas: inout Canvas) {
        canvas.draw(fingerprint ?? "······", at: Point(x: 0, y: 0), style: Style(foreground: .cyan, attributes: fingerprint == nil ? .dim : []))
        let width = max(1, canvas.width - Self.fingerprintWidth)
        for (y, glyphs) in TextWrapping.wrap(text, width: width).prefix(canvas.height).enumerated() {
            canvas.draw(glyphs: glyphs, at: Point(x: Self.fingerprintWidth, y: y), maxWidth: width)
        }
        drawSelection(in: &canvas)
    }
}
