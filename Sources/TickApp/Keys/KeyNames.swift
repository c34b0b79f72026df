import TermTable

/// The keys that messages and hints name, taken from the key maps in effect, as the overlays' hints
/// are: after `bind U undo` a message says "U undoes", and an action with no key is offered nowhere.
struct KeyNames {
    /// The name of each list command's first key (commands with no key are absent), worked out once
    /// per key map: a key that does nothing names the help key in its message, and walking the
    /// bindings and naming a key on every such press cost every press a few microseconds (issue 29).
    /// A list, not a dictionary: a `Command` hashes its name, and comparing two is a byte.
    private var listNames: [(command: Command, name: String)] = []
    /// The same for the bindings that come first in editing mode.
    private var editingNames: [(command: Command, name: String)] = []
    /// The details' key that edits the notes in place.
    private(set) var editNotes: String? = "n"
    /// What the status line says when there is no message: "? help · a add · x done · d delete". The
    /// key that shows every other comes first, so a narrow screen, which cuts the end, still offers it.
    /// Worked out once per key map, not per frame: every frame's status line asks for it.
    private(set) var idleHint = ""

    /// The default bindings.
    init() {
        self.init(list: KeyMap.standard, editing: KeyMap.editing)
    }

    /// The names in `keyMaps`.
    init(_ keyMaps: KeyMaps) {
        self.init(list: keyMaps.list, editing: keyMaps.editing)
        editNotes = KeyHint.first(keyMaps.details.keys(for: .editNotes))
    }

    private init(list: KeyMap, editing: KeyMap) {
        listNames = Self.firstKeyNames(list)
        editingNames = Self.firstKeyNames(editing)
        idleHint = hintWhenIdle
    }

    /// The name of each command's first key in `map` (what `KeyHint.first(map.keys(for:))` names).
    private static func firstKeyNames(_ map: KeyMap) -> [(command: Command, name: String)] {
        var names: [(command: Command, name: String)] = []
        for binding in map.bindings where !names.contains(where: { $0.command == binding.action }) {
            names.append((binding.action, HelpOverlay.name(binding.key)))
        }
        return names
    }

    /// The first key of a list command, or nil when none is bound.
    func key(_ command: Command) -> String? { listNames.first { $0.command == command }?.name }

    /// The first key of a command in editing mode (its own map first, as keys are looked up there).
    func editingKey(_ command: Command) -> String? { editingNames.first { $0.command == command }?.name ?? key(command) }

    /// " · u undoes", or nothing when no key undoes.
    var undoes: String { offer(.undo, "undoes") }

    /// " · KEY does" for a list command, or nothing when no key is bound to it.
    func offer(_ command: Command, _ does: String) -> String { key(command).map { " · \($0) \(does)" } ?? "" }

    /// "KEY does · KEY does" for editing-mode commands, leaving out those without a key.
    func editingHints(_ parts: [(Command, String)]) -> String {
        KeyHint.line(parts.map { (editingKey($0.0), $0.1) })
    }

    /// `idleHint` from the bindings.
    private var hintWhenIdle: String {
        KeyHint.line([(key(.help), "help"), (key(.add), "add"), (key(.toggle), "done"), (key(.delete), "delete")])
    }

    /// "Nothing marked: Space marks a row, V the whole list".
    var nothingMarked: String {
        switch (editingKey(.mark), editingKey(.markAll)) {
        case let (mark?, all?): "Nothing marked: \(mark) marks a row, \(all) the whole list"
        case let (mark?, nil): "Nothing marked: \(mark) marks a row"
        case let (nil, all?): "Nothing marked: \(all) marks the whole list"
        case (nil, nil): "Nothing marked"
        }
    }
}
