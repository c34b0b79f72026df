import Foundation
import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 29, point 5: with every bound action of the list and editing mode (and the details' notes
/// key) moved to another key, no message, status hint, header or empty-table text names a key that
/// no longer does what it says.
@Suite("Rebound keys in messages and hints")
struct ReboundKeysMessageTests {
    /// Every default binding of the list and editing mode moved to an Alt key of its own, and the old
    /// keys' display names.
    static func rebound() -> (maps: KeyMaps, old: Set<String>) {
        var maps = KeyMaps()
        var old: Set<String> = []
        let pool = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        for (index, binding) in KeyMaps().list.bindings.enumerated() {
            maps.list.unbind(binding.key)
            maps.list.bind(.alt(pool[index]), to: binding.action)
            old.insert(HelpOverlay.name(binding.key))
        }
        for (index, binding) in KeyMaps().editing.bindings.enumerated() {
            maps.editing.unbind(binding.key)
            maps.editing.bind(.alt(pool[pool.count - 1 - index]), to: binding.action)
            old.insert(HelpOverlay.name(binding.key))
        }
        for key in KeyMaps().details.keys(for: .editNotes) {
            maps.details.unbind(key)
            maps.details.bind(.alt("!"), to: .editNotes)
            old.insert(HelpOverlay.name(key))
        }
        return (maps, old)
    }

    /// The verbs a hint puts after a key ("u undoes", "z expands").
    static let verbs = ["undoes", "expands", "shows", "cuts", "wraps", "add", "adds", "done", "delete", "deletes", "help",
                        "marks", "leaves", "moves", "flags", "completes", "edits", "priority", "next", "previous"]

    /// The places in `text` that name one of `old` as the key for something.
    static func namings(of old: Set<String>, in text: String) -> [String] {
        var found: [String] = []
        for name in old {
            let escaped = NSRegularExpression.escapedPattern(for: name)
            let pattern = "(^|[\\s·(])\(escaped) (\(verbs.joined(separator: "|")))\\b|press \(escaped) |\\(\(escaped)[) ]"
            let regex = try! NSRegularExpression(pattern: pattern)
            for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                found.append(String(text[Range(match.range, in: text)!]))
            }
        }
        return found
    }

    @Test("The pattern finds the default keys in the default messages, so the rebound test can fail")
    func patternFindsDefaults() {
        let old = Self.rebound().old
        #expect(!Self.namings(of: old, in: "Deleted “Buy milk” · u undoes").isEmpty)
        #expect(!Self.namings(of: old, in: "a add · x done · d delete · ? help").isEmpty)
        #expect(!Self.namings(of: old, in: "Inbox is collapsed (z expands) · a adds a todo to it").isEmpty)
        #expect(!Self.namings(of: old, in: "“milk” · n next match · N previous · Esc clears").isEmpty)
        #expect(!Self.namings(of: old, in: "Lists · A shows the agenda").isEmpty)
        #expect(Self.namings(of: old, in: "u does nothing here · Alt-F shows the keys").isEmpty)
    }

    @Test("After every action is rebound, no message, hint, header or empty text names an old key")
    func noOldKeyNamed() throws {
        let (maps, old) = Self.rebound()
        var configuration = Configuration()
        configuration.keyMaps = maps
        let scenario = try Scenario(["Buy milk", "Call mom", "Pay rent"], lists: ["Work": []], size: Size(width: 140, height: 10),
                                    configuration: configuration)
        func key(_ command: Command) -> String { "\(maps.list.keys(for: command)[0])" }
        func editingKey(_ command: Command) -> String { "\(maps.editing.keys(for: command)[0])" }
        var seen: [String] = []
        func look(_ step: String) throws {
            try scenario.type(step)
            seen.append(contentsOf: scenario.screen)
            if let message = scenario.app.lastMessage?.text { seen.append(message) }
        }
        try look("")                                                  // the idle hint
        try look(key(.delete))                                        // Deleted … · undo
        try look(key(.undo))
        try look(key(.toggle))                                        // Done …
        try look(key(.toggleCompleted))                               // Hiding completed · shows them
        try look(key(.toggleCompleted))
        try look(key(.toggleWaiting))                                 // Waiting todos hidden (0) · shows them
        try look(key(.toggleWaiting))
        try look(key(.toggleWrap))                                    // Wrapping · cuts them
        try look(key(.toggleWrap))
        try look(key(.collapse))                                      // Collapsed · expands
        try look(key(.collapse))
        try look(key(.nextList))                                      // Work is empty · adds a todo to it; its header
        try look(key(.previousList))
        try look("u")                                                 // an old key: does nothing · help shows the keys
        try look(key(.cycleSort) + key(.moveTodoDown))                // Reordering works in manual order (…)
        try look(key(.cycleSort) + key(.cycleSort) + key(.cycleSort))
        try look(key(.editMode))                                      // Editing: … marks …
        try look(editingKey(.delete))                                 // Nothing marked: … marks a row
        try look(editingKey(.mark))                                   // 1 marked · … deletes …
        try look(editingKey(.toggle))                                 // Marked 1 todo done · undo
        try look(editingKey(.editMode))
        try look(key(.search) + "milk<Enter>")                        // “milk” · next match · previous · Esc clears
        try look("<Esc>")
        try look(key(.toggleAgenda))                                  // Agenda of every list · shows the lists
        try look(key(.toggleAgenda))                                  // Lists · shows the agenda
        // Everything done and hidden: the middle of the table says which key shows them.
        try look(key(.moveToTop) + key(.toggle) + key(.toggle) + key(.toggleCompleted))
        let named = seen.flatMap { text in Self.namings(of: old, in: text).map { found in "\(found) in: \(text)" } }
        #expect(named.isEmpty, "\(named)")
        // And the new keys are named where the old ones were.
        #expect(seen.contains { $0.contains("Alt-") && $0.contains("undoes") })
        #expect(seen.contains { $0.contains("Alt-") && $0.contains("expands") })
        #expect(seen.contains { $0.contains("Alt-") && $0.contains("next match") })
        #expect(seen.contains { $0.contains("Alt-") && $0.contains("shows the agenda") })
    }
}
