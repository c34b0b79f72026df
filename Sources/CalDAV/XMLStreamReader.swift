import CLibxml2

/// Reads an XML document handed over in pieces as it arrives: libxml2's push parser with SAX
/// callbacks, so no libxml2 tree is built and the bytes are not kept. Each complete child of the
/// root element goes to `onRootChild` as soon as its end tag is read and is not kept here either;
/// a multistatus answer is thus held once, as the values its reader makes of it.
///
/// No network access, no entities but XML's five (a `<!ENTITY>` is not declared, so a reference to
/// it is an error), nesting as deep as libxml2 allows by default (256), and no message from
/// libxml2 anywhere: its errors come to this reader, never to standard error (the TUI owns the
/// terminal, and libxml2 quotes the document's bytes in its messages).
final class XMLStreamReader {
    /// Called with each complete child of the root; throwing stops the reading with that error.
    typealias ChildHandler = (XMLElement) throws(CalDAVError) -> Void
    /// Called with the root element (without children) as soon as its start tag is read.
    typealias RootCheck = (XMLElement) throws(CalDAVError) -> Void

    private let onRootChild: ChildHandler
    private let checkRoot: RootCheck
    private let wantsRootChild: (XMLElement) -> Bool
    /// How deep the reader is inside a child of the root it does not want (0: not in one): its
    /// elements and text are passed over, so padding cannot fill the memory.
    private var skippedDepth = 0
    private var context: xmlParserCtxtPtr?
    /// The open elements, root first, with the text of each so far.
    private var stack: [(element: XMLElement, text: [UInt8])] = []
    private var root: XMLElement?
    /// The first failure: a handler's error, or libxml2's first error as a sentence.
    private var failure: CalDAVError?
    private var firstProblem: String?

    /// A reader handing the root's children that `wantsRootChild` wants (all by default; it sees
    /// each without children or text) to `onRootChild`, after `checkRoot` accepted the root.
    init(checkRoot: @escaping RootCheck = { _ throws(CalDAVError) in }, wantsRootChild: @escaping (XMLElement) -> Bool = { _ in true },
         onRootChild: @escaping ChildHandler) {
        self.onRootChild = onRootChild
        self.checkRoot = checkRoot
        self.wantsRootChild = wantsRootChild
        clibxml2_silence()
        var handler = xmlSAXHandler()
        handler.initialized = clibxml2_sax2_magic()
        handler.startElementNs = startElement
        handler.endElementNs = endElement
        handler.characters = characters
        handler.cdataBlock = characters
        handler.serror = structuredError
        let me = Unmanaged.passUnretained(self).toOpaque()
        context = xmlCreatePushParserCtxt(&handler, me, nil, 0, nil)
        if let context {
            xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue))
        }
    }

    deinit {
        if let context { xmlFreeParserCtxt(context) }
    }

    /// Reads the next bytes; false once the document cannot be read (``finish()`` then says why).
    @discardableResult
    func feed(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let context, failure == nil, firstProblem == nil else { return false }
        var rest = bytes
        while !rest.isEmpty {
            let piece = UnsafeRawBufferPointer(rebasing: rest.prefix(1 << 20))
            rest = UnsafeRawBufferPointer(rebasing: rest.dropFirst(piece.count))
            let code = xmlParseChunk(context, piece.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(piece.count), 0)
            if code != 0 || failure != nil || firstProblem != nil {
                if firstProblem == nil && failure == nil { firstProblem = "libxml2 error \(code)" }
                return false
            }
        }
        return true
    }

    /// Ends the document and returns its root element (without the children handed out); throws
    /// when the document could not be read, saying where.
    func finish() throws(CalDAVError) -> XMLElement {
        guard let context else { throw .badResponse(reason: "the XML reader could not start") }
        if failure == nil && firstProblem == nil {
            let code = xmlParseChunk(context, nil, 0, 1)
            if code != 0 && firstProblem == nil && failure == nil { firstProblem = "libxml2 error \(code)" }
        }
        if let failure { throw failure }
        if let firstProblem { throw .badResponse(reason: "the XML could not be read (\(firstProblem))") }
        guard let root else { throw .badResponse(reason: "the XML has no root element") }
        return root
    }

    // MARK: Callbacks (on the thread that feeds)

    fileprivate func didStart(_ element: XMLElement) {
        guard failure == nil else { return }
        if skippedDepth > 0 || (stack.count == 1 && !wantsRootChild(element)) {
            skippedDepth += 1
            return
        }
        if stack.isEmpty {
            do {
                try checkRoot(element)
            } catch {
                stop(error)
            }
        }
        stack.append((element, []))
    }

    fileprivate func didEnd() {
        if skippedDepth > 0 {
            skippedDepth -= 1
            return
        }
        guard failure == nil, var (element, text) = stack.popLast() else { return }
        element.content = String(decoding: text, as: UTF8.self)
        text = []
        switch stack.count {
        case 0:
            root = element
        case 1:
            do {
                try onRootChild(element)
            } catch {
                stop(error)
            }
        default:
            stack[stack.count - 1].element.children.append(element)
        }
    }

    fileprivate func didRead(_ characters: UnsafeBufferPointer<UInt8>) {
        guard failure == nil, skippedDepth == 0, !stack.isEmpty else { return }
        stack[stack.count - 1].text.append(contentsOf: characters)
    }

    fileprivate func didFail(line: Int32, message: String) {
        guard firstProblem == nil else { return }
        // libxml2 quotes names and bytes of the document: only printable characters are kept.
        let printable = String(message.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value) }
            .map(Character.init)).trimmingSpaces
        firstProblem = line > 0 ? "line \(line): \(printable)" : printable
    }

    private func stop(_ error: CalDAVError) {
        failure = error
        if let context { xmlStopParser(context) }
    }
}

