/// What cells and header/footer views share: a reuse identifier and a row buffer they draw into.
///
/// The buffer is kept between uses (its storage stays allocated, its content is cleared),
/// so scrolling through any number of rows allocates nothing once the screen is full.
open class TableReusableView {
    /// The identifier this view was registered and dequeued with.
    public let reuseIdentifier: String?
    /// The lines of styled text this view shows; the table copies it onto the screen.
    public internal(set) var buffer = Canvas(width: 0, height: 0)
    /// Whether the buffer must be redrawn before it is shown again.
    public private(set) var needsDisplay = true

    /// Creates a view; the table calls this for registered classes when the pool is empty.
    public required init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
    }

    /// Resets state before the view is handed out again by a dequeue. Subclasses call `super`.
    open func prepareForReuse() {
        setNeedsDisplay()
    }

    /// Marks the buffer stale; call it when a property that affects drawing changes.
    public func setNeedsDisplay() { needsDisplay = true }

    /// The height in lines this view needs at `width` columns, for automatic heights (default 1).
    open func heightThatFits(width: Int) -> Int { 1 }

    /// Draws the content into the row buffer, which is blank and sized to the row.
    open func draw(in canvas: inout Canvas) {}

    /// Brings the buffer up to date for a row of the given size.
    func render(width: Int, height: Int) {
        guard needsDisplay || buffer.width != width || buffer.height != height else { return }
        if buffer.width != width || buffer.height != height {
            buffer.resize(width: width, height: height)
        } else {
            buffer.clear()
        }
        draw(in: &buffer)
        needsDisplay = false
    }
}

/// A section header or footer, as `UITableViewHeaderFooterView`: by default a bold title and a rule.
open class TableViewHeaderFooterView: TableReusableView {
    /// The title shown.
    public var text: StyledText = "" { didSet { setNeedsDisplay() } }
    /// The style of the title and rule.
    public var style = Style(attributes: .bold) { didSet { setNeedsDisplay() } }
    /// Whether a horizontal rule follows the title.
    public var showsRule = true { didSet { setNeedsDisplay() } }

    /// Creates an empty header or footer; the table calls this when its pool is empty.
    public required init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
    }

    /// Clears the title before the view shows another section. Subclasses call `super`.
    open override func prepareForReuse() {
        super.prepareForReuse()
        text = ""
    }

    /// Draws the title in `style`, then the rule.
    open override func draw(in canvas: inout Canvas) {
        var title = StyledText()
        for span in text.spans { title.append(span.text, style: span.style == .plain ? style : span.style) }
        let used = canvas.draw(title, at: Point(x: 0, y: 0), truncation: .ellipsis)
        if showsRule, used + 1 < canvas.width {
            canvas.fill(Rect(x: used + 1, y: 0, width: canvas.width - used - 1, height: 1),
                        with: Glyph(text: "─", width: 1), style: Style(attributes: .dim))
        }
    }
}
