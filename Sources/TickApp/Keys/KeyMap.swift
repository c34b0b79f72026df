import TermTable

/// Which key asks for which action in one mode: the one source of truth for that mode's bindings
/// and for their help. Data only, so the config file can change it (`bind MODE KEY ACTION`).
public struct ModeKeyMap<Action: KeyAction>: Sendable {
    /// The bindings in the order help lists them.
    public private(set) var bindings: [(key: Key, action: Action)] {
        // Every key typed into an input line is looked up first: a hash, not a walk through the bindings.
        didSet { actionsByKey = Self.index(bindings) }
    }
    /// The bindings by key, for `action(for:)`.
    private var actionsByKey: [Key: Action]

    /// Creates a key map from bindings (the first binding of a key that is listed twice counts).
    public init(_ bindings: [(key: Key, action: Action)]) {
        self.bindings = bindings
        actionsByKey = Self.index(bindings)
    }

    private static func index(_ bindings: [(key: Key, action: Action)]) -> [Key: Action] {
        Dictionary(bindings.map { ($0.key, $0.action) }, uniquingKeysWith: { first, _ in first })
    }

    /// The action bound to a key, if any. A paste is text, never a key (and hashing a large one per
    /// lookup would cost as much as the text is long).
    public func action(for key: Key) -> Action? {
        if case .paste = key { return nil }
        return actionsByKey[key]
    }

    /// The keys bound to an action, in order.
    public func keys(for action: Action) -> [Key] {
        bindings.filter { $0.action == action }.map(\.key)
    }

    /// Binds a key (replacing its previous action).
    public mutating func bind(_ key: Key, to action: Action) {
        bindings.removeAll { $0.key == key }
        bindings.append((key, action))
    }

    /// Removes a key's binding.
    public mutating func unbind(_ key: Key) {
        bindings.removeAll { $0.key == key }
    }

    /// The action a config file names, in any case.
    static func action(named name: String) -> Action? {
        Action.allCases.first { $0.rawValue.lowercased() == name.lowercased() }
    }

    /// Every action's name, in declaration order, for problem reports and docs/configuration.md.
    static var actionNames: [String] { Action.allCases.map(\.rawValue) }

    /// The bound actions with their keys, in declaration order: the lines of the mode's help.
    var helpEntries: [(keys: [Key], action: Action)] {
        Action.allCases.compactMap { action in
            let keys = keys(for: action)
            return keys.isEmpty ? nil : (keys, action)
        }
    }

    /// The bindings as text, to compare two maps.
    var signature: [String] { bindings.map { "\($0.key)=\($0.action.rawValue)" } }
}

extension Command: KeyAction {}

/// The list's key map: which key runs which command.
public typealias KeyMap = ModeKeyMap<Command>

extension ModeKeyMap where Action == Command {
    /// The command bound to a key, if any.
    public func command(for key: Key) -> Command? { action(for: key) }

    /// The bindings that apply instead while the table is in editing mode (`v`).
    public static let editing = KeyMap([
        (.character(" "), .mark), (.character("V"), .markAll),
        (.character("x"), .toggle), (.character("d"), .delete),
        (.character("w"), .start), (.character("X"), .cancel),
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
        (.character("w"), .start), (.character("X"), .cancel),
        (.character("d"), .delete),
        (.character("f"), .flag),
        (.character("+"), .raisePriority), (.character("-"), .lowerPriority),
        (.enter, .details),
        (.character("J"), .moveTodoDown), (.character("K"), .moveTodoUp),
        (.character("m"), .moveToList), (.character("o"), .openLink), (.character("y"), .copyTitle),
        (.character(">"), .indent), (.character("<"), .outdent), (.character("c"), .addSubtask),
        (.character("u"), .undo), (.control("r"), .redo),
        (.character("l"), .swipeRight), (.right, .swipeRight),
        (.character("h"), .swipeLeft), (.left, .swipeLeft),
        (.character("/"), .search), (.character("n"), .nextMatch), (.character("N"), .previousMatch),
        (.character("z"), .collapse), (.character("Z"), .collapseList), (.character("H"), .toggleCompleted), (.character("R"), .toggleWaiting),
        (.character("s"), .cycleSort),
        (.character("W"), .toggleWrap), (.character("T"), .cycleTheme),
        (.character("L"), .manageLists), (.character("A"), .toggleAgenda),
        (.character("v"), .editMode), (.character("V"), .markAll),
        (.character("?"), .help), (.function(1), .help), (.character("M"), .messages),
        (.function(12), .statistics),
        (.control("l"), .redraw),
        (.character("q"), .quit),
    ])
}
