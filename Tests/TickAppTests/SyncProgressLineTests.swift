import Testing
import TodoSync
@testable import TickApp

@Suite("tick sync progress line")
struct SyncProgressLineTests {
    @Test("The line is a function of the phase, the requests and the todos done of those known", arguments: [
        (SyncProgress(phase: .collections, requests: 0), 0.0, "Syncing: finding the collections · 0 requests"),
        (SyncProgress(phase: .collections, requests: 1), 0.2, "Syncing: finding the collections · 1 request"),
        (SyncProgress(phase: .pull, requests: 5), 0.6, "Receiving: asking the server what changed · 5 requests"),
        (SyncProgress(phase: .pull, requests: 7, itemsDone: 12, itemsTotal: 40), 2.0,
         "Receiving [============>                           ] 12/40 todos · 6/s · 5 s left · 7 requests"),
        (SyncProgress(phase: .push, requests: 9), 1.0, "Sending: nothing to send · 9 requests"),
        (SyncProgress(phase: .push, requests: 1_204, itemsDone: 1_190, itemsTotal: 10_000), 10.0,
         "Sending [====>                                   ] 1,190/10,000 todos · 119/s · 1 min 15 s left · 1,204 requests"),
        (SyncProgress(phase: .push, requests: 30, itemsDone: 20, itemsTotal: 20), 3.0,
         "Sending [========================================] 20/20 todos · saving… · 30 requests"),
    ])
    func line(progress: SyncProgress, elapsed: Double, expected: String) {
        #expect(SyncProgressLine.line(progress, elapsed: elapsed, width: 200) == expected)
    }

    @Test("It never fills the last column: the bar goes first, then the request count", arguments: [100, 80, 60, 45, 30, 12, 1])
    func fits(width: Int) {
        let phases = [SyncProgress(phase: .collections, requests: 3), SyncProgress(phase: .pull, requests: 3),
                      SyncProgress(phase: .push, requests: 1_204, itemsDone: 1_190, itemsTotal: 10_000)]
        for progress in phases {
            let line = SyncProgressLine.line(progress, elapsed: 10, width: width)
            #expect(line.count <= width - 1, "\(line)")
            #expect(!line.contains("\u{1B}") && !line.contains("\r"))
        }
        let sending = SyncProgressLine.line(phases[2], elapsed: 10, width: width)
        if width == 100 { #expect(sending.hasPrefix("Sending [") && sending.hasSuffix(" · 1,204 requests")) }
        if width == 60 { #expect(sending == "Sending 1,190/10,000 todos · 119/s · 1,204 requests") }
        if width == 45 { #expect(sending == "Sending 1,190/10,000 todos · 1,204 requests") }
        if width == 30 { #expect(sending == "Sending 1,190/10,000 todos") }
    }
}
