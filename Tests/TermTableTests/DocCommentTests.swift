import Foundation
import Testing

/// Finds the public declarations of a Swift source that have no `///` doc comment above them.
///
/// A line scanner, not a parser: it knows the shapes TermTable's sources use. A declaration is public
/// when it says `public` or `open`, or when it is a requirement of a public protocol or a case of a
/// public enum written on its own line; attributes (`@discardableResult`) may sit between the comment
/// and the declaration.
enum UndocumentedDeclarations {
    private static let declarationKeywords: Set<String> = [
        "func", "var", "let", "init", "class", "struct", "enum", "protocol", "typealias", "subscript",
        "case", "associatedtype", "extension", "actor", "static",
    ]

    /// The undocumented public declarations of `source`, as "line: declaration".
    static func find(in source: String) -> [String] {
        let lines = source.components(separatedBy: "\n")
        var problems: [String] = []
        // For every open brace, the scope it opens: a public protocol's requirements and a public
        // enum's cases are public without saying so.
        enum Scope { case publicProtocol, publicEnum, other }
        var scopes: [Scope] = []
        for (index, line) in lines.enumerated() {
            let code = withoutStringsAndComments(line).trimmingCharacters(in: .whitespaces)
            let words = code.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == ":" || $0 == "<" || $0 == "{" }).map(String.init)
            let isPublic = words.prefix(while: { !declarationKeywords.contains($0) || $0 == "static" }).contains { $0 == "public" || $0 == "open" }
            let isDeclaration = words.contains(where: { declarationKeywords.contains($0) })
            let first = words.first ?? ""
            let isMember = switch scopes.last {
            case .publicProtocol: ["func", "var", "init", "associatedtype", "static", "subscript", "mutating"].contains(first)
            case .publicEnum: first == "case"
            default: false
            }
            // `extension` itself carries no documentation of its own; its members do.
            if isDeclaration, isPublic || isMember, words.first != "extension", !isDocumented(lineIndex: index, in: lines) {
                problems.append("\(index + 1): \(code)")
            }
            let opens: Scope = !isPublic ? .other : words.contains("protocol") ? .publicProtocol : words.contains("enum") ? .publicEnum : .other
            for character in code {
                if character == "{" { scopes.append(opens) }
                if character == "}", !scopes.isEmpty { scopes.removeLast() }
            }
        }
        return problems
    }

    /// Whether the lines above a declaration (past its attributes) end with a `///` comment.
    private static func isDocumented(lineIndex: Int, in lines: [String]) -> Bool {
        var index = lineIndex - 1
        while index >= 0 {
            let above = lines[index].trimmingCharacters(in: .whitespaces)
            if above.hasPrefix("@") { index -= 1; continue }
            return above.hasPrefix("///")
        }
        return false
    }

    /// The line with string literals emptied and a trailing `//` comment removed, so braces in
    /// them do not count as scopes.
    static func withoutStringsAndComments(_ line: String) -> String {
        var result = ""
        var inString = false
        var escaped = false
        var previous: Character = " "
        for character in line {
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false; result.append("\"") }
                continue
            }
            if character == "\"" { inString = true; result.append("\""); continue }
            if character == "/", previous == "/" { result.removeLast(); break }
            result.append(character)
            previous = character
        }
        return result
    }
}

@Suite("Doc comments of TermTable's public API")
struct DocCommentTests {
    static let engineSources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/TermTable")

    @Test("Every public declaration in Sources/TermTable has a /// doc comment")
    func everyPublicDeclarationIsDocumented() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.engineSources.path)
            .filter { $0.hasSuffix(".swift") }.sorted()
        #expect(files.count > 30, "the engine's sources were not found at \(Self.engineSources.path)")
        var problems: [String] = []
        for file in files {
            let source = try String(contentsOf: Self.engineSources.appendingPathComponent(file), encoding: .utf8)
            problems += UndocumentedDeclarations.find(in: source).map { "\(file):\($0)" }
        }
        #expect(problems.isEmpty, "undocumented public declarations:\n\(problems.joined(separator: "\n"))")
    }

    @Test("The scanner finds undocumented declarations of every kind it checks", arguments: [
        ("public func go() {}", 1),
        ("/// Goes.\npublic func go() {}", 0),
        ("/// Goes.\n@discardableResult\npublic func go() -> Int { 1 }", 0),
        ("open class A {\n    open func draw() {}\n}", 2),
        ("/// A.\npublic protocol P {\n    func f()\n    /// G.\n    func g()\n}", 1),
        ("/// E.\npublic enum E {\n    case a, b\n    /// C.\n    case c\n}", 1),
        ("/// E.\npublic enum E { case a, b }", 0),
        ("func internalThing() {}\nlet x = \"public func not() {\"", 0),
        ("/// S.\npublic struct S {\n    func f() { switch 1 { case 1: break default: break } }\n}", 0),
        ("/// E.\npublic enum E {\n    case a\n    static func helper() {}\n    var v: Int {\n        switch self {\n        case .a: 1\n        }\n    }\n}", 1),
        ("extension T {\n    public var v: Int { 1 }\n}", 1),
    ])
    func scannerCases(source: String, expected: Int) {
        #expect(UndocumentedDeclarations.find(in: source).count == expected, "\(source)")
    }
}
