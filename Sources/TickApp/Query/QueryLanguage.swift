/// The query language's table: each form and what it matches, as `tick ls --help` prints it and
/// docs/command-line.md's query table repeats it (a test checks that every row is there).
public enum QueryLanguage {
    /// The forms, in the order the help shows them.
    public static let forms: [(form: String, meaning: String)] = [
        ("milk", "title or notes contain it (case-insensitive), or a tag is it; every word must match"),
        ("\"oat milk\"", "the phrase, spaces included; a quoted term is always text"),
        ("#tag", "has the tag (several: all of them)"),
        ("-#tag", "does not have the tag"),
        ("! !! !!! !none", "that priority (several: any of them)"),
        ("@today @tomorrow @week", "due today, tomorrow, today or the 6 days after (several @: any of them)"),
        ("@overdue", "due before today"),
        ("@none", "no due day"),
        ("@fri @2026-12-24 @+3d", "due that day: every day @ takes in a title"),
        ("@in 3 days @next fri", "due that day, in words"),
        ("@2026-12-01..2026-12-24", "due in that range, both ends included (@..fri, @mon.. leave one open)"),
        ("list:Work list:\"Home office\"", "in that list (several: any of them)"),
        ("is:open is:done", "open or done todos only (both: both)"),
        ("is:flagged is:recurring", "flagged, recurring"),
        ("parent:ID", "the subtasks of todo ID (its direct ones; several: any of them)"),
        ("is:subtask has:subtasks", "subtasks (todos under a parent), parents (todos with subtasks)"),
        ("is:waiting is:ready", "start date after today (^fri), or none or not after today"),
    ]

    /// The table as `--help` shows it, each line indented so it is printed as it is.
    static var helpTable: String {
        let width = forms.map(\.form.count).max() ?? 0
        let indent = String(repeating: " ", count: width + 4)
        return forms.map { form in
            // The meaning wrapped at 80 columns under its column; the form takes the first line's indent.
            let wrapped = HelpText.wrap(form.meaning, width: 80, indent: indent)
            return "  " + form.form.padded(to: width + 2) + wrapped.dropFirst(indent.count)
        }.joined(separator: "\n")
    }
}
