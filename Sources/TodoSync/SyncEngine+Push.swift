import FoundationEssentials
import CalDAV
import TodoStore

/// The push: every pending change goes up, in the order the store gives them.
///
/// Each change is first planned (what it sends first: a PUT, a DELETE or nothing, with the exact
/// text, read from the store), then carried out (the answer read, the store written). With
/// `HTTPClient.Configuration.parallelRequests` above 1, up to that many changes are planned ahead
/// and their first requests sent side by side (`HTTPClient.start`); they are still carried out one
/// at a time in the store's order, each written to the store as soon as its own answer is read, by
/// the same code as one at a time. What a change sends after its first answer (a 412's fetch and
/// second PUT, a move's delete and create, a PROPFIND for a missing ETag) goes one after the other.
/// The push starts one at a time and widens to the full width once the server has taken a request:
/// a server that fails from the start (full, down, refusing) gets one request, as before.
///
/// A failure confined to one change (its server copy unreadable, an address outside its
/// collection) is named in the summary and the others go on. Any other failure (5xx, the network,
/// a 507) stops the push as it would one at a time, except that the changes whose requests were
/// already under way beside it are still recorded when the server took them (none is sent twice
/// at the next sync); the failed change and those after it wait for the next sync.
extension SyncEngine {
    /// One pending change, planned: its first request (nil when there is nothing to send first, or
    /// when the change sends everything itself), and what to do with the answer.
    struct PlannedChange {
        let change: TodoStore.PendingSyncChange
        let synced: TodoStore.SyncedItem?
        let work: Result<Work, any Error>
        /// The first request, when it may be sent ahead of the change's turn.
        var firstRequest: HTTPRequest? {
            guard case .success(let work) = work else { return nil }
            switch work {
            case .removal(let synced?, let url?, _, _): return CalDAVClient.deleteRequest(url, ifMatch: synced.etag)
            case .update(let synced, _, let text, let url, _) where text != synced.base:
                return CalDAVClient.updateRequest(text, at: url, ifMatch: synced.etag ?? "*")
            case .create(_, let text, let url, _, _): return CalDAVClient.createRequest(text, at: url)
            default: return nil
            }
        }
    }

    /// What a planned change does.
    enum Work {
        /// The todo is gone here, or in a list that stays local (`stillHere`): its item (if any,
        /// at the URL, in the collection of the list `listID` when one here syncs it) is deleted on
        /// the server and forgotten.
        case removal(TodoStore.SyncedItem?, ServerURL?, stillHere: Bool, listID: Int64?)
        /// The todo's item is replaced by `text` (the rewrite of its base) at the URL, in the collection.
        case update(TodoStore.SyncedItem, CalendarTodo, text: String, ServerURL, TodoStore.SyncCollection)
        /// A todo the server does not have yet: `text` is created at the URL (its href given).
        case create(CalendarTodo, text: String, ServerURL, href: String, TodoStore.SyncCollection)
        /// The todo moved here from another list's collection: the old item is deleted, a new one
        /// created in the collection (two requests, one after the other, when its turn comes).
        case move(TodoStore.SyncedItem, CalendarTodo, TodoStore.SyncCollection)
    }

    /// The answer to a change's first request, sent ahead.
    typealias FirstAnswer = Result<HTTPResponse, CalDAVError>

