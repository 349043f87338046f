#!/usr/bin/env python3
"""Live reload in a real browser (headless Chromium over the DevTools protocol, on a pipe).

    scripts/serve_browser_test.py BINARY

Serves a copy of the demo Site/, opens a screen page with settings in its address (#width=320&dark)
and scrolls it and its panes; then:
1. edits the screen's payload → the page reloads by itself, shows the edit, and keeps its
   scroll position, its panes' (component tree, JSON source), device width and dark mode;
2. breaks the payload with markup in it → no reload (the last good render stays), and the error
   overlay shows file:line:column as text, with no element made from the payload's markup;
   reloaded by hand, the page is still the last good render under the overlay;
3. fixes it → the overlay goes and the page reloads with the fixed text;
4. edits a font the page declares → it reloads; opens the index and edits an image one of its
   miniatures shows → the index reloads;
5. opens eight more pages (a browser opens six connections to a host, and each event stream
   holds one) → all load, and an edit reloads the last one opened;
6. restarts serve on the same port → an edit reloads the open pages again.
Exit 0 when all holds, 1 otherwise; exit 0 with a note when Chromium is missing, unless
VITRINE_REQUIRE_BROWSER=1 (then 1)."""
import json, os, shutil, signal, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Browser:
    """Chromium with --remote-debugging-pipe: messages are JSON separated by NUL bytes on fds 3 and 4."""

    def __init__(self, executable):
        import fcntl
        to_browser_read, self.to_browser = os.pipe()
        self.from_browser, from_browser_write = os.pipe()
        # Move the child's ends out of the way, so that putting them on 3 and 4 overwrites nothing.
        high_read = fcntl.fcntl(to_browser_read, fcntl.F_DUPFD, 20)
        high_write = fcntl.fcntl(from_browser_write, fcntl.F_DUPFD, 20)
        os.close(to_browser_read)
        os.close(from_browser_write)
        to_browser_read, from_browser_write = high_read, high_write

        def descriptors():
            os.dup2(to_browser_read, 3)
            os.dup2(from_browser_write, 4)

        profile = tempfile.mkdtemp(prefix="vitrine-chromium-")
        self.profile = profile
        self.process = subprocess.Popen(
            [executable, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             f"--user-data-dir={profile}", "--no-first-run", "about:blank"],
            pass_fds=(3, 4, to_browser_read, from_browser_write), preexec_fn=descriptors,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_read)
        os.close(from_browser_write)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.call("Page.enable", session=True)
        self.call("Runtime.enable", session=True)

    def send(self, message):
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")

    def receive(self, timeout):
        import select
        deadline = time.time() + timeout
        while b"\0" not in self.buffer:
            left = deadline - time.time()
            if left <= 0 or not select.select([self.from_browser], [], [], left)[0]:
                return None
            chunk = os.read(self.from_browser, 1 << 20)
            if not chunk:
                return None
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, params=None, session=False, timeout=20):
        """`session`: True for the first page, a session id for another, False for the browser."""
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = self.session if session is True else session
        self.send(message)
        deadline = time.time() + timeout
        while time.time() < deadline:
            reply = self.receive(deadline - time.time())
            if reply is None:
                break
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)
        raise RuntimeError(f"{method}: no answer")

    def wait_for_event(self, method, timeout):
        deadline = time.time() + timeout
        while True:
            for index, event in enumerate(self.events):
                if event.get("method") == method:
                    del self.events[index]
                    return event
            left = deadline - time.time()
            if left <= 0:
                return None
            event = self.receive(left)
            if event is None:
                return None
            self.events.append(event)

    def evaluate(self, expression, session=True):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True}, session=session)
        return result.get("result", {}).get("value")

    def open_page(self, url):
        """Another page (a tab) at `url`, without waiting for it to load: its session id."""
        target = self.call("Target.createTarget", {"url": url})["targetId"]
        return self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]

    def wait_until(self, expression, session, timeout):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.evaluate(expression, session) is True:
                return True
            time.sleep(0.1)
        return False

    def close(self):
        self.process.kill()
        self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


