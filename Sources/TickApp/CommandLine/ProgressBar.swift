/// One line of progress for long commands, as a pure function of how far the work is: what `tick
/// import` and `tick export` draw on standard error while they run.
///
/// `Importing [=========>          ] 412,000/1,000,000 todos · 52,000/s · 11 s left`
public struct ProgressBar: Equatable, Sendable {
    /// What is being counted.
    public enum Unit: Sendable {
        /// Todos, shown as a count.
        case todos
        /// Bytes of a file being read, shown in kB, MB or GB.
        case bytes
        /// Files of a folder being read, shown as a count.
        case files
    }

    /// The work, in a word ("Importing").
    public var label: String
    /// What `count` and `total` count.
    public var unit: Unit

    /// A bar for `label`, counting `unit`.
    public init(label: String, unit: Unit) {
        self.label = label
        self.unit = unit
    }

    /// The line for `count` of `total` done after `elapsed` seconds, at most `width` columns wide
    /// (the last column stays free, or the terminal would wrap the line). The rate and the time left
    /// appear once there is a rate to go by; at the end, while the work is saved, "saving…".
    public func line(count: Int, total: Int, elapsed: Double, width: Int) -> String {
        let done = max(0, min(count, total))
        var parts = ["\(amount(done))/\(amount(total))\(unit == .todos ? " todos" : unit == .files ? " files" : "")"]
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        if done >= total {
            parts.append("saving…")
        } else if rate >= 1 {
            parts += ["\(amount(Int(rate)))/s", "\(Self.duration(Double(total - done) / rate)) left"]
        }
        let details = parts.joined(separator: " · ")
        let barWidth = min(40, width - 1 - (label.count + 1 + 2 + 1 + details.count))
        guard barWidth >= 5 else {
            // Too narrow for a bar: the figures alone, the least important (time left, rate) given up first.
            while parts.count > 1, label.count + 1 + parts.joined(separator: " · ").count > width - 1 { parts.removeLast() }
            return String((label + " " + parts.joined(separator: " · ")).prefix(max(0, width - 1)))
        }
        let filled = total > 0 ? done * barWidth / total : 0
        let bar = String(repeating: "=", count: filled) + (filled < barWidth ? ">" : "")
            + String(repeating: " ", count: max(0, barWidth - filled - 1))
        return "\(label) [\(bar)] \(details)"
    }

    /// A count with thousands separators, or a size in bytes.
    private func amount(_ value: Int) -> String {
        switch unit {
        case .todos, .files: return Self.grouped(value)
        case .bytes:
            if value < 1_000_000 { return "\(value / 1_000) kB" }
            if value < 1_000_000_000 { return "\(value / 1_000_000).\(value / 100_000 % 10) MB" }
            return "\(value / 1_000_000_000).\(value / 100_000_000 % 10) GB"
        }
    }

    /// 1234567 as "1,234,567".
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return (value < 0 ? "-" : "") + result
    }

    /// "11 s", "2 min 5 s", "1 h 3 min".
    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up).clamped(to: 0...359_999))
        if whole < 60 { return "\(whole) s" }
        if whole < 3_600 { return "\(whole / 60) min \(whole % 60) s" }
        return "\(whole / 3_600) h \(whole / 60 % 60) min"
    }
}

private extension Double {
    func clamped(to range: ClosedRange<Double>) -> Double {
        Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}