private func reader(_ context: UnsafeMutableRawPointer?) -> XMLStreamReader? {
    context.map { Unmanaged<XMLStreamReader>.fromOpaque($0).takeUnretainedValue() }
}

private func string(_ characters: UnsafePointer<xmlChar>?) -> String {
    characters.map { String(cString: $0) } ?? ""
}

/// Whether the C string `characters` is `text`.
private func isText(_ characters: UnsafePointer<xmlChar>, _ text: StaticString) -> Bool {
    let count = text.utf8CodeUnitCount
    for offset in 0..<count where characters[offset] != text.utf8Start[offset] { return false }
    return characters[count] == 0
}

/// A namespace URI as a string: WebDAV's and CalDAV's (nearly every element's) as the constants
/// themselves, without reading and copying the C string again for each element.
private func namespaceString(_ characters: UnsafePointer<xmlChar>?) -> String {
    guard let characters else { return "" }
    if isText(characters, "DAV:") { return XMLNamespace.dav }
    if isText(characters, "urn:ietf:params:xml:ns:caldav") { return XMLNamespace.calDAV }
    return String(cString: characters)
}

private let startElement: startElementNsSAX2Func = { context, localName, _, namespace, _, _, attributeCount, _, attributes in
    guard let reader = reader(context) else { return }
    var element = XMLElement(namespace: namespaceString(namespace), name: string(localName))
    if let attributes {
        // Five pointers per attribute: local name, prefix, URI, value start, value end.
        for index in 0..<Int(attributeCount) {
            let base = attributes + index * 5
            guard let name = base[0], let start = base[3], let end = base[4] else { continue }
            element.attributes[string(name)] = String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
        }
    }
    reader.didStart(element)
}

private let endElement: endElementNsSAX2Func = { context, _, _, _ in
    reader(context)?.didEnd()
}

private let characters: charactersSAXFunc = { context, bytes, length in
    guard let bytes, length > 0 else { return }
    reader(context)?.didRead(UnsafeBufferPointer(start: bytes, count: Int(length)))
}

private let structuredError: xmlStructuredErrorFunc = { context, error in
    guard let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
    // libxml2 calls a SAX handler's own error callback only for the parser's errors, with the
    // parser context's user data: the reader.
    reader(context)?.didFail(line: error.pointee.line, message: error.pointee.message.map { String(cString: $0) } ?? "error \(error.pointee.code)")
}
