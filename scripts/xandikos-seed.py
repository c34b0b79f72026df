#!/usr/bin/python3
"""xandikos-seed.py N FOLDER PORT: a Xandikos data folder holding N todos in four calendars (Inbox, Work, Home,
Errands; about four in five in the Inbox), shaped like tick-bench's generated todos and written as Tick's first
upload writes them (its properties, in its order, each with its place in the list, X-APPLE-SORT-ORDER; no
DTSTART, which Tick writes only for a start or a recurrence), straight into the calendars' git repositories
(one commit each) rather than uploaded: 2,000 todos in seconds, not minutes. The same items as tick-bench's
BENCH_COMPARE_UPLOADS=0 server. For scripts/sync-cpu-per-todo.py."""
import os, random, subprocess, sys, time, urllib.request
n = int(sys.argv[1]); folder = sys.argv[2]; port = int(sys.argv[3])
rng = random.Random(0x5449434B)
words = "buy milk call the dentist about appointment on Friday renew passport write quarterly report fix bike tyre book flights to Lisbon review pull request water plants pay electricity bill plan birthday party for Sam clean garage send invoice client update resume pick up parcel".split()
cjk = ["买牛奶", "面包", "会议", "打电话", "报告", "洗衣服", "東京", "予約", "회의", "준비"]
lists = {"Inbox": [], "Work": [], "Home": [], "Errands": []}
for i in range(n):
    target = 20 + rng.randrange(61); withcjk = rng.randrange(8) == 0
    title = "#%d" % i; width = len(title)
    while True:
        if withcjk and rng.randrange(3) == 0:
            w = rng.choice(cjk); ww = 2 * len(w)
        else:
            w = rng.choice(words); ww = len(w)
        if width + 1 + ww > target: break
        title += " " + w; width += 1 + ww
    lst = rng.choice(["Work", "Home", "Errands"]) if rng.randrange(5) == 0 else "Inbox"
    created = 1764000000 - rng.randrange(90 * 86400)
    ct = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime(created))
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tick//Tick//EN", "BEGIN:VTODO",
             "UID:%08x-%04x-4%03x-a%03x-%012x" % (rng.getrandbits(32), rng.getrandbits(16), rng.getrandbits(12), rng.getrandbits(12), rng.getrandbits(48)),
             "DTSTAMP:20261202T120000Z", "LAST-MODIFIED:" + ct]
    lines.append("SUMMARY:" + title)
    if rng.randrange(5) < 3:
        d = time.strftime("%Y%m%d", time.gmtime(1764000000 + (rng.randrange(61) - 30) * 86400))
        lines.append("DUE;VALUE=DATE:" + d)
    if i % 5 == 4:
        lines += ["STATUS:COMPLETED", "COMPLETED:" + time.strftime("%Y%m%dT%H%M%SZ", time.gmtime(created + 3600))]
    else:
        lines.append("STATUS:NEEDS-ACTION")
    lines.append("CREATED:" + ct)
    if rng.randrange(10) == 0: lines.append("CATEGORIES:" + rng.choice(["work", "home", "errand", "someday"]))
    # Tick's upload gives every todo its place in the list's manual order (its position, 2^16 apart).
    lines.append("X-APPLE-SORT-ORDER:%d" % ((len(lists[lst]) + 1) << 16))
    lines += ["END:VTODO", "END:VCALENDAR", ""]
    uid = lines[4][4:]
    lists[lst].append((uid, "\r\n".join(lines)))
proc = subprocess.Popen(["/usr/bin/python3", "-m", "xandikos.__main__", "-d", folder, "--autocreate", "-l", "127.0.0.1", "-p", str(port)],
                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
for _ in range(120):
    try: urllib.request.urlopen("http://127.0.0.1:%d/" % port); break
    except Exception as e:
        if hasattr(e, "code"): break
        time.sleep(0.5)
for name in lists:
    body = ('<?xml version="1.0" encoding="utf-8"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop>'
            '<D:displayname>%s</D:displayname><C:supported-calendar-component-set><C:comp name="VTODO"/></C:supported-calendar-component-set>'
            '</D:prop></D:set></C:mkcalendar>' % name).encode()
    req = urllib.request.Request("http://127.0.0.1:%d/user/calendars/%s/" % (port, name.lower()), data=body, method="MKCALENDAR",
                                 headers={"Content-Type": "application/xml"})
    urllib.request.urlopen(req)
proc.terminate(); proc.wait()
for name, items in lists.items():
    d = os.path.join(folder, "user/calendars", name.lower())
    for uid, text in items:
        with open(os.path.join(d, uid + ".ics"), "w", newline="") as f: f.write(text)
    if items:
        subprocess.run(["git", "-C", d, "add", "."], check=True)
        subprocess.run(["git", "-C", d, "-c", "user.name=seed", "-c", "user.email=seed@x", "commit", "-qm", "seed"], check=True)
print({k: len(v) for k, v in lists.items()})
