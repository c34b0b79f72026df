import FoundationEssentials

/// Changes to several todos at once (editing mode's marked rows): each is one transaction and one
/// undoable step, however many todos it touches; todos it would not change are left out of it.
extension TodoStore {
    /// Flags the todos, or removes their flags, and returns them as they are now (once each).
    @discardableResult
    public func setFlagged(_ flagged: Bool, ids: [Int64]) throws -> Committed<[TodoItem]> {
        try journaled {
            var results: [TodoItem] = [], changed: [TodoItem] = []
            for id in Self.unique(ids) {
                var item = try requireItem(id: id)
                if item.isFlagged != flagged {
                    changed.append(item)
                    item.isFlagged = flagged
                }
                results.append(item)
            }
            try runChunked("UPDATE todos SET flagged = ? WHERE id IN (#)", ids: changed.map(\.id), leading: [flagged])
            return (results, .todos(flagged ? "flag %@" : "unflag %@", titles: changed.map(\.title), ids: changed.map(\.id)))
        }
    }

    /// Raises (`steps` > 0) or lowers each todo's priority by `steps` within none…high (0–3), and
    /// returns them as they are now (once each). A priority above high (from an import) is never
    /// lowered by raising it.
    @discardableResult
    public func changePriority(by steps: Int, ids: [Int64]) throws -> Committed<[TodoItem]> {
        try journaled {
            var results: [TodoItem] = [], changed: [TodoItem] = []
            var byPriority: [Int: [Int64]] = [:]
            for id in Self.unique(ids) {
                var item = try requireItem(id: id)
                let new = steps > 0 ? max(item.priority, min(3, item.priority + steps)) : max(0, min(item.priority, 3) + steps)
                if new != item.priority {
                    changed.append(item)
                    item.priority = new
                    byPriority[new, default: []].append(id)
                }
                results.append(item)
            }
            // One statement per new priority (at most four), not one per todo.
            for (priority, group) in byPriority.sorted(by: { $0.key < $1.key }) {
                try runChunked("UPDATE todos SET priority = ? WHERE id IN (#)", ids: group, leading: [Int64(priority)])
            }
            return (results, .todos(steps > 0 ? "raise the priority of %@" : "lower the priority of %@",
                                    titles: changed.map(\.title), ids: changed.map(\.id)))
        }
    }

    /// Moves the todos to the top of list `listID`, keeping the order given, and returns them as
    /// they are now (once each). Todos already in that list stay where they are. Each takes its
    /// subtasks along; one whose parent stays behind goes to the top level.
    @discardableResult
    public func move(ids: [Int64], toList listID: Int64) throws -> Committed<[TodoItem]> {
        try journaled {
            try requireList(id: listID)
            var results: [TodoItem] = [], moved: [TodoItem] = []
            var previous: Key?
            let moving = try withSubtrees(ids)
            let movingIDs = Set(moving)
            for id in moving {
                var item = try requireItem(id: id)
                if item.listID != listID {
                    if let parent = try parentID(of: id), !movingIDs.contains(parent) {
                        try connection.run("UPDATE todos SET parent_uid = NULL WHERE id = ?", [id])
                        item.parentUID = nil
                    }
                    _ = try place(item, inList: listID, after: previous)
                    let placed = try positions.key(ofTodo: id)
                    previous = placed
                    moved.append(item)
                    item.listID = listID
                    item.position = placed.position
                }
                results.append(item)
            }
            return (results, .todos("move %@", titles: moved.map(\.title), ids: moved.map(\.id)))
        }
    }
}
