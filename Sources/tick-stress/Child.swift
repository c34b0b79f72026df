import Foundation
import TodoStore
import TickTesting

/// The child: applies random changes to the store forever, logging each before and after its commit.
enum Child {
    static func run(path: String, seed: UInt64) -> Never {
        var random = SplitMix64(seed: seed)
        let store: TodoStore
        do {
            store = try TodoStore(path: path)
        } catch {
            FileHandle.standardError.write(Data("child: \(error)\n".utf8))
            exit(1)
        }
        // A store the last kill left unreadable is what this tool looks for: say so, never start from "no todos".
        var ids: [Int64]
        do {
            ids = try store.flatOrder().map(\.id)
        } catch {
            FileHandle.standardError.write(Data("child: cannot read the store: \(error)\n".utf8))
            exit(1)
        }
        var sequence = 0
        while true {
            sequence += 1
            let change: LogLine.Change
            switch (ids.isEmpty ? 0 : random.next() % 10) {
            case 0...4: change = .add(title: "t\(seed)-\(sequence)")
            case 5...6: change = .toggle(id: ids[Int(random.next() % UInt64(ids.count))])
            case 7...8: change = .delete(id: ids[Int(random.next() % UInt64(ids.count))])
            default: change = .rename(id: ids[Int(random.next() % UInt64(ids.count))], title: "r\(seed)-\(sequence)")
            }
            write(.begin(change))
            do {
                let id: Int64
                switch change {
                case .add(let title): id = try store.add(title: title, listID: TodoStore.inboxListID, after: nil).value.id
                case .toggle(let target):
                    let item = try store.item(id: target)!
                    id = try store.setDone(!item.isDone, ids: [target]).value[0].id
                case .delete(let target): id = try store.delete(ids: [target]).value[0].id
                case .rename(let target, let title): id = try store.update(id: target, title: title).value.id
                }
                write(.done(change, id: id))
                switch change {
                case .add: ids.append(id)
                case .delete(let target): ids.removeAll { $0 == target }
                default: break
                }
            } catch {
                FileHandle.standardError.write(Data("child: \(error)\n".utf8))
                exit(1)
            }
        }
    }

    /// Writes one line straight to the pipe (no buffering), so what the parent reads is what was done.
    private static func write(_ line: LogLine) {
        let bytes = Array((line.text + "\n").utf8)
        bytes.withUnsafeBytes { buffer in _ = Foundation.write(STDOUT_FILENO, buffer.baseAddress, buffer.count) }
    }
}

