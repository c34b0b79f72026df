import TermTable

/// A part of the app that reads keys its own way; each has its own key map.
public enum KeyMode: String, CaseIterable, Sendable {
    case list, editing, swipe, input, search, details, notes, lists, picker, help

    /// The mode's heading in help.
    var title: String {
        switch self {
        case .list: return "List"
        case .editing: return Command.Group.editing.rawValue
        case .swipe: return "Swiped row"
        case .input: return "Input line"
        case .search: return "Search line"
        case .details: return "Details"
        case .notes: return "Notes in the details"
        case .lists: return "Lists screen"
        case .picker: return "List picker"
        case .help: return "Help screen"
        }
    }
}

/// Every mode's key map: what the config file's `bind MODE KEY ACTION` changes and help lists.
public struct KeyMaps: Sendable {
    /// The list's commands.
    public var list = KeyMap.standard
    /// The commands that take precedence while the table is in editing mode (`v`).
    public var editing = KeyMap.editing
    /// The operations on a swiped row's buttons.
    public var swipe = ModeKeyMap<SwipeKeyAction>.standard
    /// The input line's edits.
    public var input = ModeKeyMap<InputKeyAction>.standard
    /// What the keys the input line leaves alone do while searching.
    public var search = ModeKeyMap<SearchKeyAction>.standard
    /// The details' actions.
    public var details = ModeKeyMap<DetailKeyAction>.standard
    /// The notes editor's actions.
    public var notes = ModeKeyMap<NotesKeyAction>.standard
    /// The lists screen's actions.
    public var lists = ModeKeyMap<ListsKeyAction>.standard
    /// The list picker's actions.
    public var picker = ModeKeyMap<PickerKeyAction>.standard
    /// Help's own keys.
    public var help = ModeKeyMap<HelpKeyAction>.standard

    /// Tick's default bindings in every mode.
    public init() {}

    /// The names of a mode's actions, as the config file writes them.
    public static func actionNames(in mode: KeyMode) -> [String] {
        switch mode {
        case .list, .editing: return KeyMap.actionNames
        case .swipe: return ModeKeyMap<SwipeKeyAction>.actionNames
        case .input: return ModeKeyMap<InputKeyAction>.actionNames
        case .search: return ModeKeyMap<SearchKeyAction>.actionNames
        case .details: return ModeKeyMap<DetailKeyAction>.actionNames
        case .notes: return ModeKeyMap<NotesKeyAction>.actionNames
        case .lists: return ModeKeyMap<ListsKeyAction>.actionNames
        case .picker: return ModeKeyMap<PickerKeyAction>.actionNames
        case .help: return ModeKeyMap<HelpKeyAction>.actionNames
        }
    }

    /// Binds `key` in `mode` to the action named `name` (any case); false when the mode has no such action.
    public mutating func bind(_ key: Key, toActionNamed name: String, in mode: KeyMode) -> Bool {
        func bound<Action>(_ map: inout ModeKeyMap<Action>) -> Bool {
            guard let action = ModeKeyMap<Action>.action(named: name) else { return false }
            map.bind(key, to: action)
            return true
        }
        switch mode {
        case .list: return bound(&list)
        case .editing: return bound(&editing)
        case .swipe: return bound(&swipe)
        case .input: return bound(&input)
        case .search: return bound(&search)
        case .details: return bound(&details)
        case .notes: return bound(&notes)
        case .lists: return bound(&lists)
        case .picker: return bound(&picker)
        case .help: return bound(&help)
        }
    }

    /// Removes `key`'s binding in `mode`.
    public mutating func unbind(_ key: Key, in mode: KeyMode) {
        switch mode {
        case .list: list.unbind(key)
        case .editing: editing.unbind(key)
        case .swipe: swipe.unbind(key)
        case .input: input.unbind(key)
        case .search: search.unbind(key)
        case .details: details.unbind(key)
        case .notes: notes.unbind(key)
        case .lists: lists.unbind(key)
        case .picker: picker.unbind(key)
        case .help: help.unbind(key)
        }
    }

    /// The help of every mode besides the list and editing mode (which help groups by command): a
    /// heading and the bound actions, each with its keys and what it does.
    func otherModesHelp() -> [(mode: KeyMode, entries: [(keys: [Key], summary: String)])] {
        func entries<Action>(_ map: ModeKeyMap<Action>) -> [(keys: [Key], summary: String)] {
            map.helpEntries.map { ($0.keys, $0.action.summary) }
        }
        return [
            (.swipe, entries(swipe)), (.input, entries(input)), (.search, entries(search)), (.details, entries(details)), (.notes, entries(notes)),
            (.lists, entries(lists)), (.picker, entries(picker)), (.help, entries(help)),
        ]
    }

    /// Every binding of every mode as text, to compare two sets of maps.
    var signature: [String] {
        list.signature + ["editing"] + editing.signature + ["swipe"] + swipe.signature + ["input"] + input.signature + ["search"] + search.signature
            + ["details"] + details.signature + ["notes"] + notes.signature + ["lists"] + lists.signature
            + ["picker"] + picker.signature + ["help"] + help.signature
    }
}
