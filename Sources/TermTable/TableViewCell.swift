/// A row of a table, as `UITableViewCell`: content drawn into a row buffer that the table recycles.
///
/// The default cell draws `text` at the left, `secondaryText` at the right and an accessory;
/// subclasses override `draw(in:)` (and `heightThatFits(width:)` for automatic heights).
open class TableViewCell: TableReusableView {
    /// What a row does in editing mode, as `UITableViewCell.EditingStyle`.
    public enum EditingStyle: Sendable { case none, delete, insert }
    /// The mark at the right end of a row.
    public enum AccessoryType: Sendable { case none, checkmark, disclosureIndicator }
    /// Whether the selected row is drawn in the selected style.
    public enum SelectionStyle: Sendable { case none, `default` }

    /// The main text.
    public var text: StyledText = "" { didSet { setNeedsDisplay() } }
    /// Right-aligned secondary text (UIKit's value1 detail label).
    public var secondaryText: StyledText = "" { didSet { setNeedsDisplay() } }
    /// The accessory drawn at the right edge.
    public var accessoryType: AccessoryType = .none { didSet { setNeedsDisplay() } }
    /// Indentation in steps of `indentationWidth` columns, as `UITableViewCell.indentationLevel`:
    /// the content (`contentInset`) starts `indentationLevel × indentationWidth` columns in. The
    /// table sets it from its delegate's `tableView(_:indentationLevelForRowAt:)` when that answers
    /// more than 0; a cell may also set it itself. Reset to 0 for reuse.
    public var indentationLevel = 0 { didSet { if oldValue != indentationLevel { setNeedsDisplay() } } }
    /// Columns per indentation level: 2 by default, UIKit's 10 points scaled to a terminal, where a
    /// column is about 8 points wide and an outline reads best at two columns a level.
    public var indentationWidth = 2 { didSet { if oldValue != indentationWidth { setNeedsDisplay() } } }
    /// Whether the table set `indentationLevel` from its delegate (so that a later 0 from the
    /// delegate resets it, while a cell that indents itself keeps its own level).
    var indentationIsFromDelegate = false
    /// Whether the text wraps onto more lines (with automatic heights) instead of ending in "…".
    public var wrapsText = false { didSet { setNeedsDisplay() } }
    /// How the selected row looks.
    public var selectionStyle: SelectionStyle = .default { didSet { setNeedsDisplay() } }
    /// How the selected row is marked: its attributes are added to every cell of the row, and its
    /// background (when it has one) fills every cell that has none of its own. Reverse video by
    /// default; a background color instead keeps colored text readable and lets a terminal clear the
    /// rest of the row in one command.
    public var selectedStyle = Style(attributes: .reverse) { didSet { setNeedsDisplay() } }

    /// Whether this row is the table’s selected row (set by the table).
    public internal(set) var isSelected = false { didSet { if oldValue != isSelected { setNeedsDisplay() } } }
    /// Whether the table is in editing mode (set by the table).
    public internal(set) var isEditing = false { didSet { if oldValue != isEditing { setNeedsDisplay() } } }
    /// Whether the row is marked in editing mode's multiple selection (set by the table).
    public internal(set) var isMarked = false { didSet { if oldValue != isMarked { setNeedsDisplay() } } }

    /// Creates an empty cell; the table calls this for registered classes when the pool is empty.
    public required init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
    }

    /// Resets content to defaults so no earlier row's state shows through. Subclasses call `super`.
    open override func prepareForReuse() {
        super.prepareForReuse()
        text = ""
        secondaryText = ""
        accessoryType = .none
        indentationLevel = 0
        indentationIsFromDelegate = false
    }

    /// Columns the editing mark takes at the start of the row in editing mode.
    public static let editingMarkWidth = 2

    /// Where the content starts: after the editing mark and the indentation.
    public var contentInset: Int {
        (isEditing ? Self.editingMarkWidth : 0) + indentationLevel * indentationWidth
    }

    /// One line, or the wrapped text's lines when `wrapsText` is on.
    open override func heightThatFits(width: Int) -> Int {
        guard wrapsText else { return 1 }
        return max(1, TextWrapping.lineCount(text, width: max(1, textWidth(in: width))))
    }

    /// Columns left for `text` in a row of `width` columns.
    public func textWidth(in width: Int) -> Int {
        let secondary = secondaryText.isEmpty ? 0 : secondaryText.width + 1
        return width - contentInset - secondary - accessoryWidth
    }

    private var accessoryWidth: Int { accessoryType == .none ? 0 : 2 }

    /// Draws the editing mark, `text`, `secondaryText` and the accessory, then the selection.
    open override func draw(in canvas: inout Canvas) {
        drawEditingMark(in: &canvas)
        let left = contentInset
        let available = max(0, textWidth(in: canvas.width))
        if wrapsText {
            for (line, glyphs) in TextWrapping.wrap(text, width: max(1, available)).prefix(canvas.height).enumerated() {
                canvas.draw(glyphs: glyphs, at: Point(x: left, y: line), maxWidth: available)
            }
        } else {
            canvas.draw(text, at: Point(x: left, y: 0), maxWidth: available, truncation: .ellipsis)
        }
        var right = canvas.width
        switch accessoryType {
        case .none: break
        case .checkmark: canvas.draw("✓", at: Point(x: right - 1, y: 0)); right -= 2
        case .disclosureIndicator: canvas.draw("›", at: Point(x: right - 1, y: 0)); right -= 2
        }
        if !secondaryText.isEmpty {
            let width = min(secondaryText.width, max(0, right - left))
            canvas.draw(secondaryText, at: Point(x: right - width, y: 0), maxWidth: width, truncation: .ellipsis)
        }
        drawSelection(in: &canvas)
    }

    /// Draws the multiple-selection mark shown in editing mode.
    open func drawEditingMark(in canvas: inout Canvas) {
        guard isEditing else { return }
        canvas.draw(isMarked ? "●" : "○", at: Point(x: 0, y: 0), style: isMarked ? Style(foreground: .blue, attributes: .bold) : .plain)
    }

    /// Applies the selection style to the whole row when it is the table’s selected row.
    open func drawSelection(in canvas: inout Canvas) {
        guard isSelected, selectionStyle == .default else { return }
        let selected = selectedStyle
        canvas.restyle(canvas.bounds) { style in
            style.attributes.formUnion(selected.attributes)
            if style.background == .default { style.background = selected.background }
        }
    }
}
