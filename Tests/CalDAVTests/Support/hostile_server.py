"""A small CalDAV server that misbehaves on request, for the CalDAV tests: what a hostile server, or
a shared calendar someone else can write to, can send Tick.

Usage: hostile_server.py SETUP_FILE CONTROL_FILE REQUEST_LOG
Listens on 127.0.0.1 at two free ports and prints "PORT OTHER_PORT" on the first line of standard
output. PORT is the server; OTHER_PORT stands for another server (another origin): it answers 404 to
everything and only logs, so a test can see that nothing (and no password) went there.

SETUP_FILE (JSON, read once) gives the starting state:
  {"collections": {"/dav/work/": "Work", ...},          calendar collections and display names
   "items": {"/dav/work/a.ics": "BEGIN:VCALENDAR...", ...},   items anywhere, stored as given
   "nested": {"path": "/dav/work/deep.ics", "depth": 300000}} an item of that many nested VTODOs
The calendar home is /dav/, the principal /principal/. Items are served as stored: a control
character in an item is written raw into XML answers (as Xandikos does), which makes them invalid XML.

CONTROL_FILE (JSON, read at every request, so a test can change it between requests) asks for
misbehaviours; each key is optional:
  "principal": URL                 current-user-principal names this (another host, say)
  "home": URL                      the principal's calendar-home-set names this
  "extra_collections": [URL]       the home listing adds these as calendar collections
  "extra_hrefs": {COLL: [HREF]}    sync-collection answers for COLL add these hrefs as changed items
  "endless_truncation": [COLL]     sync-collection answers for COLL say "cut short" (507) with a new
                                   token every time, and name nothing
  "drip": {METHOD: BYTES}          answers to METHOD are sent BYTES bytes a second, for ever
  "slow": {METHOD: SECONDS}        answers to METHOD wait SECONDS first
  "huge_text": {"path": P, "bytes": N, "tail": TEXT}   REPORT answers for P add a text node of N
                                   bytes followed by TEXT (escape sequences, say), raw
  "pad": {"method": M, "path": P, "bytes": N}   answers to M at P (any path when absent) add a
                                   well-formed element of N bytes of text

REQUEST_LOG gets one line per request: "PORT METHOD PATH AUTH AGENT" (AUTH: yes when an Authorization
header came; AGENT the User-Agent with spaces as underscores, "-" without one). Each connection serves one request and is closed. The server exits when its parent
process is gone.
"""
import json
import os
import posixpath
import random
import re
import signal
import socket
import sys
import threading
import time
from urllib.parse import unquote, urlparse

SETUP_FILE, CONTROL_FILE, REQUEST_LOG = sys.argv[1:4]
lock = threading.Lock()
collections = {}  # path -> {"name": str, "version": int}
items = {}  # path -> {"etag": str, "data": bytes, "version": int}
tombstones = {}  # path -> version
counter = [1]


def next_version():
    counter[0] += 1
    return counter[0]


def load_setup():
    with open(SETUP_FILE) as file:
        setup = json.load(file)
    for path, name in setup.get("collections", {}).items():
        collections[path] = {"name": name, "version": next_version()}
    for path, data in setup.get("items", {}).items():
        store(path, data.encode("utf-8"))
    nested = setup.get("nested")
    if nested:
        depth = nested["depth"]
        data = (b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//hostile//EN\r\n"
                + b"BEGIN:VTODO\r\nUID:deep\r\nSUMMARY:Deep\r\n" * depth
                + b"END:VTODO\r\n" * depth + b"END:VCALENDAR\r\n")
        store(nested["path"], data)


def store(path, data):
    version = next_version()
    items[path] = {"etag": '"%d"' % version, "data": data, "version": version}
    tombstones.pop(path, None)


def item_path(path):
    """The stored item `path` names, read as a careless server reads it: escapes decoded, dots followed."""
    if path in items:
        return path
    return posixpath.normpath(unquote(path))


def control():
    try:
        with open(CONTROL_FILE) as file:
            return json.load(file)
    except (FileNotFoundError, ValueError):
        return {}


def log(port, method, path, headers):
    with lock:
        with open(REQUEST_LOG, "a") as file:
            agent = headers.get("user-agent", "").replace(" ", "_") or "-"
            file.write("%d %s %s %s %s\n" % (port, method, path, "yes" if "authorization" in headers else "no", agent))


def read_request(connection):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = connection.recv(65536)
        if not chunk:
            return None
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    method, path = lines[0].split(" ")[:2]
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length", "0"))
    while len(body) < length:
        chunk = connection.recv(65536)
        if not chunk:
            return None
        body += chunk
    return method, path, headers, body


