import Foundation

/// The benchmark's one table: a row per figure, a column per store size, the issue's target and a verdict.
struct Report {
    /// One line of the table.
    struct Row {
        var measure: String
        var cells: [String]
        var target: String
        /// True when met, false when missed, nil when there is nothing to judge.
        var met: Bool?
    }

    /// Results per size, smallest first.
    let results: [SizeResult]
    /// The in-process TermTable comparison.
    let table: TableUpdateBenchmark.Result
    /// Whether write keys ran without fsync.
    let synchronousOff: Bool
    /// tt-browse scrolling a million variable-height lines, in process (`BrowseBenchmark`).
    var browse: BrowseBenchmark.Result? = nil

    private var baseline: SizeResult? { results.first { $0.size == 1_000 } }

    /// Every row, in reading order.
    var rows: [Row] {
        var rows: [Row] = []
        let sizes = results.filter { $0.size > 1_000 }
        rows.append(Row(measure: "first frame, ms", cells: results.map { format($0.firstFrameMilliseconds, 1) },
                        target: "< 50 ms", met: results.allSatisfy { $0.firstFrameMilliseconds < 50 }))
        rows.append(ratioRow("first frame ÷ 1,000's", \.firstFrameMilliseconds, limit: 2, sizes: sizes))
        rows.append(Row(measure: "peak memory, MB", cells: results.map { format($0.peakResidentBytes / 1_048_576, 1) },
                        target: "< 20 MB", met: results.allSatisfy { $0.peakResidentBytes < 20 * 1_048_576 }))
        rows.append(ratioRow("peak memory ÷ 1,000's", \.peakResidentBytes, limit: 1.3, sizes: sizes))
        rows.append(Row(measure: "idle CPU, ms per second", cells: results.map { $0.idleCPUMillisecondsPerSecond.map { format($0, 2) } ?? "n/a" },
                        target: "reported only", met: nil))
        for key in SizeBenchmark.readKeys + SizeBenchmark.writeKeys {
            let values = results.map { $0.keyCPU[key] ?? nil }
            let name = SizeBenchmark.writeKeys.contains(key) && !synchronousOff ? " (with fsync)" : ""
            let isReference = key == "unbound F2"
            rows.append(Row(measure: "CPU per key: \(key)\(name), ms", cells: values.map { $0.map { format($0, 3) } ?? "n/a" },
                            target: isReference ? "reference" : "< 1 ms",
                            met: isReference ? nil : verdict(values.compactMap { $0 }.map { $0 < 1 })))
        }
        for key in WrappedTitlesBenchmark.keys {
            let values = results.map { $0.keyCPU[key] ?? nil }
            rows.append(Row(measure: "CPU per key: \(key), ms", cells: values.map { $0.map { format($0, 3) } ?? "n/a" },
                            target: "< 1 ms", met: verdict(values.compactMap { $0 }.map { $0 < 1 })))
        }
        let opens = results.map { $0.keyCPU[AgendaBenchmark.openKey] ?? nil }
        rows.append(Row(measure: "CPU per key: \(AgendaBenchmark.openKey), ms", cells: opens.map { $0.map { format($0, 3) } ?? "n/a" },
                        target: "≤ 2× the 1,000 figure", met: agendaOpenVerdict(opens)))
        let agendaLines = results.map { $0.keyCPU[AgendaBenchmark.scrollKey] ?? nil }
        rows.append(Row(measure: "CPU per key: \(AgendaBenchmark.scrollKey), ms", cells: agendaLines.map { $0.map { format($0, 3) } ?? "n/a" },
                        target: "< 1 ms", met: verdict(agendaLines.compactMap { $0 }.map { $0 < 1 })))
        for (_, _, name) in SearchBenchmark.keystrokes {
            let cpu = results.map { $0.search.keyThreadCPU[name] ?? nil }
            rows.append(Row(measure: "search keystroke, \(name): key-thread CPU until the input line answers, ms",
                            cells: cpu.map { $0.map { format($0, 3) } ?? "n/a" }, target: "< 1 ms",
                            met: verdict(cpu.compactMap { $0 }.map { $0 < 1 })))
            let shown = results.map { $0.search.matchesOnScreen[name] ?? nil }
            rows.append(Row(measure: "search keystroke, \(name): until the matches near the top are on screen, ms",
                            cells: shown.map { $0.map { format($0, 1) } ?? "n/a" }, target: "< 50 ms",
                            met: verdict(shown.compactMap { $0 }.map { $0 < 50 })))
        }
        let editor = results.map { $0.keyCPU[LongTitleBenchmark.key] ?? nil }
        rows.append(Row(measure: "CPU to open the editor (e) on a 100 KB title, ms", cells: editor.map { $0.map { format($0, 2) } ?? "n/a" },
                        target: "< 16 ms", met: verdict(editor.compactMap { $0 }.map { $0 < 16 })))
        if synchronousOff {
            for key in SizeBenchmark.writeKeys {
                let cells = results.map { result -> String in
                    guard let with = result.keyCPUWithFsync[key] ?? nil, let without = result.keyCPU[key] ?? nil else { return "n/a" }
                    return format(with - without, 3)
                }
                rows.append(Row(measure: "fsync cost: \(key), ms", cells: cells, target: "reported only", met: nil))
            }
        }
        for (name, label, target) in [("line@80x24", "bytes, one-line scroll 80×24", "≤ 2 rows + 40"),
                                      ("page@80x24", "bytes, page scroll 80×24", "≤ visible rows + 10%"),
                                      ("line@200x60", "bytes, one-line scroll 200×60", "≤ 2 rows + 40"),
                                      ("page@200x60", "bytes, page scroll 200×60", "≤ visible rows + 10%")] {
            let pairs = results.map { $0.bytes[name] }
            rows.append(Row(measure: label, cells: pairs.map { $0.map { "\(Int($0.measured)) / \(Int($0.limit))" } ?? "—" },
                            target: target, met: verdict(pairs.compactMap { $0 }.map { $0.measured <= $0.limit })))
        }
        let cells = results.map { result in result.cellsCreated.map { ($0, result.visibleRows + 2) } }
        rows.append(Row(measure: "cells created, 10,000 rows scrolled", cells: cells.map { $0.map { "\($0.0) / \($0.1)" } ?? "n/a" },
                        target: "≤ visible rows + 2", met: verdict(cells.compactMap { $0 }.map { $0.0 <= $0.1 })))
        let wrapped = results.map { result in result.cellsCreatedWrapped.map { ($0, WrappedTitlesBenchmark.rows - 1 + 2) } }
        rows.append(Row(measure: "cells created, 10,000 rows scrolled, titles wrapped 40×24", cells: wrapped.map { $0.map { "\($0.0) / \($0.1)" } ?? "n/a" },
                        target: "≤ visible rows + 2", met: verdict(wrapped.compactMap { $0 }.map { $0.0 <= $0.1 })))
        let agendaCells = results.map { result in result.cellsCreatedAgenda.map { ($0, result.visibleRows + 2) } }
        rows.append(Row(measure: "cells created, 10,000 rows scrolled in the agenda", cells: agendaCells.map { $0.map { "\($0.0) / \($0.1)" } ?? "n/a" },
                        target: "≤ visible rows + 2", met: verdict(agendaCells.compactMap { $0 }.map { $0.0 <= $0.1 })))
        // The outline (issue 31) at the sizes where it was measured (the largest), "—" elsewhere.
        let outlines = results.map { $0.outline.map(OutlineBenchmark.rows) }
        if let figures = outlines.compactMap({ $0 }).first {
            for index in figures.indices {
                let measured = outlines.compactMap { $0?[index] }
                rows.append(Row(measure: "outline: " + figures[index].measure, cells: outlines.map { $0?[index].cell ?? "—" },
                                target: figures[index].target, met: verdict(measured.compactMap(\.met))))
            }
        }
        return rows
    }

