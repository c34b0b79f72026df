import TodoStore

/// The search line speaks the query language (`QueryParser`), as `tick ls QUERY…` does.
extension TodoListController {
    /// What typed search text asks for, read against today. Text that is not a query yet (an open
    /// quote, `@` and half a date) is searched as plain text meanwhile, and the status line says why.
    func searchQuery(for text: String) -> TodoQuery {
        TodoCommands.searchQuery(for: text, today: today())
    }

    /// Why typed search text is searched as plain text rather than as a query, or nil when it is a query.
    func queryProblem(in text: String) -> String? {
        do {
            _ = try QueryParser.parse(text, today: today())
            return nil
        } catch {
            return "Searching the text: \(error)"
        }
    }
}
