import TermTable

/// One step of a fuzz run, as recorded: what a replay plays again, and what the shrinker drops.
public enum FuzzStep: Equatable, Sendable {
    /// A key; with `looks`, the app then looks for changes made elsewhere (as its run loop does twice
    /// a second), before the screen is drawn and checked.
    case key(Key, looks: Bool)
    /// A change made on the store's second connection (another process, the sync).
    case change(FuzzChange)
    /// The app quits (writing what waited for an idle moment) and opens the store again.
    case restart

    /// The key, when this step is one.
    public var key: Key? {
        if case .key(let key, _) = self { return key }
        return nil
    }

    /// A key in key-script notation; a mouse event, which has none, as `<Mouse press left 8,8>`.
    static func notation(_ key: Key) -> String {
        guard case .mouse(let event) = key else { return key.description }
        let kind: String
        switch event.kind {
        case .press(let button): kind = "press \(button)"
        case .release(let button): kind = "release \(button)"
        case .drag(let button): kind = "drag \(button)"
        case .wheelUp: kind = "wheelUp"
        case .wheelDown: kind = "wheelDown"
        }
        return "<Mouse \(kind) \(event.x),\(event.y)>"
    }

    /// Steps as a scenario test writes them, one line per run of keys (key-script notation, as
    /// `Scenario.type` takes it), change, look or restart:
    ///
    ///     type: jG<C-d>
    ///     change: sync: deleteList(id: 3, movingTodosTo: nil)
    ///     type: z
    ///     look
    ///
    /// Mouse events show as `<Mouse wheelDown 5,3>`, which a test sends as a `MouseEvent`.
    public static func script(_ steps: [FuzzStep]) -> String {
        var lines: [String] = []
        var keys = ""
        func endKeys() {
            if !keys.isEmpty { lines.append("type: " + keys) }
            keys = ""
        }
        for step in steps {
            switch step {
            case .key(let key, let looks):
                keys += notation(key)
                if looks {
                    endKeys()
                    lines.append("look")
                }
            case .change(let change):
                endKeys()
                lines.append("change: \(change)")
            case .restart:
                endKeys()
                lines.append("restart")
            }
        }
        endKeys()
        return lines.joined(separator: "\n")
    }
}

/// A failed check of a fuzz run: which check, and what it saw (the step, the lines that differ).
public struct FuzzFailure: Error, CustomStringConvertible {
    /// The checks, so that a shrunk script is kept only while it fails the same one.
    public enum Check: String, Sendable {
        case freshOpen, freshOpenCounts, cellsCreated, rowMissing, rowTitle, controlCharacter
    }

    /// The check that failed.
    public var check: Check
    /// What it saw.
    public var description: String

    /// A failure of `check`, saying `description`.
    public init(_ check: Check, _ description: String) {
        self.check = check
        self.description = description
    }
}

/// `text` quoted as a Swift string literal that a test can paste, with every control character
/// (C0, DEL, C1) written as `\u{…}`, so none reaches the terminal raw.
func visible(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
            result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}
