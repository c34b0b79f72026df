import FoundationEssentials

/// What became of a background search, as `takeSearchResults()` hands it to the app.
public struct FoundSearch: Sendable, Equatable {
    /// How far the search got.
    public enum Outcome: Sendable, Equatable {
        /// The first matches of every list are in: showing the search now shows them; more may follow.
        case firstMatches
        /// Every match is in: the search is finished.
        case complete
        /// The store changed after the search was asked for: its answer was dropped; ask again.
        case stale
        /// The search could not be read; searching on the store's own connection will say why.
        case failed(StoreError)
    }

    /// The search text it answers.
    public var text: String
    /// How far it got.
    public var outcome: Outcome
}

/// Search off the key path: the queries run on a second, read-only connection to the same file,
/// on a queue of their own; answers come back as values that the key thread installs into the
/// search cache, after which `count(_:)` and `items(_:in:)` show them without a query.
extension TodoStore {
    /// Whether searches can run in the background: a store in memory has no file a second
    /// connection could open, so its searches run on the key path as before.
    public var searchesInBackground: Bool { !isInMemory }

    /// Whether every one of `queries` can be shown from cached results, without a query.
    public func hasSearchResults(for queries: [SectionQuery]) -> Bool {
        queries.allSatisfy(searchIndex.hasCompleteResults(for:))
    }

    /// Starts finding the matches of `queries` (one per list, all with the same search text) in the
    /// background, making any older search stale and interrupting its running statement.
    /// Returns at once; `takeSearchResults()` hands out the answers.
    /// The first matches of older searches stay cached (the screen may be showing them) until `cancelSearch()`.
    public func startSearch(_ queries: [SectionQuery]) {
        guard let first = queries.first, first.isSearch else { return cancelSearch() }
        openedBackgroundSearch().start(text: first.search ?? "", queries: queries, generation: searchIndex.generation)
    }

    /// Opens the background search's connection and reads the schema now, in the background, so
    /// that the first search typed does not pay for them (about 10 M instructions at schema 15):
    /// the session calls it once its first frame is out. Does nothing for a store in memory.
    public func prepareBackgroundSearch() {
        guard searchesInBackground else { return }
        openedBackgroundSearch().prepare()
    }

    private func openedBackgroundSearch() -> BackgroundSearch {
        if let backgroundSearch { return backgroundSearch }
        let search = BackgroundSearch(path: path, willSearch: backgroundSearchHooks.willSearch,
                                      whileQuerying: backgroundSearchHooks.whileQuerying)
        backgroundSearch = search
        return search
    }

    /// Stops the background search, if one runs, and forgets its first matches.
    public func cancelSearch() {
        backgroundSearch?.cancel()
        searchIndex.dropIncompleteResults()
    }

    /// The answers found since the last call, installed into the search cache (unless the store
    /// changed since they were asked for: then `.stale`). Cheap: no query.
    public func takeSearchResults() -> [FoundSearch] {
        guard let search = backgroundSearch else { return [] }
        return search.takeDeliveries().map { delivery in
            if let failure = delivery.failure { return FoundSearch(text: delivery.text, outcome: .failed(failure)) }
            guard searchIndex.install(delivery.results, generation: delivery.generation) else {
                return FoundSearch(text: delivery.text, outcome: .stale)
            }
            return FoundSearch(text: delivery.text, outcome: delivery.isFinal ? .complete : .firstMatches)
        }
    }

    /// Blocks until the background search has finished (key scripts, whose screens must not depend on timing).
    public func waitForSearch() {
        backgroundSearch?.waitUntilFinished()
    }

    /// How many running statements a newer search or a cancel has interrupted so far.
    public var interruptedSearches: Int { backgroundSearch?.interruptions ?? 0 }
}
