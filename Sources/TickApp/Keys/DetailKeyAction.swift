import TermTable

/// What a key does in a todo's details (Enter on a todo), outside its notes editor.
public enum DetailKeyAction: String, KeyAction {
    case back, editNotes, edit, toggle, flag
    case scrollDown, scrollUp, pageDown, pageUp, halfPageDown, halfPageUp, scrollToTop, scrollToBottom
    case editNotesInEditor, openLink, help

    /// What the action does, as help says it.
    public var summary: String {
        switch self {
        case .back: return "back to the list"
        case .editNotes: return "edit the notes"
        case .editNotesInEditor: return "edit the notes in $VISUAL or $EDITOR (here when neither is set)"
        case .openLink: return "open the first link of the title or notes with $BROWSER or xdg-open"
        case .edit: return "edit the title"
        case .toggle: return "mark done / not done"
        case .flag: return "flag / unflag"
        case .help: return "show the keys"
        case .scrollDown: return "scroll down a line"
        case .scrollUp: return "scroll up a line"
        case .pageDown: return "scroll down a page"
        case .pageUp: return "scroll up a page"
        case .halfPageDown: return "scroll down half a page"
        case .halfPageUp: return "scroll up half a page"
        case .scrollToTop: return "scroll to the top"
        case .scrollToBottom: return "scroll to the bottom"
        }
    }
}

extension ModeKeyMap where Action == DetailKeyAction {
    /// The details' keys: the list's letters for what they do to the todo, vim-style scrolling.
    public static let standard = ModeKeyMap([
        (.escape, .back), (.character("q"), .back), (.enter, .back),
        (.character("n"), .editNotes), (.character("i"), .editNotes),
        (.character("E"), .editNotesInEditor), (.character("o"), .openLink),
        (.character("e"), .edit), (.character("x"), .toggle), (.character("f"), .flag),
        (.character("j"), .scrollDown), (.down, .scrollDown),
        (.character("k"), .scrollUp), (.up, .scrollUp),
        (.pageDown, .pageDown), (.character(" "), .pageDown), (.control("f"), .pageDown),
        (.pageUp, .pageUp), (.control("b"), .pageUp),
        (.control("d"), .halfPageDown), (.control("u"), .halfPageUp),
        (.character("g"), .scrollToTop), (.home, .scrollToTop),
        (.character("G"), .scrollToBottom), (.end, .scrollToBottom),
        (.character("?"), .help), (.function(1), .help),
    ])
}
