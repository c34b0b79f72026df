import Glibc
import TermTable

/// A horizontal run of cells on one line that must be redrawn.
public struct CellRun: Hashable, Sendable, CustomStringConvertible {
    /// The line.
    public var y: Int
    /// The columns, end exclusive.
    public var columns: Range<Int>

    /// Creates a run.
    public init(y: Int, columns: Range<Int>) {
        self.y = y
        self.columns = columns
    }

    /// The run as `line:start..<end`, for test failure messages.
    public var description: String { "\(y):\(columns.lowerBound)..<\(columns.upperBound)" }
}

/// Lines of the screen that slid together since the last frame, so the terminal can scroll them
/// instead of being sent every line again.
public struct ScrollHint: Hashable, Sendable {
    /// The lines that slid (a scroll region).
    public var lines: Range<Int>
    /// How many lines their content moved up (negative: down).
    public var distance: Int

    /// Creates a hint.
    public init(lines: Range<Int>, distance: Int) {
        self.lines = lines
        self.distance = distance
    }

    /// Whether the hint describes a real scroll within a screen `height` lines tall.
    func fits(height: Int) -> Bool {
        lines.lowerBound >= 0 && lines.upperBound <= height && distance != 0 && abs(distance) < lines.count
    }
}

/// Which cells changed between two frames: the pure half of presenting, testable without a terminal.
public enum CanvasDiff {
    /// `canvas` with the hint's lines slid by its distance and the lines scrolled in left blank:
    /// what the terminal shows after the same scroll, to diff the next frame against.
    public static func shifted(_ canvas: Canvas, by hint: ScrollHint) -> Canvas {
        var result = canvas
        result.copy(canvas, from: Rect(x: 0, y: hint.lines.lowerBound + max(0, hint.distance), width: canvas.width,
                                       height: hint.lines.count - abs(hint.distance)),
                    to: Point(x: 0, y: hint.lines.lowerBound + max(0, -hint.distance)))
        let blankTop = hint.distance > 0 ? hint.lines.upperBound - hint.distance : hint.lines.lowerBound
        result.fill(Rect(x: 0, y: blankTop, width: canvas.width, height: abs(hint.distance)))
        return result
    }

    /// The runs of cells, clipped to `visible`, that differ between `old` and `new` (everything when
    /// there is no old frame or its size differs). A changed right half of a wide glyph pulls in
    /// its left half, since only the left half is ever written to the terminal.
    ///
    /// With `scroll`, `old` is taken as the terminal shows it after that scroll (as `shifted(_:by:)`
    /// makes it), without copying it: each line is compared with the old line that slid there, or
    /// with a blank line for those scrolled in.
    public static func changedRuns(from old: Canvas?, scrolledBy scroll: ScrollHint? = nil, to new: Canvas,
                                   visible: Size) -> [CellRun] {
        let width = min(new.width, visible.width)
        let height = min(new.height, visible.height)
        guard width > 0, height > 0 else { return [] }
        guard let old, old.size == new.size else { return (0..<height).map { CellRun(y: $0, columns: 0..<width) } }
        var runs: [CellRun] = []
        let blank = scroll == nil ? [] : [CanvasCell](repeating: .blank(.plain), count: new.width)
        old.cells.withUnsafeBufferPointer { previousCells in
            new.cells.withUnsafeBufferPointer { nextCells in
                blank.withUnsafeBufferPointer { blankLine in
                    for y in 0..<height {
                        let next = nextCells.baseAddress! + y * new.width
                        let previous: UnsafePointer<CanvasCell>
                        if let scroll, scroll.lines.contains(y) {
                            let source = y + scroll.distance
                            previous = scroll.lines.contains(source) ? previousCells.baseAddress! + source * new.width : blankLine.baseAddress!
                        } else {
                            previous = previousCells.baseAddress! + y * new.width
                        }
                        appendRuns(of: y, from: previous, to: next, width: width, into: &runs)
                    }
                }
            }
        }
        return runs
    }

    /// The changed runs of one line, `width` cells from `previous` to `next`.
    private static func appendRuns(of y: Int, from previous: UnsafePointer<CanvasCell>, to next: UnsafePointer<CanvasCell>,
                                   width: Int, into runs: inout [CellRun]) {
        // Cells are plain values: an unchanged line is found with one memory comparison.
        if memcmp(previous, next, width * MemoryLayout<CanvasCell>.stride) == 0 { return }
        var start: Int?
        for x in 0..<width {
            var changed = previous[x] != next[x]
            // The left half of a wide glyph is redrawn when its right half changed.
            if !changed, next[x].width == 2, x + 1 < width, previous[x + 1] != next[x + 1] { changed = true }
            if changed {
                if start == nil { start = next[x].isContinuation && x > 0 ? x - 1 : x }
            } else if let begin = start {
                runs.append(CellRun(y: y, columns: begin..<x))
                start = nil
            }
        }
        if let begin = start { runs.append(CellRun(y: y, columns: begin..<width)) }
    }
}
