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
    public static func changedRuns(from old: Canvas?, to new: Canvas, visible: Size) -> [CellRun] {
        let width = min(new.width, visible.width)
        let height = min(new.height, visible.height)
        guard width > 0, height > 0 else { return [] }
        guard let old, old.size == new.size else { return (0..<height).map { CellRun(y: $0, columns: 0..<width) } }
        var runs: [CellRun] = []
        old.cells.withUnsafeBufferPointer { previous in
            new.cells.withUnsafeBufferPointer { next in
                for y in 0..<height {
                    let row = y * new.width
                    // Cells are plain values: an unchanged row is found with one memory comparison.
                    if memcmp(previous.baseAddress! + row, next.baseAddress! + row, width * MemoryLayout<CanvasCell>.stride) == 0 {
                        continue
                    }
                    var start: Int?
                    for x in 0..<width {
                        var changed = previous[row + x] != next[row + x]
                        // The left half of a wide glyph is redrawn when its right half changed.
                        if !changed, next[row + x].width == 2, x + 1 < width, previous[row + x + 1] != next[row + x + 1] { changed = true }
                        if changed {
                            if start == nil { start = next[row + x].isContinuation && x > 0 ? x - 1 : x }
                        } else if let begin = start {
                            runs.append(CellRun(y: y, columns: begin..<x))
                            start = nil
                        }
                    }
                    if let begin = start { runs.append(CellRun(y: y, columns: begin..<width)) }
                }
            }
        }
        return runs
    }
}
