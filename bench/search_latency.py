#!/usr/bin/env python3
"""Measures the index page of a built site in headless Chromium (DevTools protocol over a pipe):
the page's size, how long the search data takes to load, how long each search takes, and how
long searches and page turns hold the page (long tasks, the miniatures' frames loading among them).

    bench/search_latency.py SITE_FOLDER [WORD ...]
"""
import json, os, subprocess, sys, time

site = os.path.abspath(sys.argv[1])
words = sys.argv[2:] or ["delivery", "coupon banner", "stores tab", "zzzz", "feed"]

script = """
(async () => {
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const main = document.querySelector("[data-v-catalogue]");
  const search = document.querySelector("[data-v-search]");
  const t0 = performance.now();
  search.dispatchEvent(new Event("focus"));
  while (!window.vitrineCatalogue) await sleep(5);
  await sleep(50);
  const loadMs = performance.now() - t0;
  // The page's thread held by long tasks (over 50 ms: the redraw, the miniatures' frames
  // loading) in the 1.5 s after each search or page turn.
  let blocked = 0;
  new PerformanceObserver((list) => { for (const entry of list.getEntries()) blocked += entry.duration; }).observe({ type: "longtask" });
  const searches = [];
  for (const word of %s) {
    blocked = 0;
    search.value = word;
    search.dispatchEvent(new Event("input"));
    await sleep(1500);
    searches.push({word, ms: Number(main.dataset.vSearchMs), cardsMs: Number(main.dataset.vCardsMs), blockedMs: blocked,
                   frames: document.querySelectorAll("[data-v-cards] iframe[src]").length,
                   count: document.querySelector("[data-v-count]").textContent});
  }
  search.value = "";
  search.dispatchEvent(new Event("input"));
  await sleep(1500);
  const turns = [];
  for (let turn = 0; turn < 3; turn++) {
    blocked = 0;
    const next = [...document.querySelectorAll("[data-v-pager] button")].find((button) => button.textContent === "Next");
    if (!next) break;
    next.click();
    await sleep(1500);
    turns.push({cardsMs: Number(main.dataset.vCardsMs), blockedMs: blocked});
  }
  return JSON.stringify({loadMs, searches, turns});
})()
""" % json.dumps(words)

r_chrome, w_ours = os.pipe()
r_ours, w_chrome = os.pipe()

def child_fds():
    # Chromium reads commands from fd 3 and writes replies to fd 4.
    read, write = os.dup(r_chrome), os.dup(w_chrome)
    os.dup2(read, 3)
    os.dup2(write, 4)

proc = subprocess.Popen(  # noqa: the fds are set up by child_fds
    ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe", "about:blank"],
    pass_fds=(3, 4), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=child_fds)
os.close(r_chrome); os.close(w_chrome)
out = os.fdopen(w_ours, "wb"); inp = os.fdopen(r_ours, "rb")
buffer = b""
counter = 0

def send(method, params=None, session=None):
    global counter, buffer
    counter += 1
    message = {"id": counter, "method": method, "params": params or {}}
    if session: message["sessionId"] = session
    out.write(json.dumps(message).encode() + b"\0"); out.flush()
    while True:
        while b"\0" not in buffer:
            chunk = os.read(inp.fileno(), 1 << 16)
            if not chunk: raise SystemExit("chromium closed the pipe")
            buffer += chunk
        raw, buffer = buffer.split(b"\0", 1)
        reply = json.loads(raw)
        if reply.get("id") == counter:
            if "error" in reply: raise SystemExit(reply["error"])
            return reply["result"]

target = send("Target.createTarget", {"url": "about:blank"})["targetId"]
session = send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
send("Page.enable", session=session)
send("Page.navigate", {"url": "file://" + site + "/index.html"}, session=session)
time.sleep(3)
result = send("Runtime.evaluate", {"expression": script, "awaitPromise": True, "returnByValue": True}, session=session)
proc.terminate()
if "exceptionDetails" in result: raise SystemExit(json.dumps(result["exceptionDetails"])[:500])
measured = json.loads(result["result"]["value"])
print(f"index.html: {os.path.getsize(os.path.join(site, 'index.html')) / 1024:.0f} KiB; "
      f"catalogue/screens.js: {os.path.getsize(os.path.join(site, 'catalogue/screens.js')) / 1048576:.1f} MiB, loaded and indexed in {measured['loadMs']:.0f} ms")
for search in measured["searches"]:
    print(f"  search {search['word']!r}: {search['count']} in {search['ms']:.1f} ms; first page of cards redrawn in {search['cardsMs']:.1f} ms; "
          f"page held {search['blockedMs']:.0f} ms in the next 1.5 s, {search['frames']} miniatures loaded")
for number, turn in enumerate(measured["turns"], 2):
    print(f"  page turn to {number}: cards redrawn in {turn['cardsMs']:.1f} ms; page held {turn['blockedMs']:.0f} ms in the next 1.5 s")
