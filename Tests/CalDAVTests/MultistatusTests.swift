import CalDAV
import Testing

@Suite("Multistatus answers")
struct MultistatusTests {
    @Test("Properties are found by namespace whatever the prefixes, and only in 2xx groups")
    func namespaces() throws {
        let body = """
            <?xml version="1.0"?>
            <x:multistatus xmlns:x="DAV:" xmlns:cal="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/">
              <x:response>
                <x:href>/u/list/</x:href>
                <x:propstat><x:prop><x:displayname> Errands </x:displayname><cs:getctag>"c1"</cs:getctag>
                  <cal:supported-calendar-component-set><cal:comp name="VTODO"/></cal:supported-calendar-component-set>
                </x:prop><x:status>HTTP/1.1 200 OK</x:status></x:propstat>
                <x:propstat><x:prop><x:getetag/></x:prop><x:status>HTTP/1.1 404 Not Found</x:status></x:propstat>
              </x:response>
              <x:response><x:href>/u/list/gone.ics</x:href><x:status>HTTP/1.1 404 Not Found</x:status></x:response>
              <x:sync-token>token-2</x:sync-token>
            </x:multistatus>
            """
        let answer = try Multistatus(parsing: Array(body.utf8))
        #expect(answer.syncToken == "token-2")
        #expect(answer.responses.map(\.href) == ["/u/list/", "/u/list/gone.ics"])
        let first = answer.responses[0]
        #expect(first.property(XMLNamespace.dav, "displayname")?.text == "Errands")
        #expect(first.property(XMLNamespace.calendarServer, "getctag")?.text == "\"c1\"")
        #expect(first.property(XMLNamespace.calDAV, "supported-calendar-component-set")?.children.first?.attributes["name"] == "VTODO")
        #expect(first.property(XMLNamespace.dav, "getetag") == nil)
        #expect(first.property(XMLNamespace.calDAV, "displayname") == nil)
        #expect(answer.responses[1].status == 404)
    }

    @Test("Something other than a multistatus is a bad response", arguments: [
        "<html><body>Proxy error</body></html>", "not XML at all", "", "<D:multistatus xmlns:D=\"DAV:\"><D:response/></D:multistatus>",
    ])
    func rejected(body: String) {
        guard case .badResponse = caught({ try Multistatus(parsing: Array(body.utf8)) }) else {
            Issue.record("accepted: \(body)")
            return
        }
    }

    @Test("An external entity is not fetched or expanded")
    func externalEntity() throws {
        let body = """
            <?xml version="1.0"?>
            <!DOCTYPE m [<!ENTITY secret SYSTEM "file:///etc/hostname">]>
            <D:multistatus xmlns:D="DAV:"><D:response><D:href>&secret;</D:href></D:response></D:multistatus>
            """
        let answer = caught { try Multistatus(parsing: Array(body.utf8)) }
        // Refused: the entity is never declared to the reader, so the reference is an error (an
        // empty href, had it been left unexpanded, is refused too).
        guard case .badResponse(let reason) = answer else {
            Issue.record("accepted: \(String(describing: answer))")
            return
        }
        #expect(reason.contains("secret") || reason == "a multistatus response has no href", "\(reason)")
    }

    static let answer = """
        <?xml version="1.0" encoding="utf-8"?>
        <D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
         <D:response><D:href>/u/a.ics</D:href><D:propstat><D:prop><D:getetag>"1"</D:getetag>
          <C:calendar-data><![CDATA[BEGIN:VCALENDAR]]>&#13;
        END:VCALENDAR</C:calendar-data></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>
         <D:response><D:href>/u/b.ics</D:href><D:status>HTTP/1.1 404 Not Found</D:status></D:response>
         <D:sync-token>t-9</D:sync-token>
        </D:multistatus>
        """

    @Test("An answer read as it streams, in pieces of any size, reads as the whole", arguments: [1, 7, 64, 100_000])
    func streamedInPieces(size: Int) throws {
        let bytes = Array(Self.answer.utf8)
        let reader = MultistatusReader()
        var start = 0
        while start < bytes.count {
            let piece = Array(bytes[start..<min(bytes.count, start + size)])
            #expect(piece.withUnsafeBytes { reader.consume($0) })
            start += size
        }
        let streamed = try reader.finish()
        #expect(streamed == (try Multistatus(parsing: bytes)))
        #expect(streamed.syncToken == "t-9")
        #expect(streamed.responses.map(\.href) == ["/u/a.ics", "/u/b.ics"])
        #expect(streamed.responses[0].property(XMLNamespace.calDAV, "calendar-data")?.content == "BEGIN:VCALENDAR\r\nEND:VCALENDAR")
    }

    @Test("An answer with a raw control character is refused with its line, and the message holds no control character")
    func rawControlCharacter() {
        let body = "<D:multistatus xmlns:D=\"DAV:\">\n<D:response><D:href>/a\u{1B}]0;x\u{07}</D:href></D:response></D:multistatus>"
        guard case .badResponse(let reason) = caught({ try Multistatus(parsing: Array(body.utf8)) }) else {
            Issue.record("accepted")
            return
        }
        #expect(reason.hasPrefix("the XML could not be read (line 2: "), "\(reason)")
        #expect(!reason.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(reason.debugDescription)")
    }
}
