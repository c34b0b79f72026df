/// The keys that messages name, taken from the key maps in effect: after `bind U undo` a message
/// says "U undoes", and with undo unbound it offers no key at all.
struct KeyNames: Equatable {
    /// The first key bound to undo on the list, or nil.
    var undo: String?

    /// The names in `keyMaps`.
    init(_ keyMaps: KeyMaps) {
        undo = KeyHint.first(keyMaps.list.keys(for: .undo))
    }

    /// " · u undoes", or nothing when no key undoes.
    var undoes: String { undo.map { " · \($0) undoes" } ?? "" }
}
