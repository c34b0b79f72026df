import CCurl

/// Requests sent side by side: up to ``HTTPClient/Configuration/parallelRequests`` at once, each
/// over a connection of its own (libcurl's multi interface, driven from the calling thread), for
/// a sync's uploads. HTTP/1.1 pipelining is not offered: libcurl dropped it in 7.65.
///
/// A caller starts requests with ``HTTPClient/start(_:)`` and takes their answers, in the order
/// they come, with ``HTTPClient/nextAnswer()``. Each is sent once and checked as
/// ``HTTPClient/send(_:bodyTo:)`` checks its request (scheme, origin, the sync's time left); a
/// refused one is answered at once with its error and nothing is sent. Transfers move only while
/// ``HTTPClient/nextAnswer()`` waits: a request sent with `send` meanwhile goes on its own handle
/// (the answers of those under way wait in their sockets; they are small).
extension HTTPClient {
    /// One request started by ``start(_:)``, named by the number it returned.
    public typealias Ticket = Int

    /// How many requests ``start(_:)`` may have under way at once: the configuration's
    /// ``Configuration/parallelRequests``.
    public var parallelCapacity: Int { configuration.parallelRequests }

    /// How many started requests have not been taken by ``nextAnswer()`` yet.
    public var startedRequests: Int { parallel?.unanswered ?? 0 }

    /// Starts `request` beside the others under way and returns its ticket; its answer (or its
    /// error) comes from ``nextAnswer()``. Starting more than ``parallelCapacity`` makes the extra
    /// ones wait in libcurl for a connection.
    public func start(_ request: HTTPRequest) -> Ticket {
        let transfers: ParallelTransfers
        if let parallel {
            transfers = parallel
        } else {
            transfers = ParallelTransfers(connections: configuration.parallelRequests)
            parallel = transfers
        }
        let ticket = transfers.nextTicket()
        do throws(CalDAVError) {
            let handle: CurlHandle
            if let idle = transfers.idleHandle() {
                handle = idle
            } else {
                handle = try CurlHandle(configuration: configuration)
            }
            let transfer = try begin(request, on: handle, bodyTo: nil)
            if let failure = transfers.add(transfer, ticket: ticket) {
                abandon(transfer)
                transfers.release(handle)
                transfers.answered.append((ticket, .failure(failure)))
            }
        } catch {
            transfers.answered.append((ticket, .failure(error)))
        }
        return ticket
    }

    /// Frees what ``begin(_:on:bodyTo:)`` made for a transfer that was never sent, and uncounts it.
    private func abandon(_ transfer: Transfer) {
        ccurl_setopt_slist(transfer.handle.pointer, CURLOPT_HTTPHEADER, nil)
        ccurl_slist_free_all(transfer.headerList)
        requestCount -= 1
    }

    /// The next answer of a started request, waiting for one; nil when every started request has
    /// been answered already.
    public func nextAnswer() -> (ticket: Ticket, result: Result<HTTPResponse, CalDAVError>)? {
        guard let transfers = parallel else { return nil }
        while true {
            if !transfers.answered.isEmpty { return transfers.answered.removeFirst() }
            guard transfers.hasTransfersUnderWay else { return nil }
            for (ticket, transfer, code) in transfers.perform() {
                let result: Result<HTTPResponse, CalDAVError>
                do throws(CalDAVError) {
                    result = .success(try end(transfer, code: code))
                } catch {
                    result = .failure(error)
                }
                transfers.answered.append((ticket, result))
                transfers.release(transfer.handle)
            }
        }
    }
}

/// The multi handle of one client's parallel requests, its easy handles (kept, so their
/// connections stay open for the next requests) and the transfers under way.
final class ParallelTransfers {
    private let multi: UnsafeMutableRawPointer?
    private var idle: [CurlHandle] = []
    private var underWay: [(ticket: HTTPClient.Ticket, transfer: HTTPClient.Transfer)] = []
    /// Answers (or errors) not yet taken, in the order they came.
    var answered: [(ticket: HTTPClient.Ticket, result: Result<HTTPResponse, CalDAVError>)] = []
    private var lastTicket = 0

    /// A multi handle that opens at most `connections` connections in all (and to one host).
    init(connections: Int) {
        multi = ccurl_multi_init()
        if let multi {
            ccurl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, connections)
            ccurl_multi_setopt_long(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, connections)
        }
    }

    deinit {
        for (_, transfer) in underWay {
            if let multi { ccurl_multi_remove_handle(multi, transfer.handle.pointer) }
            ccurl_setopt_slist(transfer.handle.pointer, CURLOPT_HTTPHEADER, nil)
            ccurl_slist_free_all(transfer.headerList)
        }
        underWay = []
        if let multi { ccurl_multi_cleanup(multi) }
    }

    var unanswered: Int { underWay.count + answered.count }
    var hasTransfersUnderWay: Bool { !underWay.isEmpty }

    func nextTicket() -> HTTPClient.Ticket {
        lastTicket += 1
        return lastTicket
    }

    /// A handle no transfer uses, if one is kept.
    func idleHandle() -> CurlHandle? {
        idle.popLast()
    }

    /// Gives `handle` back once its transfer is over.
    func release(_ handle: CurlHandle) {
        idle.append(handle)
    }

    /// Puts `transfer` under way; the error when libcurl would not take it.
    func add(_ transfer: HTTPClient.Transfer, ticket: HTTPClient.Ticket) -> CalDAVError? {
        guard let multi else {
            return .connectionFailed(reason: ccurl_load_error().map { String(cString: $0) } ?? "libcurl could not start several requests")
        }
        let code = ccurl_multi_add_handle(multi, transfer.handle.pointer)
        guard code == CURLM_OK else { return .connectionFailed(reason: "libcurl could not start a request (multi error \(code.rawValue))") }
        underWay.append((ticket, transfer))
        return nil
    }

    /// Moves the transfers under way until at least one is over (waiting up to a second at a
    /// time for their sockets), and returns those that are, taken out of the multi handle.
    func perform() -> [(HTTPClient.Ticket, HTTPClient.Transfer, CURLcode)] {
        guard let multi else { return [] }
        var over: [(HTTPClient.Ticket, HTTPClient.Transfer, CURLcode)] = []
        while over.isEmpty && !underWay.isEmpty {
            var running: Int32 = 0
            let performed = withExtendedLifetime(underWay) { ccurl_multi_perform(multi, &running) }
            var handle: UnsafeMutableRawPointer?
            var code = CURLE_OK
            while ccurl_multi_next_done(multi, &handle, &code) == 1 {
                guard let index = underWay.firstIndex(where: { $0.transfer.handle.pointer == handle }) else { continue }
                let (ticket, transfer) = underWay.remove(at: index)
                ccurl_multi_remove_handle(multi, transfer.handle.pointer)
                over.append((ticket, transfer, code))
            }
            if performed != CURLM_OK {
                // The multi handle itself failed: every transfer under way ends with that failure.
                for (ticket, transfer) in underWay {
                    ccurl_multi_remove_handle(multi, transfer.handle.pointer)
                    over.append((ticket, transfer, CURLE_FAILED_INIT))
                }
                underWay = []
            }
            if over.isEmpty && !underWay.isEmpty { ccurl_multi_poll(multi, 1_000) }
        }
        return over
    }
}
