import Glibc

/// Where a live player reads the viewer's keys: the controlling terminal, whatever standard input is.
///
/// `printf 'aX<Enter>' | tick --play` gets its script from a pipe; that pipe's end is not a key
/// press, so the keys that pause, stop and leave come from `/dev/tty` instead.
struct Keyboard {
    /// The descriptor to read keys from.
    let descriptor: Int32
    /// Whether `descriptor` was opened here (and so is closed by `close()`).
    private let isOwned: Bool

    /// Standard input when it is a terminal, else the controlling terminal; when there is none
    /// (a process without one), `/dev/null`, whose immediate end means no key will ever come.
    static func open() -> Keyboard {
        if isatty(STDIN_FILENO) == 1 { return Keyboard(descriptor: STDIN_FILENO, isOwned: false) }
        for path in ["/dev/tty", "/dev/null"] {
            let descriptor = Glibc.open(path, O_RDONLY | O_NOCTTY | O_CLOEXEC)
            if descriptor >= 0 { return Keyboard(descriptor: descriptor, isOwned: true) }
        }
        return Keyboard(descriptor: STDIN_FILENO, isOwned: false)
    }

    /// Closes the descriptor if it was opened here.
    func close() {
        if isOwned { _ = Glibc.close(descriptor) }
    }
}
