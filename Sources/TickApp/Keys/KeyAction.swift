/// Something a key can ask for in one mode of the app: a list command, a swiped row's button
/// operation, an input line's edit… Its raw value is the name the config file binds it by.
public protocol KeyAction: RawRepresentable<String>, CaseIterable, Equatable, Sendable {
    /// What the action does, as help says it.
    var summary: String { get }
}