    /// Sends every pending change. A change whose item on the server cannot be read or used (met
    /// at a 412's fetch, say) is left pending and named in the summary, and the others go up.
    func push(_ collections: [Int64: TodoStore.SyncCollection]) throws {
        let pending = try store.pendingSyncChanges()
        progressWillSend(pending.count)
        let known = try collections.values.map(\.href) + store.droppedSyncCollections()
        let collectionURLs = try known.map { href throws(CalDAVError) in try home.resolving(href) } + [discoveredHome].compactMap { $0 }
        let width = client.http.parallelCapacity
        guard width > 1 else {
            for change in pending {
                try carryOut(plan(change, collections: collections, collectionURLs: collectionURLs), firstAnswer: nil)
            }
            return
        }
        var ahead: [(planned: PlannedChange, ticket: HTTPClient.Ticket?)] = []
        var answers: [HTTPClient.Ticket: FirstAnswer] = [:]
        // Whatever happens, no started request is left for the client's next user.
        defer { while client.http.nextAnswer() != nil {} }
        var next = 0
        var serverTookOne = false
        while next < pending.count || !ahead.isEmpty {
            while next < pending.count && ahead.count < (serverTookOne ? width : 1) {
                let planned = plan(pending[next], collections: collections, collectionURLs: collectionURLs)
                ahead.append((planned, planned.firstRequest.map { client.http.start($0) }))
                next += 1
            }
            let (planned, ticket) = ahead.removeFirst()
            let answer = ticket.map { answerOf($0, into: &answers) }
            if case .success(let response)? = answer, (200..<300).contains(response.status) { serverTookOne = true }
            do {
                try carryOut(planned, firstAnswer: answer)
            } catch let error as CalDAVError {
                // The push stops here, as one at a time; what the server took beside it is kept.
                try recordTaken(ahead, answers: &answers)
                throw error
            }
        }
    }

    /// The answer to `ticket`, waiting for it; answers to others that come first are kept in `answers`.
    private func answerOf(_ ticket: HTTPClient.Ticket, into answers: inout [HTTPClient.Ticket: FirstAnswer]) -> FirstAnswer {
        while answers[ticket] == nil {
            guard let (other, result) = client.http.nextAnswer() else {
                return .failure(.connectionFailed(reason: "the request was lost before its answer"))
            }
            answers[other] = result
        }
        return answers.removeValue(forKey: ticket)!
    }

    /// After a failure stopped the push: the changes planned ahead whose first request the server
    /// took (a 2xx answer) are carried out, so they are recorded and not sent again; the others wait.
    /// A store failure among them is thrown (it is news); a request failure is not (one stopped the push).
    private func recordTaken(_ ahead: [(planned: PlannedChange, ticket: HTTPClient.Ticket?)],
                             answers: inout [HTTPClient.Ticket: FirstAnswer]) throws {
        for (planned, ticket) in ahead {
            guard let ticket else { continue }
            let answer = answerOf(ticket, into: &answers)
            guard case .success(let response) = answer, (200..<300).contains(response.status) else { continue }
            do {
                try carryOut(planned, firstAnswer: answer)
            } catch is CalDAVError {
                // Left pending: the next sync sends it again (a create meets its own item by UID).
            }
        }
    }

    /// What `change` will send and write, read from the store now; a failure to plan it is kept in
    /// the plan and thrown at its turn, where a change's failures are handled.
    func plan(_ change: TodoStore.PendingSyncChange, collections: [Int64: TodoStore.SyncCollection],
              collectionURLs: [ServerURL]) -> PlannedChange {
        var synced: TodoStore.SyncedItem?
        let work = Result<Work, any Error> {
            synced = try store.syncedItem(todoID: change.todoID)
            if let synced { try requireInsideCollection(synced.href, of: collectionURLs) }
            return try plannedWork(for: change, synced: synced, collections: collections)
        }
        return PlannedChange(change: change, synced: synced, work: work)
    }

    private func plannedWork(for change: TodoStore.PendingSyncChange, synced: TodoStore.SyncedItem?,
                      collections: [Int64: TodoStore.SyncCollection]) throws -> Work {
        // Deleted here, or moved to a list that stays local: it leaves the server.
        guard !change.isDeletion, let item = try store.item(id: change.todoID), let collection = collections[item.listID] else {
            let stillHere = try !change.isDeletion && store.item(id: change.todoID) != nil
            let listID = synced.flatMap { synced in collections.values.first { synced.href.hasPrefix($0.href) }?.listID }
            return .removal(synced, try synced.map { try home.resolving($0.href) }, stillHere: stillHere, listID: listID)
        }
        // LAST-MODIFIED is when the todo changed here, not now: the other devices compare it with theirs.
        var todo = CalendarTodo(item, listName: try listName(item.listID), lastModified: try store.modificationDate(ofTodo: item.id))
        // The collection is the list; the place in the manual order is X-APPLE-SORT-ORDER (the position).
        todo.listName = nil
        // A CREATED the server's item never had is not added by an edit.
        if let synced, try rewriter.read(synced.base).first?.createdAt == nil { todo.createdAt = nil }
        if let synced, try !movedSinceSynced(item, base: synced.base) { todo.sortOrder = nil }
        if let synced, synced.href.hasPrefix(collection.href) {
            return .update(synced, todo, text: try rewriter.rewrite(synced.base, with: todo, now: now()), try home.resolving(synced.href), collection)
        }
        if let synced { return .move(synced, todo, collection) }
        let (href, url, text) = try creation(of: todo, in: collection)
        return .create(todo, text: text, url, href: href, collection)
    }