def xml_text(data):
    """Escapes what XML needs escaped and nothing else: control characters stay raw."""
    return data.replace(b"&", b"&amp;").replace(b"<", b"&lt;").replace(b">", b"&gt;")


def response(href, props, status=b"HTTP/1.1 200 OK"):
    return (b"<D:response><D:href>%s</D:href><D:propstat><D:prop>%s</D:prop><D:status>%s</D:status></D:propstat></D:response>"
            % (href.encode(), props, status))


def multistatus(parts, token=None):
    tail = b"<D:sync-token>%s</D:sync-token>" % token.encode() if token else b""
    return [b'<?xml version="1.0" encoding="utf-8"?>\n<D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">'] \
        + parts + [tail + b"</D:multistatus>"]


CALENDAR_TYPE = (b"<D:resourcetype><D:collection/><C:calendar/></D:resourcetype>"
                 b"<C:supported-calendar-component-set><C:comp name=\"VTODO\"/></C:supported-calendar-component-set>")


def collection_props(path):
    name = collections[path]["name"].encode()
    return CALENDAR_TYPE + b"<D:displayname>%s</D:displayname><D:sync-token>http://hostile/sync/%d</D:sync-token>" % (
        xml_text(name), collections[path]["version"])


def propfind(path, depth, settings):
    if path == "/dav/" or path == "/":
        principal = settings.get("principal", "/principal/")
        parts = [response(path, b"<D:resourcetype><D:collection/></D:resourcetype>"
                          b"<D:current-user-principal><D:href>%s</D:href></D:current-user-principal>" % principal.encode())]
        if depth == "1":
            for collection in sorted(collections):
                parts.append(response(collection, collection_props(collection)))
            for url in settings.get("extra_collections", []):
                parts.append(response(url, CALENDAR_TYPE + b"<D:displayname>Elsewhere</D:displayname>"))
        return 207, multistatus(parts)
    if path == "/principal/":
        home = settings.get("home", "/dav/")
        return 207, multistatus([response(path, b"<C:calendar-home-set><D:href>%s</D:href></C:calendar-home-set>" % home.encode())])
    if path in collections:
        parts = [response(path, collection_props(path))]
        if depth == "1":
            for item in sorted(p for p in items if p.startswith(path)):
                parts.append(response(item, b"<D:getetag>%s</D:getetag><D:resourcetype/>" % items[item]["etag"].encode()))
        return 207, multistatus(parts)
    if path in items:
        return 207, multistatus([response(path, b"<D:getetag>%s</D:getetag>" % items[path]["etag"].encode())])
    return 404, [b""]


