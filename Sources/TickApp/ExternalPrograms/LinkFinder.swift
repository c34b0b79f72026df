/// Finds the link `o` opens: the first `http://`, `https://` or `mailto:` address, or a `www.` name
/// (opened as `https://www.…`), in a todo's title, else in its notes.
///
/// An address ends at a space, a control character, `<`, `>` or `"`; punctuation that usually ends the
/// sentence around it (`.,;:!?'` and a `)`, `]` or `}` without its opening partner) is left out, so
/// "see (https://example.com/a)." opens `https://example.com/a`, while a Wikipedia address ending in
/// `_(film)` keeps its parenthesis. An address longer than `maximumLength` bytes (once trimmed) is not a link. What it
/// returns never holds a control character.
///
/// The work is linear in the text: each character is looked at a bounded number of times, whatever
/// the text holds (20,000 `)` after an address once took seconds, trimming one at a time).
public enum LinkFinder {
    /// The longest link opened, in UTF-8 bytes: longer runs are not links (no browser takes them).
    public static let maximumLength = 8_192

    /// The first link in `title`, else in `notes`; nil when neither has one.
    public static func firstLink(title: String, notes: String) -> String? {
        firstLink(in: title) ?? firstLink(in: notes)
    }

    /// The first link in `text`, ready to hand to a browser.
    public static func firstLink(in text: String) -> String? {
        firstLink(in: Array(text))
    }

    /// The first link in `characters`; generic so that tests can count the characters read.
    static func firstLink<Characters: RandomAccessCollection<Character>>(in characters: Characters) -> String?
    where Characters.Index == Int {
        var index = characters.startIndex
        var previous: Character?
        while index < characters.endIndex {
            // A link starts a word: "xhttp://" or "awww." is not one.
            let startsWord = previous.map { !($0.isLetter || $0.isNumber) } ?? true
            guard startsWord, let prefix = linkPrefix(in: characters, at: index) else {
                previous = characters[index]
                index += 1
                continue
            }
            // The run of link characters, read once: no link starts inside it, since it is one word.
            var end = index + prefix.length
            while end < characters.endIndex, isLinkCharacter(characters[end]) { end += 1 }
            let linkEnd = trimmedEnd(of: characters[index..<end], keeping: prefix.length)
            if linkEnd - index > prefix.length,
               characters[index..<linkEnd].reduce(0, { $0 + $1.utf8.count }) <= maximumLength {
                let link = String(characters[index..<linkEnd])
                return prefix.addsScheme ? "https://" + link : link
            }
            previous = characters[end - 1]
            index = end
        }
        return nil
    }

    /// The schemes recognised, lowercased; `www.` is matched apart because it gets `https://` in front.
    private static let prefixes: [(text: [Character], addsScheme: Bool)] = [
        (Array("https://"), false), (Array("http://"), false), (Array("mailto:"), false), (Array("www."), true),
    ]

    private static func linkPrefix<Characters: RandomAccessCollection<Character>>(in characters: Characters, at index: Int)
        -> (length: Int, addsScheme: Bool)? where Characters.Index == Int {
        for prefix in prefixes where matches(prefix.text, in: characters, at: index) {
            return (prefix.text.count, prefix.addsScheme)
        }
        return nil
    }

    private static func matches<Characters: RandomAccessCollection<Character>>(_ prefix: [Character], in characters: Characters,
                                                                               at index: Int) -> Bool where Characters.Index == Int {
        guard characters.endIndex - index >= prefix.count else { return false }
        for offset in prefix.indices where Character(characters[index + offset].lowercased()) != prefix[offset] { return false }
        return true
    }

    private static func isLinkCharacter(_ character: Character) -> Bool {
        !character.isWhitespace && !character.isControlCharacter && !["<", ">", "\""].contains(character)
    }

    /// Where `run` ends without the sentence punctuation after it, never inside its first `kept`
    /// characters (the scheme); a closing bracket stays when the link opened it. The brackets are
    /// counted once, and each character taken off the end adjusts the counts.
    private static func trimmedEnd<Run: RandomAccessCollection<Character>>(of run: Run, keeping kept: Int) -> Int
    where Run.Index == Int {
        let pairs: [Character: Character] = [")": "(", "]": "[", "}": "{"]
        var open: [Character: Int] = [:]
        var closed: [Character: Int] = [:]
        for character in run {
            if pairs[character] != nil { closed[character, default: 0] += 1 }
            if pairs.values.contains(character) { open[character, default: 0] += 1 }
        }
        var end = run.endIndex
        while end - run.startIndex > kept {
            let last = run[end - 1]
            if ".,;:!?'".contains(last) {
                end -= 1
            } else if let opening = pairs[last], open[opening, default: 0] < closed[last, default: 0] {
                closed[last, default: 0] -= 1
                end -= 1
            } else {
                break
            }
        }
        return end
    }
}
