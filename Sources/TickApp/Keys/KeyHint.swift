import TermTable

/// The one-line key hints at the top of the overlays ("Esc back · n notes"), made from the key maps
/// in effect so a rebound key shows there as it does in help.
enum KeyHint {
    /// The name of an action's first key, or nil when nothing is bound to it.
    static func first(_ keys: [Key]) -> String? { keys.first.map(HelpOverlay.name) }

    /// Parts joined by " · ", each its keys and what they do; a part whose keys are unbound is left out.
    static func line(_ parts: [(keys: String?, does: String)]) -> String {
        parts.compactMap { part in part.keys.map { "\($0) \(part.does)" } }.joined(separator: " · ")
    }
}