    /// Carries out `planned` at its turn: `firstAnswer` is the answer to its first request when
    /// that was sent ahead, nil to send it now. A failure confined to this change is named in the
    /// summary; any other is thrown.
    func carryOut(_ planned: PlannedChange, firstAnswer: FirstAnswer?) throws {
        defer { progressDidFinishItem() }
        let change = planned.change, synced = planned.synced
        do {
            switch try planned.work.get() {
            case .removal(let synced, let url, let stillHere, let listID):
                if let synced, let url {
                    do {
                        try deleteRemote(synced, at: url, firstAnswer: firstAnswer)
                    } catch CalDAVError.preconditionFailed {
                        try keepServerEdit(of: synced, at: url, change: change, stillHere: stillHere, listID: listID)
                        return
                    }
                }
                try store.forgetSyncedItem(todoID: change.todoID, clearingRevision: change.revision)
                if synced != nil { summary.sentDeletions += 1 }
            case .update(let synced, let todo, let text, let url, let collection):
                do {
                    try update(synced, with: todo, revision: change.revision, text: text, at: url, firstAnswer: firstAnswer)
                } catch CalDAVError.notFound, CalDAVError.gone {
                    try recreate(change, deletedThere: synced, title: todo.title, in: collection)
                }
                summary.sentChanges += 1
            case .create(let todo, let text, let url, let href, let collection):
                try create(todo, todoID: change.todoID, text: text, at: url, href: href, in: collection, revision: change.revision,
                           firstAnswer: firstAnswer)
                summary.sentChanges += 1
            case .move(let synced, let todo, let collection):
                if try move(change, synced: synced, todo: todo, to: collection) { summary.sentChanges += 1 }
            }
        } catch let error as CalendarError {
            summary.skippedItems.append(SkippedItem(href: synced?.href ?? "(new)", listName: try pushedListName(change),
                                                    reason: "Tick cannot read the server's copy (line \(error.description)); the change here waits"))
        } catch let error as CalDAVError where Self.isConfinedToOneCollection(error) {
            summary.skippedItems.append(SkippedItem(href: synced?.href ?? "(new)", listName: try pushedListName(change),
                                                    reason: error.description + " The change here waits."))
        }
    }

    /// After an update's 412 (or a 404) whose item is gone: deleted on the server since this sync's
    /// pull. As at a pull ("deleted there, edited here"), the edit wins: the conflict is recorded, the
    /// item forgotten, and the todo created again in `collection`, as a todo new to the server is.
    private func recreate(_ change: TodoStore.PendingSyncChange, deletedThere synced: TodoStore.SyncedItem, title: String,
                          in collection: TodoStore.SyncCollection) throws {
        try store.forgetSyncedItem(todoID: synced.todoID, clearingRevision: nil)
        try record([TodoMerge.Conflict(uid: synced.uid, field: nil, lost: .remote)], title: title)
        guard case .create(let todo, let text, let url, let href, let collection) = try plannedWork(
            for: change, synced: nil, collections: [collection.listID: collection]) else { return }
        try create(todo, todoID: change.todoID, text: text, at: url, href: href, in: collection, revision: change.revision, firstAnswer: nil)
    }

