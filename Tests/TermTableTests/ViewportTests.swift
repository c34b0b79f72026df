import Testing
@testable import TermTable

@Suite("Viewport")
struct ViewportTests {
    /// A table shape with these row counts, a one-line header and a one-line footer in every section.
    static func sections(_ counts: [Int]) -> SectionMetrics {
        var sections = SectionMetrics()
        sections.setRowCounts(counts)
        sections.headerHeights = counts.map { _ in 1 }
        sections.footerHeights = counts.map { _ in 1 }
        return sections
    }

    @Test("A batch update keeps the viewport on its row, header or footer, with the lines scrolled above the top, when the item survives",
          arguments: RemapCase.all)
    func viewportStaysOnItsItem(_ change: RemapCase) throws {
        let plan = try change.plan()
        let after = Self.sections(change.after.map(\.count))
        for old in RemapCase.oldRows {
            guard let new = change.newIndexPath(ofOld: old) else { continue }
            let remapped = Viewport(anchor: .row(old), offset: 1).remapped(by: plan, in: after)
            #expect(remapped.anchor == .row(new), "the viewport on \(old)")
            #expect(remapped.offset == 1)
        }
        for old in RemapCase.before.indices {
            guard let new = change.sections[old] else { continue }
            #expect(Viewport(anchor: .header(old), offset: 0).remapped(by: plan, in: after).anchor == .header(new))
            let footer = Viewport(anchor: .footer(old), offset: 0).remapped(by: plan, in: after)
            #expect(footer.anchor == .footer(new))
        }
    }

    /// A viewport whose top item an update removes, and where it goes instead.
    struct Replacement: Sendable, CustomTestStringConvertible {
        let name: String
        let after: [Int]
        let tell: @Sendable (inout BatchUpdate) -> Void
        let anchor: LayoutItem
        let expected: LayoutItem?
        var testDescription: String { name }
    }

    static let replacements: [Replacement] = [
        Replacement(name: "its row deleted: the next row", after: [4, 3], tell: { $0.deletedRows = [RemapCase.path(0, 1)] },
                    anchor: .row(RemapCase.path(0, 1)), expected: .row(RemapCase.path(0, 1))),
        Replacement(name: "its row, the last of the section, deleted: the previous row", after: [4, 3], tell: { $0.deletedRows = [RemapCase.path(0, 4)] },
                    anchor: .row(RemapCase.path(0, 4)), expected: .row(RemapCase.path(0, 3))),
        Replacement(name: "its section emptied: that section's header", after: [0, 3], tell: { $0.deletedRows = (0..<5).map { RemapCase.path(0, $0) } },
                    anchor: .row(RemapCase.path(0, 2)), expected: .header(0)),
        Replacement(name: "its row's section deleted: the first item of the section now in its place", after: [3], tell: { $0.deletedSections = [0] },
                    anchor: .row(RemapCase.path(0, 2)), expected: .header(0)),
        Replacement(name: "its header's section, the last one, deleted: the first item of the section now last", after: [5], tell: { $0.deletedSections = [1] },
                    anchor: .header(1), expected: .header(0)),
        Replacement(name: "its footer's section deleted: the first item of the section now in its place", after: [3], tell: { $0.deletedSections = [0] },
                    anchor: .footer(0), expected: .header(0)),
        Replacement(name: "every section deleted: nothing", after: [], tell: { $0.deletedSections = [0, 1] },
                    anchor: .row(RemapCase.path(1, 1)), expected: nil),
    ]

    @Test("When the item at the top goes, the viewport moves to the item that took its place, from its first line",
          arguments: replacements)
    func viewportMovesToTheItemInItsPlace(_ replacement: Replacement) throws {
        var update = BatchUpdate()
        replacement.tell(&update)
        let plan = try UpdatePlan(before: RemapCase.before.map(\.count), after: replacement.after, update: update)
        let remapped = Viewport(anchor: replacement.anchor, offset: 1).remapped(by: plan, in: Self.sections(replacement.after))
        #expect(remapped.anchor == replacement.expected)
        #expect(remapped.offset == 0)
    }
}
