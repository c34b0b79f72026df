/// A position on a canvas, in columns (x) and lines (y) from the top-left corner.
public struct Point: Hashable, Sendable {
    public var x: Int
    public var y: Int
    /// Creates a point.
    public init(x: Int, y: Int) { self.x = x; self.y = y }
}

/// A width in columns and a height in lines.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    /// Creates a size.
    public init(width: Int, height: Int) { self.width = width; self.height = height }
    public var description: String { "\(width)x\(height)" }
}

/// A rectangle of canvas cells.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    /// Creates a rectangle from its corner and size.
    public init(x: Int, y: Int, width: Int, height: Int) {
        origin = Point(x: x, y: y)
        size = Size(width: width, height: height)
    }

    /// An empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Int { origin.x }
    public var minY: Int { origin.y }
    public var maxX: Int { origin.x + size.width }
    public var maxY: Int { origin.y + size.height }
    public var width: Int { size.width }
    public var height: Int { size.height }

    /// Whether the point lies inside the rectangle.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    public var description: String { "(\(minX),\(minY) \(width)x\(height))" }
}
