/// The parts of the manual page that no command description holds: key scripts, files, the
/// environment and exit codes, written once here (the user guide, docs/*.md, says the same at more length).
enum ManualPageText {
    /// Keys of the input line (adding, editing, search, list names).
    static let inputLine = """
    Enter accepts, Esc cancels; Left and Right, Home and End (Ctrl-a, Ctrl-e) move, Alt-b and Alt-f move \
    by word, Backspace and Delete remove a character, Ctrl-w deletes back to the previous space, Ctrl-u and \
    Ctrl-k delete to the start and to the end. In the title, !, !! and !!! set the priority and @today, \
    @tomorrow, @fri, @2026-12-24 or @+3d the due day (a time may follow: @fri 15:00, @today 9am, \
    @2026-12-24T18:30), and @every day, week, month or year, @every 2 weeks, \
    @every mon,thu or @every month on the last friday makes the todo recur (@every! counts from the day it \
    is done); #word adds a tag. Pasted text is always text, never keys.
    """

    /// The key-script notation.
    static let keyScripts = """
    When standard input is not a terminal, or with --script FILE (- for standard input), tick reads keys \
    instead of opening the terminal, plays them on a screen in memory (--size WxH, default 80x24) and \
    prints the final screen as text; with --frames every frame, with --play and a terminal on standard \
    output it shows them live, taking the viewer's keys (Space pauses, q stops, any key leaves the last \
    screen) from the terminal. A key script changes only a store it is given (--db or TICK_DB); without one \
    it runs on a throwaway store. The whole script is checked before anything runs: a mistake is exit \
    status 2, naming its line and column.

    Plain characters type themselves; tags, case-insensitive, name other keys:
      <Enter> <Esc> <Space> <Tab> <S-Tab> <BS> <Del>
      <Up> <Down> <Left> <Right> <Home> <End> <PageUp> <PageDown>
      <C-x> (Ctrl-x)   <M-x> (Alt-x)   <F1> ... <F24>   <lt> (a literal <)
      <Paste>text</Paste> (a bracketed paste)

    A few tags describe the scenario rather than a key:
      <Resize 60x20>      the screen changes to that size
      <Snap>              prints the screen at that point
      <Wait 500ms>        pauses when played live
      <Caption text>      the caption of a live playback, and the heading of snaps and frames
      <Today 2026-11-29>  the day relative due dates count from
      <Remote title>      a todo added on another device arrives, as the sync brings one

    Line breaks in a script are ignored. For example:
      printf 'aBuy milk<Enter>x' | tick --db /tmp/demo.db
    """

    /// Files Tick reads and writes.
    static let files: [(String, String)] = [
        ("$XDG_DATA_HOME/tick/tick.db, ~/.local/share/tick/tick.db",
         "The store: every list and todo and the undo history, in one SQLite file, created on first use (with its folders, mode 0700). "
         + "--db PATH or TICK_DB name another; :memory: is a store in memory that is gone on exit."),
        ("$XDG_CONFIG_HOME/tick/config, ~/.config/tick/config",
         "The optional config file: key bindings, colors and settings, one per line (--config PATH or TICK_CONFIG name another, "
         + "--no-config ignores it)."),
    ]

    /// Environment variables Tick reads.
    static let environment: [(String, String)] = [
        ("TICK_DB", "The store file, when --db is not given. A key script without --db or TICK_DB runs on a throwaway store."),
        ("TICK_CONFIG", "The config file, when --config is not given."),
        ("XDG_DATA_HOME", "Where the default store lives (else ~/.local/share)."),
        ("XDG_CONFIG_HOME", "Where the default config file lives (else ~/.config)."),
        ("HOME", "The base of the default paths when the XDG variables are unset."),
        ("NO_COLOR", "When set and not empty, draws with attributes only (bold, dim, reverse), never color."),
        ("TERM", "The terminal type; the app needs one that can move the cursor (not dumb)."),
        ("LANG, LC_ALL, LC_CTYPE", "The locale. Tick works in UTF-8: when the locale is not UTF-8 it measures text as C.UTF-8 "
         + "does, and the app refuses to start when C.UTF-8 is missing too."),
        ("TZ", "The time zone every date is counted in (today, late, --due, the agenda, relative dates in imports, the next "
         + "date of a repeating todo, due times in iCalendar): a name (Europe/Berlin, :Europe/Berlin), a zone file's path or a POSIX "
         + "string (JST-9). When TZ is not set, /etc/localtime, a link or a copied file; UTC without either."),
        ("VISUAL, EDITOR", "The editor E (in the details) opens the notes in, and tick edit ID with nothing else the todo in: "
         + "VISUAL, else EDITOR, split into words (quotes and backslashes as in the shell, no shell run) with the file added "
         + "last. Without either, E edits the notes in place and tick edit ID says so."),
        ("BROWSER", "The program o opens a link with, split into words the same way; a %s word is replaced by the link, else "
         + "the link is added last. Else xdg-open."),
        ("TICK_SYNC_PASSWORD", "The sync password, when the config file has no sync password-command line; without either, ~/.netrc. "
         + "Programs Tick starts (the password command, the editor, the browser) never get it."),
        ("TMPDIR", "Where tick demo keeps its throwaway store, the notes file E hands the editor, and an import read from "
         + "standard input (else /tmp)."),
        ("TICK_SYNCHRONOUS", "full (the default), normal or off: for benchmarks only, off skips the disk sync that makes a change durable."),
    ]

    /// Exit codes.
    static let exitStatus: [(String, String)] = [
        ("0", "Success. tick add once the todo is added, even when its confirmation cannot be written to standard output "
         + "(standard error says so): a script retrying on failure would add it twice."),
        ("1", "A failure: an unusable store, a missing todo or file, no terminal, a failed write to standard output."),
        ("2", "A usage mistake (an unknown option or command, a bad value, a key script that does not parse); nothing was changed."),
        ("128 + N", "Ended by signal N: 130 for Ctrl-C (SIGINT), 131 for SIGQUIT, 143 for SIGTERM, 129 for SIGHUP; "
         + "the terminal is restored first."),
        ("141", "The reader of standard output left before everything was written (tick ls | head -1 on a listing "
         + "longer than the pipe holds), as for other tools ended by SIGPIPE."),
    ]

    /// Where to read more.
    static let seeAlso = """
    tick COMMAND --help; ? in the app; README.md and the user guide in docs/ in Tick's source, which show every screen. The todo.txt format: \
    the todo.txt project's format description. asciinema(1) plays the recording tick demo --record writes.
    """
}
