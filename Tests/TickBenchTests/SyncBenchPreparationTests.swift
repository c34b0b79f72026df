import Foundation
import Testing
@testable import tick_bench

/// The parts of the sync rows that decide what is measured: the server items written straight into
/// Radicale's storage must be what a sync would have uploaded, another device's edit must change
/// only the title, and the verdicts must follow the targets.
@Suite("Sync bench: prepared server items and verdicts")
struct SyncBenchPreparationTests {
    private static let exported = [
        "BEGIN:VTODO", "UID:0190aaaa-bbbb-7ccc-8ddd-000000000001", "DTSTAMP:20261201T000000Z",
        "SUMMARY:#1 buy milk and a very long title that the export folds because it is longer than seventy-five",
        " octets in all", "X-TICK-LIST:Work", "X-APPLE-SORT-ORDER:42", "STATUS:NEEDS-ACTION", "END:VTODO",
    ].joined(separator: "\r\n") + "\r\n"

    @Test("An exported VTODO becomes the item a sync uploads: wrapped in a VCALENDAR, without the list and order properties")
    func serverItemDropsExportOnlyProperties() {
        let item = ServerItem(vtodo: Self.exported)
        #expect(item.listName == "Work")
        #expect(item.fileName == "0190aaaa-bbbb-7ccc-8ddd-000000000001.ics")
        #expect(item.text == [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tick//Tick//EN",
            "BEGIN:VTODO", "UID:0190aaaa-bbbb-7ccc-8ddd-000000000001", "DTSTAMP:20261201T000000Z",
            "SUMMARY:#1 buy milk and a very long title that the export folds because it is longer than seventy-five",
            " octets in all", "STATUS:NEEDS-ACTION", "END:VTODO", "END:VCALENDAR",
        ].joined(separator: "\r\n") + "\r\n")
    }

    @Test("A VTODO without a list goes to the Inbox's collection, and a folded list line goes with its property", arguments: [
        ("X-TICK-LIST:Errands\r\n and more", "Errands", false),
        ("STATUS:COMPLETED", "Inbox", true),
    ])
    func serverItemList(line: String, list: String, keepsLine: Bool) {
        let item = ServerItem(vtodo: "BEGIN:VTODO\r\nUID:a\r\n\(line)\r\nEND:VTODO\r\n")
        #expect(item.listName == list)
        #expect(item.text.contains(line) == keepsLine)
        #expect(!item.text.contains(" and more"))
    }

    @Test("A UID with characters outside the unreserved set is percent-encoded in the item's name, as the sync names it")
    func fileNameIsPercentEncoded() {
        #expect(ServerItem.pathSegment("a b/ç~x") == "a%20b%2F%C3%A7~x")
    }

    @Test("Another device's edit replaces the whole SUMMARY, folded lines included, and nothing else")
    func retitledReplacesOnlyTheSummary() {
        let edited = SyncBenchmark.retitled(Self.exported, to: "changed")
        #expect(edited.contains("\r\nSUMMARY:changed\r\nX-TICK-LIST:Work\r\n"))
        #expect(!edited.contains("octets in all"))
        #expect(edited.replacingOccurrences(of: "SUMMARY:changed\r\n", with: "") ==
                Self.exported.replacingOccurrences(of: "SUMMARY:#1 buy milk and a very long title that the export folds because it is longer than seventy-five\r\n octets in all\r\n", with: ""))
    }

    @Test("One change passes with a few requests and fails with more", arguments: [(4, true), (10, true), (11, false)])
    func oneChangeVerdict(requests: Int, met: Bool) {
        var result = SyncBenchmark.Result(uploadSize: 1_000, transferSize: 10_000, largeSize: 100_000)
        result.localChange = SyncTransfer(seconds: 1, requests: requests, line: "")
        let row = SyncReport(result: result).rows.first { $0.measure.hasPrefix("one change here") }
        #expect(row?.met == met)
    }

    @Test("A size of 0 leaves its rows out", arguments: [((0, 0, 100_000), 2), ((1_000, 0, 0), 1), ((0, 10_000, 0), 3)])
    func zeroSizeLeavesRowsOut(sizes: (Int, Int, Int), rowCount: Int) {
        let result = SyncBenchmark.Result(uploadSize: sizes.0, transferSize: sizes.1, largeSize: sizes.2)
        #expect(SyncReport(result: result).rows.count == rowCount)
    }

    @Test("Sync configured may cost the first frame up to 10% and idle CPU up to twice", arguments: [
        (20.0, 21.9, 0.10, 0.19, true, true), (20.0, 22.5, 0.10, 0.25, false, false),
    ])
    func ratioVerdicts(frameWithout: Double, frameWith: Double, idleWithout: Double, idleWith: Double, frameMet: Bool, idleMet: Bool) {
        var result = SyncBenchmark.Result(uploadSize: 1_000, transferSize: 10_000, largeSize: 100_000)
        (result.firstFrameWithout, result.firstFrameWith, result.idleWithout, result.idleWith) = (frameWithout, frameWith, idleWithout, idleWith)
        let rows = SyncReport(result: result).rows
        #expect(rows.first { $0.measure.hasPrefix("first frame") }?.met == frameMet)
        #expect(rows.first { $0.measure.hasPrefix("idle CPU") }?.met == idleMet)
    }
}
