#!/usr/bin/env python3
"""Measures `vitrine serve` on a corpus: how long a one-screen edit and a one-document edit take
to reach a browser (edit written → reload event received → page fetched with the new text),
and what a rebuild costs when a file is touched without changing (mtime only).

    bench/serve_latency.py BINARY CORPUS [--edits N]

Prints a Markdown table. The server's own build time is the event's `milliseconds`."""
import argparse, glob, json, os, re, shutil, socket, statistics, subprocess, sys, tempfile, time


def http_get(port, path):
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while True:
            chunk = s.recv(1 << 16)
            if not chunk:
                return data.decode("utf-8", "replace")
            data += chunk


class Events:
    def __init__(self, port, token, build):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        self.sock.sendall(f"GET /_vitrine/events?token={token}&since={build} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        self.buffer = ""

    def next(self):
        while True:
            match = re.search(r"data: (\{.*?\})\n\n", self.buffer, re.S)
            if match:
                self.buffer = self.buffer[match.end():]
                return json.loads(match.group(1))
            self.buffer += self.sock.recv(1 << 16).decode("utf-8", "replace")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("corpus")
    parser.add_argument("--edits", type=int, default=10)
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="vitrine-serve-bench-")
    corpus = os.path.join(work, "input")
    shutil.copytree(args.corpus, corpus)
    output = os.path.join(work, "site")
    started = time.time()
    server = subprocess.Popen([args.binary, "serve", corpus, "-o", output, "--port", "0", "-q"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        line = server.stdout.readline()
        port = int(line.strip().rstrip("/").rsplit(":", 1)[1])
        first_build = time.time() - started
        screens = sorted(glob.glob(os.path.join(corpus, "**", "*.json"), recursive=True))
        screens = [s for s in screens if os.path.basename(s) not in ("vitrine.json", "corpus.json", "manifest.json")]
        index = http_get(port, "/")
        token, build = re.search(r'name="vitrine-live" content="([0-9a-f]+)" data-build="(\d+)"', index).groups()
        events = Events(port, token, build)
        events.next()
        def measure(path, text, page, marker, visible, builds):
            """Writes `text` to `path`; waits for the build that changes `page` and fetches it."""
            written = time.time()
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(text)
            while True:
                event = events.next()
                if page[1:] in event["changed"]:
                    break
            body = http_get(port, page)
            visible.append((time.time() - written) * 1000)
            builds.append(event["milliseconds"])
            assert marker in body, f"{page} does not show the edit"

        visible, builds = [], []
        for number in range(args.edits):
            path = screens[(number * 7919) % len(screens)]
            text = open(path, encoding="utf-8").read()
            marker = f"Bench edit {number}"
            if re.search(r'"text":\s*"', text):
                edited = re.sub(r'"text":\s*"', f'"text": "{marker} ', text, count=1)
                measure(path, edited, "/screens/" + os.path.relpath(path, corpus)[:-5] + ".html", marker, visible, builds)
        docs = sorted(glob.glob(os.path.join(corpus, "docs", "**", "*.md"), recursive=True))
        doc_visible, doc_builds = [], []
        for number in range(min(args.edits, len(docs))):
            path = docs[(number * 7919) % len(docs)]
            marker = f"Bench doc edit {number}"
            text = open(path, encoding="utf-8").read() + f"\n\n{marker}.\n"
            measure(path, text, "/" + os.path.relpath(path, corpus)[:-3] + ".html", marker, doc_visible, doc_builds)
        touched = []
        for number in range(5):
            path = screens[(number * 104729) % len(screens)]
            os.utime(path)
            touched.append(events.next()["milliseconds"])
        rows = [
            ("first build (serve start)", f"{first_build * 1000:.0f} ms", "1"),
            ("one-screen edit → page with the edit fetched", f"median {statistics.median(visible):.0f} ms, max {max(visible):.0f} ms", str(len(visible))),
            ("  of which the rebuild", f"median {statistics.median(builds):.0f} ms, max {max(builds):.0f} ms", str(len(builds))),
        ]
        if doc_visible:
            rows += [
                ("one-document edit → page with the edit fetched", f"median {statistics.median(doc_visible):.0f} ms, max {max(doc_visible):.0f} ms", str(len(doc_visible))),
                ("  of which the rebuild", f"median {statistics.median(doc_builds):.0f} ms, max {max(doc_builds):.0f} ms", str(len(doc_builds))),
            ]
        rows += [
            ("rebuild after touching a file (no change)", f"median {statistics.median(touched):.0f} ms, max {max(touched):.0f} ms", str(len(touched))),
        ]
        print(f"| {os.path.basename(args.corpus.rstrip('/'))} | value | runs |\n|---|---|---|")
        for row in rows:
            print(f"| {row[0]} | {row[1]} | {row[2]} |")
    finally:
        server.terminate()
        server.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
