/// A problem in a file being imported, at a line, so the message can read "FILE:LINE: problem".
public struct InteropError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The 1-based line where the problem is.
    public var line: Int
    /// What is wrong, for people.
    public var problem: String

    /// A problem at `line`.
    public init(line: Int, problem: String) {
        self.line = line
        self.problem = problem
    }

    /// "LINE: problem"; the caller puts the file name in front.
    public var description: String { "\(line): \(problem)" }
}
