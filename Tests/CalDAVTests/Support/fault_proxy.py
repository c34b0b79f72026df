"""A fault-injecting HTTP proxy in front of a real CalDAV server, for the CalDAV tests.

Usage: fault_proxy.py [--without-sync-collection] UPSTREAM_PORT CONTROL_FILE [REQUEST_LOG]
Listens on 127.0.0.1 at a free port and prints it on the first line of standard output.

With --without-sync-collection the server plays one that does not offer RFC 6578: PROPFIND answers
lose the sync-collection report from their supported-report-set and their sync-token properties,
and a sync-collection REPORT is answered 500 (not a refusal a client could take as "not offered":
a client that asks at all fails). Before
each request it takes the first line of CONTROL_FILE (if any) as the fault for that request:

  status CODE [RETRY_AFTER]   answer CODE at once (with Retry-After when given: seconds, or an
                              HTTP date, spaces and all), not forwarded
  redirect CODE LOCATION      answer CODE (301, 308…) with Location: LOCATION, not forwarded
  reset                       close the connection with a TCP reset instead of answering
  forward-reset               forward, then reset the connection instead of answering: the server
                              did the request but the client never hears of it (a lost answer)
  delete PATH                 first DELETE PATH on the server (with the request's Authorization),
                              as another client would, then forward
  kill PID                    kill the process PID (the server) with SIGKILL, then try to forward
  hold FILE                   wait until FILE exists, then forward (a test acts in between)
  trickle SECONDS             forward, and send the answer in 10 pieces spread over SECONDS (a
                              slow line that keeps moving)

A line "on METHOD FAULT…" waits for the next request of that method: requests of other methods
pass unchanged and leave it queued ("on METHOD" alone lets that request through).
  slow SECONDS                wait, then forward (the client's timeout should fire first)
  strip-etag                  forward, and remove the ETag header from the answer
  truncate PATH               forward, and add to the multistatus a 507 response for PATH (how
                              RFC 6578 section 3.6 says a sync-collection answer was cut short)
  cut PATH TOKEN [HREF…]      forward a sync-collection REPORT, keep only the responses for the
                              HREFs, give TOKEN as the sync-token and add the 507 for PATH: an
                              answer cut short at TOKEN (a real, older token of the server), the
                              changes after it left for the client to ask again

Without a fault the request is forwarded unchanged. Each connection serves one request and is
closed (the client reconnects). The proxy exits when its parent process is gone.

With REQUEST_LOG, each request appends "begin N METHOD PATH" when it arrives and "end N" once its
answer is sent, so a caller (tick-stress sync) can kill a client at a chosen request; a
sync-collection REPORT also appends "sync-token N TOKEN" (the token it sent, nothing after N for
none), so a test can see from which token a client asked.
"""
import html
import os
import re
import signal
import socket
import struct
import sys
import threading
import time

WITHOUT_SYNC_COLLECTION = "--without-sync-collection" in sys.argv[1:]
ARGUMENTS = [argument for argument in sys.argv[1:] if not argument.startswith("--")]
UPSTREAM_PORT = int(ARGUMENTS[0])
CONTROL_FILE = ARGUMENTS[1]
control_lock = threading.Lock()
REQUEST_LOG = ARGUMENTS[2] if len(ARGUMENTS) > 2 else None
request_count = 0


def log_request(line):
    if REQUEST_LOG is None:
        return
    with control_lock:
        with open(REQUEST_LOG, "a") as file:
            file.write(line + "\n")


def next_request_number():
    global request_count
    with control_lock:
        request_count += 1
        return request_count


def next_fault(method):
    with control_lock:
        try:
            with open(CONTROL_FILE) as file:
                lines = file.read().splitlines()
        except FileNotFoundError:
            return None
        if not lines:
            return None
        fault = lines[0].split()
        if fault[:1] == ["on"]:
            if len(fault) < 2 or fault[1].encode() != method:
                return None
            fault = fault[2:]
        # Replaced whole, so that a test reading the file never sees it half written.
        with open(CONTROL_FILE + ".new", "w") as file:
            file.write("".join(line + "\n" for line in lines[1:]))
        os.replace(CONTROL_FILE + ".new", CONTROL_FILE)
        return fault


