import TermTable

/// Which key runs which command in the list. The one source of truth for bindings and their help.
public struct KeyMap: Sendable {
    /// The bindings in the order help lists them.
    public private(set) var bindings: [(key: Key, command: Command)]

    /// Creates a key map from bindings.
    public init(_ bindings: [(key: Key, command: Command)]) { self.bindings = bindings }

    /// The command bound to a key, if any.
    public func command(for key: Key) -> Command? {
        bindings.first { $0.key == key }?.command
    }

    /// The keys bound to a command, in order.
    public func keys(for command: Command) -> [Key] {
        bindings.filter { $0.command == command }.map(\.key)
    }

    /// Binds a key (replacing its previous command).
    public mutating func bind(_ key: Key, to command: Command) {
        bindings.removeAll { $0.key == key }
        bindings.append((key, command))
    }

    /// Removes a key's binding.
    public mutating func unbind(_ key: Key) {
        bindings.removeAll { $0.key == key }
    }

    /// The bindings that apply instead while the table is in editing mode (`v`).
    public static let editing = KeyMap([
        (.character(" "), .mark), (.character("V"), .markAll),
        (.character("x"), .toggle), (.character("d"), .delete),
        (.character("f"), .flag), (.character("m"), .moveToList),
        (.character("+"), .raisePriority), (.character("-"), .lowerPriority),
        (.escape, .editMode), (.character("v"), .editMode),
    ])

    /// Tick's default bindings: vim-style letters plus the arrow and paging keys.
    public static let standard = KeyMap([
        (.character("j"), .moveDown), (.down, .moveDown),
        (.character("k"), .moveUp), (.up, .moveUp),
        (.character("g"), .moveToTop), (.home, .moveToTop),
        (.character("G"), .moveToBottom), (.end, .moveToBottom),
        (.pageDown, .pageDown), (.control("f"), .pageDown),
        (.pageUp, .pageUp), (.control("b"), .pageUp),
        (.control("d"), .halfPageDown), (.control("u"), .halfPageUp),
        (.tab, .nextList), (.backTab, .previousList),
        (.character("a"), .add),
        (.character("e"), .edit),
        (.character("x"), .toggle), (.character(" "), .toggle),
        (.character("d"), .delete),
        (.character("f"), .flag),
        (.character("+"), .raisePriority), (.character("-"), .lowerPriority),
        (.enter, .details),
        (.character("J"), .moveTodoDown), (.character("K"), .moveTodoUp),
        (.character("m"), .moveToList),
        (.character("u"), .undo), (.control("r"), .redo),
        (.character("l"), .swipeRight), (.right, .swipeRight),
        (.character("h"), .swipeLeft), (.left, .swipeLeft),
        (.character("/"), .search), (.character("n"), .nextMatch), (.character("N"), .previousMatch),
        (.character("z"), .collapse), (.character("H"), .toggleCompleted), (.character("s"), .cycleSort),
        (.character("L"), .manageLists),
        (.character("v"), .editMode), (.character("V"), .markAll),
        (.character("?"), .help), (.function(1), .help),
        (.function(12), .statistics),
        (.control("l"), .redraw),
        (.character("q"), .quit),
    ])
}