def main():
    binary = sys.argv[1]
    # The browser the Swift suites use (Chromium.path) and scripts/setup.sh --test installs.
    chromium = shutil.which("chromium")
    if chromium is None:
        print("serve_browser_test: no chromium on the PATH (scripts/setup.sh --test installs it)" + ("" if os.environ.get("VITRINE_REQUIRE_BROWSER") == "1" else "; skipped"))
        return 1 if os.environ.get("VITRINE_REQUIRE_BROWSER") == "1" else 0
    work = tempfile.mkdtemp(prefix="vitrine-live-browser-")
    site = os.path.join(work, "input")
    shutil.copytree(os.path.join(ROOT, "Site"), site)
    def serve(port):
        return subprocess.Popen([binary, "serve", site, "-o", os.path.join(work, "site"), "--port", str(port), "-q"],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    server = serve(0)
    browser = None
    failures = []

    def check(condition, message):
        print(("ok   " if condition else "FAIL ") + message)
        if not condition:
            failures.append(message)

    try:
        port = int(server.stdout.readline().strip().rstrip("/").rsplit(":", 1)[1])
        browser = Browser(chromium)
        browser.call("Emulation.setDeviceMetricsOverride", {"width": 1000, "height": 500, "deviceScaleFactor": 1, "mobile": False}, session=True)
        payload = os.path.join(site, "payloads/scenes/typography.json")
        original = open(payload, encoding="utf-8").read()
        browser.call("Page.navigate", {"url": f"http://127.0.0.1:{port}/screens/payloads/scenes/typography.html#width=320&dark"}, session=True)
        check(browser.wait_for_event("Page.loadEventFired", 20) is not None, "the screen page loads")
        time.sleep(0.5)  # the event stream connects
        browser.evaluate("window.scrollTo(0, 300)")
        scrolled = browser.evaluate("window.scrollY")
        check(scrolled and scrolled > 0, f"the page scrolls (scrollY {scrolled})")
        panes = "[...document.querySelectorAll('.v-tree, [data-v-source]')].map((pane) => pane.scrollTop)"
        browser.evaluate("document.querySelectorAll('.v-tree, [data-v-source]').forEach((pane) => { pane.scrollTop = 40; })")
        panes_before = browser.evaluate(panes)
        check(len(panes_before) == 2 and all(top > 0 for top in panes_before), f"the tree and the source scroll ({panes_before})")
        setting = "[getComputedStyle(document.querySelector('.v-device')).getPropertyValue('--v-device-width').trim(), document.querySelector('.v-device').classList.contains('v-dark')]"
        before = browser.evaluate(setting)

        with open(payload, "w", encoding="utf-8") as handle:
            handle.write(original.replace('"text": "Typography"', '"text": "Edited in the browser test"'))
        check(browser.wait_for_event("Page.loadEventFired", 15) is not None, "an edit reloads the page by itself")
        time.sleep(0.3)
        check(browser.evaluate("document.body.textContent.includes('Edited in the browser test')") is True, "the reloaded page shows the edit")
        check(browser.evaluate("window.scrollY") == scrolled, f"the scroll position is kept ({browser.evaluate('window.scrollY')})")
        check(browser.evaluate(panes) == panes_before, f"the panes' scroll positions are kept ({browser.evaluate(panes)} for {panes_before})")
        after = browser.evaluate(setting)
        check(after == before and after[0] == "320px" and after[1] is True, f"device width and dark mode are kept ({after})")

        time.sleep(0.5)
        with open(payload, "w", encoding="utf-8") as handle:
            handle.write('{"container": <img src=x onerror="window.injected=1">')
        time.sleep(2)
        check(browser.wait_for_event("Page.loadEventFired", 0.1) is None, "a broken payload does not reload its page")
        check(browser.evaluate("document.body.textContent.includes('Edited in the browser test')") is True, "the last good render stays")
        overlay = browser.evaluate("(document.getElementById('vitrine-live-errors') || {}).textContent || ''")
        check("payloads/scenes/typography.json:1:" in overlay, f"the overlay names file:line:column ({overlay[:120]!r})")
        check("this page shows its last good render" in overlay, f"the overlay says this page is its last good render ({overlay[:120]!r})")
        check(browser.evaluate("document.querySelectorAll('#vitrine-live-errors *:not(strong):not(button):not(ul):not(li)').length") == 0
              and browser.evaluate("window.injected === undefined"), "the overlay holds text only; the payload's markup made nothing")
        # Opened afresh (a reload, a colleague's first visit), the page is the last good render under the overlay too.
        browser.call("Page.reload", {}, session=True)
        check(browser.wait_for_event("Page.loadEventFired", 15) is not None, "the broken payload's page reloads by hand")
        time.sleep(1)
        check(browser.evaluate("document.body.textContent.includes('Edited in the browser test')") is True,
              "reloaded, it is the last good render, not the error page on disk")
        overlay = browser.evaluate("(document.getElementById('vitrine-live-errors') || {}).textContent || ''")
        check("payloads/scenes/typography.json:1:" in overlay, f"reloaded, the overlay names file:line:column ({overlay[:120]!r})")

        with open(payload, "w", encoding="utf-8") as handle:
            handle.write(original.replace('"text": "Typography"', '"text": "Fixed in the browser test"'))
        check(browser.wait_for_event("Page.loadEventFired", 15) is not None, "fixing the payload reloads the page")
        time.sleep(0.5)
        check(browser.evaluate("document.getElementById('vitrine-live-errors') === null"), "the overlay is gone")
        check(browser.evaluate("document.body.textContent.includes('Fixed in the browser test')") is True, "the page shows the fixed text")

        # A font the page's stylesheet declares, and an image a miniature of the index shows: an
        # edit of either reloads the page that shows it (neither did).
        browser.evaluate("window.marker = 1")
        time.sleep(0.5)
        with open(os.path.join(site, "fonts/DejaVuSerif-Bold.ttf"), "ab") as handle:
            handle.write(b"\0")
        check(browser.wait_until("window.marker === undefined && document.readyState === 'complete'", True, 15), "a font the page declares, edited, reloads it")
        browser.wait_for_event("Page.loadEventFired", 1)
        index = browser.open_page(f"http://127.0.0.1:{port}/index.html")
        miniature = "document.querySelector('iframe[src*=\"home-feed.frame\"]')"
        check(browser.wait_until(f"document.readyState === 'complete' && !!{miniature}", index, 15), "the index loads")
        browser.evaluate(f"{miniature}.scrollIntoView()", index)
        check(browser.wait_until(f"!!({miniature}.contentDocument && {miniature}.contentDocument.querySelector('img[src*=\"logo.svg\"]'))", index, 15),
              "the index's miniature of the home feed shows the logo")
        browser.evaluate("window.marker = 1", index)
        time.sleep(0.5)
        with open(os.path.join(site, "assets/logo.svg"), "a", encoding="utf-8") as handle:
            handle.write("\n<!-- edited -->\n")
        check(browser.wait_until("window.marker === undefined && document.readyState === 'complete'", index, 15), "an image a miniature shows, edited, reloads the index")

        # More pages than a browser opens connections to one host: one event stream serves them all.
        pages = [f"screens/payloads/scenes/{name}.html" for name in
                 ["checkout", "order-tracking", "product-detail", "travel-search", "shapes-and-scrolls", "buttons-and-actions", "home-feed", "modifier-order"]]
        sessions = [browser.open_page(f"http://127.0.0.1:{port}/{page}") for page in pages]
        loaded = [browser.wait_until("document.readyState === 'complete' && !!document.querySelector('.v-device')", session, 15) for session in sessions]
        check(all(loaded), f"eight more pages load beside the first ({loaded})")
        last = sessions[-1]
        browser.evaluate("window.marker = 1", last)
        time.sleep(0.5)
        gallery = os.path.join(site, "payloads/scenes/modifier-order.json")
        gallery_text = open(gallery, encoding="utf-8").read()
        with open(gallery, "w", encoding="utf-8") as handle:
            handle.write(gallery_text + "\n")
        check(browser.wait_until("window.marker === undefined && document.readyState === 'complete'", last, 15),
              "an edit reloads the last page opened")

        # Restarted on the same port, with a new token: open pages reload with it and go on reloading.
        server.send_signal(signal.SIGINT)
        server.wait(10)
        server = serve(port)
        check(server.stdout.readline().strip().endswith(f":{port}/"), "serve starts again on the same port")
        check(browser.wait_for_event("Page.loadEventFired", 15) is not None, "the first page reloads once the new run answers")
        time.sleep(1)
        with open(payload, "w", encoding="utf-8") as handle:
            handle.write(original.replace('"text": "Typography"', '"text": "After the restart"'))
        check(browser.wait_until("document.body.textContent.includes('After the restart')", True, 15), "an edit after the restart reloads it")
    except Exception as error:  # a browser or server that does not answer is a failure, not a crash
        failures.append(repr(error))
        print("FAIL", repr(error))
    finally:
        if browser:
            browser.close()
        server.send_signal(signal.SIGINT)
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