def read_request(connection):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = connection.recv(65536)
        if not chunk:
            return None
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    while len(body) < length:
        chunk = connection.recv(65536)
        if not chunk:
            return None
        body += chunk
    return head, body


def forward(head, body):
    lines = [line for line in head.split(b"\r\n") if not line.lower().startswith(b"connection:")]
    request = b"\r\n".join(lines) + b"\r\nConnection: close\r\n\r\n" + body
    with socket.create_connection(("127.0.0.1", UPSTREAM_PORT)) as upstream:
        upstream.sendall(request)
        answer = b""
        while True:
            chunk = upstream.recv(65536)
            if not chunk:
                return answer
            answer += chunk


def delete_upstream(head, path):
    """DELETE `path` on the server with the same credentials as the request `head`."""
    authorization = [line for line in head.split(b"\r\n") if line.lower().startswith(b"authorization:")]
    request = b"DELETE %s HTTP/1.1\r\nHost: 127.0.0.1\r\n%sContent-Length: 0\r\nConnection: close\r\n\r\n" % (
        path.encode(), b"".join(line + b"\r\n" for line in authorization))
    with socket.create_connection(("127.0.0.1", UPSTREAM_PORT)) as upstream:
        upstream.sendall(request)
        while upstream.recv(65536):
            pass


def strip_etag(answer):
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = [line for line in head.split(b"\r\n") if not line.lower().startswith(b"etag:")]
    return b"\r\n".join(lines) + b"\r\n\r\n" + body


def truncated(answer, path):
    head, _, body = answer.partition(b"\r\n\r\n")
    marker = b"<response><href>%s</href><status>HTTP/1.1 507 Insufficient Storage</status></response>" % path.encode()
    # Radicale writes DAV: as the default namespace, so the added elements need no prefix.
    body = body.replace(b"</multistatus>", marker + b"</multistatus>")
    lines = [line for line in head.split(b"\r\n") if not line.lower().startswith(b"content-length:")]
    return b"\r\n".join(lines) + b"\r\nContent-Length: %d\r\n\r\n" % len(body) + body


RESPONSE = re.compile(rb"<(\w+:)?response\b.*?</(\w+:)?response>", re.S)
RESPONSE_HREF = re.compile(rb"<(\w+:)?href>([^<]*)</(\w+:)?href>")
SENT_TOKEN = re.compile(rb"<(\w+:)?sync-token>([^<]*)</(\w+:)?sync-token>")


def cut(answer, path, token, hrefs):
    """A sync-collection answer cut short at `token`: only the responses for `hrefs`, and a 507 for `path`."""
    head, _, body = answer.partition(b"\r\n\r\n")
    kept = {href.encode() for href in hrefs}

    def keep(match):
        href = RESPONSE_HREF.search(match.group(0))
        return match.group(0) if href and href.group(2) in kept else b""

    body = RESPONSE.sub(keep, body)
    body = SYNC_TOKEN.sub(lambda match: b"<%ssync-token>%s</%ssync-token>" % (
        match.group(1) or b"", html.escape(token).encode(), match.group(1) or b""), body)
    # The 507 in the namespace prefix the server's own elements use (none for Radicale, which
    # writes DAV: as the default namespace).
    prefix = re.search(rb"<(\w+:)?multistatus\b", body).group(1) or b""
    marker = b"<%sresponse><%shref>%s</%shref><%sstatus>HTTP/1.1 507 Insufficient Storage</%sstatus></%sresponse>" % (
        prefix, prefix, path.encode(), prefix, prefix, prefix, prefix)
    body = body.replace(b"</%smultistatus>" % prefix, marker + b"</%smultistatus>" % prefix)
    lines = [line for line in head.split(b"\r\n") if not line.lower().startswith(b"content-length:")]
    return b"\r\n".join(lines) + b"\r\nContent-Length: %d\r\n\r\n" % len(body) + body