    /// Moves the todo of `synced` into `collection`: its old item is deleted, then `todo` created
    /// there. The old item goes first, and is forgotten at once. Created first, a sync killed before
    /// the delete left two copies on the server and the store knowing only the new one (tick-stress
    /// sync found it); this way a kill in between leaves none, and the change, still pending,
    /// creates it at the next sync.
    ///
    /// The old item changed on the server since this sync's pull (a 412 to the DELETE): as at an
    /// update's 412, it is fetched and merged field by field into the todo (a field changed on
    /// both sides goes to the later LAST-MODIFIED, the conflict recorded), the merge is written
    /// here, the old item deleted at its new ETag, and the merge created in `collection`: the
    /// server's edit arrives moved, never dropped. Deleted on the server meanwhile (a 404 to the
    /// DELETE or to the fetch): gone may be moved, by another device into a third collection, and
    /// creating it here would leave two items of one UID. So in the sync's first round nothing more
    /// is done: the change stays pending, `lostDuringMove` is set, and `sync()` pulls again, which
    /// finds where it went (moved on both sides: merged, the later move's list wins) or that it was
    /// deleted (the move wins, the conflict recorded), and pushes it again. Met again in that second
    /// round, it is a deletion: the conflict is recorded and the todo created in `collection`.
    ///
    /// The new item is the server's copy (the one merged, after a 412) rewritten with the todo, as an
    /// update writes it: alarms, other apps' properties and all Tick does not show move with it.
    /// Returns whether the todo was sent.
    private func move(_ change: TodoStore.PendingSyncChange, synced: TodoStore.SyncedItem, todo: CalendarTodo,
                      to collection: TodoStore.SyncCollection) throws -> Bool {
        let url = try home.resolving(synced.href)
        var todo = todo
        var revision = change.revision
        var deletedThere = false
        // The server's copy the new item is written from, as an update rewrites it: what Tick does not
        // show (alarms, other apps' properties, other components of the UID) moves with the todo.
        var original = synced.base
        switch try deleteIfUnchanged(url, etag: synced.etag) {
        case .deleted:
            break
        case .gone:
            deletedThere = true
        case .changed:
            // Changed on the server since the pull: fetched, merged, and deleted at its new ETag.
            if let current = try fetchIfThere(url) {
                if let merged = try merge(current, of: synced, into: todo, inList: try listName(collection.listID)) {
                    todo = merged.todo
                    revision = merged.revision ?? revision
                }
                original = current.calendarData
                // Gone meanwhile is what was wanted; changed once more, the push stops (as at an update's
                // second 412) and the next sync, whose pull merges that change, moves it.
                if try deleteIfUnchanged(url, etag: current.etag) == .changed { throw CalDAVError.preconditionFailed(path: url.path) }
            } else {
                deletedThere = true
            }
        }
        if deletedThere && !isSecondRound {
            // Deleted or moved elsewhere since the pull: the second round's pull tells which.
            lostDuringMove = true
            return false
        }
        try store.forgetSyncedItem(todoID: synced.todoID, clearingRevision: nil)
        if deletedThere {
            try record([TodoMerge.Conflict(uid: synced.uid, field: nil, lost: .remote)], title: todo.title)
        }
        let (href, newURL, text) = try creation(of: todo, in: collection, from: original)
        try create(todo, todoID: change.todoID, text: text, at: newURL, href: href, in: collection, revision: revision, firstAnswer: nil)
        return true
    }

    /// After a 412: the server's `current` copy of `synced`'s item merged field by field into `todo`
    /// (as at a pull: a field both changed goes to the later LAST-MODIFIED), the conflicts recorded and
    /// the merge written here, in `list` when it has none. Returns the merge and the revision of the
    /// change writing it noted (what goes up next), or nil when the merge keeps no todo.
    private func merge(_ current: CalendarItem, of synced: TodoStore.SyncedItem, into todo: CalendarTodo,
                       inList list: String) throws -> (todo: CalendarTodo, revision: Int64?)? {
        guard let remote = try rewriter.read(current.calendarData).first else {
            throw CalDAVError.badResponse(reason: "\(synced.href) holds no VTODO")
        }
        let merged = TodoMerge.merge(base: try rewriter.read(synced.base).first, local: todo, remote: remote)
        try record(merged.conflicts, title: merged.todo?.title ?? todo.title)
        guard var result = merged.todo else { return nil }
        result.listName = nil
        try apply(result, defaultList: list)
        return (result, try store.pendingSyncChange(todoID: synced.todoID)?.revision)
    }

