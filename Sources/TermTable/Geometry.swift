/// A position on a canvas, in columns (x) and lines (y) from the top-left corner.
public struct Point: Hashable, Sendable {
    /// The column, from 0 at the left.
    public var x: Int
    /// The line, from 0 at the top.
    public var y: Int
    /// Creates a point.
    public init(x: Int, y: Int) { self.x = x; self.y = y }
}

/// A width in columns and a height in lines.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Columns.
    public var width: Int
    /// Lines.
    public var height: Int
    /// Creates a size.
    public init(width: Int, height: Int) { self.width = width; self.height = height }
    /// Columns by lines, as "80x24".
    public var description: String { "\(width)x\(height)" }
}

/// A rectangle of canvas cells.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: Point
    /// Columns and lines covered.
    public var size: Size

    /// Creates a rectangle from its corner and size.
    public init(x: Int, y: Int, width: Int, height: Int) {
        origin = Point(x: x, y: y)
        size = Size(width: width, height: height)
    }

    /// An empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The first column inside.
    public var minX: Int { origin.x }
    /// The first line inside.
    public var minY: Int { origin.y }
    /// The first column past the right edge.
    public var maxX: Int { origin.x + size.width }
    /// The first line below the bottom edge.
    public var maxY: Int { origin.y + size.height }
    /// Columns.
    public var width: Int { size.width }
    /// Lines.
    public var height: Int { size.height }

    /// Whether the point lies inside the rectangle.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// Corner and size, as "(0,0 80x24)".
    public var description: String { "(\(minX),\(minY) \(width)x\(height))" }
}
