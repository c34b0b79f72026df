import Foundation
import TodoStore

/// Deterministic synthetic todos: titles 20–80 columns wide (about one in eight with CJK words),
/// 20% done, spread over a few lists with most in the Inbox; three in five have a due day within
/// 30 days either side of `dueCenter` (for the agenda: about 290,000 of a million open and overdue).
struct TodoGenerator {
    /// Bumped whenever the generated data changes, so cached stores are rebuilt.
    static let version = 3

    private var state: UInt64
    /// The day due days are spread around (days since 1970-01-01): the day the store is generated,
    /// so the agenda of a fresh store has todos in every group.
    let dueCenter: Int

    /// A generator whose output depends only on `seed` and `dueCenter`.
    init(seed: UInt64 = 0x5449_434B, dueCenter: Int) {
        state = seed
        self.dueCenter = dueCenter
    }

    private static let words = [
        "buy", "milk", "call", "the", "dentist", "about", "appointment", "on", "Friday", "renew", "passport",
        "write", "quarterly", "report", "fix", "bike", "tyre", "book", "flights", "to", "Lisbon", "review",
        "pull", "request", "water", "plants", "pay", "electricity", "bill", "plan", "birthday", "party", "for",
        "Sam", "clean", "garage", "send", "invoice", "client", "update", "resume", "pick", "up", "parcel",
    ]
    private static let cjkWords = ["买牛奶", "面包", "会议", "打电话", "报告", "洗衣服", "東京", "予約", "회의", "준비"]
    private static let lists = ["Work", "Home", "Errands"]
    /// One todo in ten has one of these tags (about 25,000 each in a million: the query rows' `#home`).
    static let tags = ["work", "home", "errand", "someday"]

    private mutating func next() -> UInt64 {
        // SplitMix64: fast, and good enough to vary titles.
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    private mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// A title between 20 and 80 terminal columns, counting CJK characters as two columns.
    mutating func title(number: Int) -> String {
        let target = 20 + next(below: 61)
        let withCJK = next(below: 8) == 0
        var title = "#\(number)"
        var width = title.count
        while true {
            let word: String
            let wordWidth: Int
            if withCJK && next(below: 3) == 0 {
                word = Self.cjkWords[next(below: Self.cjkWords.count)]
                wordWidth = word.count * 2
            } else {
                word = Self.words[next(below: Self.words.count)]
                wordWidth = word.count
            }
            if width + 1 + wordWidth > target { break }
            title += " " + word
            width += 1 + wordWidth
        }
        // Pad short results with a run of x so every title reaches at least 20 columns.
        if width < 20 { title += " " + String(repeating: "x", count: 19 - width) }
        return title
    }

    /// `YYYY-MM-DD` of a day given as days since 1970-01-01 (proleptic Gregorian, as `Day` counts).
    static func iso(days: Int) -> String {
        let (year, month, day) = CivilCalendar.date(fromDays: days)
        func padded(_ value: Int, _ width: Int) -> String { String(repeating: "0", count: max(0, width - String(value).count)) + String(value) }
        return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2)
    }

    /// The todo numbered `number`: every fifth is done, about one in five sits outside the Inbox.
    mutating func todo(number: Int, now: Date) -> NewTodo {
        let title = title(number: number)
        let listName = next(below: 5) == 0 ? Self.lists[next(below: Self.lists.count)] : "Inbox"
        let created = now.addingTimeInterval(-Double(next(below: 90 * 86_400)))
        let due = next(below: 5) < 3 ? Self.iso(days: dueCenter - 30 + next(below: 61)) : nil
        let tags = next(below: 10) == 0 ? [Self.tags[next(below: Self.tags.count)]] : []
        return NewTodo(title: title, listName: listName, due: due, createdAt: created,
                       completedAt: number % 5 == 4 ? created.addingTimeInterval(3_600) : nil, tags: tags)
    }
}