    /// What a DELETE with If-Match found.
    private enum ConditionalDeletion {
        /// Deleted now.
        case deleted
        /// Already gone (404, 410): deleted on the server since.
        case gone
        /// Changed on the server since (412): still there.
        case changed
    }

    /// Deletes the item at `url` if its ETag is still `etag`; any failure but these three answers is thrown.
    private func deleteIfUnchanged(_ url: ServerURL, etag: String?) throws(CalDAVError) -> ConditionalDeletion {
        do {
            try client.delete(url, ifMatch: etag)
            return .deleted
        } catch .notFound, .gone {
            return .gone
        } catch .preconditionFailed {
            return .changed
        }
    }

    /// The item at `url` as the server has it now, or nil when it is gone (404, 410).
    private func fetchIfThere(_ url: ServerURL) throws -> CalendarItem? {
        do {
            return try client.get(url)
        } catch .notFound, .gone {
            return nil
        }
    }

    /// The list of a pending change's todo, when it still has one.
    private func pushedListName(_ change: TodoStore.PendingSyncChange) throws -> String? {
        guard let item = try store.item(id: change.todoID) else { return nil }
        return try listName(item.listID)
    }

    /// Throws unless `href` lies inside one of `collections` (or the calendar home, for an item whose
    /// collection was deleted on the server): an item address stored before hrefs were checked at
    /// reception is never sent to (nor are the credentials).
    private func requireInsideCollection(_ href: String, of collections: [ServerURL]) throws {
        let url = try home.resolving(href)
        guard collections.contains(where: { url.isInside($0) }) else {
            throw CalDAVError.refusedAddress(reason: "\(href) is outside its collection; nothing is sent there")
        }
    }

    /// Replaces the item of `synced` at `url` with `text` (sent ahead when `firstAnswer` is given):
    /// a 412 (changed on the server since) fetches it, merges field by field and sends once more.
    private func update(_ synced: TodoStore.SyncedItem, with todo: CalendarTodo, revision: Int64, text firstText: String, at url: ServerURL,
                        firstAnswer: FirstAnswer?) throws {
        var revision = revision
        var base = synced.base
        var etag = synced.etag ?? "*"
        var text = firstText
        for attempt in 0..<2 {
            guard text != base else { break }
            do {
                if attempt == 0, let firstAnswer {
                    etag = try client.putResult(of: CalDAVClient.updateRequest(text, at: url, ifMatch: etag), answer: firstAnswer.get())
                } else {
                    etag = try client.update(text, at: url, ifMatch: etag)
                }
                base = text
                break
            } catch {
                // Changed on the server since: fetch, merge, try once more.
                guard attempt == 0, case .preconditionFailed = error else { throw error }
                let current = try client.get(url)
                let list = try listName(store.item(uid: todo.uid)?.listID ?? TodoStore.inboxListID)
                guard let merged = try merge(current, of: synced, into: todo, inList: list) else { return }
                revision = merged.revision ?? revision
                base = current.calendarData
                etag = current.etag
                text = try rewriter.rewrite(base, with: merged.todo, now: now())
            }
        }
        try store.recordSynced(.init(todoID: synced.todoID, uid: synced.uid, href: synced.href, etag: etag, base: base),
                               clearingRevision: revision)
    }

    /// Where and as what `todo` is created in `collection`: its href, URL and text. With `original`
    /// (the server's copy of a todo moved from another collection) the text is `original` rewritten
    /// with `todo`, as an update writes it, keeping every byte Tick did not change; else a new VTODO.
    private func creation(of todo: CalendarTodo, in collection: TodoStore.SyncCollection,
                          from original: String? = nil) throws -> (href: String, url: ServerURL, text: String) {
        let href = collection.href + Self.pathSegment(todo.uid) + ".ics"
        let text: String
        if let original {
            text = try rewriter.rewrite(original, with: todo, now: now(), stampingUnchanged: true)
        } else {
            text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Tick//Tick//EN\r\n" + VTodoWriter(zone: rewriter.zone).vtodo(todo, now: now())
                + "END:VCALENDAR\r\n"
        }
        return (href, try home.resolving(href), text)
    }

