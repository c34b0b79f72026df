import CNcursesw

/// ncurses key codes the decoder understands, re-exported so code without the C module can name them.
public enum CursesKeyCode {
    /// Down arrow.
    public static let down = Int32(KEY_DOWN)
    /// Up arrow.
    public static let up = Int32(KEY_UP)
    /// Left arrow.
    public static let left = Int32(KEY_LEFT)
    /// Right arrow.
    public static let right = Int32(KEY_RIGHT)
    /// Home.
    public static let home = Int32(KEY_HOME)
    /// End.
    public static let end = Int32(KEY_END)
    /// Backspace, when the terminal sends the terminfo kbs sequence.
    public static let backspace = Int32(KEY_BACKSPACE)
    /// Keypad Enter.
    public static let enter = Int32(KEY_ENTER)
    /// Shift-Tab.
    public static let backTab = Int32(KEY_BTAB)
    /// Delete (delete character).
    public static let delete = Int32(KEY_DC)
    /// Insert (insert character).
    public static let insert = Int32(KEY_IC)
    /// PgDn (next page).
    public static let pageDown = Int32(KEY_NPAGE)
    /// PgUp (previous page).
    public static let pageUp = Int32(KEY_PPAGE)
    /// Keypad upper left: Home with NumLock off.
    public static let keypadA1 = Int32(KEY_A1)
    /// Keypad upper right: PgUp.
    public static let keypadA3 = Int32(KEY_A3)
    /// Keypad centre: no meaning here.
    public static let keypadB2 = Int32(KEY_B2)
    /// Keypad lower left: End.
    public static let keypadC1 = Int32(KEY_C1)
    /// Keypad lower right: PgDn.
    public static let keypadC3 = Int32(KEY_C3)
    /// `\e[1~` on some terminals: Home.
    public static let find = Int32(KEY_FIND)
    /// `\e[4~` on some terminals: End.
    public static let select = Int32(KEY_SELECT)
    /// The terminal was resized (SIGWINCH, already handled by ncurses).
    public static let resize = Int32(KEY_RESIZE)
    /// An ncurses-parsed mouse event; unused, since mouse reports are parsed here.
    public static let mouse = Int32(KEY_MOUSE)
    /// The highest code ncurses assigns to a key with a fixed name; above it are extended names.
    public static let maximum = Int32(KEY_MAX)

    /// The code of function key Fn.
    public static func function(_ n: Int) -> Int32 { Int32(KEY_F0) + Int32(n) }
}