def between(body, name):
    """The texts of every <D:name>…</D:name> element in a request body (Tick writes the D: prefix)."""
    found = re.findall(rb"<D:" + name + rb">([^<]*)</D:" + name + rb">", body)
    return [text.decode().replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&") for text in found]


def report(path, body, settings):
    if path not in collections:
        return 404, [b""]
    if b"sync-collection" in body:
        if path in settings.get("endless_truncation", []):
            token = "http://hostile/sync/%d" % random.getrandbits(48)
            return 207, multistatus([b"<D:response><D:href>%s</D:href><D:status>HTTP/1.1 507 Insufficient Storage</D:status></D:response>"
                                     % path.encode()], token)
        tokens = between(body, b"sync-token")
        since = int(tokens[0].rsplit("/", 1)[1]) if tokens and tokens[0] else 0
        parts = []
        for item in sorted(p for p in items if p.startswith(path) and items[p]["version"] > since):
            parts.append(response(item, b"<D:getetag>%s</D:getetag>" % items[item]["etag"].encode()))
        for item in sorted(p for p in tombstones if p.startswith(path) and tombstones[p] > since):
            parts.append(b"<D:response><D:href>%s</D:href><D:status>HTTP/1.1 404 Not Found</D:status></D:response>" % item.encode())
        for href in settings.get("extra_hrefs", {}).get(path, []):
            parts.append(response(href, b'<D:getetag>"elsewhere"</D:getetag>'))
        return 207, multistatus(parts, "http://hostile/sync/%d" % counter[0])
    parts = []
    for href in between(body, b"href"):
        item = items.get(item_path(href))
        if item is None:
            parts.append(b"<D:response><D:href>%s</D:href><D:status>HTTP/1.1 404 Not Found</D:status></D:response>" % href.encode())
        else:
            parts.append(response(href, b"<D:getetag>%s</D:getetag><C:calendar-data>%s</C:calendar-data>"
                                  % (item["etag"].encode(), xml_text(item["data"]))))
    return 207, multistatus(parts)


def handle(method, path, headers, body, settings):
    """The status, extra headers and body pieces of the answer."""
    path = urlparse(path).path
    if method == "PROPFIND":
        status, parts = propfind(path, headers.get("depth", "0"), settings)
        return status, {}, parts
    if method == "REPORT":
        status, parts = report(path, body, settings)
        return status, {}, parts
    if method == "GET":
        item = items.get(item_path(path))
        if item is None:
            return 404, {}, [b""]
        return 200, {"ETag": item["etag"], "Content-Type": "text/calendar"}, [item["data"]]
    if method == "PUT":
        item = items.get(path)
        if headers.get("if-none-match") == "*" and item is not None:
            return 412, {}, [b""]
        if "if-match" in headers and (item is None or item["etag"] != headers["if-match"]):
            return 412, {}, [b""]
        store(path, body)
        parent = path.rsplit("/", 1)[0] + "/"
        if parent in collections:
            collections[parent]["version"] = counter[0]
        return (204 if item else 201), {"ETag": items[path]["etag"]}, [b""]
    if method == "DELETE":
        if path in collections:
            del collections[path]
            return 204, {}, [b""]
        path = item_path(path)
        item = items.get(path)
        if item is None:
            return 404, {}, [b""]
        if "if-match" in headers and item["etag"] != headers["if-match"]:
            return 412, {}, [b""]
        del items[path]
        tombstones[path] = next_version()
        return 204, {}, [b""]
    if method == "MKCALENDAR":
        names = between(body, b"displayname")
        collections[path] = {"name": names[0] if names else path, "version": next_version()}
        return 201, {}, [b""]
    if method == "PROPPATCH":
        names = between(body, b"displayname")
        if path in collections and names:
            collections[path]["name"] = names[0]
        return 207, {}, multistatus([response(path, b"<D:displayname/>")])
    return 405, {}, [b""]


def misbehave(method, path, parts, settings):
    """The answer's body pieces with the misbehaviours asked for this request added."""
    extra = []
    huge = settings.get("huge_text")
    if huge and method == "REPORT" and huge.get("path", path) == path:
        extra.append(b"<D:response><D:href>/dav/huge</D:href><D:propstat><D:prop><D:displayname>")
        extra.append(b"A" * huge["bytes"] + huge.get("tail", "").encode())
        extra.append(b"</D:displayname></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>")
    padding = settings.get("pad", {})
    pad = padding.get("bytes") if padding.get("method") == method and padding.get("path", path) == path else None
    if pad:
        extra.append(b'<X:pad xmlns:X="urn:hostile">')
        extra += [b"A" * (1 << 20)] * (pad >> 20) + [b"A" * (pad % (1 << 20))]
        extra.append(b"</X:pad>")
    if not extra or len(parts) < 2:
        return parts
    # Before the last piece (the sync-token and the end of the multistatus).
    return parts[:-1] + extra + parts[-1:]


def serve(connection, port):
    try:
        request = read_request(connection)
        if request is None:
            return
        method, path, headers, body = request
        log(port, method, path, headers)
        if port != MAIN_PORT:
            connection.sendall(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            return
        settings = control()
        with lock:
            status, extra_headers, parts = handle(method, path, headers, body, settings)
        parts = misbehave(method, urlparse(path).path, parts, settings)
        time.sleep(settings.get("slow", {}).get(method, 0))
        length = sum(len(part) for part in parts)
        head = "HTTP/1.1 %d Hostile\r\nContent-Length: %d\r\nConnection: close\r\n" % (status, length)
        if status == 207:
            head += "Content-Type: application/xml; charset=utf-8\r\n"
        for name, value in extra_headers.items():
            head += "%s: %s\r\n" % (name, value)
        connection.sendall(head.encode() + b"\r\n")
        drip = settings.get("drip", {}).get(method)
        for part in parts:
            if drip:
                for start in range(0, len(part), drip):
                    connection.sendall(part[start:start + drip])
                    time.sleep(1)
            else:
                connection.sendall(part)
    except OSError:
        pass
    finally:
        connection.close()


def watch_parent(parent):
    while os.getppid() == parent:
        time.sleep(0.2)
    os._exit(0)


def listen():
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    return listener, listener.getsockname()[1]


def accept(listener, port):
    while True:
        connection, _ = listener.accept()
        threading.Thread(target=serve, args=(connection, port), daemon=True).start()


def main():
    global MAIN_PORT
    # The test process spawns with most signals blocked, and the mask is inherited: unblock them,
    # or SIGTERM from the test would never stop the server.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    threading.Thread(target=watch_parent, args=(os.getppid(),), daemon=True).start()
    load_setup()
    main_listener, MAIN_PORT = listen()
    other_listener, other_port = listen()
    threading.Thread(target=accept, args=(other_listener, other_port), daemon=True).start()
    print(MAIN_PORT, other_port, flush=True)
    accept(main_listener, MAIN_PORT)


MAIN_PORT = 0
main()
