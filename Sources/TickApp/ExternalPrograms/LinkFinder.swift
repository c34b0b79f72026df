/// Finds the link `o` opens: the first `http://`, `https://` or `mailto:` address, or a `www.` name
/// (opened as `https://www.…`), in a todo's title, else in its notes.
///
/// An address ends at a space, a control character, `<`, `>` or `"`; punctuation that usually ends the
/// sentence around it (`.,;:!?'` and a `)`, `]` or `}` without its opening partner) is left out, so
/// "see (https://example.com/a)." opens `https://example.com/a`, while a Wikipedia address ending in
/// `_(film)` keeps its parenthesis. What it returns never holds a control character.
public enum LinkFinder {
    /// The first link in `title`, else in `notes`; nil when neither has one.
    public static func firstLink(title: String, notes: String) -> String? {
        firstLink(in: title) ?? firstLink(in: notes)
    }

    /// The first link in `text`, ready to hand to a browser.
    public static func firstLink(in text: String) -> String? {
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            // A link starts a word: "xhttp://" or "awww." is not one.
            let startsWord = index == 0 || !(characters[index - 1].isLetter || characters[index - 1].isNumber)
            if startsWord, let prefix = linkPrefix(in: characters, at: index) {
                var end = index + prefix.length
                while end < characters.count, isLinkCharacter(characters[end]) { end += 1 }
                let link = trimmed(String(characters[index..<end]))
                if link.count > prefix.length {
                    return prefix.addsScheme ? "https://" + link : link
                }
            }
            index += 1
        }
        return nil
    }

    /// The schemes recognised, lowercased; `www.` is matched apart because it gets `https://` in front.
    private static let schemes = ["https://", "http://", "mailto:"]

    private static func linkPrefix(in characters: [Character], at index: Int) -> (length: Int, addsScheme: Bool)? {
        for scheme in schemes + ["www."] where matches(scheme, in: characters, at: index) {
            return (scheme.count, scheme == "www.")
        }
        return nil
    }

    private static func matches(_ prefix: String, in characters: [Character], at index: Int) -> Bool {
        guard index + prefix.count <= characters.count else { return false }
        return zip(prefix, characters[index...]).allSatisfy { $0 == Character($1.lowercased()) }
    }

    private static func isLinkCharacter(_ character: Character) -> Bool {
        !character.isWhitespace && !character.isControlCharacter && !["<", ">", "\""].contains(character)
    }

    /// `link` without the sentence punctuation after it; a closing bracket stays when the link opened it.
    private static func trimmed(_ link: String) -> String {
        var link = Substring(link)
        let pairs: [Character: Character] = [")": "(", "]": "[", "}": "{"]
        while let last = link.last {
            if ".,;:!?'".contains(last) {
                link = link.dropLast()
            } else if let opening = pairs[last], link.filter({ $0 == opening }).count < link.filter({ $0 == last }).count {
                link = link.dropLast()
            } else {
                break
            }
        }
        return String(link)
    }
}
