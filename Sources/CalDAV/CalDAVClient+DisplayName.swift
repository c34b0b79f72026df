/// Renaming a collection (RFC 4918 §9.2 PROPPATCH of `DAV:displayname`), what a list rename becomes.
extension CalDAVClient {
    /// Sets the display name of the collection at `url` to `name`. The server answers each property
    /// in a multistatus; a property it refused (403, 409, 424…) is an error naming the status, since a
    /// 207 alone does not mean the name changed.
    public func setDisplayName(_ name: String, of url: ServerURL) throws(CalDAVError) {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <D:propertyupdate xmlns:D="DAV:">
             <D:set><D:prop><D:displayname>\(name.xmlEscaped)</D:displayname></D:prop></D:set>
            </D:propertyupdate>
            """
        let request = HTTPRequest(method: "PROPPATCH", url: url, headers: [Self.xmlContentType], body: Array(body.utf8))
        let response = try http.send(request)
        // Some servers answer a plain 200 or 204 for a PROPPATCH that did everything.
        if [200, 204].contains(response.status) { return }
        try Self.checkedStatus(of: response, path: url.path, expecting: [207])
        let answer = try Multistatus(parsing: response.body)
        for status in answer.responses.flatMap({ $0.propertyGroups.map(\.status) }) where !(200..<300).contains(status) {
            throw status == 403 ? .forbidden : .serverError(status: status, retryAfter: nil)
        }
    }
}
