#!/usr/bin/python3
"""sync-cpu-per-todo.py TICK SIZES RUNS FOLDER: Tick's CPU per downloaded todo, raw and marginal (issue 32).

FOLDER holds a Xandikos data folder dN per size N (scripts/xandikos-seed.py N FOLDER/dN PORT). For each run and
size: a fresh Xandikos (Debian's) on a copy of FOLDER/dN, and `TICK sync` into an empty store; prints the CPU of
each (user + system, getrusage of the child: the whole process, start-up included), then the medians, the raw
figure (CPU at the largest size / its todos), the marginal one ((CPU at N - CPU at 0) / N) and the slope over
the sizes above 0. Example: sync-cpu-per-todo.py .build/release/tick 0,500,1000,2000 3 /tmp/xs"""
import os, resource, shutil, statistics, subprocess, sys, time, urllib.request
bin_, sizes, runs, folder = sys.argv[1], [int(x) for x in sys.argv[2].split(",")], int(sys.argv[3]), sys.argv[4]
cpu = {n: [] for n in sizes}
for run in range(runs):
    for n in sizes:
        port = 5600 + n // 100
        work = "%s/m%d" % (folder, n)
        shutil.rmtree(work, ignore_errors=True); os.makedirs(work)
        shutil.copytree("%s/d%d" % (folder, n), work + "/data", symlinks=True)
        server = subprocess.Popen(["/usr/bin/python3", "-m", "xandikos.__main__", "-d", work + "/data", "-l", "127.0.0.1", "-p", str(port)],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(240):
            try: urllib.request.urlopen("http://127.0.0.1:%d/" % port); break
            except Exception as e:
                if hasattr(e, "code"): break
                time.sleep(0.25)
        open(work + "/config", "w").write("sync url http://127.0.0.1:%d/user/calendars/\n" % port)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.time()
        out = subprocess.run([bin_, "sync", "--config", work + "/config"], env=dict(os.environ, TICK_DB=work + "/tick.db"),
                             capture_output=True, text=True)
        wall = time.time() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        server.terminate(); server.wait()
        seconds = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        if out.returncode != 0 or ("%d new" % n) not in out.stdout: sys.exit("sync failed: %r %r" % (out.stdout[-300:], out.stderr[-300:]))
        cpu[n].append(seconds)
        print("run %d, %d todos: CPU %.3f s, wall %.1f s" % (run + 1, n, seconds, wall), flush=True)
med = {n: statistics.median(v) for n, v in cpu.items()}
for n in sizes: print("%5d todos: median CPU %.3f s (%s)" % (n, med[n], ", ".join("%.3f" % x for x in cpu[n])))
top = max(sizes)
print("raw: CPU at %d / %d = %.3f ms a todo" % (top, top, med[top] * 1000 / top))
if 0 in med: print("marginal: (CPU at %d - CPU at 0) / %d = %.3f ms a todo" % (top, top, (med[top] - med[0]) * 1000 / top))
xs = [n for n in sizes if n > 0]
if len(xs) >= 2:
    mx, my = statistics.mean(xs), statistics.mean(med[n] for n in xs)
    slope = sum((n - mx) * (med[n] - my) for n in xs) / sum((n - mx) ** 2 for n in xs)
    print("slope over %s: %.3f ms a todo" % ("/".join(map(str, xs)), slope * 1000))
