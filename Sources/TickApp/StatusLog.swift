/// The status line's messages, owned by the app: the one said last and the recent ones before it
/// (the recent-messages screen lists them, as vim's `:messages`). Commands say what they did through
/// their `Outcome`; `TickApp.say(_:)` is the one way in.
public struct StatusLog {
    /// How many messages the recent-messages screen keeps.
    static let kept = 50

    /// The last message said, until it is cleared or replaced (shown while its condition holds).
    public private(set) var message: StatusMessage?
    /// The messages said, oldest first, at most `kept`; a message said twice in a row is kept once.
    public private(set) var recent: [StatusMessage] = []

    /// Says `message`: the status line shows it, and the recent messages keep it.
    mutating func show(_ message: StatusMessage) {
        self.message = message
        if !isLast(message) { recent.append(message) }
        if recent.count > Self.kept { recent.removeFirst(recent.count - Self.kept) }
    }

    /// Whether the last message kept says `message` (looked at in place, not copied out: an unbound
    /// key says the same on every press).
    private func isLast(_ message: StatusMessage) -> Bool {
        guard let last = recent.indices.last else { return false }
        return recent[last].text == message.text && recent[last].kind == message.kind
    }

    /// Adds `hint` to the message shown ("… · Enter saves yours over it"), keeping its kind; nothing
    /// without a message.
    mutating func append(_ hint: String) {
        guard var said = message else { return }
        said.text += " · " + hint
        message = said
        if !recent.isEmpty { recent[recent.count - 1].text = said.text }
    }

    /// Clears the line (the message's state is gone); the recent messages keep it.
    mutating func clear() { message = nil }
}
