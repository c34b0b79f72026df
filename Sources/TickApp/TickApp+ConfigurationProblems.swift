import TermTable

/// Problems with the config file: every one is kept, none is cut off. The status line says how many
/// there are and which key lists them (help, where each is shown in full); `tick --check-config`
/// prints them too.
extension TickApp {
    /// What the status line says at start: a single problem that fits the line whole; otherwise how
    /// many there are and where to read them.
    func configurationProblemsMessage() -> StatusMessage? {
        let count = configurationProblems.count
        guard count > 0 else { return nil }
        if count == 1 {
            let whole = StatusMessage.error("config: \(configurationProblems[0])")
            let line = StatusLine(message: whole, counts: list.counts, theme: theme, readOnly: list.store.isReadOnly)
            if DisplayWidth.of(whole.text) <= line.messageWidth(lineWidth: size.width) { return whole }
        }
        let them = count == 1 ? "it" : "them"
        // Help may be bound to another key, or to none.
        let listing = keyMap.keys(for: .help).first.map { "\(HelpOverlay.name($0)) shows \(them)" }
            ?? "tick --check-config lists \(them)"
        return .error("\(count) problem\(count == 1 ? "" : "s") in the config file · \(listing)")
    }
}