    /// Opening the agenda against the 1,000 store's figure (flat cost); nil without that figure.
    private func agendaOpenVerdict(_ values: [Double?]) -> Bool? {
        guard let index = results.firstIndex(where: { $0.size == 1_000 }), let base = values[index], base > 0 else { return nil }
        return verdict(zip(results, values).filter { $0.0.size > 1_000 }.compactMap { $0.1 }.map { $0 <= 2 * base })
    }

    /// The TermTable comparison as one line.
    var tableLine: String {
        "TermTable, one row of 100 changed and drawn on 80×24: reloadData() \(format(table.reloadDataNanoseconds / 1_000, 2)) µs, "
            + "reloadRows \(format(table.reloadRowsNanoseconds / 1_000, 2)) µs, reconfigureRows \(format(table.reconfigureRowsNanoseconds / 1_000, 2)) µs "
            + "(each including a draw; a draw with nothing changed: \(format(table.drawOnlyNanoseconds / 1_000, 2)) µs): "
            + "batch \(format(table.ratio, 1))× cheaper (target ≥ 5×) \(table.ratio >= 5 ? "✓" : "✗"); "
            + "above that draw: \(format(table.ratioAboveDraw, 1))×"
    }

    /// The table as Markdown, columns padded so it also reads well in a terminal.
    var markdown: String {
        let header = ["measure"] + results.map { $0.size.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US"))) }
            + ["target", ""]
        let body = rows.map { [$0.measure] + $0.cells + [$0.target, $0.met.map { $0 ? "✓" : "✗" } ?? ""] }
        let all = [header] + body
        let widths = (0..<header.count).map { column in all.map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            "| " + zip(cells, widths).enumerated().map { index, pair in
                let padding = String(repeating: " ", count: pair.1 - pair.0.count)
                return index == 0 || index >= header.count - 2 ? pair.0 + padding : padding + pair.0
            }.joined(separator: " | ") + " |"
        }
        let rule = "|" + widths.enumerated().map { index, width in
            let dashes = String(repeating: "-", count: width)
            return index == 0 || index >= header.count - 2 ? " \(dashes) " : " \(dashes):"
        }.joined(separator: "|") + "|"
        return ([line(header), rule] + body.map(line)).joined(separator: "\n")
    }

    private func ratioRow(_ measure: String, _ value: KeyPath<SizeResult, Double>, limit: Double, sizes: [SizeResult]) -> Row {
        guard let base = baseline?[keyPath: value], base > 0 else {
            return Row(measure: measure, cells: results.map { _ in "n/a" }, target: "≤ \(format(limit, 1))× (needs 1,000)", met: nil)
        }
        let cells = results.map { $0.size > 1_000 ? format($0[keyPath: value] / base, 2) + "×" : "—" }
        return Row(measure: measure, cells: cells, target: "≤ \(format(limit, 1))×",
                   met: verdict(sizes.map { $0[keyPath: value] / base <= limit }))
    }

    private func verdict(_ checks: [Bool]) -> Bool? { checks.isEmpty ? nil : checks.allSatisfy { $0 } }

    private func format(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }
}
