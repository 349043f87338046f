#!/usr/bin/env python3
"""Loopback load test for `vitrine serve` while payloads change (bad-inputs.md SV20, SV23, SV25).

    scripts/serve_load_test.py BINARY [--seconds 30] [--connections 64]

Copies the demo Site/ to a temporary folder, serves it on a free port, and for the given time:
- a writer rewrites one screen's text ("rev N") and, every few revisions, breaks and fixes
  another payload;
- CONNECTIONS keep-alive clients fetch every page of the site over and over;
- 20 live-reload subscribers read events, and 5 connect and never read.
It fails (exit 1) on any error or refused connection, any 5xx, any 404 for a page that exists
in every build (the broken payload's own pages are not fetched: a clean build of a broken
file has no standalone page either), any HTML that does not end with </html>, and any response for the rewritten
screen whose render and JSON source show different revisions (each response must be entirely
from one build). It also fails when no response ever showed a rewrite or when a reading
subscriber got no event after the one it is sent on connecting (the watcher never rebuilt),
and when a thread stops on an error of its own. It prints requests, failures, p50/p99 latency and RSS before, warm and after,
and fails when the RSS grows by more than 10 % (plus 2 MiB) between the warm sample and the end."""
import argparse, http.client, os, re, shutil, signal, socket, statistics, subprocess, sys, tempfile, threading, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--connections", type=int, default=64)
    args = parser.parse_args()

    work = tempfile.mkdtemp(prefix="vitrine-load-")
    site = os.path.join(work, "input")
    shutil.copytree(os.path.join(ROOT, "Site"), site)
    output = os.path.join(work, "site")
    server = subprocess.Popen([args.binary, "serve", site, "-o", output, "--port", "0", "-q"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    failures, latencies, lock = [], [], threading.Lock()
    stop = threading.Event()
    requests = [0]
    # How many times each response for the rewritten screen names a revision: 0 for the first
    # build, and one count for every later build (its render and its source).
    revision_counts, revisions_seen = set(), set()

    def fail(message):
        with lock:
            if len(failures) < 50:
                failures.append(message)

    # A thread that stops on an exception is a failure, not a line on stderr.
    threading.excepthook = lambda hook: fail(f"{hook.thread.name if hook.thread else 'a thread'}: {hook.exc_value!r}")

    try:
        port = int(server.stdout.readline().strip().rstrip("/").rsplit(":", 1)[1])
        # The pages of the payload that is broken now and then exist in only some builds.
        pages = sorted("/" + os.path.relpath(os.path.join(folder, name), output)
                       for folder, _, names in os.walk(output) for name in names
                       if name.endswith(".html") and "modifier-order" not in name)
        rss_before = rss_kib(server.pid)
        watched = "/screens/payloads/scenes/typography.html"
        source_path = os.path.join(site, "payloads/scenes/typography.json")
        original = open(source_path, encoding="utf-8").read()
        breakable = os.path.join(site, "payloads/scenes/modifier-order.json")
        breakable_text = open(breakable, encoding="utf-8").read()

        def writer():
            revision = 0
            while not stop.is_set():
                revision += 1
                temporary = source_path + ".tmp"
                with open(temporary, "w", encoding="utf-8") as handle:
                    handle.write(original.replace('"text": "Typography"', f'"text": "rev {revision}"'))
                os.replace(temporary, source_path)
                if revision % 5 == 0:
                    with open(breakable, "w", encoding="utf-8") as handle:
                        handle.write(breakable_text if revision % 10 == 0 else "{\"container\": <img src=x onerror=alert(1)>")
                time.sleep(0.15)
            with open(breakable, "w", encoding="utf-8") as handle:
                handle.write(breakable_text)

        def client(number):
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            index = number
            while not stop.is_set():
                path = watched if index % 4 == 0 else pages[index % len(pages)]
                index += 1
                started = time.time()
                try:
                    connection.request("GET", path, headers={"Host": f"127.0.0.1:{port}"})
                    response = connection.getresponse()
                    body = response.read()
                except (OSError, http.client.HTTPException) as error:
                    fail(f"{path}: {error!r}")
                    connection.close()
                    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                    continue
                elapsed = time.time() - started
                with lock:
                    requests[0] += 1
                    latencies.append(elapsed)
                if response.status != 200:
                    fail(f"{path}: HTTP {response.status}")
                    continue
                text = body.decode("utf-8", "replace")
                if not text.rstrip().endswith("</html>"):
                    fail(f"{path}: truncated HTML ({len(body)} bytes)")
                if path == watched:
                    found = re.findall(r"rev (\d+)", text)
                    if len(set(found)) > 1:
                        fail(f"{path}: one response shows revisions {sorted(set(found))}")
                    with lock:
                        revision_counts.add(len(found))
                        revisions_seen.update(found)

        def subscriber(reads):
            page = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            page.request("GET", "/", headers={"Host": "127.0.0.1"})
            token = re.search(r'name="vitrine-live" content="([0-9a-f]+)"', page.getresponse().read().decode()).group(1)
            sock = socket.create_connection(("127.0.0.1", port), timeout=5)
            sock.sendall(f"GET /_vitrine/events?token={token}&since=0 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
            # The first event is the last build's, sent on connecting (since=0).
            events = -1
            while not stop.is_set():
                if not reads:
                    time.sleep(0.2)
                    continue
                try:
                    chunk = sock.recv(65536)
                except socket.timeout:
                    continue
                except OSError as error:
                    fail(f"an event stream failed: {error!r}")
                    return
                if not chunk:
                    fail("an event stream closed")
                    return
                events += chunk.count(b"data: ")
            sock.close()
            if reads and events <= 0:
                fail("a live-reload subscriber got no event after the first")

        threads = [threading.Thread(target=writer)]
        threads += [threading.Thread(target=subscriber, args=(number < 20,)) for number in range(25)]
        threads += [threading.Thread(target=client, args=(number,)) for number in range(args.connections)]
        for thread in threads:
            thread.start()
        # Memory is sampled once the load has warmed the server up, and again at the end: a
        # steady load must not grow it by more than 10 % (bad-inputs.md SV20).
        time.sleep(args.seconds * 0.4)
        rss_warm = rss_kib(server.pid)
        time.sleep(args.seconds * 0.6)
        stop.set()
        for thread in threads:
            thread.join(60)
        if any(thread.is_alive() for thread in threads):
            fail("a thread did not stop within 60 s")
        if not revisions_seen:
            fail(f"no response showed a rewrite of {watched}: the site was not rebuilt as it changed")
        if len(revision_counts - {0}) > 1:
            fail(f"responses named a revision {sorted(revision_counts)} times: some mixed two builds")
        rss_after = rss_kib(server.pid)
        if server.poll() is not None:
            fail(f"the server exited with {server.returncode}")
        if rss_after > rss_warm * 1.10 + 2048:
            failures.append(f"RSS grew from {rss_warm // 1024} MiB under load to {rss_after // 1024} MiB")
        latencies.sort()
        p50 = latencies[len(latencies) // 2] * 1000 if latencies else 0
        p99 = latencies[int(len(latencies) * 0.99)] * 1000 if latencies else 0
        print(f"{requests[0]} requests in {args.seconds:.0f} s over {args.connections} connections "
              f"({requests[0] / args.seconds:.0f}/s), p50 {p50:.1f} ms, p99 {p99:.1f} ms, "
              f"RSS {rss_before // 1024} MiB before, {rss_warm // 1024} MiB warm, {rss_after // 1024} MiB after, {len(failures)} failures")
        for failure in failures:
            print("FAIL", failure)
        return 1 if failures or requests[0] == 0 else 0
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