    /// Creates `text` at `url` (sent ahead when `firstAnswer` is given) and records it; an item
    /// already there (412) is read and updated instead.
    private func create(_ todo: CalendarTodo, todoID: Int64, text: String, at url: ServerURL, href: String, in collection: TodoStore.SyncCollection,
                        revision: Int64, firstAnswer: FirstAnswer?) throws {
        do {
            let etag: String
            if let firstAnswer {
                etag = try client.putResult(of: CalDAVClient.createRequest(text, at: url), answer: firstAnswer.get())
            } else {
                etag = try client.create(text, at: url)
            }
            collectionsWithCreations.insert(collection.href)
            try store.recordSynced(.init(todoID: todoID, uid: todo.uid, href: href, etag: etag, base: text), clearingRevision: revision)
        } catch CalDAVError.preconditionFailed {
            // Already there: an earlier sync created it and was interrupted before recording it.
            let current = try client.get(url)
            let synced = TodoStore.SyncedItem(todoID: todoID, uid: todo.uid, href: href, etag: current.etag, base: current.calendarData)
            try store.recordSynced(synced, clearingRevision: nil)
            try update(synced, with: todo, revision: revision, text: try rewriter.rewrite(current.calendarData, with: todo, now: now()), at: url,
                       firstAnswer: nil)
        }
    }

    /// After a deletion's 412 (the item changed on the server since the last sync): as at a pull
    /// ("deleted here, edited there"), the edit wins, the todo comes back from the server's copy and
    /// the conflict is recorded, and the rest of the sync goes on. A todo moved into a list kept here
    /// stays there, and an item in a collection no list here syncs any more is left on the server;
    /// either is named in the summary. An item deleted on the server meanwhile is simply forgotten.
    private func keepServerEdit(of synced: TodoStore.SyncedItem, at url: ServerURL, change: TodoStore.PendingSyncChange,
                                stillHere: Bool, listID: Int64?) throws {
        guard !stillHere, let listID else {
            try store.forgetSyncedItem(todoID: change.todoID, clearingRevision: change.revision)
            let reason = stillHere ? "changed on the server since the last sync: left there, and the todo stays in its list kept here"
                : "changed on the server since the last sync: left there, in a collection no list here syncs"
            summary.skippedItems.append(SkippedItem(href: synced.href, listName: try pushedListName(change), reason: reason))
            return
        }
        let current: CalendarItem
        do {
            current = try client.get(url)
        } catch .notFound, .gone {
            try store.forgetSyncedItem(todoID: change.todoID, clearingRevision: change.revision)
            return
        }
        guard var remote = try rewriter.read(current.calendarData).first else { throw CalDAVError.badResponse(reason: "\(synced.href) holds no VTODO") }
        try store.forgetSyncedItem(todoID: synced.todoID, clearingRevision: change.revision)
        try record([TodoMerge.Conflict(uid: remote.uid, field: nil, lost: .local)], title: remote.title)
        remote.listName = nil
        try apply(remote, defaultList: try listName(listID))
        guard let todo = try store.item(uid: remote.uid) else { return }
        // The todo came from the server as it is there: nothing of it waits to go up.
        try store.recordSynced(.init(todoID: todo.id, uid: remote.uid, href: synced.href, etag: current.etag, base: current.calendarData),
                               clearingRevision: try store.pendingSyncChange(todoID: todo.id)?.revision)
    }

    /// Deletes the item of `synced` at `url` (sent ahead when `firstAnswer` is given); one already
    /// gone is what was wanted.
    private func deleteRemote(_ synced: TodoStore.SyncedItem, at url: ServerURL, firstAnswer: FirstAnswer?) throws {
        do {
            if let firstAnswer {
                try CalDAVClient.deleteResult(of: CalDAVClient.deleteRequest(url, ifMatch: synced.etag), answer: firstAnswer.get())
            } else {
                try client.delete(url, ifMatch: synced.etag)
            }
        } catch CalDAVError.notFound, CalDAVError.gone {
            // Already gone: what was wanted.
        }
    }
}
