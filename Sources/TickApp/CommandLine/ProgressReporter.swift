/// Draws a `ProgressBar` on standard error while a command works, in place, and erases it at the
/// end, so the terminal is left as if there had been none.
///
/// Nothing is drawn for work that ends within `delay` (a bar that flashes for a tenth of a second
/// only distracts), nothing more than ten times a second, and nothing at all when `isShown` is false
/// (standard error is not a terminal, or `--quiet`).
final class ProgressReporter {
    private let bar: ProgressBar
    private let isShown: Bool
    private let write: (String) -> Void
    private let width: Int
    private let clock: () -> Double
    private let delay: Double
    private let start: Double
    private var lastDraw: Double?

    /// Shortest time between two drawings: at most ten a second.
    static let interval = 0.1

    /// A reporter for `bar` writing through `write` into a terminal `width` columns wide; `clock`
    /// gives seconds (the monotonic clock unless a test gives its own).
    init(_ bar: ProgressBar, isShown: Bool, width: Int, delay: Double = 0.5,
         clock: @escaping () -> Double = ProgressReporter.monotonicSeconds, write: @escaping (String) -> Void) {
        self.bar = bar
        self.isShown = isShown
        self.width = width
        self.clock = clock
        self.delay = delay
        self.write = write
        start = clock()
    }

    /// Notes `count` of `total` done, drawing the bar when it is due.
    func update(count: Int, total: Int) {
        update { [bar] elapsed, width in bar.line(count: count, total: total, elapsed: elapsed, width: width) }
    }

    /// Draws the line `makeLine` gives for the elapsed seconds and the width, when a drawing is due
    /// (for progress that is not one count, as `tick sync`'s phases).
    func update(_ makeLine: (_ elapsed: Double, _ width: Int) -> String) {
        guard isShown else { return }
        let now = clock()
        guard now - start >= delay, lastDraw.map({ now - $0 >= Self.interval }) ?? true else { return }
        lastDraw = now
        // \r goes back to the start of the line and \e[K clears what a longer line left behind.
        write("\r" + makeLine(now - start, width) + "\u{1B}[K")
    }

    /// Erases the bar, if it was drawn; the cursor is left at the start of the emptied line.
    func finish() {
        guard lastDraw != nil else { return }
        lastDraw = nil
        write("\r\u{1B}[K")
    }

    /// Seconds on the monotonic clock.
    static func monotonicSeconds() -> Double {
        let now = ContinuousClock.now - ContinuousClock.Instant.zeroReference
        return Double(now.components.seconds) + Double(now.components.attoseconds) / 1e18
    }
}

private extension ContinuousClock.Instant {
    /// Some fixed instant to measure from (instants have no public epoch).
    static let zeroReference = ContinuousClock.now
}
