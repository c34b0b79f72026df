import TermTable

/// The keys that messages and hints name, taken from the key maps in effect, as the overlays' hints
/// are: after `bind U undo` a message says "U undoes", and an action with no key is offered nowhere.
struct KeyNames {
    /// The list's bindings.
    var list = KeyMap.standard { didSet { idleHint = Self.idleHint(list) } }
    /// The bindings that come first in editing mode.
    var editing = KeyMap.editing
    /// The details' key that edits the notes in place.
    var editNotes: String? = "n"

    /// The default bindings.
    init() {}

    /// The names in `keyMaps`.
    init(_ keyMaps: KeyMaps) {
        list = keyMaps.list
        editing = keyMaps.editing
        editNotes = KeyHint.first(keyMaps.details.keys(for: .editNotes))
        idleHint = Self.idleHint(list)
    }

    /// The first key of a list command, or nil when none is bound.
    func key(_ command: Command) -> String? { KeyHint.first(list.keys(for: command)) }

    /// The first key of a command in editing mode (its own map first, as keys are looked up there).
    func editingKey(_ command: Command) -> String? { KeyHint.first(editing.keys(for: command)) ?? key(command) }

    /// " · u undoes", or nothing when no key undoes.
    var undoes: String { offer(.undo, "undoes") }

    /// " · KEY does" for a list command, or nothing when no key is bound to it.
    func offer(_ command: Command, _ does: String) -> String { key(command).map { " · \($0) \(does)" } ?? "" }

    /// "KEY does · KEY does" for editing-mode commands, leaving out those without a key.
    func editingHints(_ parts: [(Command, String)]) -> String {
        KeyHint.line(parts.map { (editingKey($0.0), $0.1) })
    }

    /// What the status line says when there is no message: "? help · a add · x done · d delete". The
    /// key that shows every other comes first, so a narrow screen, which cuts the end, still offers it.
    /// Made when the list's bindings are set, not per frame: looking the keys up walks the key map.
    private(set) var idleHint = Self.idleHint(KeyMap.standard)

    /// The idle hint of the list bindings `list`.
    private static func idleHint(_ list: KeyMap) -> String {
        func key(_ command: Command) -> String? { KeyHint.first(list.keys(for: command)) }
        return KeyHint.line([(key(.help), "help"), (key(.add), "add"), (key(.toggle), "done"), (key(.delete), "delete")])
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