# A supported-report naming sync-collection (Radicale wraps it in <report>, Xandikos does not), and a
# sync-token property, whatever the prefixes.
SYNC_REPORT = re.compile(rb"<(\w+:)?supported-report>(?:(?!supported-report>).)*?sync-collection(?:(?!supported-report>).)*?</(\w+:)?supported-report>", re.S)
SYNC_TOKEN = re.compile(rb"<(\w+:)?sync-token(?: [^>]*)?(?:/>|>[^<]*</(\w+:)?sync-token>)")


def without_sync_collection(answer):
    """A PROPFIND answer without the sync-collection report and sync-token properties."""
    head, _, body = answer.partition(b"\r\n\r\n")
    body = SYNC_TOKEN.sub(b"", SYNC_REPORT.sub(b"", body))
    lines = [line for line in head.split(b"\r\n") if not line.lower().startswith(b"content-length:")]
    return b"\r\n".join(lines) + b"\r\nContent-Length: %d\r\n\r\n" % len(body) + body


def serve(connection):
    try:
        request = read_request(connection)
        if request is None:
            return
        number = next_request_number()
        request_line = request[0].split(b"\r\n")[0].split()
        log_request("begin %d %s %s" % (number, request_line[0].decode(), request_line[1].decode()))
        if request_line[0] == b"REPORT" and b"sync-collection" in request[1]:
            sent = SENT_TOKEN.search(request[1])
            log_request(("sync-token %d %s" % (number, html.unescape(sent.group(2).decode()) if sent else "")).rstrip())
        fault = next_fault(request_line[0])
        kind = fault[0] if fault else None
        if WITHOUT_SYNC_COLLECTION and request_line[0] == b"REPORT" and b"sync-collection" in request[1]:
            connection.sendall(b"HTTP/1.1 500 Not Offered\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        elif kind == "status":
            reason = {500: "Internal Server Error", 503: "Service Unavailable", 507: "Insufficient Storage"}
            code = int(fault[1])
            retry = b"Retry-After: %s\r\n" % " ".join(fault[2:]).encode() if len(fault) > 2 else b""
            connection.sendall(b"HTTP/1.1 %d %s\r\n%sContent-Length: 0\r\nConnection: close\r\n\r\n"
                               % (code, reason.get(code, "Error").encode(), retry))
        elif kind == "redirect":
            connection.sendall(b"HTTP/1.1 %d Moved\r\nLocation: %s\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                               % (int(fault[1]), fault[2].encode()))
        elif kind == "reset":
            connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        elif kind == "forward-reset":
            forward(*request)
            connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        else:
            if kind == "hold":
                while not os.path.exists(fault[1]):
                    time.sleep(0.02)
            elif kind == "delete":
                delete_upstream(request[0], fault[1])
            elif kind == "kill":
                os.kill(int(fault[1]), signal.SIGKILL)
                time.sleep(0.2)
            if kind == "slow":
                time.sleep(float(fault[1]))
            answer = forward(*request)
            if WITHOUT_SYNC_COLLECTION and request_line[0] == b"PROPFIND":
                answer = without_sync_collection(answer)
            if kind == "strip-etag":
                answer = strip_etag(answer)
            elif kind == "truncate":
                answer = truncated(answer, fault[1])
            elif kind == "cut":
                answer = cut(answer, fault[1], fault[2], fault[3:])
            if kind == "trickle":
                piece = len(answer) // 10 + 1
                for start in range(0, len(answer), piece):
                    connection.sendall(answer[start:start + piece])
                    time.sleep(float(fault[1]) / 10)
            else:
                connection.sendall(answer)
        log_request("end %d" % number)
    except OSError:
        pass
    finally:
        connection.close()


def watch_parent(parent):
    while os.getppid() == parent:
        time.sleep(0.2)
    os._exit(0)


def main():
    # The test process spawns with most signals blocked, and the mask is inherited: unblock them,
    # or SIGTERM from the test would never stop the proxy.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    threading.Thread(target=watch_parent, args=(os.getppid(),), daemon=True).start()
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    print(listener.getsockname()[1], flush=True)
    while True:
        connection, _ = listener.accept()
        threading.Thread(target=serve, args=(connection,), daemon=True).start()


main()
