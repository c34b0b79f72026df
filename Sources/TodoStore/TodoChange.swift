import FoundationEssentials

/// One committed change of the store as a screen needs it: which todos arrived, left, moved or
/// changed in place, where they were and are in their lists' ranked order, the counts of the lists
/// they touched, and what happened to lists themselves.
///
/// Built from the journal rows the step wrote (`history_todos`, `history_lists`), so an own
/// mutation, an undo or redo, and another process's steps all describe themselves the same way.
/// When the journal cannot say (a step too big to describe row by row, another process undid
/// something) the change says `readsEverything`, and the reader reads its state afresh.
public struct TodoChange: Equatable, Sendable {
    /// Where a todo sits in its list's ranked order: open todos by position, then done todos by
    /// completion (the order the manual sort with completed todos shown displays).
    public struct Place: Hashable, Sendable {
        /// The list holding the todo.
        public var listID: Int64
        /// Whether the todo is done (it then sits after every open todo of its list).
        public var isDone: Bool
        /// Its row in the list's ranked order.
        public var row: Int

        /// A place in a list's ranked order.
        public init(listID: Int64, isDone: Bool, row: Int) {
            self.listID = listID
            self.isDone = isDone
            self.row = row
        }
    }

    /// What happened to one todo.
    public struct Todo: Equatable, Sendable {
        /// The todo.
        public var id: Int64
        /// Where it was before the change; nil when the change inserted it.
        public var old: Place?
        /// Where it is after the change; nil when the change deleted it.
        public var new: Place?
        /// Whether anything it shows changed (title, notes, dates, priority, flag, tags, completion, parent), as
        /// opposed to only its place.
        public var fieldsChanged: Bool

        /// A todo's change, from its place before and after.
        public init(id: Int64, old: Place?, new: Place?, fieldsChanged: Bool) {
            self.id = id
            self.old = old
            self.new = new
            self.fieldsChanged = fieldsChanged
        }

        /// The kind of change, as a table update names it.
        public var kind: Kind {
            switch (old, new) {
            case (nil, _): return .inserted
            case (_, nil): return .deleted
            case let (old?, new?): return old.listID == new.listID && old.row == new.row ? .updated : .moved
            }
        }

        /// The kinds of change a todo can undergo.
        public enum Kind: Sendable {
            /// It did not exist before.
            case inserted
            /// It does not exist after.
            case deleted
            /// It changed list or row (and maybe its fields).
            case moved
            /// It stayed at its row and only its fields changed.
            case updated
        }
    }

    /// A list's open and done todos after the change.
    public struct Counts: Hashable, Sendable {
        /// Todos not done.
        public var open: Int
        /// Todos done.
        public var done: Int

        /// Counts of open and done todos.
        public init(open: Int, done: Int) {
            self.open = open
            self.done = done
        }
    }

    /// What happened to one list row.
    public struct ListChange: Equatable, Sendable {
        /// The list.
        public var id: Int64
        /// What changed about it.
        public var kinds: Kinds

        /// A list's change.
        public init(id: Int64, kinds: Kinds) {
            self.id = id
            self.kinds = kinds
        }

        /// The things that can change about a list.
        public struct Kinds: OptionSet, Hashable, Sendable {
            public let rawValue: Int
            /// Makes a set from its bits.
            public init(rawValue: Int) { self.rawValue = rawValue }
            /// The list is new.
            public static let added = Kinds(rawValue: 1)
            /// The list is gone.
            public static let deleted = Kinds(rawValue: 2)
            /// Its name changed.
            public static let renamed = Kinds(rawValue: 4)
            /// Its place among the lists changed.
            public static let reordered = Kinds(rawValue: 8)
            /// It was folded or unfolded.
            public static let folded = Kinds(rawValue: 16)
        }
    }

    /// Why a change cannot be described row by row.
    public enum Unknown: Equatable, Sendable {
        /// The step changed more rows than `TodoChange.rowLimit`.
        case tooBig
        /// Another process changed the store in a way its journal does not explain (it undid or
        /// redid a step, or dropped history this store had not seen yet).
        case unexplained
    }

    /// The todos the change touched, each once, in no particular order. Empty when `unknown` is set.
    public var todos: [Todo]
    /// The open and done counts after the change of every list a todo left or joined.
    public var counts: [Int64: Counts]
    /// The lists the change added, deleted, renamed, reordered or folded.
    public var lists: [ListChange]
    /// Whether a todo gained or lost a priority or a flag, so the columns every row shows for them
    /// may have come or gone.
    public var mayChangeRowColumns: Bool
    /// Set when the change cannot be told row by row: the reader must read everything again.
    public var unknown: Unknown?

    /// A change described row by row.
    public init(todos: [Todo] = [], counts: [Int64: Counts] = [:], lists: [ListChange] = [], mayChangeRowColumns: Bool = false) {
        self.todos = todos
        self.counts = counts
        self.lists = lists
        self.mayChangeRowColumns = mayChangeRowColumns
        unknown = nil
    }

    /// A change that only says "read everything again", and why.
    public static func readEverything(_ reason: Unknown) -> TodoChange {
        var change = TodoChange()
        change.unknown = reason
        change.mayChangeRowColumns = true
        return change
    }

    /// No change at all.
    public static let none = TodoChange()

    /// Whether the reader must read everything again instead of applying the change row by row.
    public var readsEverything: Bool { unknown != nil }

    /// Whether nothing changed.
    public var isEmpty: Bool { unknown == nil && todos.isEmpty && lists.isEmpty }

    /// Journal rows described row by row at most, as many as the store patches its caches from: a
    /// bigger step (an import) is cheaper to read again than to place row by row.
    public static let rowLimit = TodoStore.journalPatchLimit
}
